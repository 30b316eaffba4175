//! Measures of activity for evaluation: how many squares an army's pieces reach, and how many
//! squares around a king its enemies attack.

use super::geometry::{forward, sideways, DIAG, KING, KNIGHT, ORTHO};
use super::{bits, Position};
use crate::board::piece::{is_of, kind_bits, EMPTY, WALL};
use crate::board::{Kind, Seat};

/// How well a king is sheltered (see [`Position::king_shelter`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct KingShelter {
    /// Squares of the king zone (the eight around the king) that a hostile enemy attacks.
    pub attacked: u32,
    /// The hostile seats that attack some square of the zone, one bit per seat (several
    /// armies converging on one king is how most four-player mates happen).
    pub attackers: u8,
    /// The seat's own pawns on the three squares in front of the king and the three beyond.
    pub shield: u32,
}

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

    /// The king zone's attacked squares and the pawn shield of `seat`'s king (all zero when it
    /// has no king). "In front" is the seat's forward direction.
    pub fn king_shelter(&self, seat: Seat) -> KingShelter {
        let k = self.kings[seat.index()];
        if k == 0 {
            return KingShelter::default();
        }
        let own = 1u8 << seat as u8;
        let enemies = self.hostile_to(seat);
        let mut attacked = 0;
        let mut attackers = 0;
        for t in KING.iter().map(|&d| k.wrapping_add(d)) {
            if self.cells[t as usize] == WALL {
                continue;
            }
            // One test for all enemies; which of them attack is asked only of an attacked square.
            if !self.is_attacked(t, enemies, k) {
                continue;
            }
            let mut by = 0;
            for e in Seat::ALL {
                if enemies & e.bit() != 0 && self.is_attacked(t, e.bit(), k) {
                    by |= e.bit();
                }
            }
            attacked += u32::from(by != 0);
            attackers |= by;
        }
        let f = forward(seat as u8);
        let side = sideways(f);
        let mut shield = 0;
        for row in [k.wrapping_add(f), k.wrapping_add(f).wrapping_add(f)] {
            for t in [row, row.wrapping_add(side), row.wrapping_sub(side)] {
                let c = self.cells[t as usize];
                if c != WALL && kind_bits(c) == Kind::Pawn as u8 && is_of(c, own) {
                    shield += 1;
                }
            }
        }
        KingShelter {
            attacked,
            attackers,
            shield,
        }
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
            let s = p.king_shelter(seat);
            assert_eq!((s.attacked, s.attackers, s.shield), (0, 0, 3), "{seat}");
        }
    }

    #[test]
    fn the_shelter_counts_the_attacked_zone_and_the_pawns_in_front() {
        use crate::board::{Kind, Piece, Square};
        let sq = |f: char, r: u8| Square::new(f as u8 - b'a', r - 1).unwrap();
        let mut p = Position::empty(RuleSet::get(crate::Variant::Teams));
        let red = |k| Piece::new(Seat::South, k);
        p.put(sq('h', 1), red(Kind::King));
        // In front: g2 and h3 (two ahead); k2 is not.
        for (f, r) in [('g', 2), ('h', 3), ('k', 2)] {
            p.put(sq(f, r), red(Kind::Pawn));
        }
        // Green's rook on d1 attacks e1, f1 and g1 (in the zone); Blue's bishop on d6 attacks
        // h2 and i1 (both in the zone) down the diagonal; Yellow (the partner) attacks nothing
        // that counts.
        p.put(sq('d', 1), Piece::new(Seat::East, Kind::Rook));
        p.put(sq('e', 2), Piece::new(Seat::North, Kind::Rook));
        p.put(sq('d', 6), Piece::new(Seat::West, Kind::Bishop));
        let s = p.king_shelter(Seat::South);
        assert_eq!(s.shield, 2);
        assert_eq!(s.attacked, 3);
        assert_eq!(s.attackers, Seat::East.bit() | Seat::West.bit());
        assert_eq!(p.king_shelter(Seat::North), Default::default());
    }
}
