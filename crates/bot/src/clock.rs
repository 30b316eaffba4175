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
    /// How long to think: most of the delay (free), a small slice of the bank, most of the
    /// increment — never close to the flag.
    pub fn budget(self) -> Duration {
        let ms = self.delay_ms * 6 / 10 + self.bank_ms / 40 + self.increment_ms * 7 / 10;
        Duration::from_millis(ms.min(self.delay_ms + self.bank_ms / 4).max(5))
    }
}
