//! The transposition table: buckets of two slots; a new result takes its key's own slot, else
//! an empty one, else the one holding less — shallower, or left by an earlier search — so deep
//! results survive the many shallow ones and a bot's table, kept between its moves, does not
//! fill with old positions. It is shared by the threads of a parallel search: each slot is two
//! atomic words, the key XOR the data and the data, so a slot torn by two writers reads as a
//! miss, never as a wrong entry (no locks).

use fourhand_rules::Move;
use fourhand_rules::Position;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// The table key of `pos` with the FFA points won on the path.
pub(super) fn key(pos: &Position, points: &[i32; 4]) -> u64 {
    points.iter().enumerate().fold(pos.hash(), |h, (i, &p)| {
        h ^ (p as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15 >> i)
    })
}

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

/// One stored result. `best` is the best move's code ([`move_code`]); `generation` the search
/// that stored it, counted modulo [`GENERATIONS`].
#[derive(Copy, Clone, Default)]
pub(crate) struct Entry {
    pub depth: u8,
    pub score: i32,
    pub bound: Bound,
    pub best: Option<u32>,
    pub generation: u8,
}

/// Searches are counted modulo this (6 bits of a slot).
const GENERATIONS: u8 = 64;

/// How many plies of depth one search's age outweighs when a slot is chosen for replacement.
const AGE_WEIGHT: i32 = 4;

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
        score
            | u64::from(self.depth) << 24
            | bound << 32
            | u64::from(self.best.unwrap_or(0)) << 34
            | u64::from(self.generation % GENERATIONS) << 56
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
            generation: (d >> 56) as u8 % GENERATIONS,
        }
    }
}

/// A table of `2^bits` slots (at least two: one bucket), shareable between threads.
pub(crate) struct Table {
    slots: Vec<[AtomicU64; 2]>,
    /// The current search's number, stamped on what it stores.
    generation: AtomicU8,
}

impl Table {
    pub fn new(bits: u32) -> Table {
        Table {
            slots: (0..1usize << bits.max(1))
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            generation: AtomicU8::new(0),
        }
    }

    /// Starts a new search: what earlier searches stored gives way first from now on.
    pub fn next_generation(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation
            .store((g + 1) % GENERATIONS, Ordering::Relaxed);
    }

    /// The two slots `key` may live in.
    fn bucket(&self, key: u64) -> &[[AtomicU64; 2]] {
        let first = (key as usize) & (self.slots.len() - 1) & !1;
        &self.slots[first..first + 2]
    }

    /// A slot's data word when it holds `key` (and is not torn by a concurrent write).
    fn read(slot: &[AtomicU64; 2], key: u64) -> Option<u64> {
        let [k, d] = slot;
        let data = d.load(Ordering::Relaxed);
        (k.load(Ordering::Relaxed) ^ data == key && data != 0).then_some(data)
    }

    /// The slot of `key`'s bucket that holds it, and its data word.
    fn find(&self, key: u64) -> Option<(&[AtomicU64; 2], u64)> {
        self.bucket(key)
            .iter()
            .find_map(|s| Self::read(s, key).map(|d| (s, d)))
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.find(key).map(|(_, d)| Entry::unpack(d))
    }

    /// The slot a result for `key` goes to, and what it holds for `key`: the key's own slot,
    /// else an empty one, else the one whose entry is worth least (depth less four plies a
    /// search of age).
    fn place(&self, key: u64) -> (&[AtomicU64; 2], Option<Entry>) {
        if let Some((s, d)) = self.find(key) {
            return (s, Some(Entry::unpack(d)));
        }
        let now = self.now();
        let worth = |s: &[AtomicU64; 2]| {
            let d = s[1].load(Ordering::Relaxed);
            if d == 0 {
                return i32::MIN;
            }
            let e = Entry::unpack(d);
            let age = (now + GENERATIONS - e.generation) % GENERATIONS;
            i32::from(e.depth) - AGE_WEIGHT * i32::from(age)
        };
        let victim = self
            .bucket(key)
            .iter()
            .min_by_key(|s| worth(s))
            .expect("two slots");
        (victim, None)
    }

    /// The current search's number.
    fn now(&self) -> u8 {
        self.generation.load(Ordering::Relaxed)
    }

    fn write(slot: &[AtomicU64; 2], key: u64, e: Entry) {
        let data = e.pack();
        let [k, d] = slot;
        k.store(key ^ data, Ordering::Relaxed);
        d.store(data, Ordering::Relaxed);
    }

