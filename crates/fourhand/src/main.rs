//! `fourhand`: the four-player chess server and its tools.

mod cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Four-player chess: chess.com Teams and FFA, Verney 1881 and the 1893 Club rules.
#[derive(Parser)]
#[command(name = "fourhand", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (move generator check and benchmark).
    Perft(cmd::perft::Args),
    /// Replay a PGN4 game and report the first illegal move or the final state.
    Replay(cmd::replay::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Perft(a) => cmd::perft::run(a),
        Command::Replay(a) => cmd::replay::run(a),
    }
}
