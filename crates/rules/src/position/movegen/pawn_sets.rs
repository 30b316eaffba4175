//! The mover's pawns generated as sets: all pushes, double steps and captures of the pawns that
//! need no test come from a few shifts of the pawn set, and a counting sink takes each set by
//! its size. Captures that must be made one by one (en passant, king captures that disarm an
//! army) and pinned pawns go through the generator's square-by-square path.

use super::{Admit, Gen, Sink};
use crate::board::piece::{kind_bits, REVERSED};
use crate::board::Kind;
use crate::moves::MoveKind;
use crate::position::bitset::{
    and, and_not, bits, board_squares, clear_bit, is_empty, or, set_bit, shift, Bits, ON_BOARD,
};
use crate::position::geometry::{forward, rank_squares, sideways};

impl<S: Sink> Gen<'_, S> {
    /// The mover's pawns that [`Gen::pawn_sets`] generates: in double check none, otherwise
    /// every pawn not pinned, not turned round (Verney, Club) and not standing behind its
    /// partner's pawn where pawns jump their partner's (Verney, Club).
    pub(super) fn set_pawns(&self) -> Bits {
        let pos = self.pos;
        let s = self.seat.index();
        let mut mine = and(&pos.occ[s], &pos.pawns);
        if pos.reversed[s] != 0 {
            for i in bits(&mine) {
                if pos.cells[i as usize] & REVERSED != 0 {
                    clear_bit(&mut mine, i);
                }
            }
        }
        if pos.rules.partner_pawn_jump {
            let partners = and(&pos.occ[(s + 2) & 3], &pos.pawns);
            let behind = shift(&partners, forward(s as u8).wrapping_neg());
            mine = and_not(&mine, &behind);
        }
        match &self.guard {
            None => mine,
            Some(g) if g.checkers > 1 => [0; 4],
            Some(g) => and_not(&mine, &g.pinned),
        }
    }

    /// Generates the moves of `pawns` (from [`Gen::set_pawns`]), except en-passant captures onto
    /// an empty skipped square, which [`Gen::en_passant`] finds for every pawn.
    pub(super) fn pawn_sets(&mut self, pawns: &Bits) {
        if is_empty(pawns) {
            return;
        }
        let pos = self.pos;
        let s = self.seat as u8;
        let (admit, allowed) = match &self.guard {
            Some(g) if g.checkers == 1 => (Admit::Evading, g.evasion),
            _ => (Admit::All, ON_BOARD),
        };
        let occupied = pos.occ.iter().fold(pos.dead, |a, o| or(&a, o));
        let empty = and_not(board_squares(pos.rules.board), &occupied);
        let f = forward(s);
        let back = f.wrapping_neg();

        let one = and(&shift(pawns, f), &empty);
        self.push_pawn_set(&and(&one, &allowed), back, MoveKind::Normal);
        if pos.rules.double_step {
            let two = and(&shift(&and(&one, &rank_squares(s as usize, 3)), f), &empty);
            self.out.push_set(
                &and(&two, &allowed),
                back.wrapping_add(back),
                MoveKind::DoubleStep,
                &[Kind::Pawn],
            );
        }

        let prey = self.prey();
        // Captures made one by one: onto an open skipped square (en passant) and of a king
        // whose capture disarms its army.
        let mut single = [0; 4];
        for x in 0..4u8 {
            if self.capturable >> x & 1 == 0 {
                continue;
            }
            let w = pos.ep[x as usize];
            if w.skipped != 0 && self.window_pawn(x) {
                set_bit(&mut single, w.skipped);
            }
            let k = pos.kings[x as usize];
            if k != 0 && self.guard.is_some() && pos.rules.king_capture_disarms {
                set_bit(&mut single, k);
            }
        }
        let side = sideways(f);
        for d in [f.wrapping_add(side), f.wrapping_sub(side)] {
            let hits = and(&shift(pawns, d), &prey);
            let plain = and_not(&and(&hits, &allowed), &single);
            self.push_pawn_set(&plain, d.wrapping_neg(), MoveKind::Normal);
            for to in bits(&and(&hits, &single)) {
                let c = pos.cells[to as usize];
                let kind = if self.ep_open && self.ep_window_at(to) {
                    MoveKind::EnPassant
                } else {
                    MoveKind::Normal
                };
                self.pawn_to(to.wrapping_sub(d), to, kind, admit, c);
            }
        }
    }

    /// The squares [`Gen::target`] calls captures, as a set: dead pieces and the capturable
    /// seats' pieces — kings, live or dead, only where kings are captured.
    fn prey(&self) -> Bits {
        let pos = self.pos;
        let mut prey = or(&pos.dead, &pos.occupied_by(self.capturable));
        if !pos.rules.king_capture {
            for &k in pos.kings.iter().filter(|&&k| k != 0) {
                clear_bit(&mut prey, k);
            }
            for i in bits(&pos.dead) {
                if kind_bits(pos.cells[i as usize]) == Kind::King as u8 {
                    clear_bit(&mut prey, i);
                }
            }
        }
        prey
    }

    /// Pushes a move onto every square of `to` from `back` behind it, once per promotion piece
    /// on the promotion squares.
    #[inline(always)]
    fn push_pawn_set(&mut self, to: &Bits, back: u8, kind: MoveKind) {
        let promoting = and(to, &self.promotion);
        self.out
            .push_set(&and_not(to, &promoting), back, kind, &[Kind::Pawn]);
        if !is_empty(&promoting) {
            let kinds = self.pos.rules.promotion_choice.kinds();
            self.out.push_set(&promoting, back, kind, kinds);
        }
    }
}
