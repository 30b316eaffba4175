//! Zobrist keys, computed by mixing instead of stored in tables (no start-up cost, no cache
//! pressure from a 256×256 table).

use super::Army;
use crate::board::Seat;

#[inline(always)]
const fn mix(mut x: u64) -> u64 {
    // splitmix64 finaliser
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Key of piece code `c` on internal square `i`.
#[inline(always)]
pub(crate) const fn piece(c: u8, i: u8) -> u64 {
    mix((c as u64) << 8 | i as u64)
}

/// Key of the seat to move.
#[inline(always)]
pub(crate) const fn turn(s: Seat) -> u64 {
    TURN[s as usize]
}

/// The seats' turn keys, made at compile time (one is changed every move).
const TURN: [u64; 4] = keys(0x1_0000, 0);

/// Key of a whole castling-rights byte.
#[inline(always)]
pub(crate) const fn castling(bits: u8) -> u64 {
    CASTLING[bits as usize]
}

/// The castling keys of every rights byte, made at compile time (0 for no rights).
static CASTLING: [u64; 256] = keys(0x2_0000, 1);

/// Keys `mix(base + i)` for every index `i` from `first` on; 0 below it.
const fn keys<const N: usize>(base: u64, first: usize) -> [u64; N] {
    let mut out = [0; N];
    let mut i = first;
    while i < N {
        out[i] = mix(base + i as u64);
        i += 1;
    }
    out
}

/// Key of seat `s`'s en-passant window with skipped square `sq` (0 = closed).
#[inline(always)]
pub(crate) const fn ep(s: usize, sq: u8) -> u64 {
    if sq == 0 {
        0
    } else {
        mix(0x3_0000 + ((s as u64) << 8) + sq as u64)
    }
}

/// Key of seat `s`'s remaining check lives (N-check; 0 outside it).
#[inline(always)]
pub(crate) const fn lives(s: usize, n: u8) -> u64 {
    if n == 0 {
        0
    } else {
        mix(0x5_0000 + ((s as u64) << 8) + n as u64)
    }
}

/// Key of seat `s`'s army status.
#[inline(always)]
pub(crate) const fn army(s: usize, a: Army) -> u64 {
    if matches!(a, Army::Live) {
        0
    } else {
        mix(0x4_0000 + ((s as u64) << 8) + a.code() as u64)
    }
}

/// Key for seat `s`'s pieces being moved by seat `by` (Conquest); 0 while a seat moves its own.
#[inline]
pub(crate) fn controller(s: usize, by: u8) -> u64 {
    if s == by as usize {
        0
    } else {
        mix(0x6_0000 + ((s as u64) << 8) + by as u64)
    }
}
