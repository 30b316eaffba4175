//! What the search learns about captures, and about quiet moves after the moves before them.
//!
//! - Capture history (`capture-history`): a capture's record of cutoffs, by the kind of the
//!   piece that takes, the square it lands on and the kind it takes. Among the captures that
//!   do not lose material it moves a capture up or down by up to half a pawn's worth of victim
//!   value, so it orders captures of the same victim, or of victims close in value, by what
//!   refuted before.
//! - Continuation history (`continuation-history`): a quiet move's record (its piece's kind and
//!   destination) after the move one ply before it (the seat before's) and after its own
//!   seat's move four plies before. It adds to the quiet history in ordering and in the sign
//!   that late-move reductions read.
//!
//! Both tables are bounded by "gravity": an update moves an entry by its bonus scaled by how
//! far the entry still is from [`BOUND`], so entries never overflow and old knowledge fades as
//! new comes. They are kept from one search to the next (a seat's bot learns over its game).

use fourhand_rules::{Move, Position};

/// The bound of an entry either way.
pub(crate) const BOUND: i32 = 16_384;

/// A move's context: its piece's kind and its destination square, as an index into the
/// continuation table ([`NO_CONTEXT`] where there is none: the root, after a null move).
pub(crate) type Context = u16;

/// No move before (or the switch is off).
pub(crate) const NO_CONTEXT: Context = Context::MAX;

/// Contexts: six kinds by the board's 256 internal squares.
const CONTEXTS: usize = 6 * 256;

/// The context of `m`, a move of `pos` (before it is made): the moving piece's kind and where
/// it lands.
pub(crate) fn context(pos: &Position, m: Move) -> Context {
    pos.piece_at(m.from()).map_or(NO_CONTEXT, |p| {
        ((p.kind as u16 - 1) << 8) | u16::from(m.to().index())
    })
}

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

/// Continuation history: per (context of a move before, context of the move).
pub(crate) struct ContinuationHistory {
    /// Empty when the switch is off (the table is 4.7 MB).
    table: Vec<i16>,
}

impl ContinuationHistory {
    /// With `on` false the table takes no memory and scores every move 0.
    pub fn new(on: bool) -> ContinuationHistory {
        ContinuationHistory {
            table: if on {
                vec![0; CONTEXTS * CONTEXTS]
            } else {
                Vec::new()
            },
        }
    }

    fn index(before: Context, m: Context) -> Option<usize> {
        (before != NO_CONTEXT && m != NO_CONTEXT).then(|| before as usize * CONTEXTS + m as usize)
    }

    /// The record of a move of context `m` after the moves of context `before` (summed).
    pub fn score(&self, before: [Context; 2], m: Context) -> i32 {
        before
            .iter()
            .filter_map(|&b| Self::index(b, m))
            .filter_map(|i| self.table.get(i))
            .map(|&e| i32::from(e))
            .sum()
    }

    /// Records a quiet cutoff at `depth` by a move of context `best` after `before`, and debits
    /// the quiet moves of contexts `failed`, searched before it.
    pub fn reward(&mut self, before: [Context; 2], best: Context, depth: u32, failed: &[Context]) {
        let b = bonus(depth);
        for &c in &before {
            if let Some(e) = Self::index(c, best).and_then(|i| self.table.get_mut(i)) {
                nudge(e, b);
            }
            for &f in failed {
                if let Some(e) = Self::index(c, f).and_then(|i| self.table.get_mut(i)) {
                    nudge(e, -b);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourhand_rules::{Position, RuleSet, Setup};

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

    #[test]
    fn contexts_of_different_pieces_or_squares_differ_and_are_inside_the_table() {
        let pos = Position::start(&RuleSet::TEAMS, Setup::Modern);
        let moves = pos.legal_moves();
        let mut seen: Vec<Context> = moves.iter().map(|&m| context(&pos, m)).collect();
        assert!(seen.iter().all(|&c| (c as usize) < CONTEXTS));
        seen.sort_unstable();
        seen.dedup();
        // From the start two moves share a context only when two pieces of one kind can reach
        // the same square; most cannot.
        assert!(
            seen.len() * 10 >= moves.len() * 8,
            "{} of {}",
            seen.len(),
            moves.len()
        );
    }

    #[test]
    fn a_rewarded_continuation_scores_above_a_debited_one_and_the_off_table_scores_nothing() {
        let mut on = ContinuationHistory::new(true);
        let before = [3, NO_CONTEXT];
        on.reward(before, 10, 5, &[11, 12]);
        assert!(on.score(before, 10) > 0);
        assert!(on.score(before, 11) < 0);
        assert_eq!(on.score([4, NO_CONTEXT], 10), 0);
        let mut off = ContinuationHistory::new(false);
        off.reward(before, 10, 5, &[11]);
        assert_eq!(off.score(before, 10), 0);
    }
}
