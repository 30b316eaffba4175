//! Attack tables over the internal 16×16 index as 256-bit sets (four 64-bit words): the board's
//! squares, knight and king steps, and the eight rays from every square, each stopping at the
//! board's edge. A slider's reach along a ray is the ray up to its first occupied square
//! (included), found with one bit scan: rays in the directions that raise the index take the
//! lowest occupied square, the others the highest.

use super::geometry::{relative_rank, KING, KNIGHT};
use crate::board::Square;
use std::sync::LazyLock;

/// A set of internal squares, bit `i` of word `i / 64` for square `i`.
pub(crate) type Bits = [u64; 4];

/// The steps of the eight rays; the first four raise the index.
pub(crate) const RAY_STEPS: [u8; 8] = [16, 1, 17, 15, 240, 255, 241, 239];
/// The orthogonal rays (indices into [`RAY_STEPS`]).
pub(crate) const ORTHO_RAYS: [usize; 4] = [0, 1, 4, 5];
/// The diagonal rays.
pub(crate) const DIAG_RAYS: [usize; 4] = [2, 3, 6, 7];

/// The precomputed sets.
pub(crate) struct Tables {
    /// Every square of the board.
    pub(crate) board: Bits,
    pub(crate) knight: [Bits; 256],
    pub(crate) king: [Bits; 256],
    /// `ray[r][sq]`: the squares from `sq` (excluded) along ray `r` to the edge.
    pub(crate) ray: [[Bits; 256]; 8],
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
        ray: [[[0; 4]; 256]; 8],
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
        for (r, &d) in RAY_STEPS.iter().enumerate() {
            let mut to = i.wrapping_add(d);
            while on[to as usize] {
                set(&mut t.ray[r][i as usize], to);
                to = to.wrapping_add(d);
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

/// The lowest square of a non-empty set.
#[inline(always)]
fn lowest(a: &Bits) -> u8 {
    let mut w = 0;
    while a[w] == 0 {
        w += 1;
    }
    (w as u8) << 6 | a[w].trailing_zeros() as u8
}

/// The highest square of a non-empty set.
#[inline(always)]
fn highest(a: &Bits) -> u8 {
    let mut w = 3;
    while a[w] == 0 {
        w -= 1;
    }
    (w as u8) << 6 | (63 - a[w].leading_zeros()) as u8
}

impl Tables {
    /// The squares a slider on `sq` reaches along the rays `rays`, given the occupied squares:
    /// empty squares and the first occupied one of each ray.
    #[inline(always)]
    pub(crate) fn slides(&self, sq: u8, rays: &[usize; 4], occupied: &Bits) -> Bits {
        let mut out = [0; 4];
        for &r in rays {
            let ray = &self.ray[r][sq as usize];
            let hit = and(ray, occupied);
            let reach = if is_empty(&hit) {
                *ray
            } else {
                let first = if r < 4 { lowest(&hit) } else { highest(&hit) };
                and_not(ray, &self.ray[r][first as usize])
            };
            out = or(&out, &reach);
        }
        out
    }
}
