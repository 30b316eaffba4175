//! Rate limits on the HTTP endpoints that cost the server (a password hash, a stored game, a
//! new session): per client address, with `governor`'s keyed GCRA limiters. The WebSocket has
//! its own per-connection limit (`ws::limit`).

use crate::error::ServerError;
use fourhand_protocol::ErrorCode;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::IpAddr;
use std::num::NonZeroU32;

/// What a request asks for.
#[derive(Copy, Clone, Debug)]
pub enum Costly {
    /// `POST /api/guest`.
    Guest,
    /// `POST /api/register`.
    Register,
    /// `POST /api/login`.
    Login,
    /// `POST /api/import`.
    Import,
    /// The analysis board's light requests: a position's legal moves, a move played.
    Board,
    /// The analysis board's heavy requests: a PGN4 or game opened, a tree written (each line
    /// of the tree replayed).
    BoardText,
}

/// Light analysis board requests one address may make a minute (a move on the board is one).
pub const BOARD_PER_MINUTE: u32 = 600;

/// Heavy analysis board requests one address may make a minute.
pub const BOARD_TEXT_PER_MINUTE: u32 = 60;

/// One limiter per kind of request, each keyed by client address.
pub struct HttpLimits {
    guest: Option<DefaultKeyedRateLimiter<IpAddr>>,
    register: Option<DefaultKeyedRateLimiter<IpAddr>>,
    login: Option<DefaultKeyedRateLimiter<IpAddr>>,
    import: Option<DefaultKeyedRateLimiter<IpAddr>>,
    board: Option<DefaultKeyedRateLimiter<IpAddr>>,
    board_text: Option<DefaultKeyedRateLimiter<IpAddr>>,
}

/// A limiter letting `per_minute` requests a minute through, all at once at most (0: none).
fn per_minute(n: u32) -> Option<DefaultKeyedRateLimiter<IpAddr>> {
    NonZeroU32::new(n).map(|n| RateLimiter::keyed(Quota::per_minute(n)))
}

impl HttpLimits {
    /// Limits of so many requests a minute per address (0: unlimited).
    pub fn new(guest: u32, register: u32, login: u32, import: u32) -> HttpLimits {
        HttpLimits {
            guest: per_minute(guest),
            register: per_minute(register),
            login: per_minute(login),
            import: per_minute(import),
            board: per_minute(BOARD_PER_MINUTE),
            board_text: per_minute(BOARD_TEXT_PER_MINUTE),
        }
    }

    /// Takes one request of `what` from `ip`, or refuses it with `rate_limited` and when to
    /// come back.
    pub fn check(&self, what: Costly, ip: IpAddr) -> Result<(), ServerError> {
        let limiter = match what {
            Costly::Guest => &self.guest,
            Costly::Register => &self.register,
            Costly::Login => &self.login,
            Costly::Import => &self.import,
            Costly::Board => &self.board,
            Costly::BoardText => &self.board_text,
        };
        let Some(l) = limiter else { return Ok(()) };
        l.check_key(&ip).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ServerError::new(
                ErrorCode::RateLimited,
                format!(
                    "too many requests from your address; try again in {} s",
                    wait.as_secs().max(1)
                ),
            )
        })
    }

    /// Forgets addresses whose limits have refilled (so the maps stay as small as the
    /// addresses of the last minute).
    pub fn forget_idle(&self) {
        for l in [
            &self.guest,
            &self.register,
            &self.login,
            &self.import,
            &self.board,
            &self.board_text,
        ]
        .into_iter()
        .flatten()
        {
            l.retain_recent();
            l.shrink_to_fit();
        }
    }
}
