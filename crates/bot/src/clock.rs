//! The seat's clock as a bot sees it, and the thinking budget it allows.

use std::time::Duration;

/// The clock of the seat to move, for time management.
#[derive(Copy, Clone, Debug, Default)]
pub struct Clock {
    /// Bank left, ms.
    pub bank_ms: u64,
    /// Free delay per move, ms.
    pub delay_ms: u64,
    /// Increment per move, ms.
    pub increment_ms: u64,
}

impl Clock {
    /// A clock whose [`Clock::budget`] is `ms` exactly (from 5 ms): a fixed time per move, all
    /// of it delay.
    pub fn fixed(ms: u64) -> Clock {
        Clock {
            bank_ms: 0,
            delay_ms: (ms * 10).div_ceil(6),
            increment_ms: 0,
        }
    }

    /// How long to think: most of the delay (free), a small slice of the bank, most of the
    /// increment — never close to the flag.
    pub fn budget(self) -> Duration {
        let ms = self.delay_ms * 6 / 10 + self.bank_ms / 40 + self.increment_ms * 7 / 10;
        Duration::from_millis(ms.min(self.delay_ms + self.bank_ms / 4).max(5))
    }
}

#[cfg(test)]
mod tests {
    use super::Clock;

    #[test]
    fn a_fixed_clock_gives_exactly_its_time() {
        for ms in 5..=5_000 {
            assert_eq!(Clock::fixed(ms).budget().as_millis() as u64, ms);
        }
    }
}
