//! Analysis: the best few lines of a position ("multi-PV"), deepened one iteration at a time.
//! At each depth the root's moves are searched for the best, then again without it for the
//! second best, and so on, each with an exact score; the lines are read back from the table.

use super::child::child;
use super::table::{key, move_code};
use super::{Limits, Searcher, MATE_BOUND};
use fourhand_rules::game::Game;
use fourhand_rules::{Move, Position};

/// Most moves a line read back from the table holds.
const MAX_LINE: usize = 12;

/// One of a position's best lines.
#[derive(Clone, Debug)]
pub struct Line {
    /// Its moves from the position, the first being the move it recommends.
    pub moves: Vec<Move>,
    /// Its score for the seat to move in the position (the root), higher is better.
    pub score: i32,
    /// The position at the end of the line and the FFA points won along it: where the score of
    /// each seat is read in games without sides.
    pub end: Position,
    /// Each seat's FFA points at the end of the line.
    pub end_points: [i32; 4],
}

/// The lines of one completed iteration.
#[derive(Clone, Debug)]
pub struct Lines {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// Best first; as many as asked for, or fewer when the position has fewer moves.
    pub lines: Vec<Line>,
    /// Nodes searched so far.
    pub nodes: u64,
}

impl Searcher {
    /// Searches `game`'s position for its `count` best lines by iterative deepening within
    /// `limits` (on this thread only), calling `each` after every completed iteration. With
    /// `also`, that move's line is searched too at every depth and comes last when it is not
    /// among the best (a review's move played, scored by the same search as the best). Returns
    /// the deepest completed iteration's lines (empty with depth 0 when not even the first
    /// completed, or when the seat to move has no move).
    pub fn search_lines(
        &mut self,
        game: &Game,
        limits: Limits,
        count: usize,
        also: Option<Move>,
        mut each: impl FnMut(&Lines),
    ) -> Lines {
        let pos = game.position();
        self.history.clear();
        self.history.extend_from_slice(game.repetition_keys());
        self.table.next_generation();
        self.standing = if self.opts.standings && pos.rules().scoring {
            game.points().0
        } else {
            [0; 4]
        };
        self.nodes = 0;
        self.limits = limits;
        self.start = std::time::Instant::now();
        self.stopped = false;
        self.interrupted = false;
        self.root = pos.turn();
        self.weights = self.opts.weights(pos.rules().variant);
        self.heur.clear();
        let mut order: Vec<Move> = pos.legal_moves().to_vec();
        let mut done = Lines {
            depth: 0,
            lines: Vec::new(),
            nodes: 0,
        };
        let count = count.clamp(1, order.len().max(1));
        let mut guesses: Vec<i32> = vec![0; count];
        for depth in 1..=limits.depth.max(1) {
            let mut picked: Vec<(i32, Move)> = Vec::with_capacity(count);
            let mut rest = order.clone();
            while picked.len() < count && !rest.is_empty() {
                let guess = guesses.get(picked.len()).copied().unwrap_or(0);
                let (score, best, complete) = self.aspirated(pos, &mut rest, depth, guess);
                let Some(best) = best.filter(|_| complete && !self.stopped) else {
                    break;
                };
                picked.push((score, best));
                rest.retain(|&m| m != best);
            }
            if self.stopped || picked.is_empty() {
                break;
            }
            guesses = picked.iter().map(|p| p.0).collect();
            order = picked.iter().map(|p| p.1).chain(rest).collect();
            // The move asked for, when legal and not among the best: searched alone.
            if let Some(m) = also.filter(|m| order.contains(m) && !picked.iter().any(|p| p.1 == *m))
            {
                let mut alone = vec![m];
                let (score, best, complete) = self.aspirated(pos, &mut alone, depth, guesses[0]);
                if best.is_none() || !complete || self.stopped {
                    break;
                }
                picked.push((score, m));
            }
            done = Lines {
                depth,
                lines: picked
                    .iter()
                    .map(|&(score, m)| self.line(pos, m, score, depth))
                    .collect(),
                nodes: self.nodes,
            };
            each(&done);
            // A mate found for every line is as deep as it gets.
            if done.lines.iter().all(|l| l.score.abs() > MATE_BOUND) {
                break;
            }
        }
        done.nodes = self.nodes;
        self.history.clear();
        done
    }

    /// The line that starts with `first` from `pos`: the moves the table keeps as best after
    /// it, as far as they go (at most `depth` plies, and [`MAX_LINE`]), stopping at a position
    /// met twice.
    fn line(&self, pos: &Position, first: Move, score: i32, depth: u32) -> Line {
        let mut moves = vec![first];
        let (mut at, mut points) = child(pos, first, &self.standing);
        let mut end = (pos.clone(), self.standing);
        let mut seen = Vec::new();
        let most = (depth as usize).clamp(1, MAX_LINE);
        while let Some(p) = at {
            end = (p.clone(), points);
            if moves.len() >= most {
                break;
            }
            let k = key(&p, &points);
            if seen.contains(&k) {
                break;
            }
            seen.push(k);
            let Some(code) = self.table.probe(k).and_then(|e| e.best) else {
                break;
            };
            let Some(m) = p
                .legal_moves()
                .iter()
                .copied()
                .find(|&m| move_code(m) == code)
            else {
                break;
            };
            moves.push(m);
            (at, points) = child(&p, m, &points);
        }
        Line {
            moves,
            score,
            end: end.0,
            end_points: end.1,
        }
    }
}
