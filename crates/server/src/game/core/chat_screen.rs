//! FFA's chat rule in a game: table chat in a game without sides is screened
//! (`crate::chat::breach`); a line that breaks it is not delivered and its sender is told why,
//! and a seat whose lines were refused [`STRIKES`] times may not chat for the rest of the game —
//! its refused lines then go to the moderators.

use super::{GameCore, Refusal};
use crate::chat::Breach;
use fourhand_protocol::{ChatTarget, ErrorCode};
use fourhand_rules::Seat;

/// Refused lines after which a seat's chat is off for the game.
pub const STRIKES: usize = 3;

/// Each seat's refused lines, and whether its chat is off.
#[derive(Default)]
pub struct ChatStrikes {
    refused: [Vec<String>; 4],
    off: [bool; 4],
}

/// A chat line not delivered; with the seat's refused lines when this one turned its chat off.
pub struct Screened {
    /// What the sender is told.
    pub refusal: Refusal,
    /// The lines refused, each with the rule it broke, when this was the last strike (for the
    /// moderators).
    pub chat_off: Option<Vec<String>>,
}

fn code_of(b: Breach) -> ErrorCode {
    match b {
        Breach::Teaming => ErrorCode::ChatTeaming,
        Breach::Hint => ErrorCode::ChatHint,
        Breach::Points => ErrorCode::ChatPoints,
    }
}

impl GameCore {
    /// Screens `seat`'s chat line `text` to `to`: `Ok` to deliver it, else why not.
    pub fn screen_chat(&mut self, seat: Seat, to: ChatTarget, text: &str) -> Result<(), Screened> {
        let i = seat.index();
        if self.strikes.off[i] {
            return Err(Screened {
                refusal: Refusal {
                    code: ErrorCode::ChatBanned,
                    message: "your chat is off for the rest of this game".into(),
                },
                chat_off: None,
            });
        }
        if to != ChatTarget::Table || self.game.rules().sides() {
            return Ok(());
        }
        let Some(found) = crate::chat::breach(text) else {
            return Ok(());
        };
        let b = found.breach;
        let strikes = &mut self.strikes;
        let line: String = text.chars().take(500).collect();
        strikes.refused[i].push(format!("{line}  [{}: {}]", found.lang, found.rule));
        let left = STRIKES.saturating_sub(strikes.refused[i].len());
        let chat_off = (left == 0).then(|| {
            strikes.off[i] = true;
            strikes.refused[i].clone()
        });
        Err(Screened {
            refusal: Refusal {
                code: code_of(b),
                message: format!(
                    "FFA chat may not help or spare a player, hint at the board or ask for points \
                     ({}); {left} more and your chat is off for this game",
                    b.as_str()
                ),
            },
            chat_off,
        })
    }
}
