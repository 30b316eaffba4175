//! Alpha-beta search with iterative deepening, a transposition table, move ordering (table
//! move, MVV-LVA captures, killers, history), null-move pruning, late-move reductions and a
//! quiescence search on captures and checks. Scores are always from the root seat's point of
//! view: the root's team (its seat and, in sides games, its partner) maximises and every other
//! seat minimises — two-sided minimax in Teams, Verney and Club, the "paranoid" search in FFA
//! (best-reply search by option: see [`FfaSearch`]).

mod maxn;
mod order;
mod table;
mod tree;

use fourhand_rules::{Move, Position, Seat};
use order::Heuristics;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use table::Table;

pub(crate) use tree::child;

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

/// How FFA's three opponents are searched.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FfaSearch {
    /// Every opponent moves in turn and all play against the root ("paranoid").
    Paranoid,
    /// Best-reply search: after each root move only the one opponent with the most harmful
    /// reply moves, so the root sees twice as many of its own moves at the same depth.
    BestReply,
    /// Max-n: every seat maximises its own score (no cut-offs).
    MaxN,
}

/// The search's techniques, each of which can be switched off to measure what it brings.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Killer moves and the history heuristic in move ordering.
    pub killers: bool,
    /// Late-move reductions of quiet moves.
    pub reductions: bool,
    /// Null-move pruning (sides games).
    pub null_move: bool,
    /// Quiescence searches check evasions and, at its first ply, quiet checks.
    pub quiet_checks: bool,
    /// The FFA search.
    pub ffa: FfaSearch,
}

impl Default for Options {
    /// The measured best: see the README's bot section.
    fn default() -> Options {
        Options {
            killers: true,
            reductions: true,
            null_move: true,
            quiet_checks: true,
            ffa: FfaSearch::Paranoid,
        }
    }
}

impl Options {
    /// Applies `name` (`killers`, `reductions`, `null-move`, `checks`, each optionally prefixed
    /// by `no-`; `paranoid`, `best-reply`, `max-n`), e.g. from `engine3/no-null-move`.
    pub fn set(&mut self, name: &str) -> Result<(), String> {
        let (on, key) = match name.strip_prefix("no-") {
            Some(k) => (false, k),
            None => (true, name),
        };
        match key {
            "killers" => self.killers = on,
            "reductions" | "lmr" => self.reductions = on,
            "null-move" | "null" => self.null_move = on,
            "checks" => self.quiet_checks = on,
            "paranoid" if on => self.ffa = FfaSearch::Paranoid,
            "best-reply" | "brs" if on => self.ffa = FfaSearch::BestReply,
            "max-n" | "maxn" if on => self.ffa = FfaSearch::MaxN,
            _ => return Err(format!("unknown search option '{name}'")),
        }
        Ok(())
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

/// A searcher with its transposition table (reuse it between moves).
pub struct Searcher {
    table: Table,
    heur: Heuristics,
    opts: Options,
    nodes: u64,
    limits: Limits,
    start: Instant,
    stopped: bool,
    root: Seat,
    /// Set from outside to stop the search at once (the game ended, the server stops).
    stop: Option<Arc<AtomicBool>>,
}

impl Searcher {
    /// A searcher with a table of `2^bits` entries and the default options.
    pub fn new(bits: u32) -> Searcher {
        Searcher::with_options(bits, Options::default())
    }

    /// A searcher with a table of `2^bits` entries and `opts`.
    pub fn with_options(bits: u32, opts: Options) -> Searcher {
        Searcher {
            table: Table::new(bits),
            heur: Heuristics::new(),
            opts,
            nodes: 0,
            limits: Limits::depth(1),
            start: Instant::now(),
            stopped: false,
            root: Seat::South,
            stop: None,
        }
    }

    /// Stops every later search as soon as `flag` is set (checked with the clock, every 64
    /// nodes); the search then returns the best move it has.
    pub fn set_stop(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }

    /// Its options.
    pub fn options(&self) -> Options {
        self.opts
    }

    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes >= self.limits.nodes {
            self.stopped = true;
        } else if self.nodes & 63 == 0 {
            if let Some(t) = self.limits.time {
                if self.start.elapsed() >= t {
                    self.stopped = true;
                }
            }
            if self
                .stop
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
            {
                self.stopped = true;
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
        self.heur.clear();
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
            order::order(pos, moves, None, None).collect()
        } else {
            moves.clone()
        };
        let mut scored = Vec::with_capacity(ordered.len());
        for m in ordered {
            let (child, points) = child(pos, m, &[0; 4]);
            let s = match child {
                Some(c) => self.alphabeta(&c, depth - 1, alpha, MATE * 2, &points, 1, true),
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
        // Best first in the next iteration (a stable sort keeps the order among equals).
        if scored.len() == moves.len() {
            scored.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
            *moves = scored.into_iter().map(|(_, m)| m).collect();
        }
        (alpha, best)
    }
}
