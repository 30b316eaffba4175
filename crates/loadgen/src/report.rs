//! Counting what happened during a load run and reporting it.

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Shared counters of a run.
#[derive(Default)]
pub struct Stats {
    started: AtomicU64,
    over: AtomicU64,
    errors: AtomicU64,
    stopped: AtomicBool,
    moves: Mutex<Vec<u32>>,
    spectators: Mutex<Vec<u32>>,
    first_error: Mutex<Option<String>>,
    /// Standings messages received by arena followers.
    standings: AtomicU64,
}

impl Stats {
    pub(crate) fn game_started(&self) {
        self.started.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn game_over(&self) {
        self.over.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn error(&self, e: &str) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut f) = self.first_error.lock() {
            f.get_or_insert_with(|| e.to_string());
        }
    }

    pub(crate) fn move_latency(&self, d: Duration) {
        if let Ok(mut v) = self.moves.lock() {
            v.push(d.as_micros() as u32);
        }
    }

    pub(crate) fn spectator_latency(&self, d: Duration) {
        if let Ok(mut v) = self.spectators.lock() {
            v.push(d.as_micros() as u32);
        }
    }

    pub(crate) fn standings_received(&self) {
        self.standings.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }

    pub(crate) fn stop(&self) {
        self.stopped.store(true, Ordering::Relaxed);
    }

    /// Waits until `n` games have started (or the timeout); returns how many did.
    pub(crate) async fn wait_started(&self, n: usize, timeout: Duration) -> u64 {
        let end = tokio::time::Instant::now() + timeout;
        while self.started.load(Ordering::Relaxed) < n as u64 && tokio::time::Instant::now() < end {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        self.started.load(Ordering::Relaxed)
    }

    /// Forgets the samples of the ramp-up.
    pub(crate) fn reset(&self) {
        if let Ok(mut v) = self.moves.lock() {
            v.clear();
        }
        if let Ok(mut v) = self.spectators.lock() {
            v.clear();
        }
        self.errors.store(0, Ordering::Relaxed);
        self.standings.store(0, Ordering::Relaxed);
    }

    pub(crate) fn report(
        &self,
        elapsed: Duration,
        started: u64,
        games: usize,
        spectators: usize,
        nodes: Vec<NodeReport>,
    ) -> Report {
        let pct = |v: &Mutex<Vec<u32>>, p: f64| -> f64 {
            let mut v = v.lock().map(|v| v.clone()).unwrap_or_default();
            if v.is_empty() {
                return f64::NAN;
            }
            v.sort_unstable();
            let i = ((v.len() as f64 - 1.0) * p).round() as usize;
            v[i] as f64 / 1000.0
        };
        let moves = self.moves.lock().map(|v| v.len()).unwrap_or(0);
        Report {
            games,
            spectators,
            games_started: started,
            games_finished: self.over.load(Ordering::Relaxed),
            seconds: elapsed.as_secs_f64(),
            moves,
            moves_per_sec: moves as f64 / elapsed.as_secs_f64(),
            move_p50_ms: pct(&self.moves, 0.5),
            move_p99_ms: pct(&self.moves, 0.99),
            spectator_p50_ms: pct(&self.spectators, 0.5),
            spectator_p99_ms: pct(&self.spectators, 0.99),
            standings: self.standings.load(Ordering::Relaxed),
            errors: self.errors.load(Ordering::Relaxed),
            first_error: self.first_error.lock().ok().and_then(|e| e.clone()),
            nodes,
        }
    }
}

/// The result of a run.
#[derive(Debug, Clone)]
pub struct Report {
    /// Concurrent games asked for.
    pub games: usize,
    /// Spectators asked for.
    pub spectators: usize,
    /// Games that started.
    pub games_started: u64,
    /// Games that ended during the run.
    pub games_finished: u64,
    /// Measured seconds.
    pub seconds: f64,
    /// Moves measured.
    pub moves: usize,
    /// Moves per second.
    pub moves_per_sec: f64,
    /// Median time from sending a move to seeing it broadcast back, ms.
    pub move_p50_ms: f64,
    /// 99th percentile of the same, ms.
    pub move_p99_ms: f64,
    /// Median time from a move's sending to a spectator receiving it, ms.
    pub spectator_p50_ms: f64,
    /// 99th percentile of the same, ms.
    pub spectator_p99_ms: f64,
    /// Errors during the run.
    pub errors: u64,
    /// Standings messages the arena followers received (arena runs).
    pub standings: u64,
    /// The first error.
    pub first_error: Option<String>,
    /// Each node's figures at the end.
    pub nodes: Vec<NodeReport>,
}

/// One server node's figures at the end of a run.
#[derive(Debug, Clone)]
pub struct NodeReport {
    /// Its address.
    pub node: String,
    /// Resident memory, MiB.
    pub memory_mb: Option<f64>,
    /// Open connections.
    pub connections: Option<f64>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "games {} (started {}, finished {}), spectators {}",
            self.games, self.games_started, self.games_finished, self.spectators
        )?;
        writeln!(
            f,
            "measured {:.1} s: {} moves, {:.1} moves/s",
            self.seconds, self.moves, self.moves_per_sec
        )?;
        writeln!(
            f,
            "move -> broadcast to mover: p50 {:.2} ms, p99 {:.2} ms",
            self.move_p50_ms, self.move_p99_ms
        )?;
        writeln!(
            f,
            "move -> spectator: p50 {:.2} ms, p99 {:.2} ms",
            self.spectator_p50_ms, self.spectator_p99_ms
        )?;
        if self.standings > 0 {
            let per = self.standings as f64 / self.seconds / self.spectators.max(1) as f64;
            writeln!(
                f,
                "standings pushed: {} messages, {:.2} a second to each follower",
                self.standings, per
            )?;
        }
        let named = self.nodes.len() > 1;
        for n in &self.nodes {
            let who = if named {
                format!("server {}", n.node)
            } else {
                "server".to_string()
            };
            if let Some(m) = n.memory_mb {
                writeln!(f, "{who} memory {m:.0} MiB")?;
            }
            if let Some(c) = n.connections {
                writeln!(f, "{who} connections {c:.0}")?;
            }
        }
        write!(f, "errors {}", self.errors)?;
        if let Some(e) = &self.first_error {
            write!(f, " (first: {e})")?;
        }
        Ok(())
    }
}

/// A metric's value from Prometheus text.
pub fn metric(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .find(|l| l.starts_with(name) && l[name.len()..].starts_with(' '))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
}
