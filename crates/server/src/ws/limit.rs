//! A token bucket per connection: `rate` messages a second, bursts of twice that.

use std::time::Instant;

/// What the limiter says about one message.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Go ahead.
    Allow,
    /// Refuse this one with `rate_limited`.
    Refuse,
    /// The client keeps abusing it: close the connection (1008).
    Close,
}

/// Token bucket with a count of refusals.
pub struct RateLimit {
    rate: f64,
    tokens: f64,
    last: Instant,
    refusals: u32,
}

/// Refusals after which the connection is closed.
const MAX_REFUSALS: u32 = 50;

impl RateLimit {
    /// A full bucket.
    pub fn new(rate: u32) -> RateLimit {
        let rate = rate.max(1) as f64;
        RateLimit {
            rate,
            tokens: rate * 2.0,
            last: Instant::now(),
            refusals: 0,
        }
    }

    /// Judges one message now.
    pub fn check(&mut self) -> Verdict {
        let now = Instant::now();
        let dt = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.rate).min(self.rate * 2.0);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            return Verdict::Allow;
        }
        self.refusals += 1;
        if self.refusals > MAX_REFUSALS {
            Verdict::Close
        } else {
            Verdict::Refuse
        }
    }
}
