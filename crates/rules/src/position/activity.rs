//! Measures of activity for evaluation: how many squares an army's pieces reach, and how many
//! squares around a king its enemies attack.

use super::geometry::{DIAG, KING, KNIGHT, ORTHO};
use super::{bits, Position};
use crate::board::piece::{kind_bits, EMPTY};
use crate::board::Seat;

impl Position {
    /// The squares `seat`'s knights, bishops, rooks and queens reach (empty, or held by a piece
    /// of another seat), counted once per piece. Pawns and the king are left out.
    pub fn mobility(&self, seat: Seat) -> u32 {
        let own = 1u8 << seat as u8;
        let mut n = 0;
        for from in bits(&self.occ[seat.index()]) {
            let k = kind_bits(self.cells[from as usize]);
            if k == 2 {
                n += KNIGHT
                    .iter()
                    .filter(|&&d| self.reachable(from.wrapping_add(d), own))
                    .count() as u32;
            }
            if k == 3 || k == 5 {
                n += self.ray_squares(from, &DIAG, own);
            }
            if k == 4 || k == 5 {
                n += self.ray_squares(from, &ORTHO, own);
            }
        }
        n
    }

    /// How many of the squares next to `seat`'s king that it could step to (empty, or held by
    /// an enemy) a hostile enemy piece attacks (0 when it has no king).
    pub fn king_danger(&self, seat: Seat) -> u32 {
        let k = self.kings[seat.index()];
        if k == 0 {
            return 0;
        }
        let own = 1u8 << seat as u8;
        let enemies = self.hostile_to(seat);
        KING.iter()
            .map(|&d| k.wrapping_add(d))
            .filter(|&t| self.reachable(t, own))
            .filter(|&t| self.is_attacked(t, enemies, k))
            .count() as u32
    }

    /// A square a piece of `own` (a one-bit seat set) could move to, ignoring legality.
    #[inline(always)]
    fn reachable(&self, t: u8, own: u8) -> bool {
        let c = self.cells[t as usize];
        c == EMPTY || (c != crate::board::piece::WALL && !crate::board::piece::is_of(c, own))
    }

    fn ray_squares(&self, from: u8, dirs: &[u8; 4], own: u8) -> u32 {
        let mut n = 0;
        for &d in dirs {
            let mut t = from.wrapping_add(d);
            while self.cells[t as usize] == EMPTY {
                n += 1;
                t = t.wrapping_add(d);
            }
            if self.reachable(t, own) {
                n += 1;
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Seat, Setup};
    use crate::ruleset::RuleSet;
    use crate::Position;

    #[test]
    fn at_the_start_only_knights_move_and_no_king_is_threatened() {
        let p = Position::start(RuleSet::get(crate::Variant::Teams), Setup::Modern);
        for seat in Seat::ALL {
            assert_eq!(p.mobility(seat), 4, "{seat}");
            assert_eq!(p.king_danger(seat), 0, "{seat}");
        }
    }
}
