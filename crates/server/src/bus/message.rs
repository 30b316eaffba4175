//! What travels on the bus, as plain data: requests to a game's actor, its replies, and the
//! player messages it delivers to connections on any node.

use super::address::{ConnAddr, ConnId, NodeId};
use crate::game::core::{Input, Refusal};
use crate::wire::Wire;
use fourhand_protocol::{ErrorCode, GameState, SeatName};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

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
        player: Option<Uuid>,
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
