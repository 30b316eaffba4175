//! Pseudo-legal move generation for the seat to move: every move its pieces can make, before the
//! test that the king is left safe.

use super::geometry::{
    castle_path_clear, castle_squares_ok, forward, is_promotion, pawn_step, relative_rank,
    sideways, DIAG, KING, KNIGHT, ORTHO,
};
use super::{bits, castle_bit, Position};
use crate::board::piece::{is_of, kind_bits, seat_bits, DEAD, EMPTY, REVERSED, WALL};
use crate::board::{Kind, Seat};
use crate::moves::{Move, MoveKind, MoveList};

/// How a target cell relates to the mover.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Target {
    Empty,
    Capture,
    Blocked,
}

impl Position {
    /// Classifies cell `c` as a destination for the mover, given the capturable seats.
    #[inline(always)]
    fn target(&self, c: u8, capturable: u8) -> Target {
        if c == EMPTY {
            Target::Empty
        } else if (c & DEAD != 0 && c != WALL) || is_of(c, capturable) {
            if !self.rules.king_capture && kind_bits(c) == Kind::King as u8 {
                Target::Blocked
            } else {
                Target::Capture
            }
        } else {
            Target::Blocked
        }
    }

    /// Appends every pseudo-legal move of `seat` to `out`.
    pub(crate) fn gen_pseudo(&self, seat: Seat, out: &mut MoveList) {
        let s = seat as u8;
        let capturable = self.hostile_to(seat);
        for from in bits(&self.occ[s as usize]) {
            let c = self.cells[from as usize];
            match kind_bits(c) {
                1 => self.gen_pawn(from, c, capturable, out),
                2 => self.gen_steps(from, &KNIGHT, capturable, out),
                3 => self.gen_slides(from, &DIAG, capturable, out),
                4 => self.gen_slides(from, &ORTHO, capturable, out),
                5 => {
                    self.gen_slides(from, &ORTHO, capturable, out);
                    self.gen_slides(from, &DIAG, capturable, out);
                }
                _ => {
                    self.gen_steps(from, &KING, capturable, out);
                    self.gen_castling(seat, capturable, out);
                }
            }
        }
        if self.ep.iter().any(|w| w.skipped != 0) {
            self.gen_en_passant(seat, capturable, out);
        }
    }

    #[inline(always)]
    fn gen_steps(&self, from: u8, steps: &[u8; 8], capturable: u8, out: &mut MoveList) {
        for &d in steps {
            let to = from.wrapping_add(d);
            if self.target(self.cells[to as usize], capturable) != Target::Blocked {
                out.push(Move::raw(from, to, 0, MoveKind::Normal));
            }
        }
    }

    #[inline(always)]
    fn gen_slides(&self, from: u8, dirs: &[u8; 4], capturable: u8, out: &mut MoveList) {
        for &d in dirs {
            let mut to = from.wrapping_add(d);
            loop {
                let c = self.cells[to as usize];
                if c == EMPTY {
                    out.push(Move::raw(from, to, 0, MoveKind::Normal));
                    to = to.wrapping_add(d);
                    continue;
                }
                if self.target(c, capturable) == Target::Capture {
                    out.push(Move::raw(from, to, 0, MoveKind::Normal));
                }
                break;
            }
        }
    }

    #[inline(always)]
    fn push_pawn(&self, s: u8, from: u8, to: u8, kind: MoveKind, out: &mut MoveList) {
        if is_promotion(self, s, to) {
            for &k in self.rules.promotion_choice.kinds() {
                out.push(Move::raw(from, to, k as u8, kind));
            }
        } else {
            out.push(Move::raw(from, to, 0, kind));
        }
    }

