//! A load-generating client: N concurrent games of simple bots over real sockets plus M
//! spectators — or, with `--arena`, players of an arena plus followers of its standings —
//! reporting moves per second, move→broadcast latency (p50, p99), standings pushes and the
//! server's memory. Built on the protocol crate only.

mod arena;
mod http;
mod player;
mod report;

use clap::Parser;
use report::Stats;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Settings of a load run.
#[derive(Parser, Clone, Debug)]
#[command(name = "fourhand-loadgen", about = "Load-test a fourhand server")]
pub struct Args {
    /// The server's address, or several nodes' addresses separated by commas: connections
    /// go to them in turn, so a game's four players (and its spectators) sit on different
    /// nodes.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub server: String,
    /// Concurrent games (four player sockets each).
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Spectator sockets, spread over the games.
    #[arg(long, default_value_t = 10)]
    pub spectators: usize,
    /// Seconds to measure (after every game has started).
    #[arg(long, default_value_t = 30)]
    pub seconds: u64,
    /// Mean think time of a bot before it moves, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub think_ms: u64,
    /// Rules of the games.
    #[arg(long, default_value = "teams")]
    pub rules: String,
    /// Games started per second while ramping up.
    #[arg(long, default_value_t = 100)]
    pub ramp: usize,
    /// An arena's id: its players (`--players`) and standings' followers (`--followers`)
    /// instead of tables of four.
    #[arg(long)]
    pub arena: Option<fourhand_protocol::TournamentId>,
    /// Arena players.
    #[arg(long, default_value_t = 400)]
    pub players: usize,
    /// Followers of the arena's standings.
    #[arg(long, default_value_t = 400)]
    pub followers: usize,
}

impl Args {
    /// The node addresses of `--server`.
    pub fn nodes(&self) -> Vec<String> {
        self.server
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    }

    /// The node the `k`-th connection goes to.
    pub fn node(&self, k: usize) -> String {
        let nodes = self.nodes();
        nodes[k % nodes.len().max(1)].clone()
    }
}

/// Runs the load and prints the report; exit code 1 if nothing could be measured.
pub fn main_with(args: Args) -> std::process::ExitCode {
    let rt = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("fourhand loadgen: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    match rt.block_on(run(args)) {
        Ok(r) => {
            println!("{r}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("fourhand loadgen: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Runs the load; returns the report.
pub async fn run(args: Args) -> Result<report::Report, String> {
    let stats = Arc::new(Stats::default());
    let nodes = args.nodes();
    if nodes.is_empty() {
        return Err("--server names no address".into());
    }
    for node in &nodes {
        http::get(node, "/healthz").await?;
    }
    let mut tasks = Vec::new();
    let per_tick = args.ramp.max(1);
    // An arena: its players and followers; the director pairs the games.
    let games = match args.arena {
        Some(arena) => {
            for k in 0..args.players + args.followers {
                let (a, s) = (args.clone(), stats.clone());
                tasks.push(if k < args.players {
                    tokio::spawn(arena::player(a, s, arena))
                } else {
                    tokio::spawn(arena::follower(a, s, arena))
                });
                if (k + 1) % (per_tick * 4) == 0 {
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            }
            args.players / 4
        }
        None => args.games,
    };
    for g in (0..args.games).filter(|_| args.arena.is_none()) {
        let spectators = args.spectators / args.games.max(1)
            + usize::from(g < args.spectators % args.games.max(1));
        let (a, s) = (args.clone(), stats.clone());
        tasks.push(tokio::spawn(async move {
            player::game_loop(a, s, spectators).await
        }));
        if (g + 1) % per_tick == 0 {
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }
    // Measure once everything is up.
    let ready = stats.wait_started(games, Duration::from_secs(120)).await;
    stats.reset();
    let start = Instant::now();
    tokio::time::sleep(Duration::from_secs(args.seconds)).await;
    let elapsed = start.elapsed();
    let mut per_node = Vec::new();
    for node in nodes {
        let metrics = http::get(&node, "/metrics").await.ok();
        let memory = metrics
            .as_deref()
            .and_then(|m| report::metric(m, "process_resident_memory_bytes"));
        let conns = metrics
            .as_deref()
            .and_then(|m| report::metric(m, "fourhand_connections"));
        per_node.push(report::NodeReport {
            node,
            memory_mb: memory.map(|m| m / 1_048_576.0),
            connections: conns,
        });
    }
    let watchers = if args.arena.is_some() {
        args.followers
    } else {
        args.spectators
    };
    let r = stats.report(elapsed, ready, games, watchers, per_node);
    stats.stop();
    for t in tasks {
        t.abort();
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_take_the_nodes_in_turn() {
        let args = Args::parse_from(["loadgen", "--server", "127.0.0.1:8080, 127.0.0.1:8081,"]);
        assert_eq!(args.nodes(), ["127.0.0.1:8080", "127.0.0.1:8081"]);
        let four: Vec<String> = (0..4).map(|k| args.node(k)).collect();
        assert_eq!(
            four,
            [
                "127.0.0.1:8080",
                "127.0.0.1:8081",
                "127.0.0.1:8080",
                "127.0.0.1:8081"
            ]
        );
        let one = Args::parse_from(["loadgen"]);
        assert_eq!(one.node(7), "127.0.0.1:8080");
    }
}
