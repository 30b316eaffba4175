//! A player's connection as the game's actor keeps it: the seats it plays, and whether its
//! queue lags (spectators follow the public stream instead).

use crate::game::core::Audience;
use fourhand_rules::Seat;

/// A connection the actor delivers to.
pub(super) struct Subscriber {
    /// The seats this connection plays.
    pub(super) seats: Vec<Seat>,
    /// Its queue was full: it gets nothing until its node says there is room again, then a
    /// snapshot. Its seats stay connected meanwhile (the socket is still there).
    pub(super) lagging: bool,
}

impl Subscriber {
    /// Whether an event for `audience` goes to this connection.
    pub(super) fn hears(&self, audience: Audience) -> bool {
        match audience {
            Audience::All => true,
            Audience::Partners(pair) => self.seats.iter().any(|s| pair.contains(s)),
        }
    }
}
