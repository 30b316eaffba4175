//! `fourhand replay`: replays a PGN4 and reports the first bad move or the final state.

use fourhand_rules::game::{Game, Outcome};
use fourhand_rules::notation::pgn4::{replay, ReadError, Replay};
use fourhand_rules::{BySeat, Seat};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `fourhand replay`.
#[derive(clap::Args)]
pub struct Args {
    /// The PGN4 file.
    file: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs the command: exit 0 when every move replays, 1 at the first bad move, 2 when the file
/// cannot be read.
pub fn run(a: Args) -> ExitCode {
    let text = match std::fs::read_to_string(&a.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("fourhand replay: cannot read {}: {e}", a.file.display());
            return ExitCode::from(2);
        }
    };
    let r = match replay(&text) {
        Ok(r) => r,
        Err(e) => {
            if a.json {
                println!("{}", json!({"plies": 0, "error": error_json(&e)}));
            } else {
                eprintln!("fourhand replay: {e}");
            }
            return ExitCode::from(1);
        }
    };
    if a.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report_json(&r)).unwrap_or_default()
        );
    } else {
        print_text(&r);
    }
    if r.error.is_some() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn error_json(e: &ReadError) -> Value {
    json!({
        "round": e.round,
        "seat": e.colour,
        "move": e.text,
        "reason": e.reason,
    })
}

/// The result in words, as the `Result` tag would say it.
fn result_words(g: &Game) -> String {
    match g.outcome() {
        None => "in progress".into(),
        Some(Outcome::Aborted { by }) => format!("aborted by {}", g.rules().colour(by)),
        Some(Outcome::Won { side, .. }) => {
            let [a, b] = side.seats();
            format!("{} and {} win", g.rules().colour(a), g.rules().colour(b))
        }
        Some(Outcome::Drawn(r)) => format!("drawn ({})", r.as_str()),
        Some(Outcome::Finished) => "finished".into(),
    }
}

fn termination(g: &Game) -> Option<String> {
    g.outcome().map(|o| o.termination(g.rules()))
}

fn per_seat<T: Clone>(v: &BySeat<T>) -> Vec<T> {
    Seat::ALL.iter().map(|&s| v[s].clone()).collect()
}

fn report_json(r: &Replay) -> Value {
    let g = &r.game;
    let status: Vec<Value> = Seat::ALL
        .iter()
        .map(|&s| {
            json!({
                "seat": s.to_string(),
                "colour": g.rules().colour(s),
                "status": g.statuses()[s].describe(),
            })
        })
        .collect();
    let mut v = json!({
        "variant": g.rules().variant.pgn_name(),
        "plies": r.plies,
        "error": r.error.as_ref().map(error_json),
        "status": status,
        "result": fourhand_rules::notation::pgn4::result_tag(g, &r.tags),
        "outcome": result_words(g),
        "termination": termination(g),
    });
    if g.rules().scoring {
        v["points"] = json!(per_seat(&g.points()));
        v["placings"] = json!(per_seat(&g.placings()));
    }
    v
}

fn print_text(r: &Replay) {
    let g = &r.game;
    let rules = g.rules();
    println!(
        "{} game, {} moves replayed",
        rules.variant.pgn_name(),
        r.plies
    );
    if let Some(e) = &r.error {
        println!("error: {e}");
    }
    for s in Seat::ALL {
        let mut line = format!(
            "  {:<7} {:<6} {}",
            rules.colour(s),
            s.to_string(),
            g.statuses()[s].describe()
        );
        if rules.scoring {
            line.push_str(&format!(
                ", {} points, place {}",
                g.points()[s],
                g.placings()[s]
            ));
        }
        println!("{line}");
    }
    println!(
        "result: {} ({})",
        fourhand_rules::notation::pgn4::result_tag(g, &r.tags),
        result_words(g)
    );
    if let Some(t) = termination(g) {
        println!("termination: {t}");
    }
}
