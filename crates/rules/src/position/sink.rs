//! Where generated moves go: a list, or a counter (perft's last ply) that takes whole sets of
//! moves by their size. The generator (`movegen.rs`), the legality filter (`legality.rs`) and the
//! levels of Verney and Club (`levels.rs`) all write into a [`Sink`].

use super::bits;
use super::bitset::{count, Bits};
use crate::board::Kind;
use crate::moves::{Move, MoveKind, MoveList};

/// Where generated moves go: a list, or a counter (perft's last ply).
pub(crate) trait Sink {
    /// The sink only counts moves: a generator may hand it a number instead of the moves.
    const COUNTS: bool = false;

    /// Takes one move.
    fn push(&mut self, m: Move);

    /// Takes `n` moves without seeing them (only called where [`Sink::COUNTS`]).
    #[inline(always)]
    fn push_count(&mut self, n: u32) {
        debug_assert!(
            Self::COUNTS,
            "{n} moves counted into a sink that keeps them"
        );
    }

    /// Takes a move of `kind` onto every square of `to` from the square `back` behind it, once
    /// per kind of `kinds` (a pawn's promotion piece; `Kind::Pawn` for none).
    fn push_set(&mut self, to: &Bits, back: u8, kind: MoveKind, kinds: &[Kind]);
}

impl Sink for MoveList {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m);
    }

    #[inline]
    fn push_set(&mut self, to: &Bits, back: u8, kind: MoveKind, kinds: &[Kind]) {
        for m in set_moves(to, back, kind, kinds) {
            MoveList::push(self, m);
        }
    }
}

/// The moves [`Sink::push_set`] takes, one by one.
#[inline]
pub(crate) fn set_moves<'a>(
    to: &Bits,
    back: u8,
    kind: MoveKind,
    kinds: &'a [Kind],
) -> impl Iterator<Item = Move> + 'a {
    bits(to).flat_map(move |t| {
        kinds
            .iter()
            .map(move |&k| Move::raw(t.wrapping_add(back), t, promotion_code(k), kind))
    })
}

/// A move's promotion code for promotion piece `k` (`Kind::Pawn`: none).
#[inline(always)]
pub(super) fn promotion_code(k: Kind) -> u8 {
    if k == Kind::Pawn {
        0
    } else {
        k as u8
    }
}

/// Counts moves instead of keeping them.
#[derive(Default)]
pub(crate) struct Counter(pub(crate) u64);

impl Sink for Counter {
    const COUNTS: bool = true;

    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline(always)]
    fn push_count(&mut self, n: u32) {
        self.0 += u64::from(n);
    }

    #[inline(always)]
    fn push_set(&mut self, to: &Bits, _: u8, _: MoveKind, kinds: &[Kind]) {
        self.0 += u64::from(count(to)) * kinds.len() as u64;
    }
}