    /// Stores a quiescence result (depth 0) only where it evicts no searched result: into an
    /// empty slot or over another depth-0 entry.
    pub fn store_leaf(&self, key: u64, score: i32, bound: Bound) {
        let (slot, _) = self.place(key);
        let data = slot[1].load(Ordering::Relaxed);
        if data != 0 && Entry::unpack(data).depth > 0 {
            return;
        }
        let e = Entry {
            depth: 0,
            score,
            bound,
            best: None,
            generation: self.now(),
        };
        Self::write(slot, key, e);
    }

    /// Stores a result unless the key's slot holds a deeper one for it; a new result without a
    /// move keeps the old entry's move.
    pub fn store(&self, key: u64, depth: u32, score: i32, bound: Bound, best: Option<Move>) {
        let (slot, old) = self.place(key);
        if old.is_some_and(|o| u32::from(o.depth) > depth) {
            return;
        }
        let e = Entry {
            depth: depth.min(255) as u8,
            score,
            bound,
            best: best.map(move_code).or(old.and_then(|o| o.best)),
            generation: self.now(),
        };
        Self::write(slot, key, e);
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
        assert!(t.probe(77 + 16).is_none(), "same bucket, another key");
        // A shallower result does not replace a deeper one; a deeper one without a move keeps
        // the move.
        t.store(77, 3, 5, Bound::Exact, None);
        assert_eq!(t.probe(77).unwrap().depth, 9);
        t.store(77, 10, 5, Bound::Exact, None);
        assert_eq!(t.probe(77).unwrap().best, Some(move_code(m)));
        // Two writers interleaved: the key word of one, the data word of the other.
        let (slot, _) = t.place(77);
        slot[0].store(12345, Ordering::Relaxed);
        assert!(t.probe(77).is_none());
    }

    #[test]
    fn a_bucket_keeps_two_keys_and_gives_up_the_shallower_or_older() {
        let t = Table::new(4);
        // 4, 20, 36 and 52 share a bucket of the 16 slots.
        t.store(4, 8, 1, Bound::Exact, None);
        t.store(20, 2, 2, Bound::Exact, None);
        assert_eq!(t.probe(4).map(|e| e.score), Some(1));
        assert_eq!(t.probe(20).map(|e| e.score), Some(2));
        // A third key evicts the shallower.
        t.store(36, 5, 3, Bound::Exact, None);
        assert!(t.probe(20).is_none());
        assert_eq!(t.probe(4).map(|e| e.depth), Some(8));
        assert_eq!(t.probe(36).map(|e| e.depth), Some(5));
        // Two searches later the depth-8 entry is worth 8 - 2 × 4 = 0 and the depth-5 one
        // 5 - 8 = -3: a new entry takes the depth-5 one's slot.
        t.next_generation();
        t.next_generation();
        t.store(52, 1, 4, Bound::Exact, None);
        assert!(t.probe(36).is_none());
        assert_eq!(t.probe(4).map(|e| e.depth), Some(8));
        // Then the old depth-8 (worth 0) gives way to another new entry before the new depth-1
        // one (worth 1).
        t.store(20, 1, 5, Bound::Exact, None);
        assert!(t.probe(4).is_none());
        assert_eq!(t.probe(52).map(|e| e.score), Some(4));
        assert_eq!(t.probe(20).map(|e| e.generation), Some(2));
        // The count wraps.
        for _ in 0..GENERATIONS {
            t.next_generation();
        }
        assert_eq!(t.generation.load(Ordering::Relaxed), 2);
    }

    #[test]
    fn quiescence_results_never_evict_searched_ones() {
        let p = Position::start(RuleSet::get(Variant::Teams), Setup::Modern);
        let m = p.legal_moves()[0];
        let t = Table::new(4);
        t.store(4, 3, 40, Bound::Exact, Some(m));
        t.store(20, 1, 41, Bound::Exact, None);
        // A full bucket of searched entries: the leaf is not stored.
        t.store_leaf(36, 7, Bound::Lower);
        assert!(t.probe(36).is_none());
        assert_eq!(t.probe(4).unwrap().score, 40);
        assert_eq!(t.probe(20).unwrap().score, 41);
        // An empty slot, then another leaf over it, then a searched result over both.
        t.store_leaf(6, 7, Bound::Lower);
        assert_eq!(t.probe(6).map(|e| (e.depth, e.score)), Some((0, 7)));
        t.store(22, 2, 8, Bound::Exact, None);
        t.store_leaf(38, -3, Bound::Upper);
        assert!(t.probe(6).is_none());
        assert_eq!(t.probe(38).unwrap().bound, Bound::Upper);
        assert_eq!(t.probe(22).unwrap().score, 8);
        t.store(6, 1, 9, Bound::Exact, None);
        assert_eq!(t.probe(6).unwrap().score, 9);
        assert!(t.probe(38).is_none());
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
