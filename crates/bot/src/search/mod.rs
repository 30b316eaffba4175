//! Alpha-beta search with iterative deepening, a transposition table, capture ordering and a
//! capture quiescence. Scores are always from the root seat's point of view: the root's team
//! (its seat and, in sides games, its partner) maximises and every other seat minimises —
//! two-sided minimax in Teams, Verney and Club, the "paranoid" search in FFA.

use crate::eval::{allied, evaluate};
use fourhand_rules::game::scoring::capture_value;
use fourhand_rules::position::Army;
use fourhand_rules::ruleset::MatedArmy;
use fourhand_rules::{Kind, Move, Position, Seat};
use std::time::{Duration, Instant};

/// A mate score (minus the plies to it).
pub const MATE: i32 = 1_000_000;

/// What bounds a search.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: u32,
    /// Node budget.
    pub nodes: u64,
    /// Time budget.
    pub time: Option<Duration>,
}

impl Limits {
    /// Depth only.
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: d,
            nodes: u64::MAX,
            time: None,
        }
    }
}

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

#[derive(Copy, Clone, Default)]
struct Entry {
    key: u64,
    depth: u8,
    score: i32,
    bound: u8, // 0 exact, 1 lower, 2 upper
    best: Option<Move>,
}

/// A searcher with its transposition table (reuse it between moves).
pub struct Searcher {
    table: Vec<Entry>,
    nodes: u64,
    limits: Limits,
    start: Instant,
    stopped: bool,
    root: Seat,
}

