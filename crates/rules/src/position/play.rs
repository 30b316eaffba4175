//! Making a move on the board: pieces, castling rights, en-passant windows, the fifty-move
//! counter, the hash and the turn.

use super::geometry::{forward, relative_rank, step_towards};
use super::{castle_bit, EpWindow, Position};
use crate::board::piece::{kind_bits, seat_bits, DEAD, EMPTY, ONE_POINT, REVERSED};
use crate::board::{Kind, Piece, Seat, Square};
use crate::moves::{Move, MoveKind};
use crate::ruleset::{Castling, PromotionChoice};

/// What a move did on the board, for scoring and notation.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// Pieces removed by the move (an en-passant capture can remove two), with their squares.
    pub captured: [Option<(Square, Piece)>; 2],
}

impl Played {
    /// The captured pieces.
    pub fn captures(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.captured.iter().flatten().copied()
    }
}

impl Position {
    /// Makes `m` for the seat to move and passes the turn on. The move must be legal (or at least
    /// pseudo-legal); the game layer checks that.
    pub fn play(&mut self, m: Move) -> Played {
        let seat = self.turn;
        let attackers = self.rules.check_lives.map(|_| self.king_attackers());
        // The levels re-evaluate every other player, asking whose king is in check: worked out
        // from the checks before the move (`checks.rs`).
        let checks = (!self.rules.king_capture).then(|| self.checks_now());
        let played = self.apply_on_board(seat, m);
        if let Some(before) = attackers {
            self.take_lives(seat, m, &before);
        }
        if let Some(before) = checks {
            self.checks = self.checks_after(seat, m, before);
            // With no king in check and no army mated, no status can change.
            if self.checks != 0xF0 || self.armies.contains(&super::Army::Mated) {
                self.update_statuses(1, seat);
            }
        }
        self.advance_turn();
        played
    }

    /// Makes `m` for `seat` on the board without passing the turn.
    pub(crate) fn apply_on_board(&mut self, seat: Seat, m: Move) -> Played {
        let s = seat.index();
        let (from, to) = (m.origin_idx(), m.to_idx());
        if m.is_castle() {
            if let Castling::Chess960(sym) = self.rules.castling {
                return self.castle_960(seat, sym, m);
            }
        }
        let mut played = Played::default();
        let mut live_capture = false;
        let mut code = self.lift(from);
        let is_pawn = kind_bits(code) == Kind::Pawn as u8;
        if self.cells[to as usize] != EMPTY {
            let c = self.lift(to);
            live_capture |= c & DEAD == 0;
            played.captured[0] = Some((sq(to), piece(c)));
        }
        match m.kind() {
            MoveKind::EnPassant => {
                for x in 0..4 {
                    let w = self.ep[x];
                    if w.skipped != to || x == s {
                        continue;
                    }
                    let pc = self.cells[w.pawn as usize];
                    // The window is its controller's (Conquest: a conquered pawn's double step
                    // opens its conqueror's window).
                    if kind_bits(pc) == Kind::Pawn as u8
                        && self.controller_index(seat_bits(pc) as usize) as usize == x
                        && self.rules.enemies(seat) >> x & 1 != 0
                    {
                        let c = self.lift(w.pawn);
                        live_capture |= c & DEAD == 0;
                        let slot = if played.captured[0].is_none() { 0 } else { 1 };
                        played.captured[slot] = Some((sq(w.pawn), piece(c)));
                    }
                }
            }
            MoveKind::CastleShort | MoveKind::CastleLong => {
                let short = m.kind() == MoveKind::CastleShort;
                let rook = self.castle_sq[s][if short { 1 } else { 2 }];
                let d = step_towards(from, rook);
                let rc = self.lift(rook);
                self.drop_code(from.wrapping_add(d), rc);
            }
            _ => {}
        }
        if let Some(k) = m.promotion() {
            code = (code & !(7 | REVERSED | ONE_POINT)) | k as u8;
            if self.rules.promotion_choice == PromotionChoice::OnePointQueen {
                code |= ONE_POINT;
            }
        } else if is_pawn && self.rules.reversal {
            code = self.reversal(code, to);
        }
        self.drop_code(to, code);

        // Every castling square (king and rook homes) is on a back row: a move that neither
        // leaves nor reaches the board's edge changes no right.
        if self.castling != 0 && (on_edge(from) || on_edge(to)) {
            self.update_castling(from, to);
        }
        if is_pawn || live_capture {
            self.halfmoves = 0;
        } else {
            self.halfmoves += 1;
        }
        if m.kind() == MoveKind::DoubleStep && self.rules.en_passant {
            let skipped = from.wrapping_add(forward(s as u8));
            self.set_ep(s, EpWindow { skipped, pawn: to });
        }
        played
    }

