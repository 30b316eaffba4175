//! Aborts (rules.md §5.3): the aborter alone loses rating, more for repeated aborts, and a
//! frequent aborter waits before quick pairing.

/// The window in which earlier aborts make the penalty grow: 30 days.
pub const PENALTY_WINDOW_MS: i64 = 30 * 24 * 3_600_000;
/// The window in which aborts count towards a quick-pairing ban: 24 hours.
pub const BAN_WINDOW_MS: i64 = 24 * 3_600_000;
/// Aborts within [`BAN_WINDOW_MS`] (this one included) from which quick pairing is closed.
pub const BAN_FROM: u32 = 3;

/// Rating points an abort costs when the player aborted `earlier` games in the last 30 days:
/// 10, 20, 30 … at most 100.
pub fn penalty(earlier: u32) -> f64 {
    (10.0 * (earlier as f64 + 1.0)).min(100.0)
}

/// How long quick pairing stays closed after the latest abort, given the aborts in the last 24
/// hours including it: none below three, then 15 minutes, doubling with each further abort (at
/// most a day).
pub fn pairing_ban_ms(aborts_last_day: u32) -> i64 {
    if aborts_last_day < BAN_FROM {
        return 0;
    }
    let doublings = (aborts_last_day - BAN_FROM).min(7);
    ((15 * 60_000i64) << doublings).min(BAN_WINDOW_MS)
}
