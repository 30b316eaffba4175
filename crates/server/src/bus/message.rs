//! What the bus itself carries besides a domain's mail: the messages an actor delivers to
//! connections on any node, and its public events, as bytes between nodes.

use super::address::ConnId;
use crate::wire::Wire;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// Messages of one game for some connections of one node, in the order the game sent them.
#[derive(Clone, Debug)]
pub struct Delivery {
    /// The game (nil: a lobby message, outside any game's stream).
    pub game: Uuid,
    /// The connections (ids on the receiving node).
    pub conns: Vec<ConnId>,
    /// The message.
    pub wire: Wire,
    /// A resync (a snapshot after lagging): delivered even to a connection marked lagging, and
    /// ends its lag.
    pub resync: bool,
}

#[derive(Serialize, Deserialize)]
struct DeliveryHead {
    g: Uuid,
    c: Vec<ConnId>,
    r: bool,
}

impl Delivery {
    /// The delivery as bytes for another node: a JSON head line, then the message as it is.
    pub fn encode(&self) -> Vec<u8> {
        let head = DeliveryHead {
            g: self.game,
            c: self.conns.clone(),
            r: self.resync,
        };
        let mut out = serde_json::to_vec(&head).unwrap_or_default();
        out.push(b'\n');
        out.extend_from_slice(self.wire.as_bytes());
        out
    }

    /// Reads [`Delivery::encode`]'s bytes.
    pub fn decode(bytes: &[u8]) -> Option<Delivery> {
        let nl = bytes.iter().position(|b| *b == b'\n')?;
        let head: DeliveryHead = serde_json::from_slice(&bytes[..nl]).ok()?;
        let wire = std::str::from_utf8(&bytes[nl + 1..]).ok()?;
        Some(Delivery {
            game: head.g,
            conns: head.c,
            wire: Wire::from(wire),
            resync: head.r,
        })
    }
}

/// A public event as bytes: its number, a newline, the message.
pub fn encode_public(seq: u64, wire: &Wire) -> Vec<u8> {
    let mut out = seq.to_string().into_bytes();
    out.push(b'\n');
    out.extend_from_slice(wire.as_bytes());
    out
}

/// Reads [`encode_public`]'s bytes.
pub fn decode_public(bytes: &[u8]) -> Option<(u64, Wire)> {
    let nl = bytes.iter().position(|b| *b == b'\n')?;
    let seq = std::str::from_utf8(&bytes[..nl]).ok()?.parse().ok()?;
    let wire = std::str::from_utf8(&bytes[nl + 1..]).ok()?;
    Some((seq, Wire::from(wire)))
}
