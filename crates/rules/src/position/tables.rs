//! Attack tables over the internal 16×16 index as 256-bit sets (four 64-bit words): the board's
//! squares, knight and king steps, and each seat's ranks.

use super::geometry::{relative_rank, KING, KNIGHT};
use crate::board::Square;
use std::sync::LazyLock;

/// A set of internal squares, bit `i` of word `i / 64` for square `i`.
pub(crate) type Bits = [u64; 4];

/// The precomputed sets.
pub(crate) struct Tables {
    /// Every square of the board.
    pub(crate) board: Bits,
    pub(crate) knight: [Bits; 256],
    pub(crate) king: [Bits; 256],
    /// `rank[seat][n]`: the board squares on rank `n` counted from `seat`'s back row (1).
    pub(crate) rank: [[Bits; 16]; 4],
}

/// The tables, built on first use.
pub(crate) static TABLES: LazyLock<Box<Tables>> = LazyLock::new(build);

fn build() -> Box<Tables> {
    let mut t = Box::new(Tables {
        board: [0; 4],
        knight: [[0; 4]; 256],
        king: [[0; 4]; 256],
        rank: [[[0; 4]; 16]; 4],
    });
    let mut on = [false; 256];
    for sq in Square::all() {
        on[sq.index() as usize] = true;
        set(&mut t.board, sq.index());
        for seat in 0..4u8 {
            set(
                &mut t.rank[seat as usize][relative_rank(seat, sq.index()) as usize],
                sq.index(),
            );
        }
    }
    for sq in Square::all() {
        let i = sq.index();
        for d in KNIGHT {
            let to = i.wrapping_add(d);
            if on[to as usize] {
                set(&mut t.knight[i as usize], to);
            }
        }
        for d in KING {
            let to = i.wrapping_add(d);
            if on[to as usize] {
                set(&mut t.king[i as usize], to);
            }
        }
    }
    t
}

#[inline(always)]
fn set(b: &mut Bits, i: u8) {
    b[(i >> 6) as usize] |= 1u64 << (i & 63);
}

/// `a & b`.
#[inline(always)]
pub(crate) fn and(a: &Bits, b: &Bits) -> Bits {
    [a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]]
}

/// `a & !b`.
#[inline(always)]
pub(crate) fn and_not(a: &Bits, b: &Bits) -> Bits {
    [a[0] & !b[0], a[1] & !b[1], a[2] & !b[2], a[3] & !b[3]]
}

/// `a | b`.
#[inline(always)]
pub(crate) fn or(a: &Bits, b: &Bits) -> Bits {
    [a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]]
}

/// True when no bit is set.
#[inline(always)]
pub(crate) fn is_empty(a: &Bits) -> bool {
    (a[0] | a[1] | a[2] | a[3]) == 0
}

/// Number of squares in the set.
#[inline(always)]
pub(crate) fn count(a: &Bits) -> u32 {
    a[0].count_ones() + a[1].count_ones() + a[2].count_ones() + a[3].count_ones()
}
