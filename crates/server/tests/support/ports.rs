//! Free loopback ports for the servers a test starts. Shared with the `fourhand` crate's tests
//! (`crates/fourhand/tests/common` and `web_embedded.rs`, by `#[path]`).

use std::net::TcpListener;

/// A loopback port that was free a moment ago and that no other call in this test process has
/// returned. The port is released before the server (or `nats-server`) binds it, and the
/// kernel hands the same port out again about once in 7,000 binds (it picks from ~7,000 odd
/// ports when `SO_REUSEADDR` is set): two servers given one port meant the second could not
/// bind while its test, seeing the port answer, talked to the first one.
pub fn free_port() -> u16 {
    static GIVEN: std::sync::Mutex<std::collections::BTreeSet<u16>> =
        std::sync::Mutex::new(std::collections::BTreeSet::new());
    loop {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        if GIVEN.lock().unwrap_or_else(|p| p.into_inner()).insert(port) {
            return port;
        }
    }
}