impl Searcher {
    /// A searcher with a table of `2^bits` entries.
    pub fn new(bits: u32) -> Searcher {
        Searcher {
            table: vec![Entry::default(); 1 << bits],
            nodes: 0,
            limits: Limits::depth(1),
            start: Instant::now(),
            stopped: false,
            root: Seat::South,
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes >= self.limits.nodes {
            self.stopped = true;
        } else if self.nodes & 1023 == 0 {
            if let Some(t) = self.limits.time {
                if self.start.elapsed() >= t {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    /// Searches `pos` for the seat to move.
    pub fn search(&mut self, pos: &Position, limits: Limits) -> Report {
        self.nodes = 0;
        self.limits = limits;
        self.start = Instant::now();
        self.stopped = false;
        self.root = pos.turn();
        let mut moves: Vec<Move> = pos.legal_moves().to_vec();
        let mut best = moves.first().copied();
        let mut best_score = 0;
        let mut depth_done = 0;
        for depth in 1..=limits.depth.max(1) {
            let (score, mv) = self.root_search(pos, &mut moves, depth);
            if self.stopped && depth > 1 {
                break;
            }
            if mv.is_some() {
                best = mv;
                best_score = score;
                depth_done = depth;
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

    fn root_search(
        &mut self,
        pos: &Position,
        moves: &mut Vec<Move>,
        depth: u32,
    ) -> (i32, Option<Move>) {
        let mut alpha = -MATE * 2;
        let mut best = None;
        let ordered = if depth == 1 {
            self.order(pos, moves)
        } else {
            moves.clone()
        };
        let mut scored = Vec::with_capacity(ordered.len());
        for m in ordered {
            let (child, points) = child(pos, m, &[0; 4]);
            let s = match child {
                Some(c) => self.alphabeta(&c, depth - 1, alpha, MATE * 2, &points, 1),
                None => MATE - 1,
            };
            if self.stopped && best.is_some() {
                break;
            }
            scored.push((s, m));
            if s > alpha || best.is_none() {
                alpha = alpha.max(s);
                best = Some(m);
            }
        }
        // Best first in the next iteration.
        if scored.len() == moves.len() {
            scored.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
            *moves = scored.into_iter().map(|(_, m)| m).collect();
        }
        (alpha, best)
    }

    fn order(&self, pos: &Position, moves: &[Move]) -> Vec<Move> {
        let tt = self.probe(pos.hash()).and_then(|e| e.best);
        let mut v: Vec<(i32, Move)> = moves
            .iter()
            .map(|&m| {
                let mut k = 0;
                if Some(m) == tt {
                    k += 1_000_000;
                }
                if let Some(victim) = pos.piece_at(m.to()) {
                    let attacker = pos.piece_at(m.from()).map(|p| p.kind as i32).unwrap_or(0);
                    k += 10_000 + victim_value(victim.kind) * 10 - attacker;
                }
                if m.promotion().is_some() {
                    k += 9_000;
                }
                (k, m)
            })
            .collect();
        v.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
        v.into_iter().map(|(_, m)| m).collect()
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.table[(key as usize) & (self.table.len() - 1)];
        (e.key == key).then_some(e)
    }

    fn store(&mut self, key: u64, depth: u32, score: i32, bound: u8, best: Option<Move>) {
        let i = (key as usize) & (self.table.len() - 1);
        if self.table[i].depth as u32 <= depth || self.table[i].key != key {
            self.table[i] = Entry {
                key,
                depth: depth as u8,
                score,
                bound,
                best,
            };
        }
    }

    fn alphabeta(
        &mut self,
        pos: &Position,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        points: &[i32; 4],
        ply: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return evaluate(pos, self.root, points);
        }
        let me = pos.turn();
        let maximizing = allied(pos, self.root, me);
        let key = pos.hash() ^ (depth as u64).wrapping_mul(0x9E37_79B9);
        if let Some(e) = self.probe(key) {
            if e.depth as u32 >= depth {
                match e.bound {
                    0 => return e.score,
                    1 if e.score >= beta => return e.score,
                    2 if e.score <= alpha => return e.score,
                    _ => {}
                }
            }
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return self.no_moves(pos, me, points, ply);
        }
        if depth == 0 {
            return self.quiesce(pos, alpha, beta, points, 0);
        }
        let (a0, b0) = (alpha, beta);
        let mut best_move = None;
        let mut best = if maximizing { -MATE * 2 } else { MATE * 2 };
        for m in self.order(pos, &moves) {
            let (child, pts) = child(pos, m, points);
            let s = match child {
                Some(c) => self.alphabeta(&c, depth - 1, alpha, beta, &pts, ply + 1),
                None => {
                    if maximizing {
                        MATE - ply
                    } else {
                        -MATE + ply
                    }
                }
            };
            if maximizing {
                if s > best {
                    best = s;
                    best_move = Some(m);
                }
                alpha = alpha.max(s);
            } else {
                if s < best {
                    best = s;
                    best_move = Some(m);
                }
                beta = beta.min(s);
            }
            if alpha >= beta {
                break;
            }
        }
        if !self.stopped {
            let bound = if best <= a0 {
                2
            } else if best >= b0 {
                1
            } else {
                0
            };
            self.store(key, depth, best, bound, best_move);
        }
        best
    }

    fn no_moves(&self, pos: &Position, me: Seat, points: &[i32; 4], ply: i32) -> i32 {
        let ours = allied(pos, self.root, me);
        if pos.in_check(me) {
            if ours {
                -MATE + ply
            } else {
                MATE - ply
            }
        } else if pos.rules().scoring {
            // FFA: the stalemated player scores 20 and is out.
            let mut p = *points;
            p[me.index()] += 20;
            evaluate(pos, self.root, &p)
        } else if pos.rules().mated_army == MatedArmy::GameOver {
            0
        } else {
            evaluate(pos, self.root, points)
        }
    }

    fn quiesce(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        mut beta: i32,
        points: &[i32; 4],
        qply: u32,
    ) -> i32 {
        self.nodes += 1;
        let stand = evaluate(pos, self.root, points);
        if qply >= 6 || self.out_of_budget() {
            return stand;
        }
        let maximizing = allied(pos, self.root, pos.turn());
        if maximizing {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        } else {
            if stand <= alpha {
                return stand;
            }
            beta = beta.min(stand);
        }
        let moves = pos.legal_moves();
        let captures: Vec<Move> = self
            .order(pos, moves.as_ref())
            .into_iter()
            .filter(|m| pos.piece_at(m.to()).is_some_and(|p| !p.dead))
            .collect();
        let mut best = stand;
        for m in captures {
            let (child, pts) = child(pos, m, points);
            let s = match child {
                Some(c) => self.quiesce(&c, alpha, beta, &pts, qply + 1),
                None => {
                    if maximizing {
                        MATE
                    } else {
                        -MATE
                    }
                }
            };
            if maximizing {
                best = best.max(s);
                alpha = alpha.max(s);
            } else {
                best = best.min(s);
                beta = beta.min(s);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

fn victim_value(k: Kind) -> i32 {
    match k {
        Kind::Pawn => 1,
        Kind::Knight => 3,
        Kind::Bishop => 4,
        Kind::Rook => 5,
        Kind::Queen => 9,
        Kind::King => 50,
    }
}

/// The position after `m` and the points won on the way; `None` when the move ends the game
/// by a king capture (Teams).
pub(crate) fn child(pos: &Position, m: Move, points: &[i32; 4]) -> (Option<Position>, [i32; 4]) {
    let mut c = pos.clone();
    let mover = pos.turn();
    let played = c.play(m);
    let mut pts = *points;
    for (_, pc) in played.captures() {
        if pos.rules().scoring {
            pts[mover.index()] += capture_value(pc);
        }
        if pc.kind == Kind::King && !pc.dead {
            if pos.rules().mated_army == MatedArmy::GameOver {
                return (None, pts);
            }
            c.set_army(pc.seat, Army::Out);
            if c.turn() == pc.seat {
                c.advance_turn();
            }
        }
    }
    (Some(c), pts)
}
