//! The server's metrics, through the `metrics` facade and its Prometheus exporter
//! (`metrics-exporter-prometheus`), rendered at `/metrics`.
//!
//! Each server has a recorder of its own (tests run several servers in one process), so the
//! handles are registered on it rather than through the global macros. Game metrics carry the
//! rule set and the time-control speed as labels; the standard `process_*` metrics come from
//! `metrics-process` and tokio's runtime metrics from the runtime, both read at each scrape.

use metrics::{Counter, Gauge, Histogram, Key, Label, Metadata, Recorder, SharedString, Unit};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusRecorder};
use std::time::Duration;

/// Upper bounds of the move latency buckets, in seconds.
const LATENCY_BUCKETS: [f64; 10] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0,
];

const MOVE_LATENCY: &str = "fourhand_move_latency_seconds";
const FORWARD_LATENCY: &str = "fourhand_bus_forward_latency_seconds";

/// What a game's metrics are labelled with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLabels {
    /// The rule set's short name (`teams`, `ffa`, …).
    pub rules: String,
    /// The time control's speed (`bullet`, `blitz`, `rapid`).
    pub speed: String,
}

impl GameLabels {
    /// The labels of a game of `rules` at `time`.
    pub fn of(rules: &str, time: &fourhand_protocol::TimeControl) -> GameLabels {
        let speed = fourhand_rating::Category::of(time.base_ms, time.increment_ms, time.delay_ms);
        GameLabels {
            rules: rules.to_string(),
            speed: speed.as_str().to_string(),
        }
    }

    fn labels(&self) -> Vec<Label> {
        vec![
            Label::new("rules", self.rules.clone()),
            Label::new("speed", self.speed.clone()),
        ]
    }
}

/// All the server's metrics.
pub struct Metrics {
    recorder: PrometheusRecorder,
    process: metrics_process::Collector,
    /// Open WebSocket connections.
    pub connections: Gauge,
    /// Store failures.
    pub store_errors: Counter,
    /// Times a player's queue was full (it then gets a snapshot once it has room).
    pub queue_full: Counter,
    /// Snapshots sent to players whose queue had been full.
    pub resyncs: Counter,
    /// Bots made for seats (each keeps its search table for its whole game).
    pub bots_created: Counter,
    /// WebSockets refused by the connection caps (1013).
    pub refused_connections: Counter,
    /// WebSockets closed for answering no ping (1001).
    pub silent_connections: Counter,
    /// Games this node runs (owns).
    pub games_owned: Gauge,
    /// Messages this node received from the cluster bus.
    pub bus_in: Counter,
    /// Messages this node sent on the cluster bus.
    pub bus_out: Counter,
    /// Requests forwarded to a game on another node: time to its reply.
    pub forward_latency: Histogram,
    /// Games this node took over from a node that died or stopped.
    pub takeovers: Counter,
    /// Game reviews this node completed.
    pub reviews_done: Counter,
    /// Engine-line requests this node answered from the store, without a search.
    pub analysis_cached: Counter,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

fn metadata() -> Metadata<'static> {
    Metadata::new(module_path!(), metrics::Level::INFO, Some(module_path!()))
}

