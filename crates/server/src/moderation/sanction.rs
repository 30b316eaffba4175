//! What a mute and a ban do: a muted player's chat lines are refused, a banned player may not
//! sit at a table or queue for a game. Each holds for the time the moderator gave, or for
//! good; the refusal says which, until when, and the moderator's reason.

use super::ModerationAction;
use crate::error::ServerError;
use crate::state::App;
use crate::time::epoch_ms;
use fourhand_protocol::{ErrorCode, PlayerId};
use uuid::Uuid;

/// A sanction a moderator puts on a player.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Sanction {
    /// No chat: every line he sends is refused (`muted`).
    Mute,
    /// No play: sitting down and quick pairing are refused (`banned`).
    Ban,
    /// No rated play: rated quick pairing, rated tables, rated arenas and Swisses are refused
    /// (`rated_banned`); unrated games go on.
    RatedBan,
}

impl Sanction {
    /// The moderation log's action that puts it on.
    pub const fn action(self) -> ModerationAction {
        match self {
            Sanction::Mute => ModerationAction::Mute,
            Sanction::Ban => ModerationAction::Ban,
            Sanction::RatedBan => ModerationAction::BanRated,
        }
    }

    /// The error a refused player gets, and what it refuses in words.
    const fn refusal(self) -> (ErrorCode, &'static str) {
        match self {
            Sanction::Mute => (ErrorCode::Muted, "your chat is muted"),
            Sanction::Ban => (ErrorCode::Banned, "you are banned from playing"),
            Sanction::RatedBan => (ErrorCode::RatedBanned, "you are banned from rated games"),
        }
    }

    /// Refuses `player` when this sanction holds for him now, saying why and until when.
    pub async fn check(self, app: &App, player: Uuid) -> Result<(), ServerError> {
        let Some(s) = app
            .store
            .sanction(PlayerId(player), self.action(), epoch_ms())
            .await?
        else {
            return Ok(());
        };
        let (code, what) = self.refusal();
        let until = match s.until_ms {
            Some(ms) => format!(
                "for {} more minutes",
                crate::time::whole_minutes_up(ms - epoch_ms())
            ),
            None => "for good".to_string(),
        };
        Err(ServerError::new(
            code,
            format!("{what} {until} by a moderator: {}", s.reason),
        ))
    }
}
