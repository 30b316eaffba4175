//! What travels on the bus, as plain data: requests to a game's actor, its replies, and the
//! player messages it delivers to connections on any node.

use super::ConnAddr;
use crate::game::convert::{seat_name, seat_of};
use crate::game::core::{Input, Refusal};
use crate::wire::Wire;
use fourhand_protocol::{ChatTarget, ErrorCode, GameState, SeatName};
use fourhand_rules::{Kind, Seat, Square};
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
        node: super::NodeId,
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
    pub conns: Vec<crate::game::command::ConnId>,
    /// The message.
    pub wire: Wire,
    /// A resync (a snapshot after lagging): delivered even to a connection marked lagging, and
    /// ends its lag.
    pub resync: bool,
}

/// An [`Input`] as it is written on the bus (seats and squares by name).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub enum InputMsg {
    /// A move.
    Play {
        /// Who.
        seat: SeatName,
        /// From.
        from: String,
        /// To.
        to: String,
        /// Promotion piece letter.
        promotion: Option<char>,
    },
    /// Resignation.
    Resign {
        /// Who.
        seat: SeatName,
    },
    /// A claim of the win.
    Claim {
        /// Who.
        seat: SeatName,
    },
    /// A flag fell.
    Timeout {
        /// Whose.
        seat: SeatName,
    },
    /// A forfeit by disconnection.
    Forfeit {
        /// Who.
        seat: SeatName,
    },
    /// The game is cancelled.
    Cancel,
    /// A moderator's abort.
    Abort {
        /// Why.
        reason: String,
    },
    /// A chat line.
    Chat {
        /// Speaker.
        seat: SeatName,
        /// Partner or table.
        to: ChatTarget,
        /// Text.
        text: String,
    },
    /// A partner arrow.
    Arrow {
        /// Drawn by.
        seat: SeatName,
        /// From.
        from: String,
        /// To.
        to: String,
    },
    /// Clears a seat's arrows.
    ClearArrows {
        /// Whose.
        seat: SeatName,
    },
    /// A connection for the seat opened.
    Connected {
        /// The seat.
        seat: SeatName,
    },
    /// A connection for the seat closed.
    Disconnected {
        /// The seat.
        seat: SeatName,
    },
}

impl From<Input> for InputMsg {
    fn from(i: Input) -> InputMsg {
        let s = |s: &Seat| seat_name(*s);
        match i {
            Input::Play {
                seat,
                from,
                to,
                promotion,
            } => InputMsg::Play {
                seat: s(&seat),
                from: from.to_string(),
                to: to.to_string(),
                promotion: promotion.map(Kind::letter),
            },
            Input::Resign(seat) => InputMsg::Resign { seat: s(&seat) },
            Input::Claim(seat) => InputMsg::Claim { seat: s(&seat) },
            Input::Timeout(seat) => InputMsg::Timeout { seat: s(&seat) },
            Input::Forfeit(seat) => InputMsg::Forfeit { seat: s(&seat) },
            Input::Cancel => InputMsg::Cancel,
            Input::Abort(reason) => InputMsg::Abort { reason },
            Input::Chat { seat, to, text } => InputMsg::Chat {
                seat: s(&seat),
                to,
                text,
            },
            Input::Arrow { seat, from, to } => InputMsg::Arrow {
                seat: s(&seat),
                from: from.to_string(),
                to: to.to_string(),
            },
            Input::ClearArrows(seat) => InputMsg::ClearArrows { seat: s(&seat) },
            Input::Connected(seat) => InputMsg::Connected { seat: s(&seat) },
            Input::Disconnected(seat) => InputMsg::Disconnected { seat: s(&seat) },
        }
    }
}

impl TryFrom<InputMsg> for Input {
    type Error = String;

    fn try_from(m: InputMsg) -> Result<Input, String> {
        m.input().map_err(|r| r.message)
    }
}

impl InputMsg {
    /// The input, or why the message names no valid one.
    fn input(&self) -> Result<Input, Refusal> {
        let square = |t: &str| {
            t.parse::<Square>().map_err(|e| Refusal {
                code: ErrorCode::BadRequest,
                message: e.to_string(),
            })
        };
        let s = |s: &SeatName| seat_of(*s);
        Ok(match self {
            InputMsg::Play {
                seat,
                from,
                to,
                promotion,
            } => Input::Play {
                seat: s(seat),
                from: square(from)?,
                to: square(to)?,
                promotion: match promotion {
                    None => None,
                    Some(c) => Some(Kind::from_letter(*c).ok_or_else(|| Refusal {
                        code: ErrorCode::BadRequest,
                        message: format!("no piece {c}"),
                    })?),
                },
            },
            InputMsg::Resign { seat } => Input::Resign(s(seat)),
            InputMsg::Claim { seat } => Input::Claim(s(seat)),
            InputMsg::Timeout { seat } => Input::Timeout(s(seat)),
            InputMsg::Forfeit { seat } => Input::Forfeit(s(seat)),
            InputMsg::Cancel => Input::Cancel,
            InputMsg::Abort { reason } => Input::Abort(reason.clone()),
            InputMsg::Chat { seat, to, text } => Input::Chat {
                seat: s(seat),
                to: *to,
                text: text.clone(),
            },
            InputMsg::Arrow { seat, from, to } => Input::Arrow {
                seat: s(seat),
                from: square(from)?,
                to: square(to)?,
            },
            InputMsg::ClearArrows { seat } => Input::ClearArrows(s(seat)),
            InputMsg::Connected { seat } => Input::Connected(s(seat)),
            InputMsg::Disconnected { seat } => Input::Disconnected(s(seat)),
        })
    }
}

#[derive(Serialize, Deserialize)]
struct DeliveryHead {
    g: Uuid,
    c: Vec<crate::game::command::ConnId>,
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
