//! Bot levels: what each one is, and how long an engine level may think.

use crate::search::{Limits, Options};
use std::time::Duration;

/// How strong a bot plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Any legal move.
    Random,
    /// Takes the most valuable piece it can take safely, else moves at random.
    Greedy,
    /// Alpha-beta search; 1 (fast) to 3 (strongest).
    Engine(u8),
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Greedy,
        Level::Engine(1),
        Level::Engine(2),
        Level::Engine(3),
    ];

    /// Parses `random`, `greedy`, `engine1` … `engine3` (or `1` … `3`).
    pub fn parse(s: &str) -> Option<Level> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Some(Level::Random),
            "greedy" => Some(Level::Greedy),
            "engine1" | "1" => Some(Level::Engine(1)),
            "engine2" | "2" => Some(Level::Engine(2)),
            "engine3" | "3" => Some(Level::Engine(3)),
            _ => None,
        }
    }

    /// Its name.
    pub fn name(self) -> String {
        match self {
            Level::Random => "random".into(),
            Level::Greedy => "greedy".into(),
            Level::Engine(n) => format!("engine{n}"),
        }
    }

    /// The size of the transposition table a bot of this level keeps for a game, as
    /// `2^bits` entries: engine1 and engine2 search too little to fill the default table, so
    /// a server with many bot seats gives them smaller ones.
    pub fn table_bits(self) -> u32 {
        match self {
            Level::Engine(1) => 14,
            Level::Engine(2) => 16,
            _ => crate::search::DEFAULT_TABLE_BITS,
        }
    }

    /// The search limits of an engine level, within a time budget.
    pub fn limits(self, budget: Duration) -> Limits {
        let (depth, cap) = match self {
            Level::Engine(1) => (2, Duration::from_millis(100)),
            Level::Engine(2) => (3, Duration::from_millis(400)),
            _ => (64, Duration::from_millis(1500)),
        };
        Limits {
            depth,
            nodes: u64::MAX,
            time: Some(budget.min(cap)),
        }
    }
}

/// Parses a bot specification: a level, optionally followed by `/` and comma-separated search
/// options (see [`Options::set`]), e.g. `engine3/no-null-move,paranoid`.
pub fn parse_spec(spec: &str) -> Result<(Level, Options), String> {
    let (level, opts) = spec.split_once('/').unwrap_or((spec, ""));
    let level = Level::parse(level).ok_or_else(|| {
        format!("unknown level '{level}' (random, greedy, engine1, engine2, engine3)")
    })?;
    let mut o = Options::default();
    for name in opts.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        o.set(name)?;
    }
    Ok((level, o))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stronger_engine_level_keeps_no_smaller_a_table_nor_a_shorter_think() {
        let engines = &Level::ALL[2..];
        let budget = Duration::from_secs(10);
        for pair in engines.windows(2) {
            let (weaker, stronger) = (pair[0], pair[1]);
            assert!(weaker.table_bits() <= stronger.table_bits(), "{weaker:?}");
            let (w, s) = (weaker.limits(budget), stronger.limits(budget));
            assert!(w.depth <= s.depth && w.time <= s.time, "{weaker:?}");
        }
        assert_eq!(
            Level::Engine(3).table_bits(),
            crate::search::DEFAULT_TABLE_BITS
        );
    }
}
