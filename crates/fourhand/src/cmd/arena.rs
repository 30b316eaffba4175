//! `fourhand arena`: a match between two bots or engine commands with an Elo estimate.

use fourhand_bot::arena::{play_match, Contender, MatchConfig};
use fourhand_bot::Clock;
use fourhand_rules::{RuleSet, Variant};
use std::process::ExitCode;

/// Arguments of `fourhand arena`.
#[derive(clap::Args)]
pub struct Args {
    /// First player: random, greedy, engine1, engine2, engine3 (optionally with search options,
    /// e.g. engine3/no-null-move,paranoid), or `cmd:PROGRAM` for an engine-protocol program.
    a: String,
    /// Second player, in the same form.
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
    /// The bank every move is thought on, ms (it does not run down).
    #[arg(long, default_value_t = 2_000)]
    bank_ms: u64,
    /// Delay per move, ms.
    #[arg(long, default_value_t = 30)]
    delay_ms: u64,
    /// Increment per move, ms.
    #[arg(long, default_value_t = 0)]
    increment_ms: u64,
}

/// Runs the match and prints the score and Elo estimate.
pub fn run(a: Args) -> ExitCode {
    let (ca, cb) = match (Contender::parse(&a.a), Contender::parse(&a.b)) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("fourhand arena: {e}");
            return ExitCode::from(2);
        }
    };
    let variant: Variant = match a.rules.parse() {
        Ok(v) => v,
        Err(e) => {
            eprintln!("fourhand arena: {e}");
            return ExitCode::from(2);
        }
    };
    let cfg = MatchConfig {
        games: a.games,
        max_plies: a.max_plies,
        seed: a.seed,
        clock: Clock {
            bank_ms: a.bank_ms,
            delay_ms: a.delay_ms,
            increment_ms: a.increment_ms,
        },
    };
    let t = std::time::Instant::now();
    let r = match play_match(RuleSet::of(variant), &ca, &cb, cfg) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("fourhand arena: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (elo, margin) = r.elo();
    println!(
        "{} {} vs {}: {:.1}/{} ({:.1}%), Elo {:+.0} ± {:.0}, {:.1} s",
        variant.pgn_name(),
        ca.name(),
        cb.name(),
        r.score,
        r.games,
        100.0 * r.fraction(),
        elo,
        margin,
        t.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
