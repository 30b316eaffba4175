//! Ratings for four-player chess: Glicko-2, one pool per mode and time-control category, FFA
//! rated by placing, sides games against the other side's team rating, and abort penalties.
//! Pure: the server stores what this computes.

pub mod abort;
pub mod game;
pub mod glicko2;
pub mod playban;
pub mod pool;

pub use game::{placing_wins, rate, team_rating, Finish, Participant};
pub use glicko2::Rating;
pub use pool::{Category, Mode, Pool};

/// The length of a rating period: a player's deviation grows once for every full day without
/// rated games.
pub const PERIOD_MS: i64 = 24 * 3_600_000;

/// Full rating periods between `last_ms` (a player's last rated game) and `now_ms`.
pub fn idle_periods(last_ms: Option<i64>, now_ms: i64) -> u32 {
    match last_ms {
        Some(last) if now_ms > last => ((now_ms - last) / PERIOD_MS).min(10_000) as u32,
        _ => 0,
    }
}

/// The fixed rating of a bot level (`random`, `greedy`, `engine1` … `engine3`).
pub fn bot_rating(level: &str) -> Rating {
    Rating::fixed(match level {
        "random" => 400.0,
        "greedy" => 800.0,
        "engine1" => 1300.0,
        "engine2" => 1550.0,
        _ => 1750.0,
    })
}
