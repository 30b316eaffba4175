//! `fourhand`: the four-player chess server and its tools. Without a command it serves.

mod cmd;

use clap::{Parser, Subcommand};
use fourhand_server::Config;
use std::process::ExitCode;

/// Four-player chess: chess.com Teams and FFA, Verney 1881 and the 1893 Club rules.
///
/// Without a command, `fourhand` runs the server (the same as `fourhand serve`).
#[derive(Parser)]
#[command(
    name = "fourhand",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    serve: Config,
}

#[derive(Subcommand)]
enum Command {
    /// Run the server (listens on 127.0.0.1:8080, SQLite under ./data by default).
    Serve(Box<Config>),
    /// Count the leaf nodes of the legal move tree (move generator check and benchmark).
    Perft(cmd::perft::Args),
    /// Replay a PGN4 game and report the first illegal move or the final state.
    Replay(cmd::replay::Args),
    /// Load-test a running server: concurrent games of simple bots plus spectators.
    Loadgen(fourhand_loadgen::Args),
    /// Play a match between two bot levels and estimate the Elo difference.
    Arena(cmd::arena::Args),
    /// Fit the engine's evaluation weights to the results of finished games (PGN4).
    Tune(cmd::tune::Args),
    /// Speak the engine line protocol on stdin/stdout (uci, position, go …).
    Engine,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => serve(cli.serve),
        Some(Command::Serve(c)) => serve(*c),
        Some(Command::Perft(a)) => cmd::perft::run(a),
        Some(Command::Replay(a)) => cmd::replay::run(a),
        Some(Command::Loadgen(a)) => fourhand_loadgen::main_with(a),
        Some(Command::Arena(a)) => cmd::arena::run(a),
        Some(Command::Tune(a)) => cmd::tune::run(a),
        Some(Command::Engine) => cmd::engine::run(),
    }
}

fn serve(config: Config) -> ExitCode {
    init_logging(config.log_json);
    let rt = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("fourhand: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match rt.block_on(run(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e:#}");
            eprintln!("fourhand: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(config: Config) -> anyhow::Result<()> {
    fourhand_server::run(config)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))
}

fn init_logging(json: bool) {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    if json {
        builder.json().init();
    } else {
        builder.init();
    }
}
