//! How a game ended, as data: the `over` event and `STATE.ending` carry it, and a client words
//! it from its own catalogue (`result` and `termination` stay beside it: the PGN4 `Result`
//! token and the server's English, for logs and older clients).

use crate::status::LeaveReason;
use crate::types::SeatName;
/// Why a game was drawn: the rules crate's reasons, written as snake_case codes.
pub use fourhand_rules::game::DrawReason;
use serde::{Deserialize, Serialize};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ending {
    /// A side won (Teams, Verney, Club and their options).
    Won {
        /// The winning side's seats.
        winners: Vec<SeatName>,
        /// The seat whose loss decided the game.
        loser: SeatName,
        /// How that seat lost.
        reason: LeaveReason,
    },
    /// Drawn.
    Drawn {
        /// Why.
        reason: DrawReason,
    },
    /// A free-for-all finished (three players out, or the win claimed): the `over` event's
    /// `points` and `placings` rank the players.
    Finished,
    /// No result.
    Aborted {
        /// Who or what ended it.
        cause: AbortCause,
        /// The seat that aborted (a player's abort before his first move).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<SeatName>,
    },
}

/// What aborted a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbortCause {
    /// A player, before the game was under way (`by` names him).
    Player,
    /// Not everyone connected in time.
    NotConnected,
    /// A moderator (the `termination` gives the reason).
    Moderator,
}