    /// A Chess960 castle, written king to rook: the two land on the arrangement's indices 6
    /// and 5 (h-side) or 2 and 3 (a-side).
    #[cold]
    #[inline(never)]
    fn castle_960(&mut self, seat: Seat, sym: crate::board::Symmetry, m: Move) -> Played {
        let (from, to) = (m.origin_idx(), m.to_idx());
        let h_side = m.kind() == MoveKind::CastleShort;
        let (ki, ri) = if h_side { (6, 5) } else { (2, 3) };
        let (king, rook) = (self.lift(from), self.lift(to));
        self.drop_code(sym.square(seat, ki).index(), king);
        self.drop_code(sym.square(seat, ri).index(), rook);
        self.update_castling(from, to);
        self.halfmoves += 1;
        Played::default()
    }

    /// The pawn code after arriving on `to`: reversed on the partner's back row, forward again
    /// on its own pawn row.
    fn reversal(&self, code: u8, to: u8) -> u8 {
        let s = seat_bits(code);
        if relative_rank((s + 2) & 3, to) == 1 {
            code | REVERSED
        } else if code & REVERSED != 0 && relative_rank(s, to) == 2 {
            code & !REVERSED
        } else {
            code
        }
    }

    /// Drops the castling rights a move from `from` to `to` ends: every king and rook home is
    /// on its seat's back row, so only the seat whose back row a square is on is looked at.
    #[inline(always)]
    fn update_castling(&mut self, from: u8, to: u8) {
        let old = self.castling;
        for (sq, left) in [(from, true), (to, false)] {
            let Some(seat) = back_row_of(sq) else {
                continue;
            };
            let [k, short, long] = self.castle_sq[seat.index()];
            if k == 0 {
                continue;
            }
            if left && sq == k {
                self.castling &= !(castle_bit(seat, true) | castle_bit(seat, false));
            }
            if sq == short {
                self.castling &= !castle_bit(seat, true);
            }
            if sq == long {
                self.castling &= !castle_bit(seat, false);
            }
        }
        if old != self.castling {
            self.hash ^= super::zobrist::castling(old) ^ super::zobrist::castling(self.castling);
        }
    }

    /// Passes the turn to the next seat that takes turns, closing the en-passant window of every
    /// seat whose slot the turn order reaches. Under Verney and Club rules a mated player whose
    /// king no live enemy piece attacks when his slot comes revives at once and moves.
    pub fn advance_turn(&mut self) {
        let mut t = self.turn;
        for _ in 0..4 {
            t = t.next();
            self.set_ep(t.index(), EpWindow::default());
            if self.armies[t.index()].takes_turns() {
                break;
            }
            if self.revives_in_slot(t) {
                self.set_army(t, super::Army::Live);
                break;
            }
        }
        self.set_turn(t);
    }

    /// A mated (not resigned) player whose king no live enemy piece attacks.
    pub(crate) fn revives_in_slot(&self, t: Seat) -> bool {
        self.armies[t.index()] == super::Army::Mated && !self.in_check(t)
    }

    /// Passes the turn to the very next seat, whatever it can do (a slot the game will judge).
    pub fn advance_slot(&mut self) {
        let t = self.turn.next();
        self.set_ep(t.index(), EpWindow::default());
        self.set_turn(t);
    }

    /// Passes the turn to the next seat without a move (a skipped or passed turn).
    pub fn pass(&mut self) {
        self.advance_turn();
    }
}

/// The seat whose back row internal square `i` is on (the corners are off the board, so at
/// most one).
#[inline(always)]
fn back_row_of(i: u8) -> Option<Seat> {
    match (i >> 4, i & 15) {
        (1, _) => Some(Seat::South),
        (_, 1) => Some(Seat::West),
        (14, _) => Some(Seat::North),
        (_, 14) => Some(Seat::East),
        _ => None,
    }
}

/// True when internal square `i` is on an outer rank or file of the board (some seat's back row).
#[inline(always)]
fn on_edge(i: u8) -> bool {
    let (row, col) = (i >> 4, i & 15);
    row == 1 || row == 14 || col == 1 || col == 14
}

fn sq(i: u8) -> Square {
    Square::from_index(i).expect("board square")
}

fn piece(c: u8) -> Piece {
    Piece::from_code(c).expect("a piece")
}
