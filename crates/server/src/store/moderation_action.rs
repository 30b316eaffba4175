//! What a moderator can do, as the moderation log records it (kept with the log's rows, so the
//! store depends on no moderation code).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One kind of moderator's action. Stored and sent by its name (`mute`, `ban`, …).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModerationAction {
    /// The player's chat is muted (a [`crate::moderation::Sanction::Mute`]).
    Mute,
    /// The player may not play (a [`crate::moderation::Sanction::Ban`]).
    Ban,
    /// The player may not play rated games (a [`crate::moderation::Sanction::RatedBan`]).
    BanRated,
    /// An open table was closed.
    CloseTable,
    /// A live game was aborted.
    AbortGame,
    /// A report was dealt with.
    CloseReport,
    /// A player was removed from a tournament.
    RemoveFromTournament,
}

impl ModerationAction {
    /// Every action, in the order the log's documentation lists them.
    pub const ALL: [ModerationAction; 7] = [
        ModerationAction::Mute,
        ModerationAction::Ban,
        ModerationAction::BanRated,
        ModerationAction::CloseTable,
        ModerationAction::AbortGame,
        ModerationAction::CloseReport,
        ModerationAction::RemoveFromTournament,
    ];

    /// The name the store and the admin API use.
    pub const fn as_str(self) -> &'static str {
        match self {
            ModerationAction::Mute => "mute",
            ModerationAction::Ban => "ban",
            ModerationAction::BanRated => "ban_rated",
            ModerationAction::CloseTable => "close_table",
            ModerationAction::AbortGame => "abort_game",
            ModerationAction::CloseReport => "close_report",
            ModerationAction::RemoveFromTournament => "remove_from_tournament",
        }
    }
}

impl fmt::Display for ModerationAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is no moderator's action.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no moderator's action is called '{0}'")]
pub struct UnknownAction(pub String);

impl FromStr for ModerationAction {
    type Err = UnknownAction;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ModerationAction::ALL
            .into_iter()
            .find(|a| a.as_str() == s)
            .ok_or_else(|| UnknownAction(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_reads_back_from_its_name_and_nothing_else_reads() {
        for a in ModerationAction::ALL {
            assert_eq!(a.as_str().parse::<ModerationAction>(), Ok(a));
            assert_eq!(
                serde_json::to_value(a).unwrap(),
                serde_json::json!(a.as_str())
            );
        }
        assert!("banned".parse::<ModerationAction>().is_err());
    }
}
