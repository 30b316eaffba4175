//! Small value types shared by both directions.

use serde::{Deserialize, Serialize};

/// A seat, written as its compass letter.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum SeatName {
    /// South (Red in chess.com, Yellow in Verney, White in Club).
    #[serde(rename = "S", alias = "s", alias = "south", alias = "South")]
    S,
    /// West (Blue in chess.com, Red in Verney, Black in Club).
    #[serde(rename = "W", alias = "w", alias = "west", alias = "West")]
    W,
    /// North (Yellow in chess.com, White in Verney, Yellow in Club).
    #[serde(rename = "N", alias = "n", alias = "north", alias = "North")]
    N,
    /// East (Green in chess.com, Black in Verney, Red in Club).
    #[serde(rename = "E", alias = "e", alias = "east", alias = "East")]
    E,
}

impl SeatName {
    /// All four, in turn order.
    pub const ALL: [SeatName; 4] = [SeatName::S, SeatName::W, SeatName::N, SeatName::E];

    /// Index in turn order.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The seat with index `i` (mod 4).
    pub fn from_index(i: usize) -> SeatName {
        SeatName::ALL[i % 4]
    }
}

/// A time control: base time plus an increment or a simple delay, in milliseconds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeControl {
    /// Starting bank of each player.
    pub base_ms: u64,
    /// Added to the bank after each move.
    #[serde(default)]
    pub increment_ms: u64,
    /// Free time at the start of each turn before the bank runs.
    #[serde(default)]
    pub delay_ms: u64,
}

impl TimeControl {
    /// The default: 1 minute + 15 seconds simple delay.
    pub const DEFAULT: TimeControl = TimeControl {
        base_ms: 60_000,
        increment_ms: 0,
        delay_ms: 15_000,
    };

    /// Human form: `1+15D` (delay) or `3+2` (increment), minutes + seconds.
    pub fn label(&self) -> String {
        let base = self.base_ms as f64 / 60_000.0;
        let base = if base.fract() == 0.0 {
            format!("{}", base as u64)
        } else {
            format!("{base}")
        };
        if self.delay_ms > 0 {
            format!("{base}+{}D", self.delay_ms / 1000)
        } else {
            format!("{base}+{}", self.increment_ms / 1000)
        }
    }
}

impl Default for TimeControl {
    fn default() -> Self {
        TimeControl::DEFAULT
    }
}
