//! `fourhand replay`: replays a PGN4 and reports the first bad move or the final state, and
//! whether that agrees with the record's `Result` and `Termination` (`mismatch`); with
//! `--check DIR`, every `.pgn4` under a folder, one line per game that disagrees and a summary.

use fourhand_rules::game::{Game, Outcome};
use fourhand_rules::notation::pgn4::{mismatches, replay, split_games, ReadError, Replay};
use fourhand_rules::{BySeat, Seat};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `fourhand replay`.
#[derive(clap::Args)]
pub struct Args {
    /// The PGN4 file (several games one after another are replayed in turn). Its `Variant` and
    /// `RuleVariants` tags choose the rules, options included (`EnPassant KotH Teammate=1`, …).
    #[arg(required_unless_present = "check")]
    file: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Replay every `.pgn4` under this folder (subfolders included) and check each against its
    /// Result and Termination tags (FFA: the points): one line per game that disagrees, then
    /// `N passed, M failed`; exit 1 when any failed.
    #[arg(long, value_name = "DIR", conflicts_with = "file")]
    check: Option<PathBuf>,
}

/// Runs the command: exit 0 when every move replays and the record agrees, 1 at the first bad
/// move or a disagreement, 2 when the file cannot be read.
pub fn run(a: Args) -> ExitCode {
    if let Some(dir) = &a.check {
        return check_dir(dir);
    }
    let Some(file) = a.file.as_ref() else {
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("fourhand replay: cannot read {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    let games = split_games(&text);
    if games.len() > 1 {
        return replay_many(&games, a.json);
    }
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
    if r.error.is_some() || !mismatches(&r).is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Several games in one file: each replayed and reported in turn; exit 1 when any fails.
fn replay_many(games: &[&str], as_json: bool) -> ExitCode {
    let mut failed = 0;
    let mut reports = Vec::new();
    for (i, text) in games.iter().enumerate() {
        match replay(text) {
            Ok(r) => {
                let bad = r.error.is_some() || !mismatches(&r).is_empty();
                failed += usize::from(bad);
                if as_json {
                    reports.push(report_json(&r));
                } else {
                    println!("game {}:", i + 1);
                    print_text(&r);
                }
            }
            Err(e) => {
                failed += 1;
                if as_json {
                    reports.push(json!({"plies": 0, "error": error_json(&e)}));
                } else {
                    println!("game {}: {e}", i + 1);
                }
            }
        }
    }
    if as_json {
        println!(
            "{}",
            serde_json::to_string_pretty(&Value::Array(reports)).unwrap_or_default()
        );
    } else {
        println!(
            "{} games, {} replayed cleanly",
            games.len(),
            games.len() - failed
        );
    }
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Every `.pgn4` under `dir`, sorted.
fn pgn4_files(dir: &std::path::Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for e in std::fs::read_dir(dir)? {
        let p = e?.path();
        if p.is_dir() {
            pgn4_files(&p, out)?;
        } else if p.extension().is_some_and(|x| x == "pgn4") {
            out.push(p);
        }
    }
    Ok(())
}

fn check_dir(dir: &std::path::Path) -> ExitCode {
    let mut files = Vec::new();
    if let Err(e) = pgn4_files(dir, &mut files) {
        eprintln!("fourhand replay: cannot read {}: {e}", dir.display());
        return ExitCode::from(2);
    }
    files.sort();
    let (mut passed, mut failed) = (0, 0);
    for f in &files {
        let problems = match std::fs::read_to_string(f) {
            Err(e) => vec![format!("cannot read: {e}")],
            Ok(text) => match replay(&text) {
                Err(e) => vec![format!("does not read: {e}")],
                Ok(r) => mismatches(&r),
            },
        };
        if problems.is_empty() {
            passed += 1;
        } else {
            failed += 1;
            println!("FAIL {}: {}", f.display(), problems.join("; "));
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn error_json(e: &ReadError) -> Value {
    json!({
        "round": e.round,
        "seat": e.colour,
        "move": e.text,
        "reason": e.reason.to_string(),
    })
}

/// The result in words, as the `Result` tag would say it.
fn result_words(g: &Game) -> String {
    match g.outcome() {
        None => "in progress".into(),
        Some(Outcome::Aborted { by }) => format!("aborted by {}", g.rules().colour(by)),
        Some(Outcome::Won { side, .. }) => {
            let [a, b] = g.rules().seats_of(side);
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
        "mismatch": mismatches(r),
    });
    if g.rules().scoring {
        v["points"] = json!(per_seat(&g.points()));
    }
    if !g.rules().sides() {
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
        } else if !rules.sides() {
            line.push_str(&format!(", place {}", g.placings()[s]));
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
    for m in mismatches(r) {
        println!("mismatch: {m}");
    }
}
