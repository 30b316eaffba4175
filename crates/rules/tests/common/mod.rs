//! Shared helpers for the data tests: where the project's shared test data lives.

#![allow(dead_code)]

use std::path::PathBuf;

/// `shared/data`, beside the project root (overridable with `FOURHAND_DATA`).
pub fn data_dir() -> PathBuf {
    if let Ok(d) = std::env::var("FOURHAND_DATA") {
        return PathBuf::from(d);
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data")
}

/// Whether the shared test data is there. Without it (a clone of the project alone) the test
/// is skipped with a visible warning; in CI (`CI` set) its absence fails the test.
pub fn has_data() -> bool {
    let dir = data_dir();
    if dir.is_dir() {
        return true;
    }
    if std::env::var_os("CI").is_some() {
        panic!(
            "the shared test data is required in CI: {} is missing (set FOURHAND_DATA)",
            dir.display()
        );
    }
    {
        use std::io::Write;
        // Straight to the terminal: the test harness captures eprintln!.
        let _ = writeln!(
            std::io::stderr(),
            "warning: skipping a test of the shared data: {} not found (set FOURHAND_DATA)",
            dir.display()
        );
    }
    false
}

/// Reads a data file, failing loudly when it is missing.
pub fn read(rel: &str) -> String {
    let p = data_dir().join(rel);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

/// Rows of a TSV file without its header.
pub fn tsv(rel: &str) -> Vec<Vec<String>> {
    read(rel)
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

use fourhand_rules::ruleset::RuleSet;
use fourhand_rules::{Army, Kind, Piece, Position, Seat, Square};

/// A position under `rules` with `turn` to move and the pieces of `spec`, a comma-separated
/// list like `"rK h1, bR h2, dgP e9, yQ1 h8"` (colour r/b/y/g, kind; a `d` prefix marks a dead
/// piece, a `1` suffix a one-point queen).
pub fn board(rules: &'static RuleSet, turn: Seat, spec: &str) -> Position {
    let mut pos = Position::empty(rules);
    for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (code, sq) = item.split_once(' ').expect("piece and square");
        let sq: Square = sq.trim().parse().expect("square");
        let mut chars: Vec<char> = code.chars().collect();
        let dead = chars[0] == 'd' && chars.len() > 2;
        if dead {
            chars.remove(0);
        }
        let one_point = chars.last() == Some(&'1');
        if one_point {
            chars.pop();
        }
        let seat = Seat::from_fen_letter(chars[0]).expect("colour");
        let kind = Kind::from_letter(chars[1]).expect("kind");
        pos.put(
            sq,
            Piece {
                seat,
                kind,
                dead,
                one_point,
                reversed: false,
            },
        );
    }
    pos.set_turn(turn);
    pos
}

/// Marks `seat`'s army with a status (greying pieces as the status requires).
pub fn with_army(mut pos: Position, seat: Seat, army: Army) -> Position {
    pos.set_army(seat, army);
    pos
}

/// The legal moves of the seat to move, as sorted texts (`h2-h3`, `h10-h11=Q`).
pub fn moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| m.uci()).collect();
    v.sort();
    v
}

/// The legal moves of the piece on `from`.
pub fn moves_from(pos: &Position, from: &str) -> Vec<String> {
    moves(pos)
        .into_iter()
        .filter(|m| m.split('-').next() == Some(from))
        .collect()
}

/// Leaks a rule set so a position can refer to it.
pub fn leak(rules: RuleSet) -> &'static RuleSet {
    Box::leak(Box::new(rules))
}

/// Plays a move given as text (`e2-e4`, `h10-h11=Q`) for the seat to move.
pub fn play(pos: &mut Position, text: &str) {
    let m = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|m| m.uci() == text)
        .unwrap_or_else(|| panic!("{text} is not legal in {pos:?}: {:?}", moves(pos)));
    pos.play(m);
}

/// Dead King Walking moves in a game's record.
pub fn zombie_moves(g: &fourhand_rules::game::Game) -> usize {
    g.records()
        .iter()
        .filter(|r| {
            matches!(
                r.action,
                fourhand_rules::game::Action::Move { zombie: true, .. }
            )
        })
        .count()
}

/// Plays a move given as text for the seat to move in a game, failing with the legal moves.
pub fn mv(g: &mut fourhand_rules::game::Game, text: &str) {
    let seat = g.to_move().expect("game on");
    let m = g.find_uci(text).unwrap_or_else(|| {
        let all: Vec<_> = g.legal_moves().iter().map(|m| m.uci()).collect();
        panic!("{text} is not legal for {seat}: {all:?}")
    });
    g.play(seat, m).unwrap();
}

/// A game of `rules` from a constructed position, no points, the zombie seed 1, every seat past
/// the abort window (three moves made).
pub fn game_from(rules: RuleSet, p: Position) -> fourhand_rules::game::Game {
    let mut g =
        fourhand_rules::game::Game::from_position(rules, p, Default::default()).with_seed(1);
    for s in Seat::ALL {
        g.set_moves_made(s, 3);
    }
    g
}

/// The outcome of a sides game that `side` won when `seat` went out for `reason`.
pub fn won(
    side: fourhand_rules::Side,
    seat: Seat,
    reason: fourhand_rules::game::OutReason,
) -> Option<fourhand_rules::game::Outcome> {
    Some(fourhand_rules::game::Outcome::Won {
        side,
        by: fourhand_rules::game::Decisive { seat, reason },
    })
}

/// Plays the moves of `cycle` over and over for the seat to move until the game ends (at most
/// `limit` moves).
pub fn repeat_until_over(g: &mut fourhand_rules::game::Game, cycle: &[&str], limit: usize) {
    for m in cycle.iter().cycle().take(limit) {
        if g.is_over() {
            break;
        }
        mv(g, m);
    }
}
