//! `fourhand arena`: a match between two bots or engine commands with an Elo estimate.

use fourhand_bot::arena::{play_match, Contender, MatchConfig, Sprt, SprtVerdict};
use fourhand_bot::Clock;
use fourhand_rules::notation::pgn4::{self, Tags};
use fourhand_rules::{RuleSet, Seat, Variant};
use std::io::Write;
use std::path::PathBuf;
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
    /// Rule set: teams, ffa, verney1881, club1893, chaturaji, conquest.
    #[arg(long, default_value = "teams")]
    rules: String,
    #[arg(long, default_value = "", help = super::OPTIONS_HELP)]
    options: String,
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
    /// A fixed time per move for every player, ms (instead of --bank-ms/--delay-ms).
    #[arg(long, value_name = "MS", conflicts_with_all = ["bank_ms", "delay_ms", "increment_ms", "real_clock"])]
    movetime_ms: Option<u64>,
    /// Play on a real clock: each seat's --bank-ms runs down (after the --delay-ms of each move,
    /// plus --increment-ms), and a flag fall loses on time.
    #[arg(long)]
    real_clock: bool,
    /// Start positions: a file of FEN4 positions, one per line (blank lines and lines starting
    /// with `#` skipped); each is played twice with the seats swapped, in turn.
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Write every game to FILE as PGN4, one after another (`fourhand replay FILE` replays
    /// them all).
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Stop as soon as a sequential probability ratio test decides between "A is ELO0 Elo
    /// stronger" and "A is ELO1 stronger" (error rates 5 % each), e.g. `--sprt 0,10`.
    #[arg(long, value_name = "ELO0,ELO1")]
    sprt: Option<String>,
    /// The transposition table of each in-process engine bot, MB (1 to 1024; the largest power
    /// of two of 16-byte entries that fits, new every game). Default: 4, as a seat's bot on the
    /// server has. An engine command sizes its own (`setoption name hash`).
    #[arg(long, value_name = "MB", default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=1024))]
    hash: u64,
    /// Send engine commands each game from its start with the moves played (`position fen
    /// <start> moves …`), not only the position as it stands, so that they can count
    /// repetitions (as a bot in the server's or the arena's own process does). 4pchess's
    /// adapter takes positions only.
    #[arg(long)]
    history: bool,
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
    let sprt = match a.sprt.as_deref().map(Sprt::parse).transpose() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("fourhand arena: {e}");
            return ExitCode::from(2);
        }
    };
    let openings = match &a.openings {
        None => Vec::new(),
        Some(f) => match std::fs::read_to_string(f) {
            Ok(t) => t
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(String::from)
                .collect(),
            Err(e) => {
                eprintln!("fourhand arena: cannot read {}: {e}", f.display());
                return ExitCode::from(2);
            }
        },
    };
    let mut pgn = match &a.pgn {
        None => None,
        Some(f) => match std::fs::File::create(f) {
            Ok(file) => Some(std::io::BufWriter::new(file)),
            Err(e) => {
                eprintln!("fourhand arena: cannot write {}: {e}", f.display());
                return ExitCode::from(2);
            }
        },
    };
    let cfg = MatchConfig {
        games: a.games,
        max_plies: a.max_plies,
        seed: a.seed,
        clock: match a.movetime_ms {
            Some(ms) => Clock::fixed(ms),
            None => Clock {
                bank_ms: a.bank_ms,
                delay_ms: a.delay_ms,
                increment_ms: a.increment_ms,
            },
        },
        openings,
        sprt,
        running: a.real_clock,
        table_bits: fourhand_bot::search::table_bits_for_mb(a.hash),
        history: a.history,
    };
    let rules = match RuleSet::of(variant).with_rule_variants(&a.options) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("fourhand arena: {e}");
            return ExitCode::from(2);
        }
    };
    let (name_a, name_b) = (ca.name(), cb.name());
    let mut pgn_error = None;
    let t = std::time::Instant::now();
    let r = play_match(rules, &ca, &cb, &cfg, |g, game| {
        let (a_seats, b_seats) = (rules.seats_of(g.a_side), rules.seats_of(g.a_side.other()));
        let seats = |s: [Seat; 2]| format!("{}+{}", rules.colour(s[0]), rules.colour(s[1]));
        println!(
            "game {}: {name_a} {} vs {name_b} {}, {}, {} for {name_a}, {} plies, {}",
            g.number,
            seats(a_seats),
            seats(b_seats),
            g.opening,
            match g.score {
                s if s >= 1.0 => "1".to_string(),
                s if s <= 0.0 => "0".to_string(),
                _ => "½".to_string(),
            },
            g.plies,
            g.ending
        );
        if let Some(out) = pgn.as_mut() {
            let mut tags = Tags::default();
            tags.set("Event", "fourhand arena");
            tags.set("Round", g.number.to_string());
            for s in Seat::ALL {
                let who = if a_seats.contains(&s) {
                    &name_a
                } else {
                    &name_b
                };
                tags.set(rules.colour(s), format!("{who} {}", rules.colour(s)));
            }
            let text = pgn4::write(game, &tags);
            // Each game is on disk as soon as it ends (a long match can be read as it goes).
            if let Err(e) = writeln!(out, "{text}").and_then(|_| out.flush()) {
                pgn_error.get_or_insert(e);
            }
        }
    });
    let r = match r {
        Ok(r) => r,
        Err(e) => {
            eprintln!("fourhand arena: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(out) = pgn.as_mut() {
        if let Err(e) = out.flush() {
            pgn_error.get_or_insert(e);
        }
    }
    if let Some(e) = pgn_error {
        eprintln!("fourhand arena: writing the PGN4 file: {e}");
        return ExitCode::FAILURE;
    }
    let (elo, margin) = r.elo();
    // The rule set as named, with its options (`Teams KotH`).
    let title = match rules.name().split_once(' ') {
        Some((_, options)) => format!("{} {options}", variant.pgn_name()),
        None => variant.pgn_name().to_string(),
    };
    println!(
        "{} {} vs {}: {:.1}/{} ({:.1}%), Elo {:+.0} ± {:.0}, {} forfeits, {} flag falls, {:.1} s",
        title,
        name_a,
        name_b,
        r.score,
        r.games,
        100.0 * r.fraction(),
        elo,
        margin,
        r.forfeits,
        r.flags,
        t.elapsed().as_secs_f64()
    );
    if let Some(test) = &cfg.sprt {
        let (lo, hi) = test.bounds();
        let verdict = match r.sprt {
            Some(SprtVerdict::H1) => {
                format!("H1 accepted ({name_a} is at least {:+} Elo)", test.elo1)
            }
            Some(SprtVerdict::H0) => {
                format!("H0 accepted ({name_a} is at most {:+} Elo)", test.elo0)
            }
            None => "no decision yet".to_string(),
        };
        println!(
            "SPRT [{}, {}]: LLR {:.2} (bounds {:.2}, {:.2}), {verdict}",
            test.elo0,
            test.elo1,
            test.llr(&r.per_game),
            lo,
            hi
        );
    }
    ExitCode::SUCCESS
}
