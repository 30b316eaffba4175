//! The root of a search: iterative deepening with aspiration windows, the helpers of a
//! parallel search, and the root's moves searched and sorted best first for the next iteration.

use super::child::child;
use super::node::Node;
use super::order::{self, Hints};
use super::prune;
use super::{Limits, Searcher, MATE};
use fourhand_rules::game::Game;
use fourhand_rules::{Move, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct Report {
    /// Best move found.
    pub best: Option<Move>,
    /// Its score for the root seat.
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time used.
    pub elapsed: Duration,
}

impl Searcher {
    /// Searches `pos` for the seat to move (on every thread it has), every seat's points at 0.
    pub fn search(&mut self, pos: &Position, limits: Limits) -> Report {
        self.search_with_points(pos, &[0; 4], limits)
    }

    /// Searches `game`'s position for the seat to move with its points (as
    /// [`Searcher::search_with_points`]) and its earlier positions, which a line that repeats
    /// one a third time draws (`repetition`).
    pub fn search_game(&mut self, game: &Game, limits: Limits) -> Report {
        let keys = game.repetition_keys();
        self.history.clear();
        self.history.extend_from_slice(keys);
        for h in &mut self.helpers {
            h.history.clone_from(&self.history);
        }
        let r = self.searched(game.position(), &game.points().0, limits);
        self.history.clear();
        r
    }

    /// Searches `pos` for the seat to move (on every thread it has) in a game where each seat
    /// has won `points` so far (FFA; `Game::points`). With the `standings` option off, or in
    /// a rule set without points, the points are not looked at.
    pub fn search_with_points(
        &mut self,
        pos: &Position,
        points: &[i32; 4],
        limits: Limits,
    ) -> Report {
        self.history.clear();
        for h in &mut self.helpers {
            h.history.clear();
        }
        self.searched(pos, points, limits)
    }

    /// [`Searcher::search_with_points`] with the game's history as it stands.
    fn searched(&mut self, pos: &Position, points: &[i32; 4], limits: Limits) -> Report {
        self.table.next_generation();
        let standing = if self.opts.standings && pos.rules().scoring {
            *points
        } else {
            [0; 4]
        };
        if self.helpers.is_empty() {
            return self.search_from(pos, standing, limits, 1);
        }
        let halt = Arc::new(AtomicBool::new(false));
        let mut helpers = std::mem::take(&mut self.helpers);
        let report = std::thread::scope(|scope| {
            for (i, h) in helpers.iter_mut().enumerate() {
                h.halt = Some(Arc::clone(&halt));
                h.stop.clone_from(&self.stop);
                // Every other helper starts one ply deeper, so the threads spread over depths.
                let first = 1 + (i as u32 + 1) % 2;
                scope.spawn(move || h.search_from(pos, standing, limits, first));
            }
            let r = self.search_from(pos, standing, limits, 1);
            halt.store(true, Ordering::Relaxed);
            r
        });
        let nodes = report.nodes + helpers.iter().map(|h| h.nodes).sum::<u64>();
        self.helpers = helpers;
        Report { nodes, ..report }
    }

    /// Searches `pos` by iterative deepening from `first` plies, from the points `standing`.
    fn search_from(
        &mut self,
        pos: &Position,
        standing: [i32; 4],
        limits: Limits,
        first: u32,
    ) -> Report {
        self.nodes = 0;
        self.standing = standing;
        self.limits = limits;
        self.start = Instant::now();
        self.stopped = false;
        self.interrupted = false;
        self.root = pos.turn();
        self.weights = self.opts.weights(pos.rules().variant);
        self.heur.clear();
        let mut moves: Vec<Move> = pos.legal_moves().to_vec();
        let mut best = moves.first().copied();
        let mut best_score = 0;
        let mut depth_done = 0;
        for depth in first.min(limits.depth.max(1))..=limits.depth.max(1) {
            let (score, mv, complete) = self.aspirated(pos, &mut moves, depth, best_score);
            // An iteration cut short counts too: its best move was searched to the end, and the
            // previous best went first, so a new one beat it at this depth.
            if let Some(m) = mv {
                best = Some(m);
                best_score = score;
                if complete {
                    depth_done = depth;
                }
            }
            if score.abs() > MATE - 1000 || self.stopped {
                break;
            }
        }
        Report {
            best,
            score: best_score,
            depth: depth_done,
            nodes: self.nodes,
            elapsed: self.start.elapsed(),
        }
    }

    /// One iteration, first within a window around the last score, widened until the score
    /// falls inside.
    pub(super) fn aspirated(
        &mut self,
        pos: &Position,
        moves: &mut Vec<Move>,
        depth: u32,
        last: i32,
    ) -> (i32, Option<Move>, bool) {
        let full = (-MATE * 2, MATE * 2);
        if !self.opts.aspiration || depth < 4 || last.abs() > MATE - 1000 {
            return self.root_search(pos, moves, depth, full);
        }
        let mut delta = prune::ASPIRATION;
        let (mut lo, mut hi) = (last - delta, last + delta);
        loop {
            let (score, mv, complete) = self.root_search(pos, moves, depth, (lo, hi));
            if self.stopped {
                // Only a score inside the window is a result.
                let inside = score > lo && score < hi;
                return (score, mv.filter(|_| inside), false);
            }
            if score <= lo {
                lo = if delta > 800 {
                    full.0
                } else {
                    score - delta * 2
                };
            } else if score >= hi {
                hi = if delta > 800 {
                    full.1
                } else {
                    score + delta * 2
                };
            } else {
                return (score, mv, complete);
            }
            delta *= 3;
        }
    }

    /// Searches the root moves within `window`, the best of the last iteration first, and
    /// sorts them best first for the next. Returns the best score and move, and whether every
    /// move was searched.
    fn root_search(
        &mut self,
        pos: &Position,
        moves: &mut Vec<Move>,
        depth: u32,
        window: (i32, i32),
    ) -> (i32, Option<Move>, bool) {
        let (mut alpha, beta) = window;
        let mut best = None;
        let mut best_score = -MATE * 2;
        let ordered = if depth == 1 {
            order::order(pos, moves, Hints::PLAIN).collect()
        } else {
            moves.clone()
        };
        let mut scored = Vec::with_capacity(ordered.len());
        for m in ordered {
            let (child, points) = child(pos, m, &self.standing);
            let s = match child {
                Some(c) => {
                    let node = Node::child_of_root(scored.len());
                    if best.is_none() || !self.opts.pvs {
                        self.alphabeta(&c, depth - 1, alpha, beta, &points, node)
                    } else {
                        let s = self.alphabeta(&c, depth - 1, alpha, alpha + 1, &points, node);
                        if s > alpha && s < beta && !self.stopped {
                            self.alphabeta(&c, depth - 1, alpha, beta, &points, node)
                        } else {
                            s
                        }
                    }
                }
                None => MATE - 1,
            };
            if self.stopped {
                break;
            }
            scored.push((s, m));
            if s > best_score {
                best_score = s;
                best = Some(m);
            }
            alpha = alpha.max(s);
            if alpha >= beta {
                break;
            }
        }
        let complete = scored.len() == moves.len();
        // Best first in the next iteration (a stable sort keeps the order among equals).
        if complete {
            scored.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
            *moves = scored.into_iter().map(|(_, m)| m).collect();
        } else if let Some(b) = best {
            // A fail-high (or a cut-short search): its move goes first.
            if let Some(i) = moves.iter().position(|&x| x == b) {
                moves[..=i].rotate_right(1);
            }
        }
        (best_score, best, complete)
    }
}
