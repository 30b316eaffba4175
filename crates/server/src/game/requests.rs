//! What a connection, an HTTP handler or another node asks a game's actor ([`GameRequest`]) and
//! its answers ([`GameReply`]), as plain data: the bus carries them as they are on one node and
//! as JSON between nodes.

use super::core::{Input, Refusal};
use crate::bus::{ConnAddr, NodeId};
use crate::wire::Wire;
use fourhand_protocol::{ErrorCode, GameState, PlayerId, SeatName};
use serde::{Deserialize, Serialize};

/// What a connection (or an HTTP handler, or another node) asks a game.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum GameRequest {
    /// An input; the reply ([`GameReply::Done`]) comes after it is stored and applied.
    Input {
        /// The input.
        input: Input,
    },
    /// Follow the game from connection `conn`, holding `seats` (empty for a spectator; the
    /// caller checked them with [`GameRequest::Authorize`]). A player's catch-up (or snapshot)
    /// is delivered to the connection ahead of later events; a spectator's comes in the reply.
    Join {
        /// The connection.
        conn: ConnAddr,
        /// Seats it holds.
        seats: Vec<SeatName>,
        /// Events after this number instead of a snapshot.
        since: Option<u64>,
    },
    /// Which seat a token opens ([`GameReply::Seat`]).
    Authorize {
        /// The token.
        token: String,
    },
    /// The connection stopped following the game (or closed).
    Leave {
        /// The connection.
        conn: ConnAddr,
    },
    /// Every connection of `node` is gone (the node died or stopped).
    NodeGone {
        /// The node.
        node: NodeId,
    },
    /// The connection's queue was full: deliver nothing more to it until it is ready.
    Lagging {
        /// The connection.
        conn: ConnAddr,
    },
    /// A lagging connection has room again: resync it with a snapshot.
    Ready {
        /// The connection.
        conn: ConnAddr,
    },
    /// The chat lines `player` could see ([`GameReply::ChatLines`]; none: a spectator's view).
    ChatLines {
        /// The player.
        player: Option<PlayerId>,
    },
    /// The current state ([`GameReply::Snapshot`]).
    Snapshot,
}

/// A game's answer to a request.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum GameReply {
    /// The input was applied (after it was stored).
    Done,
    /// The input was refused; nothing changed.
    Refused {
        /// Stable code.
        code: ErrorCode,
        /// For people.
        message: String,
    },
    /// A spectator joined: the messages that catch it up, and the number of the last event
    /// they cover (later ones come on the game's public stream).
    Joined {
        /// Catch-up events, or one snapshot.
        catch_up: Vec<Wire>,
        /// The last event number they cover.
        upto: u64,
    },
    /// A player's connection joined (its catch-up is delivered to it).
    Followed,
    /// The seat a token opens, if any.
    Seat {
        /// The seat.
        seat: Option<SeatName>,
    },
    /// Chat lines.
    ChatLines {
        /// The lines.
        lines: Vec<String>,
    },
    /// The state, and whether the game is over (its result stored).
    Snapshot {
        /// The state.
        state: Box<GameState>,
        /// The game is over.
        over: bool,
    },
}

impl GameReply {
    /// The reply to an input.
    pub fn of(r: Result<(), Refusal>) -> GameReply {
        match r {
            Ok(()) => GameReply::Done,
            Err(r) => GameReply::Refused {
                code: r.code,
                message: r.message,
            },
        }
    }
}
