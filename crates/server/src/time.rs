//! Wall-clock time as the store and the protocol keep it: epoch milliseconds.

/// Epoch milliseconds now.
pub fn epoch_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// A span of milliseconds as whole minutes, rounded up (what a player is told is left of a ban
/// or a pairing pause: "for 3 more minutes" while any of the third minute remains).
pub fn whole_minutes_up(ms: i64) -> i64 {
    (ms.max(0) + 59_999) / 60_000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minutes_round_up_and_never_go_below_zero() {
        assert_eq!(whole_minutes_up(0), 0);
        assert_eq!(whole_minutes_up(1), 1);
        assert_eq!(whole_minutes_up(60_000), 1);
        assert_eq!(whole_minutes_up(60_001), 2);
        assert_eq!(whole_minutes_up(-5), 0);
    }
}
