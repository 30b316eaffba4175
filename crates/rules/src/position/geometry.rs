//! Seat-relative geometry on the internal 16×16 index: directions, pawn rows, promotion rows and
//! castling squares.

use super::{set_bit, Bits, Position};
use crate::board::piece::{kind_bits, seat_bits};
use crate::board::{Kind, Seat, Square, Symmetry};
use std::sync::LazyLock;

/// Orthogonal steps: up, down, right, left.
pub const ORTHO: [u8; 4] = [16, 240, 1, 255];
/// Diagonal steps.
pub const DIAG: [u8; 4] = [17, 15, 241, 239];
/// Knight jumps.
pub const KNIGHT: [u8; 8] = [33, 31, 18, 14, 223, 225, 238, 242];
/// King steps.
pub const KING: [u8; 8] = [16, 240, 1, 255, 17, 15, 241, 239];

/// Per internal square, the board squares an empty board's lines reach from it (the square
/// itself not included): `[orthogonal, diagonal]`. Rays stop at the walls and the cut-off
/// corners, as pieces do.
pub(crate) static LINES: [[Bits; 2]; 256] = lines();

const fn lines() -> [[Bits; 2]; 256] {
    let mut out = [[[0u64; 4]; 2]; 256];
    let mut sq = 0usize;
    while sq < 256 {
        if Square::from_index(sq as u8).is_some() {
            let mut line = 0;
            while line < 2 {
                let dirs = if line == 0 { ORTHO } else { DIAG };
                let mut d = 0;
                while d < 4 {
                    let mut t = (sq as u8).wrapping_add(dirs[d]);
                    while Square::from_index(t).is_some() {
                        out[sq][line][(t >> 6) as usize] |= 1 << (t & 63);
                        t = t.wrapping_add(dirs[d]);
                    }
                    d += 1;
                }
                line += 1;
            }
        }
        sq += 1;
    }
    out
}

/// Per internal square, the board squares a knight's jump away (`KNIGHT_SQUARES`) and the
/// board squares next to it (`RING`): where a knight, or a king or pawn, must stand to attack it.
pub static KNIGHT_SQUARES: [Bits; 256] = steps_from(&KNIGHT);
/// See [`KNIGHT_SQUARES`].
pub(crate) static RING: [Bits; 256] = steps_from(&KING);

const fn steps_from(steps: &[u8; 8]) -> [Bits; 256] {
    let mut out = [[0u64; 4]; 256];
    let mut sq = 0usize;
    while sq < 256 {
        if Square::from_index(sq as u8).is_some() {
            let mut i = 0;
            while i < 8 {
                let t = (sq as u8).wrapping_add(steps[i]);
                if Square::from_index(t).is_some() {
                    out[sq][(t >> 6) as usize] |= 1 << (t & 63);
                }
                i += 1;
            }
        }
        sq += 1;
    }
    out
}

/// Forward step of a seat's (unreversed) pawns.
#[inline(always)]
pub const fn forward(seat: u8) -> u8 {
    [16, 1, 240, 255][seat as usize & 3]
}

/// The step at right angles to a forward step (the other one is its negation).
#[inline(always)]
pub const fn sideways(fwd: u8) -> u8 {
    if fwd == 16 || fwd == 240 {
        1
    } else {
        16
    }
}

/// Forward step of the pawn with cell code `c`.
#[inline(always)]
pub const fn pawn_step(c: u8) -> u8 {
    let f = forward(seat_bits(c));
    if c & crate::board::piece::REVERSED != 0 {
        f.wrapping_neg()
    } else {
        f
    }
}

/// `EDGE[seat]`: the board squares from which a pawn of `seat` stepping forward would leave the
/// board (Conquest's promotion squares, variants.md §5.2).
static EDGE: LazyLock<[Bits; 4]> = LazyLock::new(|| {
    let mut edge = [[0; 4]; 4];
    for sq in Square::all() {
        for seat in 0..4u8 {
            let ahead = sq.index().wrapping_add(forward(seat));
            if Square::from_index(ahead).is_none() {
                set_bit(&mut edge[seat as usize], sq.index());
            }
        }
    }
    edge
});

/// The squares where a pawn of `seat` can step no further forward.
pub(crate) fn forward_edge(seat: usize) -> Bits {
    EDGE[seat & 3]
}

/// Rank of square `i` counted from `seat`'s back row (1 = back row, 14 = the far edge).
#[inline(always)]
pub const fn relative_rank(seat: u8, i: u8) -> u8 {
    let row = i >> 4;
    let col = i & 15;
    match seat & 3 {
        0 => row,
        1 => col,
        2 => 15 - row,
        _ => 15 - col,
    }
}

/// `RANKS[seat][n]`: the board squares on rank `n` counted from `seat`'s back row (made at
/// compile time: every generation reads its promotion rows).
static RANKS: [[Bits; 16]; 4] = ranks();

const fn ranks() -> [[Bits; 16]; 4] {
    let mut ranks = [[[0; 4]; 16]; 4];
    let mut i = 0usize;
    while i < 256 {
        if Square::from_index(i as u8).is_some() {
            let mut seat = 0;
            while seat < 4 {
                let n = relative_rank(seat, i as u8) as usize;
                ranks[seat as usize][n][i >> 6] |= 1 << (i & 63);
                seat += 1;
            }
        }
        i += 1;
    }
    ranks
}

/// The board squares on rank `n` counted from `seat`'s back row (1 = the back row), as a set.
pub(crate) fn rank_squares(seat: usize, n: u8) -> Bits {
    RANKS[seat & 3][n as usize & 15]
}

