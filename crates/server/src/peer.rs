//! Who is on the other end of a request: the client's IP address (from the TCP peer, or from a
//! trusted reverse proxy's `X-Forwarded-For`), and the caps on how many WebSockets one address
//! and the whole server hold open.

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};

/// The client's address as the server judges it (see [`client_ip`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClientIp(pub IpAddr);

/// The client's address: the last `X-Forwarded-For` entry when the proxy in front is trusted
/// (the one it appended: the address it saw), else the TCP peer.
pub fn client_ip(parts: &Parts, trust_proxy: bool) -> IpAddr {
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip())
        .unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
    if !trust_proxy {
        return peer;
    }
    // Only the entry the proxy appended counts: anything before it came from the client.
    parts
        .headers
        .get_all("x-forwarded-for")
        .iter()
        .next_back()
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next_back())
        .and_then(|a| a.trim().parse::<IpAddr>().ok())
        .unwrap_or(peer)
}

/// Server state that says whether the reverse proxy in front is trusted (`--trust-proxy`).
pub trait TrustsProxy {
    /// True when `X-Forwarded-For` is to be believed.
    fn trusts_proxy(&self) -> bool;
}

impl<S: TrustsProxy + Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientIp(client_ip(parts, state.trusts_proxy())))
    }
}

/// Open WebSockets, in all and per address.
#[derive(Default)]
pub struct Sockets {
    open: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// One counted socket; dropping it frees its place.
pub struct SocketSlot {
    sockets: Arc<Sockets>,
    ip: IpAddr,
}

/// Why a socket was not let in.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The server holds its maximum.
    Full,
    /// This address holds its maximum.
    TooManyFromAddress,
}

impl Sockets {
    /// Takes a place for a socket from `ip`, within `max` in all and `per_ip` per address
    /// (0: no cap).
    pub fn admit(
        self: &Arc<Self>,
        ip: IpAddr,
        max: usize,
        per_ip: usize,
    ) -> Result<SocketSlot, Refused> {
        let mut g = self.open.lock().unwrap_or_else(|p| p.into_inner());
        if max > 0 && g.0 >= max {
            return Err(Refused::Full);
        }
        let n = g.1.get(&ip).copied().unwrap_or(0);
        if per_ip > 0 && n >= per_ip {
            return Err(Refused::TooManyFromAddress);
        }
        g.0 += 1;
        g.1.insert(ip, n + 1);
        Ok(SocketSlot {
            sockets: self.clone(),
            ip,
        })
    }
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        let mut g = self.sockets.open.lock().unwrap_or_else(|p| p.into_inner());
        g.0 = g.0.saturating_sub(1);
        if let Some(n) = g.1.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                g.1.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_count_in_all_and_per_address_and_free_on_drop() {
        let s = Arc::new(Sockets::default());
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let x = s.admit(a, 3, 2).unwrap();
        let _y = s.admit(a, 3, 2).unwrap();
        assert_eq!(s.admit(a, 3, 2).err(), Some(Refused::TooManyFromAddress));
        let _z = s.admit(b, 3, 2).unwrap();
        assert_eq!(s.admit(b, 3, 2).err(), Some(Refused::Full));
        drop(x);
        assert!(s.admit(a, 3, 2).is_ok());
    }

    #[test]
    fn forwarded_addresses_count_only_behind_a_trusted_proxy() {
        let req = axum::http::Request::builder()
            .header("x-forwarded-for", "203.0.113.9, 198.51.100.7")
            .body(())
            .unwrap();
        let (mut parts, _) = req.into_parts();
        parts
            .extensions
            .insert(ConnectInfo("127.0.0.1:5000".parse::<SocketAddr>().unwrap()));
        assert_eq!(
            client_ip(&parts, false),
            "127.0.0.1".parse::<IpAddr>().unwrap()
        );
        assert_eq!(
            client_ip(&parts, true),
            "198.51.100.7".parse::<IpAddr>().unwrap()
        );
    }
}
