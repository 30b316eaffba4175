//! Sets of squares: 256 bits over the internal 16×16 index, four 64-bit words.
//!
//! The board's frame of wall cells makes shifts safe: a step off the board lands on a wall cell
//! (cleared by [`ON_BOARD`]) or leaves the 256 bits altogether.

use crate::board::BoardShape;

/// A set of internal square indices.
pub type Bits = [u64; 4];

/// The squares of the board (not its walls or cut-off corners).
pub(crate) const ON_BOARD: Bits = on_board();

/// Chaturaji's 64 squares d4–k11.
const CENTRE: Bits = squares_of(BoardShape::Centre64);

/// The squares of the board `shape` plays on.
#[inline(always)]
pub(crate) const fn board_squares(shape: BoardShape) -> &'static Bits {
    match shape {
        BoardShape::Cross160 => &ON_BOARD,
        BoardShape::Centre64 => &CENTRE,
    }
}

const fn on_board() -> Bits {
    squares_of(BoardShape::Cross160)
}

const fn squares_of(shape: BoardShape) -> Bits {
    let mut b = [0u64; 4];
    let mut i = 0usize;
    while i < 256 {
        if let Some(sq) = crate::board::Square::from_index(i as u8) {
            if shape.contains(sq) {
                b[i >> 6] |= 1 << (i & 63);
            }
        }
        i += 1;
    }
    b
}

#[inline(always)]
pub(crate) fn set_bit(b: &mut Bits, i: u8) {
    b[(i >> 6) as usize] |= 1u64 << (i & 63);
}

/// True when square `i` is in the set `b`.
#[inline(always)]
pub fn has(b: &Bits, i: u8) -> bool {
    b[(i >> 6) as usize] >> (i & 63) & 1 != 0
}

#[inline(always)]
pub(crate) fn clear_bit(b: &mut Bits, i: u8) {
    b[(i >> 6) as usize] &= !(1u64 << (i & 63));
}

/// `a ∩ b`.
#[inline(always)]
pub fn and(a: &Bits, b: &Bits) -> Bits {
    [a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]]
}

/// `a ∖ b`.
#[inline(always)]
pub(crate) fn and_not(a: &Bits, b: &Bits) -> Bits {
    [a[0] & !b[0], a[1] & !b[1], a[2] & !b[2], a[3] & !b[3]]
}

/// `a ∪ b`.
#[inline(always)]
pub(crate) fn or(a: &Bits, b: &Bits) -> Bits {
    [a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]]
}

/// True when the set is empty.
#[inline(always)]
pub fn is_empty(b: &Bits) -> bool {
    (b[0] | b[1] | b[2] | b[3]) == 0
}

/// The number of squares in the set.
#[inline(always)]
pub(crate) fn count(b: &Bits) -> u32 {
    b[0].count_ones() + b[1].count_ones() + b[2].count_ones() + b[3].count_ones()
}

/// Every square of the set moved by the step `d` (a wrapping index offset, as in `geometry.rs`,
/// of at most 64 either way); squares moved beyond index 0 or 255 drop out.
#[inline(always)]
pub(crate) fn shift(b: &Bits, d: u8) -> Bits {
    if d < 128 {
        let n = d as u32;
        let back = 64 - n;
        [
            b[0] << n,
            b[1] << n | b[0] >> back,
            b[2] << n | b[1] >> back,
            b[3] << n | b[2] >> back,
        ]
    } else {
        let n = 256 - d as u32;
        let back = 64 - n;
        [
            b[0] >> n | b[1] << back,
            b[1] >> n | b[2] << back,
            b[2] >> n | b[3] << back,
            b[3] >> n,
        ]
    }
}

/// Iterates over the squares of a set, in index order.
#[inline(always)]
pub fn bits(b: &Bits) -> Squares {
    Squares { words: *b, w: 0 }
}

/// The squares of a set, in index order (see [`bits`]).
pub struct Squares {
    words: Bits,
    /// The word being emptied.
    w: usize,
}

impl Iterator for Squares {
    type Item = u8;

    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        while self.w < 4 {
            let x = self.words[self.w];
            if x != 0 {
                self.words[self.w] = x & (x - 1);
                return Some((self.w as u8) << 6 | x.trailing_zeros() as u8);
            }
            self.w += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_move_every_square_and_drop_the_overflow() {
        for d in [1u8, 15, 16, 17, 33, 239, 240, 241, 255, 223] {
            for i in 0..=255u8 {
                let mut b = [0; 4];
                set_bit(&mut b, i);
                let moved = shift(&b, d);
                let to = i as i32 + if d < 128 { d as i32 } else { d as i32 - 256 };
                if (0..256).contains(&to) {
                    assert!(has(&moved, to as u8) && count(&moved) == 1, "{i} by {d}");
                } else {
                    assert!(is_empty(&moved), "{i} by {d}");
                }
            }
        }
    }

    #[test]
    fn the_board_has_160_squares() {
        assert_eq!(count(&ON_BOARD), 160);
        assert_eq!(count(board_squares(BoardShape::Centre64)), 64);
    }
}
