//! Analysis with the server's engine: the analysis board's positions (`board`), engine lines
//! streamed over the socket (`socket`), game reviews (`review`) — all searched on the analysis
//! workers (`workers`), apart from the bots that play, rationed per user (`quota`), kept in the
//! store by position and depth (`lines`), and never for a game in progress (`fair_play`).

pub mod board;
pub mod fair_play;
pub mod lines;
pub mod quota;
pub mod review;
pub mod socket;
pub mod workers;

/// What the handlers share for analysis.
pub struct AnalysisService {
    /// The worker threads and their queue.
    pub pool: workers::AnalysisPool,
    /// Requests per user.
    pub quota: quota::AnalysisQuota,
    /// Wakes this node's reviewer when a review is asked for here.
    pub wake: tokio::sync::Notify,
}

impl AnalysisService {
    /// `workers` analysis threads (tables of 4 MB each), and the quotas a minute for accounts.
    pub fn new(workers: usize, lines_per_minute: u32, reviews_per_minute: u32) -> AnalysisService {
        AnalysisService {
            pool: workers::AnalysisPool::new(workers, fourhand_bot::search::DEFAULT_TABLE_BITS),
            quota: quota::AnalysisQuota::new(lines_per_minute, reviews_per_minute),
            wake: tokio::sync::Notify::new(),
        }
    }
}
