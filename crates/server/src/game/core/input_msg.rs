//! An [`Input`] as it is written on the bus (seats and squares by name), so that inputs
//! travel between nodes as plain data.

use super::{Input, Queued, Refusal};
use crate::game::convert::{seat_name, seat_of};
use fourhand_protocol::{ChatTarget, ErrorCode, SeatName};
use fourhand_rules::{Kind, Seat, Square};
use serde::{Deserialize, Serialize};

/// An [`Input`] as it is written on the bus (seats and squares by name).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub enum InputMsg {
    /// A move.
    Play {
        /// The seat moving.
        seat: SeatName,
        /// The square moved from, by name (`h2`).
        from: String,
        /// The square moved to, by name.
        to: String,
        /// Promotion piece letter.
        promotion: Option<char>,
    },
    /// A resignation.
    Resign {
        /// The seat resigning.
        seat: SeatName,
    },
    /// A claim of the win.
    Claim {
        /// The seat claiming.
        seat: SeatName,
    },
    /// A flag fell.
    Timeout {
        /// The seat whose flag fell.
        seat: SeatName,
    },
    /// A forfeit by disconnection.
    Forfeit {
        /// The seat that did not come back.
        seat: SeatName,
    },
    /// The game is cancelled.
    Cancel,
    /// A moderator's abort.
    Abort {
        /// The moderator's reason, kept with the game.
        reason: String,
    },
    /// A chat line.
    Chat {
        /// The seat speaking.
        seat: SeatName,
        /// Partner or table.
        to: ChatTarget,
        /// The line as the player typed it.
        text: String,
    },
    /// A partner arrow.
    Arrow {
        /// Drawn by.
        seat: SeatName,
        /// The arrow's tail square, by name.
        from: String,
        /// The arrow's head square, by name.
        to: String,
    },
    /// Clears a seat's arrows.
    ClearArrows {
        /// The seat whose arrows go.
        seat: SeatName,
    },
    /// A queued move (none: the queued move cancelled).
    Premove {
        /// The seat queueing.
        seat: SeatName,
        /// From and to, when one is queued.
        squares: Option<(String, String)>,
        /// Promotion piece letter.
        promotion: Option<char>,
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
            Input::Premove { seat, queued } => InputMsg::Premove {
                seat: s(&seat),
                squares: queued.map(|q| (q.from.to_string(), q.to.to_string())),
                promotion: queued.and_then(|q| q.promotion.map(Kind::letter)),
            },
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
        let piece = |p: &Option<char>| match p {
            None => Ok(None),
            Some(c) => Kind::from_letter(*c).map(Some).ok_or_else(|| Refusal {
                code: ErrorCode::BadRequest,
                message: format!("no piece {c}"),
            }),
        };
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
                promotion: piece(promotion)?,
            },
            InputMsg::Premove {
                seat,
                squares,
                promotion,
            } => Input::Premove {
                seat: s(seat),
                queued: match squares {
                    None => None,
                    Some((from, to)) => Some(Queued {
                        from: square(from)?,
                        to: square(to)?,
                        promotion: piece(promotion)?,
                    }),
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
