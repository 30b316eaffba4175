//! `fourhand perft`: node counts with time and speed.

use fourhand_rules::notation::fen4;
use fourhand_rules::perft::{divide, perft};
use fourhand_rules::{Position, RuleSet, Setup, Variant};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `fourhand perft`.
#[derive(clap::Args)]
pub struct Args {
    /// Start from a named setup: 4PC (Modern), 4PCo (Classic), 4PCb, 4PCn, 4PCrg
    /// [default: the rule set's own: Classic for Verney 1881, Modern otherwise].
    #[arg(long, conflicts_with = "fen")]
    setup: Option<String>,
    /// Start from a FEN4 position instead.
    #[arg(long)]
    fen: Option<String>,
    /// Rule set: teams, ffa, verney1881, club1893, chaturaji, conquest.
    #[arg(long, default_value = "teams")]
    rules: String,
    #[arg(long, default_value = "", help = super::OPTIONS_HELP)]
    options: String,
    /// Print the count under each first move.
    #[arg(long)]
    divide: bool,
    /// Depth in plies.
    depth: u32,
}

/// Runs the command.
pub fn run(a: Args) -> ExitCode {
    let variant: Variant = match a.rules.parse() {
        Ok(v) => v,
        Err(e) => return fail(&e.to_string()),
    };
    let rules = match RuleSet::of(variant).with_rule_variants(&a.options) {
        Ok(r) => r.shared(),
        Err(e) => return fail(&e.to_string()),
    };
    let pos = match &a.fen {
        Some(f) => match fen4::parse(f, rules) {
            Ok(p) => p.position,
            Err(e) => return fail(&e.to_string()),
        },
        None => match a.setup.as_deref().map(str::parse::<Setup>) {
            None => Position::start(rules, rules.default_setup),
            Some(Ok(s)) => Position::start(rules, s),
            Some(Err(e)) => return fail(&e.to_string()),
        },
    };
    let t = Instant::now();
    let nodes = if a.divide {
        let mut total = 0;
        for (m, n) in divide(&pos, a.depth) {
            println!("{m} {n}");
            total += n;
        }
        total
    } else {
        perft(&pos, a.depth)
    };
    let secs = t.elapsed().as_secs_f64();
    println!("nodes {nodes}");
    println!(
        "time {secs:.3} s, {:.1} million nodes/s",
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    ExitCode::SUCCESS
}

fn fail(msg: &str) -> ExitCode {
    eprintln!("fourhand perft: {msg}");
    ExitCode::from(2)
}
