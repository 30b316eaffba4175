//! What the search learns about captures (`capture-history`): a capture's record of cutoffs,
//! by the kind of the piece that takes, the square it lands on and the kind it takes. Among the
//! captures that do not lose material it moves a capture up or down by up to half a pawn's
//! worth of victim value, so it orders captures of the same victim, or of victims close in
//! value, by what refuted before.
//!
//! The table is bounded by "gravity": an update moves an entry by its bonus scaled by how far
//! the entry still is from [`BOUND`], so entries never overflow and old knowledge fades as new
//! comes. It is kept from one search to the next (a seat's bot learns over its game).

use fourhand_rules::{Move, Position};

/// The bound of an entry either way.
pub(crate) const BOUND: i32 = 16_384;

/// The gravity update's bonus for a cutoff with `depth` plies left (the malus is its negative).
pub(crate) fn bonus(depth: u32) -> i32 {
    (32 * depth.min(64) * depth.min(64)).min(BOUND as u32 / 4) as i32
}

/// Moves `entry` by `bonus` towards the bound on `bonus`'s side.
fn nudge(entry: &mut i16, bonus: i32) {
    let e = i32::from(*entry);
    let next = e + bonus - e * bonus.abs() / BOUND;
    *entry = next.clamp(-BOUND, BOUND) as i16;
}

/// Capture history: per (taking kind, destination, taken kind).
pub(crate) struct CaptureHistory {
    table: Vec<i16>,
}

impl CaptureHistory {
    pub fn new() -> CaptureHistory {
        CaptureHistory {
            table: vec![0; 6 * 256 * 6],
        }
    }

    /// The entry of `m` in `pos`; `None` when `m` takes nothing.
    fn index(pos: &Position, m: Move) -> Option<usize> {
        let taker = pos.piece_at(m.from())?.kind as usize - 1;
        let taken = pos.captured_by(m)?.kind as usize - 1;
        Some((taker * 256 + m.to().index() as usize) * 6 + taken)
    }

    /// The record of capture `m` in `pos` (0 for a move that takes nothing).
    pub fn score(&self, pos: &Position, m: Move) -> i32 {
        Self::index(pos, m).map_or(0, |i| i32::from(self.table[i]))
    }

    /// Records a cutoff at `depth`: credit to `best` when it is a capture, and debit to the
    /// captures in `failed`, searched before it without one.
    pub fn reward(&mut self, pos: &Position, best: Move, depth: u32, failed: &[Move]) {
        let b = bonus(depth);
        if let Some(i) = Self::index(pos, best) {
            nudge(&mut self.table[i], b);
        }
        for &f in failed {
            if let Some(i) = Self::index(pos, f) {
                nudge(&mut self.table[i], -b);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_keeps_entries_within_the_bound_and_a_debit_undoes_part_of_a_credit() {
        let mut e = 0i16;
        for _ in 0..1000 {
            nudge(&mut e, bonus(40));
        }
        assert!(i32::from(e) <= BOUND && i32::from(e) > BOUND * 9 / 10);
        let high = e;
        nudge(&mut e, -bonus(3));
        assert!(e < high);
        for _ in 0..1000 {
            nudge(&mut e, -bonus(40));
        }
        assert!(i32::from(e) >= -BOUND && i32::from(e) < -BOUND * 9 / 10);
    }
}
