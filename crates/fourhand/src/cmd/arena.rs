//! `fourhand arena`: a match between two bot levels with an Elo estimate.

use fourhand_bot::{arena::play_match, Level};
use fourhand_rules::{RuleSet, Variant};
use std::process::ExitCode;

/// Arguments of `fourhand arena`.
#[derive(clap::Args)]
pub struct Args {
    /// First level: random, greedy, engine1, engine2, engine3.
    a: String,
    /// Second level.
    b: String,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Rule set: teams, ffa, verney1881, club1893.
    #[arg(long, default_value = "teams")]
    rules: String,
    /// Plies after which a game is judged as it stands.
    #[arg(long, default_value_t = 240)]
    max_plies: u32,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Runs the match and prints the score and Elo estimate.
pub fn run(a: Args) -> ExitCode {
    let (Some(la), Some(lb)) = (Level::parse(&a.a), Level::parse(&a.b)) else {
        eprintln!("fourhand arena: levels are random, greedy, engine1, engine2, engine3");
        return ExitCode::from(2);
    };
    let variant: Variant = match a.rules.parse() {
        Ok(v) => v,
        Err(e) => {
            eprintln!("fourhand arena: {e}");
            return ExitCode::from(2);
        }
    };
    let t = std::time::Instant::now();
    let r = play_match(RuleSet::of(variant), la, lb, a.games, a.max_plies, a.seed);
    let (elo, margin) = r.elo();
    println!(
        "{} {} vs {}: {:.1}/{} ({:.1}%), Elo {:+.0} ± {:.0}, {:.1} s",
        variant.pgn_name(),
        la.name(),
        lb.name(),
        r.score,
        r.games,
        100.0 * r.fraction(),
        elo,
        margin,
        t.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
