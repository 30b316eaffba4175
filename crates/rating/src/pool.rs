//! Rating pools: one per mode and time-control category.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The game a pool rates.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// chess.com Teams.
    Teams,
    /// chess.com Free-For-All.
    Ffa,
    /// Verney 1881.
    Verney1881,
    /// Club 1893.
    Club1893,
    /// chess.com's Chaturaji (four for themselves on the 8×8 centre, placings by points).
    Chaturaji,
    /// Conquest (four for themselves, mated armies conquered, placings by who went out when).
    Conquest,
}

/// How fast the games of a pool are.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// Under 3 minutes a player (estimated).
    Bullet,
    /// Under 15 minutes a player.
    Blitz,
    /// 15 minutes a player and more.
    Rapid,
}

/// One pool: a mode in a category.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pool {
    /// The game.
    pub mode: Mode,
    /// The speed.
    pub category: Category,
}

impl Mode {
    /// Every mode.
    pub const ALL: [Mode; 6] = [
        Mode::Teams,
        Mode::Ffa,
        Mode::Verney1881,
        Mode::Club1893,
        Mode::Chaturaji,
        Mode::Conquest,
    ];

    /// Its short name, as the rules are named elsewhere (`teams`, `ffa`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Teams => "teams",
            Mode::Ffa => "ffa",
            Mode::Verney1881 => "verney1881",
            Mode::Club1893 => "club1893",
            Mode::Chaturaji => "chaturaji",
            Mode::Conquest => "conquest",
        }
    }

    /// Parses a short name.
    pub fn parse(s: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.as_str() == s)
    }
}

impl Category {
    /// Every category, fastest first.
    pub const ALL: [Category; 3] = [Category::Bullet, Category::Blitz, Category::Rapid];

    /// The category of a time control: the estimated time a player has for a game of 40 moves,
    /// base + 40 × (increment + delay), under 180 s bullet, under 900 s blitz, else rapid.
    /// The default 1 minute + 15 s delay (660 s) is blitz.
    pub fn of(base_ms: u64, increment_ms: u64, delay_ms: u64) -> Category {
        let estimate = base_ms + 40 * (increment_ms + delay_ms);
        if estimate < 180_000 {
            Category::Bullet
        } else if estimate < 900_000 {
            Category::Blitz
        } else {
            Category::Rapid
        }
    }

    /// Its name.
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Bullet => "bullet",
            Category::Blitz => "blitz",
            Category::Rapid => "rapid",
        }
    }
}

impl Pool {
    /// Every pool.
    pub fn all() -> impl Iterator<Item = Pool> {
        Mode::ALL.into_iter().flat_map(|mode| {
            Category::ALL
                .into_iter()
                .map(move |category| Pool { mode, category })
        })
    }

    /// Parses `teams-blitz` and the like.
    pub fn parse(s: &str) -> Option<Pool> {
        let (m, c) = s.rsplit_once('-')?;
        let mode = Mode::parse(m)?;
        let category = Category::ALL.into_iter().find(|x| x.as_str() == c)?;
        Some(Pool { mode, category })
    }
}

impl fmt::Display for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.mode.as_str(), self.category.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_and_names() {
        assert_eq!(Category::of(60_000, 0, 15_000), Category::Blitz);
        assert_eq!(Category::of(60_000, 1_000, 0), Category::Bullet);
        assert_eq!(Category::of(900_000, 0, 0), Category::Rapid);
        for p in Pool::all() {
            assert_eq!(Pool::parse(&p.to_string()), Some(p));
        }
        assert_eq!(Pool::all().count(), 18);
        assert_eq!(
            Pool::parse("verney1881-rapid").unwrap().mode,
            Mode::Verney1881
        );
        assert_eq!(Pool::parse("chess-blitz"), None);
    }
}
