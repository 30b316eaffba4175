//! Prometheus counters: connections, live games, moves, move latency, store errors.

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Duration;

/// A counter or gauge.
#[derive(Default)]
pub struct Gauge(AtomicI64);

impl Gauge {
    /// Adds one.
    pub fn inc(&self) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }

    /// Subtracts one.
    pub fn dec(&self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }

    /// The value.
    pub fn get(&self) -> i64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// Upper bounds of the latency histogram buckets, in seconds.
const BUCKETS: [f64; 10] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0,
];

/// All the server's metrics.
#[derive(Default)]
pub struct Metrics {
    /// Open WebSocket connections.
    pub connections: Gauge,
    /// Game actors running.
    pub live_games: Gauge,
    /// Moves applied.
    pub moves: Gauge,
    /// Store failures.
    pub store_errors: Gauge,
    /// Times a player's queue was full (it then gets a snapshot once it has room).
    pub queue_full: Gauge,
    /// Snapshots sent to players whose queue had been full.
    pub resyncs: Gauge,
    /// Bots made for seats (each keeps its search table for its whole game).
    pub bots_created: Gauge,
    /// WebSockets refused by the connection caps (1013).
    pub refused_connections: Gauge,
    /// WebSockets closed for answering no ping (1001).
    pub silent_connections: Gauge,
    latency_buckets: [AtomicU64; 10],
    latency_count: AtomicU64,
    latency_sum_us: AtomicU64,
}

impl Metrics {
    /// Records one move's store-and-apply time.
    pub fn observe_latency(&self, d: Duration) {
        let secs = d.as_secs_f64();
        for (i, b) in BUCKETS.iter().enumerate() {
            if secs <= *b {
                self.latency_buckets[i].fetch_add(1, Ordering::Relaxed);
            }
        }
        self.latency_count.fetch_add(1, Ordering::Relaxed);
        self.latency_sum_us
            .fetch_add(d.as_micros() as u64, Ordering::Relaxed);
    }

    /// The Prometheus text exposition.
    pub fn render(&self) -> String {
        let mut s = String::new();
        let mut gauge = |name: &str, kind: &str, help: &str, v: i64| {
            s.push_str(&format!(
                "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {v}\n"
            ));
        };
        gauge(
            "fourhand_connections",
            "gauge",
            "Open WebSocket connections.",
            self.connections.get(),
        );
        gauge(
            "fourhand_live_games",
            "gauge",
            "Games being played or watched.",
            self.live_games.get(),
        );
        gauge(
            "fourhand_moves_total",
            "counter",
            "Moves applied.",
            self.moves.get(),
        );
        gauge(
            "fourhand_store_errors_total",
            "counter",
            "Store failures.",
            self.store_errors.get(),
        );
        gauge(
            "fourhand_player_queue_full_total",
            "counter",
            "Times a player's outgoing queue was full (a resync follows).",
            self.queue_full.get(),
        );
        gauge(
            "fourhand_player_resyncs_total",
            "counter",
            "Snapshots sent to players whose queue had been full.",
            self.resyncs.get(),
        );
        gauge(
            "fourhand_bots_created_total",
            "counter",
            "Bots made for seats (one per bot seat and game; each keeps its search table).",
            self.bots_created.get(),
        );
        gauge(
            "fourhand_refused_connections_total",
            "counter",
            "WebSockets refused by the connection caps (closed with 1013).",
            self.refused_connections.get(),
        );
        gauge(
            "fourhand_silent_connections_total",
            "counter",
            "WebSockets closed for answering no ping (1001).",
            self.silent_connections.get(),
        );
        if let Some(rss) = resident_bytes() {
            gauge(
                "process_resident_memory_bytes",
                "gauge",
                "Resident memory of the server.",
                rss,
            );
        }
        s.push_str("# HELP fourhand_move_latency_seconds Time to store and apply an action.\n");
        s.push_str("# TYPE fourhand_move_latency_seconds histogram\n");
        for (i, b) in BUCKETS.iter().enumerate() {
            s.push_str(&format!(
                "fourhand_move_latency_seconds_bucket{{le=\"{b}\"}} {}\n",
                self.latency_buckets[i].load(Ordering::Relaxed)
            ));
        }
        let count = self.latency_count.load(Ordering::Relaxed);
        s.push_str(&format!(
            "fourhand_move_latency_seconds_bucket{{le=\"+Inf\"}} {count}\n"
        ));
        s.push_str(&format!(
            "fourhand_move_latency_seconds_sum {}\n",
            self.latency_sum_us.load(Ordering::Relaxed) as f64 / 1e6
        ));
        s.push_str(&format!("fourhand_move_latency_seconds_count {count}\n"));
        s
    }
}

/// Resident memory of this process (Linux), in bytes.
fn resident_bytes() -> Option<i64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: i64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}
