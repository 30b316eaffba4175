//! Attack detection: which pieces of which armies attack a square.

use super::geometry::{pawn_step, sideways, DIAG, KNIGHT, ORTHO};
use super::{set_bit, Bits, Position};
use crate::board::piece::{is_of, kind_bits, EMPTY};
use crate::board::Kind;

const P: u8 = Kind::Pawn as u8;
const N: u8 = Kind::Knight as u8;
const B: u8 = Kind::Bishop as u8;
const R: u8 = Kind::Rook as u8;
const Q: u8 = Kind::Queen as u8;
const K: u8 = Kind::King as u8;

impl Position {
    /// True when a non-dead piece of a seat in `by` attacks internal square `sq`. The square
    /// `ignore` (0 for none) is treated as empty, so a king can test the squares it moves to.
    #[inline]
    pub fn is_attacked(&self, sq: u8, by: u8, ignore: u8) -> bool {
        let cells = &self.cells;
        let near = self.near(sq, by);
        if near.knights {
            for d in KNIGHT {
                let c = cells[sq.wrapping_add(d) as usize];
                if kind_bits(c) == N && is_of(c, by) {
                    return true;
                }
            }
        }
        (near.ring || near.ortho) && self.line_attacked(sq, &ORTHO, R, near.ortho, by, ignore)
            || (near.ring || near.diag) && self.line_attacked(sq, &DIAG, B, near.diag, by, ignore)
    }

    /// True when a non-dead piece of `by` attacks `sq` along the line steps `dirs` (`ORTHO`
    /// with `slider` the rook, `DIAG` with the bishop): from the first square of a line, an
    /// adjacent king (or, diagonally, a pawn that hits `sq`); with `walk`, from beyond it a
    /// `slider` or queen. `ignore` is treated as empty.
    #[inline(always)]
    fn line_attacked(
        &self,
        sq: u8,
        dirs: &[u8; 4],
        slider: u8,
        walk: bool,
        by: u8,
        ignore: u8,
    ) -> bool {
        let cells = &self.cells;
        for &d in dirs {
            let mut t = sq.wrapping_add(d);
            let mut c = cells[t as usize];
            let k = kind_bits(c);
            let adjacent = k == K || (slider == B && k == P && pawn_hits(c, d));
            if adjacent && is_of(c, by) {
                return true;
            }
            if !walk {
                continue;
            }
            while c == EMPTY || t == ignore {
                t = t.wrapping_add(d);
                c = cells[t as usize];
            }
            let k = kind_bits(c);
            if (k == slider || k == Q) && is_of(c, by) {
                return true;
            }
        }
        false
    }

    /// Squares of the non-dead pieces of seats in `by` that attack internal square `sq`.
    pub fn attackers(&self, sq: u8, by: u8) -> Bits {
        let cells = &self.cells;
        let mut out = [0u64; 4];
        for d in KNIGHT {
            let t = sq.wrapping_add(d);
            let c = cells[t as usize];
            if kind_bits(c) == N && is_of(c, by) {
                set_bit(&mut out, t);
            }
        }
        let (ortho, diag) = self.slider_lines(sq, by);
        for (dirs, slider, walk) in [(ORTHO, R, ortho), (DIAG, B, diag)] {
            for d in dirs {
                let mut t = sq.wrapping_add(d);
                let mut c = cells[t as usize];
                let k = kind_bits(c);
                if is_of(c, by) && (k == K || (k == P && slider == B && pawn_hits(c, d))) {
                    set_bit(&mut out, t);
                    continue;
                }
                if !walk {
                    continue;
                }
                while c == EMPTY {
                    t = t.wrapping_add(d);
                    c = cells[t as usize];
                }
                let k = kind_bits(c);
                if (k == slider || k == Q) && is_of(c, by) {
                    set_bit(&mut out, t);
                }
            }
        }
        out
    }
}

/// True when the pawn with code `c`, standing one diagonal step `d` away from a square (that is,
/// at `square + d`), attacks that square.
#[inline(always)]
pub(crate) fn pawn_hits(c: u8, d: u8) -> bool {
    // The pawn attacks `square` when square = pawn + fwd ± side, i.e. -d = fwd ± side.
    let f = pawn_step(c);
    let s = sideways(f);
    let back = d.wrapping_neg();
    back == f.wrapping_add(s) || back == f.wrapping_sub(s)
}