impl Metrics {
    /// A fresh set of metrics on a recorder of its own.
    pub fn new() -> Metrics {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Full(MOVE_LATENCY.into()), &LATENCY_BUCKETS)
            .and_then(|b| {
                b.set_buckets_for_metric(Matcher::Full(FORWARD_LATENCY.into()), &LATENCY_BUCKETS)
            })
            .unwrap_or_default()
            .build_recorder();
        let describe = |name: &'static str, unit: Option<Unit>, help: &'static str| {
            recorder.describe_counter(name.into(), unit, SharedString::const_str(help));
        };
        describe("fourhand_connections", None, "Open WebSocket connections.");
        describe(
            "fourhand_live_games",
            None,
            "Games being played, by rule set and speed.",
        );
        describe(
            "fourhand_games_started_total",
            None,
            "Games started, by rule set and speed.",
        );
        describe(
            "fourhand_moves_total",
            None,
            "Moves stored and played, by rule set and speed.",
        );
        describe(
            MOVE_LATENCY,
            Some(Unit::Seconds),
            "Time from a move's arrival to its events being sent, by rule set and speed.",
        );
        describe(
            "fourhand_store_errors_total",
            None,
            "Store operations that failed.",
        );
        describe(
            "fourhand_player_queue_full_total",
            None,
            "Times a player's outgoing queue was full (a resync follows).",
        );
        describe(
            "fourhand_player_resyncs_total",
            None,
            "Snapshots sent to players whose queue had been full.",
        );
        describe(
            "fourhand_bots_created_total",
            None,
            "Bots made for seats (one per bot seat and game; each keeps its search table).",
        );
        describe(
            "fourhand_refused_connections_total",
            None,
            "WebSockets refused by the connection caps (closed with 1013).",
        );
        describe(
            "fourhand_silent_connections_total",
            None,
            "WebSockets closed for answering no ping (1001).",
        );
        describe("fourhand_games_owned", None, "Games this node runs.");
        describe(
            "fourhand_bus_messages_in_total",
            None,
            "Messages received from the cluster bus.",
        );
        describe(
            "fourhand_bus_messages_out_total",
            None,
            "Messages sent on the cluster bus.",
        );
        describe(
            FORWARD_LATENCY,
            Some(Unit::Seconds),
            "Requests forwarded to a game on another node, until its reply.",
        );
        describe(
            "fourhand_takeovers_total",
            None,
            "Games taken over from a node that died or stopped.",
        );
        describe(
            "fourhand_reviews_done_total",
            None,
            "Game reviews completed by this node.",
        );
        describe(
            "fourhand_analysis_cached_total",
            None,
            "Engine-line requests answered from the store without a search.",
        );
        let counter =
            |name: &'static str| recorder.register_counter(&Key::from_name(name), &metadata());
        let process = metrics_process::Collector::default();
        metrics::with_local_recorder(&recorder, || process.describe());
        Metrics {
            connections: recorder
                .register_gauge(&Key::from_name("fourhand_connections"), &metadata()),
            store_errors: counter("fourhand_store_errors_total"),
            queue_full: counter("fourhand_player_queue_full_total"),
            resyncs: counter("fourhand_player_resyncs_total"),
            bots_created: counter("fourhand_bots_created_total"),
            refused_connections: counter("fourhand_refused_connections_total"),
            silent_connections: counter("fourhand_silent_connections_total"),
            games_owned: recorder
                .register_gauge(&Key::from_name("fourhand_games_owned"), &metadata()),
            bus_in: counter("fourhand_bus_messages_in_total"),
            bus_out: counter("fourhand_bus_messages_out_total"),
            forward_latency: recorder
                .register_histogram(&Key::from_name(FORWARD_LATENCY), &metadata()),
            takeovers: counter("fourhand_takeovers_total"),
            reviews_done: counter("fourhand_reviews_done_total"),
            analysis_cached: counter("fourhand_analysis_cached_total"),
            process,
            recorder,
        }
    }

    /// The gauge of games being played with these labels.
    pub fn live_games(&self, g: &GameLabels) -> Gauge {
        let key = Key::from_parts("fourhand_live_games", g.labels());
        self.recorder.register_gauge(&key, &metadata())
    }

    /// Counts a game started.
    pub fn game_started(&self, g: &GameLabels) {
        let key = Key::from_parts("fourhand_games_started_total", g.labels());
        self.recorder
            .register_counter(&key, &metadata())
            .increment(1);
    }

    /// The counter of moves and the histogram of their latency for these labels.
    pub fn moves(&self, g: &GameLabels) -> (Counter, Histogram) {
        let moves = Key::from_parts("fourhand_moves_total", g.labels());
        let latency = Key::from_parts(MOVE_LATENCY, g.labels());
        (
            self.recorder.register_counter(&moves, &metadata()),
            self.recorder.register_histogram(&latency, &metadata()),
        )
    }

    /// Records one move's store-and-apply time.
    pub fn move_played(moves: &(Counter, Histogram), took: Duration) {
        moves.0.increment(1);
        moves.1.record(took.as_secs_f64());
    }

    /// Drains the histograms' recent samples into their buckets (call now and then).
    pub fn upkeep(&self) {
        self.recorder.handle().run_upkeep();
    }

    /// The Prometheus text exposition, with the process and runtime metrics read now.
    pub fn render(&self) -> String {
        metrics::with_local_recorder(&self.recorder, || {
            self.process.collect();
            if let Ok(rt) = tokio::runtime::Handle::try_current() {
                let m = rt.metrics();
                metrics::gauge!("tokio_workers").set(m.num_workers() as f64);
                metrics::gauge!("tokio_alive_tasks").set(m.num_alive_tasks() as f64);
                metrics::gauge!("tokio_global_queue_depth").set(m.global_queue_depth() as f64);
            }
        });
        self.recorder.handle().render()
    }
}