/// Castling squares of `seat` as the king stands now: king, short rook home, long rook home.
/// `None` when the king is not on one of the two centre squares of its back row.
pub(crate) fn castle_squares(pos: &Position, seat: Seat) -> Option<[u8; 3]> {
    let k = pos.kings[seat.index()];
    if k == 0 || relative_rank(seat as u8, k) != 1 {
        return None;
    }
    let along = |i: u8| if seat as u8 & 1 == 0 { i & 15 } else { i >> 4 };
    let at = |a: u8| -> u8 {
        match seat {
            Seat::South => 16 + a,
            Seat::North => 14 * 16 + a,
            Seat::West => a * 16 + 1,
            Seat::East => a * 16 + 14,
        }
    };
    let ka = along(k);
    if ka != 7 && ka != 8 {
        return None;
    }
    let (low_rook, high_rook) = (at(4), at(11));
    // The short side is the rook three squares away.
    let (short, long) = if ka == 8 {
        (high_rook, low_rook)
    } else {
        (low_rook, high_rook)
    };
    debug_assert!(kind_bits(pos.cells[k as usize]) == Kind::King as u8);
    Some([k, short, long])
}

/// Unit step from `a` towards `b` along a line (both on one rank, file or diagonal), or 0.
pub(crate) fn step_towards(a: u8, b: u8) -> u8 {
    let (ar, af) = ((a >> 4) as i8, (a & 15) as i8);
    let (br, bf) = ((b >> 4) as i8, (b & 15) as i8);
    let (dr, df) = (br - ar, bf - af);
    if (dr == 0 && df == 0) || !(dr == 0 || df == 0 || dr.abs() == df.abs()) {
        return 0;
    }
    (dr.signum() * 16 + df.signum()) as u8
}

/// Castling from king square `k` towards `rook`: the squares between are empty.
pub(crate) fn castle_path_clear(pos: &Position, k: u8, rook: u8) -> bool {
    let d = step_towards(k, rook);
    if d == 0 {
        return false;
    }
    let mut t = k.wrapping_add(d);
    while t != rook {
        if pos.cells[t as usize] != crate::board::piece::EMPTY {
            return false;
        }
        t = t.wrapping_add(d);
    }
    true
}

/// Castling from king square `k` towards `rook`: the squares between are empty and the two the
/// king crosses and lands on are not attacked by `hostile`. Returns the king's destination.
pub(crate) fn castle_squares_ok(pos: &Position, k: u8, rook: u8, hostile: u8) -> Option<u8> {
    if !castle_path_clear(pos, k, rook) {
        return None;
    }
    let d = step_towards(k, rook);
    let pass = k.wrapping_add(d);
    let land = pass.wrapping_add(d);
    if pos.is_attacked(pass, hostile, k) || pos.is_attacked(land, hostile, k) {
        return None;
    }
    Some(land)
}

/// Chess960 castling squares of `seat` (variants.md §3.1): king, h-side rook, a-side rook — the
/// king on its back row and the outermost rook of its colour on each side of it in the
/// arrangement's index order (0 where there is none). `None` when the king is off its back row.
pub(crate) fn castle_squares_960(pos: &Position, seat: Seat, sym: Symmetry) -> Option<[u8; 3]> {
    let k = pos.kings[seat.index()];
    let ki = sym.index_of(seat, Square::from_index(k)?)?;
    let rook_at = |i: u8| {
        let c = pos.cells[sym.square(seat, i).index() as usize];
        kind_bits(c) == Kind::Rook as u8 && seat_bits(c) == seat as u8
    };
    let high = (ki + 1..8).rev().find(|&i| rook_at(i));
    let low = (0..ki).find(|&i| rook_at(i));
    let at = |i: Option<u8>| i.map_or(0, |i| sym.square(seat, i).index());
    Some([k, at(high), at(low)])
}

/// The back-row squares from `a` to `b`, both included.
fn span(a: u8, b: u8) -> impl Iterator<Item = u8> {
    let d = step_towards(a, b);
    let n = if d == 0 {
        0
    } else {
        let (ar, af, br, bf) = (a >> 4, a & 15, b >> 4, b & 15);
        ar.abs_diff(br).max(af.abs_diff(bf))
    };
    (0..=n).map(move |i| a.wrapping_add(d.wrapping_mul(i)))
}

/// Chess960 castling of `seat`'s king on `k` with the rook on `rook` (variants.md §3.1, the F1
/// rule): the king's and the rook's destinations — indices 6 and 5 on the h-side, 2 and 3 on
/// the a-side — when every square either crosses or reaches is empty but for the two of them
/// and no square the king crosses or reaches is attacked by `hostile`. Whether the king stands
/// in check is the caller's question. The destination is also tested with the rook's square
/// empty: a rook that leaves the back row's far end may have screened it.
pub(crate) fn castle_960_ok(
    pos: &Position,
    seat: Seat,
    sym: Symmetry,
    (k, rook): (u8, u8),
    h_side: bool,
    hostile: u8,
) -> Option<(u8, u8)> {
    let (ki, ri) = if h_side { (6, 5) } else { (2, 3) };
    let (kd, rd) = (sym.square(seat, ki).index(), sym.square(seat, ri).index());
    let clear = |t: u8| t == k || t == rook || pos.cells[t as usize] == crate::board::piece::EMPTY;
    if !span(k, kd).chain(span(rook, rd)).all(clear) {
        return None;
    }
    if span(k, kd).any(|t| t != k && pos.is_attacked(t, hostile, k))
        || pos.is_attacked(kd, hostile, rook)
    {
        return None;
    }
    Some((kd, rd))
}
