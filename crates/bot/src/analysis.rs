//! The engine as an analyst: a position's best lines with a score for every seat that a player
//! can read, in the units the analysis board shows.
//!
//! - Sides games (Teams, Verney, Club): one score for Red/Yellow against Blue/Green, in pawns
//!   (hundredths here): the search's score for the side to move, turned to each seat's side.
//! - Games without sides (FFA, Chaturaji): each seat's margin, in points, over its strongest
//!   rival — its points won plus the points its pieces would be worth captured, against the
//!   best rival's — as the evaluation weighs it. The seat to move gets the search's score; the
//!   others are read at the end of the line.
//!
//! A forced mate is a [`Score::mate`] in rounds of the seat to move.

use crate::eval::evaluate;
use crate::search::{Limits, Line, Options, Searcher, MATE, MATE_BOUND};
use crate::weights::FFA_POINT;
use fourhand_rules::game::Game;
use fourhand_rules::{BySeat, Move, Seat};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Scores are capped at this many hundredths (100 pawns or points) short of a mate.
pub const DECIDED: i32 = 10_000;

/// A score for one seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// Hundredths of a pawn (sides games) or of a point (games without sides), higher is
    /// better for the seat; a mate is `±DECIDED`.
    pub centi: i32,
    /// A forced mate, in rounds: how many times the seat to move plays before the mated seat's
    /// turn comes, this move included ("mate in 1": the mate is on the board before the seat
    /// to move plays again). Positive when this seat's side gives it.
    pub mate: Option<i32>,
}

/// One line with every seat's score.
#[derive(Clone, Debug)]
pub struct ScoredLine {
    /// The moves, the first the one recommended.
    pub moves: Vec<Move>,
    /// Each seat's score.
    pub scores: BySeat<Score>,
}

/// The lines of one completed depth.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The depth in plies.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Best first.
    pub lines: Vec<ScoredLine>,
}

/// A searcher kept for analysis: one thread, its own table.
pub struct Analyst {
    searcher: Searcher,
}

impl Analyst {
    /// An analyst with a table of `2^bits` entries and the engine's default options.
    pub fn new(bits: u32) -> Analyst {
        Analyst {
            searcher: Searcher::with_options(bits, Options::default()),
        }
    }

    /// Stops the search under way as soon as `flag` is set.
    pub fn set_stop(&mut self, flag: Arc<AtomicBool>) {
        self.searcher.set_stop(flag);
    }

    /// Whether the last search ended because the stop flag was set.
    pub fn interrupted(&self) -> bool {
        self.searcher.interrupted()
    }

    /// The `count` best lines of `game`'s position within `limits`, calling `each` after every
    /// completed depth (the lines as they deepen).
    pub fn lines(
        &mut self,
        game: &Game,
        limits: Limits,
        count: usize,
        each: impl FnMut(&Analysis),
    ) -> Analysis {
        self.lines_with(game, limits, count, None, each)
    }

    /// As [`Analyst::lines`], with `also`'s line searched too at every depth (last, unless it
    /// is among the best): a move played, scored by the same search as the best.
    pub fn lines_with(
        &mut self,
        game: &Game,
        limits: Limits,
        count: usize,
        also: Option<Move>,
        mut each: impl FnMut(&Analysis),
    ) -> Analysis {
        let opts = self.searcher.options();
        let rules = *game.rules();
        let root = game.position().turn();
        let scored = |l: &crate::search::Lines| Analysis {
            depth: l.depth,
            nodes: l.nodes,
            lines: l
                .lines
                .iter()
                .map(|line| ScoredLine {
                    moves: line.moves.clone(),
                    scores: seat_scores(line, root, &rules, &opts),
                })
                .collect(),
        };
        let done = self
            .searcher
            .search_lines(game, limits, count, also, |l| each(&scored(l)));
        scored(&done)
    }
}

/// Every seat's score for `line`, searched for `root`.
fn seat_scores(
    line: &Line,
    root: Seat,
    rules: &fourhand_rules::RuleSet,
    opts: &Options,
) -> BySeat<Score> {
    let weights = opts.weights(rules.variant);
    if rules.sides() {
        let pawn = weights.pawn.max(1);
        let mine = score_of(line.score, pawn);
        BySeat(Seat::ALL.map(|s| {
            if rules.allied(root, s) {
                mine
            } else {
                Score {
                    centi: -mine.centi,
                    mate: mine.mate.map(|m| -m),
                }
            }
        }))
    } else {
        BySeat(Seat::ALL.map(|s| {
            if s == root {
                score_of(line.score, FFA_POINT)
            } else {
                let v = evaluate(&line.end, s, &line.end_points, &weights);
                score_of(v, FFA_POINT)
            }
        }))
    }
}

/// A search score in hundredths of `unit`; a mate in rounds (see [`Score::mate`]).
fn score_of(score: i32, unit: i32) -> Score {
    if score.abs() > MATE_BOUND {
        // The mate is scored at the mated seat's turn, `plies` from the root's.
        let plies = MATE - score.abs();
        let moves = ((plies + 3) / 4).max(1);
        return Score {
            centi: DECIDED * score.signum(),
            mate: Some(moves * score.signum()),
        };
    }
    Score {
        centi: (i64::from(score) * 100 / i64::from(unit)).clamp(-(DECIDED as i64), DECIDED as i64)
            as i32,
        mate: None,
    }
}

/// Limits for an analysis of at most `depth` plies and `nodes` nodes.
pub fn limits(depth: u32, nodes: u64) -> Limits {
    Limits {
        depth,
        nodes,
        time: None,
    }
}
