//! How much analysis each user may ask for: engine lines and reviews a minute (guests a third
//! of an account's, at least one), with `governor`'s keyed limiters; and one review waiting or
//! running per user at a time (counted in the store, so across nodes).

use crate::error::ServerError;
use crate::identity::Player;
use fourhand_protocol::ErrorCode;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;
use uuid::Uuid;

/// What is asked for.
#[derive(Copy, Clone, Debug)]
pub enum Ask {
    /// A position's engine lines.
    Lines,
    /// A game review.
    Review,
}

/// A limiter for accounts and one for guests, per kind of request.
pub struct AnalysisQuota {
    lines: (DefaultKeyedRateLimiter<Uuid>, DefaultKeyedRateLimiter<Uuid>),
    reviews: (DefaultKeyedRateLimiter<Uuid>, DefaultKeyedRateLimiter<Uuid>),
}

/// Accounts' limiter and guests' (a third, at least one) for `n` a minute.
fn pair(n: u32) -> (DefaultKeyedRateLimiter<Uuid>, DefaultKeyedRateLimiter<Uuid>) {
    let of = |n: u32| {
        RateLimiter::keyed(Quota::per_minute(
            NonZeroU32::new(n.max(1)).unwrap_or(NonZeroU32::MIN),
        ))
    };
    (of(n), of(n.div_ceil(3)))
}

impl AnalysisQuota {
    /// `lines` engine-line requests and `reviews` review requests a minute for an account.
    pub fn new(lines: u32, reviews: u32) -> AnalysisQuota {
        AnalysisQuota {
            lines: pair(lines),
            reviews: pair(reviews),
        }
    }

    /// Takes one request of `what` from `player`, or refuses it with `rate_limited` and when to
    /// come back.
    pub fn check(&self, what: Ask, player: &Player) -> Result<(), ServerError> {
        let (accounts, guests) = match what {
            Ask::Lines => &self.lines,
            Ask::Review => &self.reviews,
        };
        let l = if player.registered { accounts } else { guests };
        l.check_key(&player.id).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            let what = match what {
                Ask::Lines => "engine analyses",
                Ask::Review => "game reviews",
            };
            ServerError::new(
                ErrorCode::RateLimited,
                format!(
                    "too many {what} for now; try again in {} s",
                    wait.as_secs().max(1)
                ),
            )
        })
    }

    /// Forgets users whose limits have refilled.
    pub fn forget_idle(&self) {
        for l in [
            &self.lines.0,
            &self.lines.1,
            &self.reviews.0,
            &self.reviews.1,
        ] {
            l.retain_recent();
            l.shrink_to_fit();
        }
    }
}
