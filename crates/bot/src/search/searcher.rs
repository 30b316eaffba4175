//! The searcher: its transposition table, its helpers on other threads, its move-ordering
//! memory and the state of the search under way. The root's iterative deepening is in
//! `root.rs`, the tree below it in `tree.rs` (and `best_reply_plus.rs`, `maxn.rs`).

use super::order::{self, Heuristics};
use super::table::Table;
use super::{Limits, Options, MAX_THREADS};
use crate::weights::Weights;
use fourhand_rules::{Seat, Variant};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// A searcher with its transposition table (reuse it between moves). With more than one
/// thread ([`Searcher::set_threads`]) helper searchers share the table and search the same
/// position at the same time ("lazy SMP"): what they store makes the main search's cutoffs
/// and move ordering better; the main search's move is played.
pub struct Searcher {
    pub(super) table: Arc<Table>,
    /// The helpers of a parallel search, each with its own move-ordering memory.
    pub(super) helpers: Vec<Searcher>,
    /// Set by the main search when it ends, to stop its helpers.
    pub(super) halt: Option<Arc<AtomicBool>>,
    pub(super) heur: Heuristics,
    /// Per ply of the current line: whether the node's side is the root's, and its static
    /// score (`None` in check or not computed).
    pub(super) statics: Vec<Option<(bool, i32)>>,
    pub(super) opts: Options,
    /// `opts.weights(…)` for the rule set of the last search, worked out once a search.
    pub(super) weights: Weights,
    pub(super) nodes: u64,
    pub(super) limits: Limits,
    pub(super) start: Instant,
    pub(super) stopped: bool,
    /// The last search was cut short by the outside stop flag (not by its own limits).
    pub(super) interrupted: bool,
    pub(super) root: Seat,
    /// Each seat's FFA points at the root (with `standings`; else 0): the start of the points
    /// won on every line.
    pub(super) standing: [i32; 4],
    /// Set from outside to stop the search at once (the game ended, the server stops).
    pub(super) stop: Option<Arc<AtomicBool>>,
    /// The repetition keys of the game's positions up to the root's (`repetition`; empty when
    /// searched without the game).
    pub(super) history: Vec<u64>,
    /// The repetition key of each ply's position on the current line (0: not matched).
    pub(super) path: Vec<u64>,
}

impl Searcher {
    /// A searcher with a table of `2^bits` entries and the default options.
    pub fn new(bits: u32) -> Searcher {
        Searcher::with_options(bits, Options::default())
    }

    /// A searcher with a table of `2^bits` entries and `opts`.
    pub fn with_options(bits: u32, opts: Options) -> Searcher {
        Searcher {
            table: Arc::new(Table::new(bits)),
            helpers: Vec::new(),
            halt: None,
            heur: Heuristics::new(),
            statics: vec![None; order::MAX_PLY],
            opts,
            weights: opts.weights(Variant::Teams),
            nodes: 0,
            limits: Limits::depth(1),
            start: Instant::now(),
            stopped: false,
            interrupted: false,
            root: Seat::South,
            standing: [0; 4],
            stop: None,
            history: Vec::new(),
            path: Vec::new(),
        }
    }

    /// Stops every later search as soon as `flag` is set (checked with the clock, every 64
    /// nodes); the search then returns the best move it has.
    pub fn set_stop(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }

    /// Whether the last search ended because the flag of [`Searcher::set_stop`] was set, before
    /// its own node or time limit.
    pub fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// Searches on `threads` threads (1: this one only), sharing the table.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.clamp(1, MAX_THREADS) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            let mut h = Searcher::with_options(0, self.opts);
            h.table = Arc::clone(&self.table);
            self.helpers.push(h);
        }
    }

    /// The threads it searches on.
    pub fn threads(&self) -> usize {
        1 + self.helpers.len()
    }

    /// Its options.
    pub fn options(&self) -> Options {
        self.opts
    }

    /// Whether the search must stop now: its node budget spent, its time up (looked at every
    /// 64 nodes), or stopped from outside.
    pub(super) fn out_of_budget(&mut self) -> bool {
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
                self.interrupted = true;
            }
            if self
                .halt
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
            {
                self.stopped = true;
            }
        }
        self.stopped
    }
}
