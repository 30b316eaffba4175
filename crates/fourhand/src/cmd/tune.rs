//! `fourhand tune`: fits the engine's evaluation weights to the results of finished games
//! (a logistic "Texel" fit, `fourhand_bot::tune`) and prints the fitted weights in the form the
//! engine's `search` option and `fourhand arena`'s `engine3/…` take.

use fourhand_bot::search::Options;
use fourhand_bot::tune::{error, fit, fit_scale, samples};
use fourhand_bot::Weights;
use fourhand_rules::Variant;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `fourhand tune`.
#[derive(clap::Args)]
pub struct Args {
    /// PGN4 files of finished games (several games one after another, as `fourhand arena
    /// --pgn` writes them): a sides game labelled by its `Result` tag, an FFA game by the
    /// placings its points give where the record ends (cut-off arena games too).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Plies of each game left out at its start (the opening).
    #[arg(long, default_value_t = 8)]
    skip: usize,
    /// Passes over the weights at most.
    #[arg(long, default_value_t = 30)]
    passes: usize,
    /// Every Nth game is held out of the fit and only measured: the fit stops when their error
    /// stops falling, and keeps the weights where it was lowest (0: none held out).
    #[arg(long, default_value_t = 5)]
    hold_out: usize,
    /// The weights to start from, as the engine's options take them (`threat=50,queen=950`,
    /// `no-threats`); the engine's own for the rule set by default.
    #[arg(long, default_value = "")]
    from: String,
    /// The rule set whose games are fitted (teams, verney, club, ffa); the games of others in
    /// the files are left out. In FFA each position is evaluated for every seat still
    /// playing, with the points so far, against that seat's placing.
    #[arg(long, default_value = "teams")]
    rules: String,
}

/// Runs the command: exit 0 with the fitted weights printed, 2 when a file cannot be read or
/// holds no usable game.
pub fn run(a: Args) -> ExitCode {
    let mut start = Options::default();
    for part in a.from.split(',').filter(|p| !p.is_empty()) {
        if let Err(e) = start.set(part) {
            eprintln!("fourhand tune: {e}");
            return ExitCode::from(2);
        }
    }
    let variant: Variant = match a.rules.parse() {
        Ok(v) => v,
        Err(e) => {
            eprintln!("fourhand tune: {e}");
            return ExitCode::from(2);
        }
    };
    let (mut train, mut held) = (Vec::new(), Vec::new());
    let mut games = 0;
    for file in &a.files {
        let text = match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("fourhand tune: cannot read {}: {e}", file.display());
                return ExitCode::from(2);
            }
        };
        for game in fourhand_rules::notation::pgn4::split_games(&text) {
            let (s, n) = samples(game, a.skip, variant);
            if n == 0 {
                continue;
            }
            games += 1;
            if a.hold_out > 0 && games % a.hold_out == 0 {
                held.extend(s);
            } else {
                train.extend(s);
            }
        }
    }
    if train.is_empty() {
        eprintln!(
            "fourhand tune: no finished {} game in the files",
            variant.short_name()
        );
        return ExitCode::from(2);
    }
    // The evaluation the engine plays with in that rule set, its switches applied.
    let w0 = start.weights(variant);
    let k = fit_scale(&train, &w0);
    println!(
        "{games} games: {} positions to fit, {} held out; scale k = {k:.3}",
        train.len(),
        held.len()
    );
    let show = |label: &str, w: &Weights| {
        let held_err = (!held.is_empty()).then(|| error(&held, w, k));
        println!(
            "{label}: error {:.6}{}",
            error(&train, w, k),
            held_err.map_or(String::new(), |e| format!(", held out {e:.6}"))
        );
    };
    show("start", &w0);
    // With games held out, the fit stops once their error has not fallen for three passes,
    // and the weights of the pass where it was lowest are the answer.
    let mut best = (f64::MAX, w0, 0);
    let fitted = fit(&train, w0, k, a.passes, |pass, e, w| {
        if held.is_empty() {
            println!("pass {}: error {e:.6}", pass + 1);
            best.1 = *w;
            return true;
        }
        let h = error(&held, w, k);
        println!("pass {}: error {e:.6}, held out {h:.6}", pass + 1);
        if h < best.0 {
            best = (h, *w, pass);
        }
        pass < best.2 + 3
    });
    let chosen = if held.is_empty() { fitted } else { best.1 };
    show("fitted", &chosen);
    println!("{}", spec(&chosen));
    ExitCode::SUCCESS
}

/// The fitted weights as the engine's options take them.
fn spec(w: &Weights) -> String {
    w.named()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(",")
}
