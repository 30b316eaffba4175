//! The transposition table: one entry per slot, replaced by deeper or newer results. It is
//! shared by the threads of a parallel search: each slot is two atomic words, the key XOR the
//! data and the data, so a slot torn by two writers reads as a miss, never as a wrong entry
//! (no locks).

use fourhand_rules::Move;
use std::sync::atomic::{AtomicU64, Ordering};

/// How a stored score bounds the true one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub(crate) enum Bound {
    /// The score is exact.
    #[default]
    Exact,
    /// The true score is at least this (a cutoff at a maximising node).
    Lower,
    /// The true score is at most this.
    Upper,
}

impl Bound {
    /// How a node's result `best` bounds its true score, searched within (`alpha`, `beta`).
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}

/// One stored result. `best` is the best move's code ([`move_code`]).
#[derive(Copy, Clone, Default)]
pub(crate) struct Entry {
    pub depth: u8,
    pub score: i32,
    pub bound: Bound,
    pub best: Option<u32>,
}

/// A move as 22 bits: from, to, promotion piece and kind (never 0: the kind's bits are offset
/// by one).
pub(crate) fn move_code(m: Move) -> u32 {
    let promotion = m.promotion().map_or(0, |k| k as u32 & 7);
    let kind = m.kind() as u32 + 1;
    u32::from(m.from().index()) | u32::from(m.to().index()) << 8 | promotion << 16 | kind << 19
}

/// Scores are stored in 24 bits (they stay within ±2,000,000).
const SCORE_BIAS: i32 = 1 << 23;

impl Entry {
    /// The stored score when it settles a node searched within (`alpha`, `beta`): exact, or a
    /// bound beyond the window.
    pub fn cutoff(&self, alpha: i32, beta: i32) -> Option<i32> {
        match self.bound {
            Bound::Exact => Some(self.score),
            Bound::Lower if self.score >= beta => Some(self.score),
            Bound::Upper if self.score <= alpha => Some(self.score),
            _ => None,
        }
    }

    fn pack(self) -> u64 {
        let score = (self.score.clamp(-SCORE_BIAS + 1, SCORE_BIAS - 1) + SCORE_BIAS) as u64;
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        score | u64::from(self.depth) << 24 | bound << 32 | u64::from(self.best.unwrap_or(0)) << 34
    }

    fn unpack(d: u64) -> Entry {
        let best = (d >> 34) as u32 & ((1 << 22) - 1);
        Entry {
            score: (d & 0xFF_FFFF) as i32 - SCORE_BIAS,
            depth: (d >> 24) as u8,
            bound: match (d >> 32) & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            best: (best != 0).then_some(best),
        }
    }
}

/// A table of `2^bits` slots, shareable between threads.
pub(crate) struct Table {
    slots: Vec<[AtomicU64; 2]>,
}

impl Table {
    pub fn new(bits: u32) -> Table {
        Table {
            slots: (0..1usize << bits)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
        }
    }

    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    /// The entry stored for `key`, if any (and not torn by a concurrent write).
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let [k, d] = self.slot(key);
        let data = d.load(Ordering::Relaxed);
        (k.load(Ordering::Relaxed) ^ data == key && data != 0).then(|| Entry::unpack(data))
    }

    /// Stores a quiescence result (depth 0) only where it evicts no searched result: into an
    /// empty slot or over another depth-0 entry.
    pub fn store_leaf(&self, key: u64, score: i32, bound: Bound) {
        let [_, d] = self.slot(key);
        let data = d.load(Ordering::Relaxed);
        if data != 0 && Entry::unpack(data).depth > 0 {
            return;
        }
        self.store(key, 0, score, bound, None);
    }

    /// Stores a result unless the slot holds a deeper one for the same key; a new result
    /// without a move keeps the old entry's move.
    pub fn store(&self, key: u64, depth: u32, score: i32, bound: Bound, best: Option<Move>) {
        let old = self.probe(key);
        if old.is_some_and(|o| u32::from(o.depth) > depth) {
            return;
        }
        let e = Entry {
            depth: depth.min(255) as u8,
            score,
            bound,
            best: best.map(move_code).or(old.and_then(|o| o.best)),
        };
        let data = e.pack();
        let [k, d] = self.slot(key);
        k.store(key ^ data, Ordering::Relaxed);
        d.store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourhand_rules::{Position, RuleSet, Setup, Variant};

    #[test]
    fn entries_come_back_as_stored_and_a_torn_slot_is_a_miss() {
        let p = Position::start(RuleSet::get(Variant::Teams), Setup::Modern);
        let m = p.legal_moves()[3];
        let t = Table::new(4);
        for (score, bound) in [
            (-2_000_000, Bound::Upper),
            (0, Bound::Exact),
            (999_990, Bound::Lower),
        ] {
            t.store(77, 9, score, bound, Some(m));
            let e = t.probe(77).unwrap();
            assert_eq!(
                (e.depth, e.score, e.bound, e.best),
                (9, score, bound, Some(move_code(m)))
            );
        }
        assert!(t.probe(77 + 16).is_none(), "same slot, another key");
        // A shallower result does not replace a deeper one; a deeper one without a move keeps
        // the move.
        t.store(77, 3, 5, Bound::Exact, None);
        assert_eq!(t.probe(77).unwrap().depth, 9);
        t.store(77, 10, 5, Bound::Exact, None);
        assert_eq!(t.probe(77).unwrap().best, Some(move_code(m)));
        // Two writers interleaved: the key word of one, the data word of the other.
        let [k, _] = t.slot(77);
        k.store(12345, Ordering::Relaxed);
        assert!(t.probe(77).is_none());
    }

    #[test]
    fn quiescence_results_never_evict_searched_ones() {
        let p = Position::start(RuleSet::get(Variant::Teams), Setup::Modern);
        let m = p.legal_moves()[0];
        let t = Table::new(4);
        t.store(5, 3, 40, Bound::Exact, Some(m));
        // Same slot, another key: the searched entry stays.
        t.store_leaf(5 + 16, 7, Bound::Lower);
        assert!(t.probe(5 + 16).is_none());
        assert_eq!(t.probe(5).unwrap().score, 40);
        // An empty slot, then another leaf over it, then a searched result over both.
        t.store_leaf(6, 7, Bound::Lower);
        assert_eq!(t.probe(6).map(|e| (e.depth, e.score)), Some((0, 7)));
        t.store_leaf(6 + 16, -3, Bound::Upper);
        assert!(t.probe(6).is_none());
        assert_eq!(t.probe(6 + 16).unwrap().bound, Bound::Upper);
        t.store(6, 1, 9, Bound::Exact, None);
        assert_eq!(t.probe(6).unwrap().score, 9);
    }

    #[test]
    fn move_codes_tell_every_move_apart() {
        let p = Position::start(RuleSet::get(Variant::Teams), Setup::Modern);
        let codes: std::collections::HashSet<u32> =
            p.legal_moves().iter().map(|&m| move_code(m)).collect();
        assert_eq!(codes.len(), p.legal_moves().len());
        assert!(!codes.contains(&0));
    }
}
