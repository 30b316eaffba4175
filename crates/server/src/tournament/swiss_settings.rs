//! A Swiss's settings (spec §2), as a moderator makes them and the store keeps them (JSON in
//! the tournament's row).

use crate::error::ServerError;
use crate::lobby::TableSettings;
use fourhand_protocol::{ErrorCode, TimeControl};
use fourhand_rules::Seat;
use serde::{Deserialize, Serialize};

/// The most rounds a Swiss may be given.
pub const MAX_ROUNDS: u32 = 20;

/// The break between rounds a Swiss may be given, in seconds.
pub const BREAK_SECS: std::ops::RangeInclusive<u32> = 10..=600;

/// The most teams a Swiss takes.
pub const MAX_TEAMS: usize = 200;

fn default_break() -> u32 {
    60
}

/// How a Swiss for Teams pairs is played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SwissSettings {
    /// Its name, as listed.
    pub name: String,
    /// A rule set of two sides of two (Teams with its options), as a table takes it.
    pub rules: String,
    /// Each game's time control.
    pub time: TimeControl,
    /// Its games count for ratings (accounts only: a pair is always two accounts).
    pub rated: bool,
    /// Rounds; none: ⌈log₂(teams)⌉ + 1, fixed when it starts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    /// The break between the end of a round's last game and the next round, in seconds.
    #[serde(default = "default_break")]
    pub break_secs: u32,
}

impl SwissSettings {
    /// Checks the settings and gives them canonical rules; a clear error for each fault.
    pub fn checked(mut self) -> Result<SwissSettings, ServerError> {
        let bad = |m: String| ServerError::new(ErrorCode::BadRequest, m);
        let name = self.name.trim().to_string();
        if name.is_empty() || name.chars().count() > 60 {
            return Err(bad("a name of 1 to 60 characters".into()));
        }
        if let Some(r) = self.rounds.filter(|r| !(1..=MAX_ROUNDS).contains(r)) {
            return Err(bad(format!(
                "a Swiss has 1 to {MAX_ROUNDS} rounds, not {r}"
            )));
        }
        if !BREAK_SECS.contains(&self.break_secs) {
            return Err(bad(format!(
                "a break of {} to {} seconds between rounds",
                BREAK_SECS.start(),
                BREAK_SECS.end()
            )));
        }
        let table = self.table()?;
        let two_sides = table.rules.sides()
            && Seat::ALL.iter().all(|&s| table.rules.in_play(s))
            && table.rules.partner(Seat::from_index(0)).is_some();
        if !two_sides {
            return Err(bad(format!(
                "a Swiss for pairs is played by two sides of two, not {}",
                table.rules.name()
            )));
        }
        self.name = name;
        self.rules = table.rules.name();
        self.time = table.time;
        Ok(self)
    }

    /// The table each of its games is played at.
    pub fn table(&self) -> Result<TableSettings, ServerError> {
        TableSettings::parse(&self.rules, None, Some(self.time), self.rated, false)
    }

    /// The rounds for `teams` teams: as set, or ⌈log₂(teams)⌉ + 1; never more than a
    /// round-robin has (each team meets every other once, and an odd one out sits out once).
    pub fn rounds_for(&self, teams: usize) -> u32 {
        let most = if teams.is_multiple_of(2) {
            teams.saturating_sub(1)
        } else {
            teams
        } as u32;
        let default = usize::BITS - teams.saturating_sub(1).leading_zeros() + 1;
        self.rounds.unwrap_or(default).min(most).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn teams() -> SwissSettings {
        SwissSettings {
            name: "Pairs".into(),
            rules: "teams".into(),
            time: TimeControl::DEFAULT,
            rated: false,
            rounds: None,
            break_secs: 60,
        }
    }

    #[test]
    fn the_default_rounds_are_log2_of_the_teams_plus_one_within_a_round_robin() {
        let s = teams();
        // 7 teams: ⌈log₂ 7⌉ + 1 = 4; 8: 4; 9: 5; 2: 1 (they meet once); 3: 3.
        assert_eq!(
            [7, 8, 9, 2, 3, 16].map(|n| s.rounds_for(n)),
            [4, 4, 5, 1, 3, 5]
        );
        let set = SwissSettings {
            rounds: Some(6),
            ..teams()
        };
        assert_eq!(set.rounds_for(5), 5, "no more than a round-robin");
    }

    #[test]
    fn only_two_sides_of_two_make_a_swiss_for_pairs() {
        assert!(teams().checked().is_ok());
        for rules in ["ffa", "chaturaji"] {
            let e = SwissSettings {
                rules: rules.into(),
                ..teams()
            }
            .checked()
            .unwrap_err();
            assert!(
                e.message.contains("two sides of two"),
                "{rules}: {}",
                e.message
            );
        }
        let e = SwissSettings {
            rounds: Some(0),
            ..teams()
        }
        .checked()
        .unwrap_err();
        assert!(e.message.contains("rounds"));
    }
}
