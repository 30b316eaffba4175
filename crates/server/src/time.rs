//! Wall-clock time as the store and the protocol keep it: epoch milliseconds.

/// Epoch milliseconds now.
pub fn epoch_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}
