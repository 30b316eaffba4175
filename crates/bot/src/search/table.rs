//! The transposition table: one entry per slot, replaced by deeper or newer results.

use fourhand_rules::Move;

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

/// One stored result.
#[derive(Copy, Clone, Default)]
pub(crate) struct Entry {
    pub key: u64,
    pub depth: u8,
    pub score: i32,
    pub bound: Bound,
    pub best: Option<Move>,
}

/// A table of `2^bits` entries.
pub(crate) struct Table {
    slots: Vec<Entry>,
}

impl Table {
    pub fn new(bits: u32) -> Table {
        Table {
            slots: vec![Entry::default(); 1 << bits],
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.slots[self.slot(key)];
        (e.key == key).then_some(e)
    }

    pub fn store(&mut self, key: u64, depth: u32, score: i32, bound: Bound, best: Option<Move>) {
        let i = self.slot(key);
        let old = &mut self.slots[i];
        if old.key != key || old.depth as u32 <= depth {
            *old = Entry {
                key,
                depth: depth.min(255) as u8,
                score,
                bound,
                best: best.or(if old.key == key { old.best } else { None }),
            };
        }
    }
}