    fn gen_pawn(&self, from: u8, c: u8, capturable: u8, out: &mut MoveList) {
        let s = seat_bits(c);
        let f = pawn_step(c);
        let ahead = from.wrapping_add(f);
        let ac = self.cells[ahead as usize];
        if ac == EMPTY {
            self.push_pawn(s, from, ahead, MoveKind::Normal, out);
            if self.rules.double_step && c & REVERSED == 0 && relative_rank(s, from) == 2 {
                let two = ahead.wrapping_add(f);
                if self.cells[two as usize] == EMPTY {
                    out.push(Move::raw(from, two, 0, MoveKind::DoubleStep));
                }
            }
        } else if self.rules.partner_pawn_jump
            && kind_bits(ac) == Kind::Pawn as u8
            && ac != WALL
            && seat_bits(ac) == (s + 2) & 3
            && ac & DEAD == 0
        {
            let beyond = ahead.wrapping_add(f);
            if self.cells[beyond as usize] == EMPTY {
                self.push_pawn(s, from, beyond, MoveKind::Jump, out);
            }
        }
        let side = sideways(f);
        for to in [ahead.wrapping_add(side), ahead.wrapping_sub(side)] {
            if self.target(self.cells[to as usize], capturable) == Target::Capture {
                self.push_pawn(s, from, to, MoveKind::Normal, out);
            }
        }
    }

    /// En-passant captures: a pawn capture onto another seat's skipped square. When the skipped
    /// square holds a capturable piece the ordinary capture is already listed; it becomes an
    /// en-passant capture (taking both).
    fn gen_en_passant(&self, seat: Seat, capturable: u8, out: &mut MoveList) {
        let s = seat as u8;
        for x in 0..4u8 {
            let w = self.ep[x as usize];
            if w.skipped == 0 || capturable >> x & 1 == 0 {
                continue;
            }
            let pc = self.cells[w.pawn as usize];
            if kind_bits(pc) != Kind::Pawn as u8 || seat_bits(pc) != x || pc & DEAD != 0 {
                continue;
            }
            let target = self.target(self.cells[w.skipped as usize], capturable);
            if target == Target::Blocked {
                continue;
            }
            if target == Target::Capture {
                for m in out.as_mut_slice() {
                    if m.to_idx() == w.skipped
                        && kind_bits(self.cells[m.origin_idx() as usize]) == Kind::Pawn as u8
                        && m.kind() == MoveKind::Normal
                    {
                        *m = Move::raw(
                            m.origin_idx(),
                            m.to_idx(),
                            m.promo_bits(),
                            MoveKind::EnPassant,
                        );
                    }
                }
                continue;
            }
            // Pawns of `seat` that attack the skipped square.
            let f = forward(s);
            let side = sideways(f);
            for attack in [f.wrapping_add(side), f.wrapping_sub(side)] {
                for reversed in [false, true] {
                    let step = if reversed {
                        attack.wrapping_neg()
                    } else {
                        attack
                    };
                    let from = w.skipped.wrapping_sub(step);
                    let pc = self.cells[from as usize];
                    if kind_bits(pc) == Kind::Pawn as u8
                        && pc != WALL
                        && seat_bits(pc) == s
                        && pc & DEAD == 0
                        && (pc & REVERSED != 0) == reversed
                    {
                        self.push_pawn(s, from, w.skipped, MoveKind::EnPassant, out);
                    }
                }
            }
        }
    }

    fn gen_castling(&self, seat: Seat, capturable: u8, out: &mut MoveList) {
        let s = seat.index();
        if self.castling >> (2 * s) & 3 == 0 {
            return;
        }
        let [k, short, long] = self.castle_sq[s];
        if k == 0 || self.kings[s] != k {
            return;
        }
        // Whether the king stands in check is asked only once a path is clear (early in a game
        // it seldom is), and at most once.
        let mut in_check = None;
        for (is_short, rook) in [(true, short), (false, long)] {
            if self.castling & castle_bit(seat, is_short) == 0 || !castle_path_clear(self, k, rook)
            {
                continue;
            }
            if *in_check.get_or_insert_with(|| self.is_attacked(k, capturable, 0)) {
                return;
            }
            if let Some(to) = castle_squares_ok(self, k, rook, capturable) {
                let kind = if is_short {
                    MoveKind::CastleShort
                } else {
                    MoveKind::CastleLong
                };
                out.push(Move::raw(k, to, 0, kind));
            }
        }
    }
}
