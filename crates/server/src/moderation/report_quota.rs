//! How many reports a player may file: five at once, then one every two minutes (`governor`'s
//! keyed limiter, by player), so that nobody floods the moderators' queue.

use crate::error::ServerError;
use fourhand_protocol::ErrorCode;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;
use std::time::Duration;
use uuid::Uuid;

/// Reports filed at once at most.
pub const BURST: u32 = 5;
/// One more report per this long.
pub const REFILL: Duration = Duration::from_secs(120);

/// The reports each player may still file.
pub struct ReportQuota(DefaultKeyedRateLimiter<Uuid>);

impl Default for ReportQuota {
    fn default() -> Self {
        let burst = NonZeroU32::new(BURST).unwrap_or(NonZeroU32::MIN);
        let quota = Quota::with_period(REFILL)
            .unwrap_or_else(|| Quota::per_minute(NonZeroU32::MIN))
            .allow_burst(burst);
        ReportQuota(RateLimiter::keyed(quota))
    }
}

impl ReportQuota {
    /// Takes one report of `player`'s, or refuses it with `rate_limited` and when to come back.
    pub fn check(&self, player: Uuid) -> Result<(), ServerError> {
        self.0.check_key(&player).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ServerError::new(
                ErrorCode::RateLimited,
                format!(
                    "too many reports for now; try again in {} s",
                    wait.as_secs().max(1)
                ),
            )
        })
    }

    /// Forgets players whose quota has refilled.
    pub fn forget_idle(&self) {
        self.0.retain_recent();
        self.0.shrink_to_fit();
    }
}
