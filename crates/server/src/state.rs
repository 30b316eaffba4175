//! What every handler shares: the store, sessions, live games, the lobby, metrics, limits and
//! the shutdown signal. The application (`app`) builds it; handlers depend on it alone.

use crate::config::Config;
use crate::game::core::Timing;
use crate::game::registry::Games;
use crate::identity::Sessions;
use crate::lobby::front::LobbyFront;
use crate::metrics::Metrics;
use crate::store::Store;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// Everything the handlers share.
pub struct AppState {
    /// The store of record: games, accounts, ratings, moderation.
    pub store: Store,
    /// Session signing.
    pub sessions: Sessions,
    /// Live games.
    pub games: Games,
    /// How requests reach games and games reach connections (in-process, or NATS).
    pub bus: crate::game::mail::SharedBus,
    /// This node's part in a cluster (none: a single server).
    pub cluster: Option<crate::cluster::node::Cluster>,
    /// Tables and pairing.
    pub lobby: LobbyFront,
    /// The server's metrics, rendered at `/metrics`.
    pub metrics: Arc<Metrics>,
    /// Cancelled at shutdown.
    pub shutdown: CancellationToken,
    /// Tasks to wait for at shutdown (game actors, connections).
    pub tracker: TaskTracker,
    /// Game timing.
    pub timing: Timing,
    /// The settings the server was started with.
    pub config: Config,
    /// Open WebSockets, counted against the caps.
    pub sockets: Arc<crate::peer::Sockets>,
    /// The threads bots think on.
    pub bots: Arc<crate::bot::BotPool>,
    /// The analysis workers, their quotas and the reviewer's wake-up.
    pub analysis: Arc<crate::analysis::AnalysisService>,
    /// Rate limits of the costly HTTP requests, per address.
    pub http_limits: crate::http_limits::HttpLimits,
    /// The reports each player may still file.
    pub report_quota: crate::moderation::report_quota::ReportQuota,
    /// Password hashes computed at once at most (they run on blocking threads).
    pub hashing: Arc<tokio::sync::Semaphore>,
    pub(crate) next_conn: AtomicU64,
}

impl crate::peer::TrustsProxy for Arc<AppState> {
    fn trusts_proxy(&self) -> bool {
        self.config.trust_proxy
    }
}

/// Shared state handle.
pub type App = Arc<AppState>;

impl AppState {
    /// A new connection id.
    pub fn conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed) + 1
    }
}
