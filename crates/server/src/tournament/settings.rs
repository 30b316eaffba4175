//! An arena's settings (spec §1), as a moderator or a schedule makes them and the store keeps
//! them (JSON in the tournament's row).

use crate::error::ServerError;
use crate::lobby::TableSettings;
use fourhand_protocol::{ErrorCode, TimeControl};
use serde::{Deserialize, Serialize};

/// The shortest and longest arena, in minutes.
pub const MINUTES: std::ops::RangeInclusive<u32> = 10..=720;

/// The most players an arena takes.
pub const MAX_PLAYERS: usize = 2_000;

/// How an arena is played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaSettings {
    /// Its name, as listed.
    pub name: String,
    /// The rule set with its options, as a table takes it.
    pub rules: String,
    /// Each game's time control.
    pub time: TimeControl,
    /// How long it runs.
    pub minutes: u32,
    /// Its games count for ratings.
    pub rated: bool,
    /// A player may berserk: halve his own clock before his first move, for 1 point more
    /// with a top result and at least 7 moves of his own.
    #[serde(default)]
    pub berserk: bool,
    /// Only players with an account may enter (always so when rated or any rating condition
    /// is set).
    #[serde(default)]
    pub accounts_only: bool,
    /// Entry condition: at least this rating in the arena's pool.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_rating: Option<u32>,
    /// Entry condition: at most this rating in the arena's pool.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_rating: Option<u32>,
    /// Entry condition: at least this many rated games in the arena's pool.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_games: Option<u32>,
}

impl ArenaSettings {
    /// Checks the settings and gives them canonical rules; a clear error for each fault.
    pub fn checked(mut self) -> Result<ArenaSettings, ServerError> {
        let bad = |m: String| ServerError::new(ErrorCode::BadRequest, m);
        let name = self.name.trim().to_string();
        if name.is_empty() || name.chars().count() > 60 {
            return Err(bad("a name of 1 to 60 characters".into()));
        }
        if !MINUTES.contains(&self.minutes) {
            return Err(bad(format!(
                "an arena runs {} to {} minutes",
                MINUTES.start(),
                MINUTES.end()
            )));
        }
        if let (Some(lo), Some(hi)) = (self.min_rating, self.max_rating) {
            if lo > hi {
                return Err(bad(format!(
                    "a rating floor ({lo}) above the ceiling ({hi})"
                )));
            }
        }
        let table = self.table()?;
        self.name = name;
        self.rules = table.rules.name();
        self.time = table.time;
        self.accounts_only |= self.rated || self.conditions();
        Ok(self)
    }

    /// Whether entry depends on the player's record in the pool.
    pub fn conditions(&self) -> bool {
        self.min_rating.is_some() || self.max_rating.is_some() || self.min_games.is_some()
    }

    /// The table each of its games is played at.
    pub fn table(&self) -> Result<TableSettings, ServerError> {
        TableSettings::parse(&self.rules, None, Some(self.time), self.rated, false)
    }

    /// The last moment a new game is paired: when less is left than a short game needs —
    /// the base time of one player plus ten moves' delay or increment.
    pub fn pairing_stops_ms(&self, ends_ms: i64) -> i64 {
        let short = self.time.base_ms + 10 * (self.time.delay_ms + self.time.increment_ms);
        ends_ms - i64::try_from(short).unwrap_or(i64::MAX / 4)
    }
}
