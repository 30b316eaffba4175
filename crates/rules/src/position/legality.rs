//! Legal moves under the king-capture rule sets (chess.com Teams and FFA): a move is legal when
//! afterwards the mover's king is attacked by no piece of a hostile army.
//!
//! Most moves are proved legal without being made: pins and checks on the mover's king are found
//! once per position ([`KingSafety`]), and only king moves, en-passant captures, king captures
//! that disarm an army and moves of pinned pieces are tested one by one — as the generator finds
//! them (`movegen.rs`, the only place that decides king safety move by move).

use super::bitset::or;
use super::geometry::{DIAG, KNIGHT, KNIGHT_SQUARES, LINES, ORTHO};
use super::sink::{Counter, Sink};
use super::{has, set_bit, Bits, Position};
use crate::board::piece::{is_of, kind_bits, seat_bits, DEAD, EMPTY};
use crate::board::{Kind, Seat};
use crate::moves::{Move, MoveKind, MoveList};
use crate::ruleset::StalemateRule;

const B: u8 = Kind::Bishop as u8;
const R: u8 = Kind::Rook as u8;
const Q: u8 = Kind::Queen as u8;

/// The checks and pins on one seat's king, with what they depend on: the seat's hostile armies
/// and the pieces on the king's lines and knight squares ([`Position::next_guard`]).
pub(crate) struct NextGuard {
    seat: Seat,
    hostile: u8,
    /// The king's lines and knight squares: where every piece the guard looked at stands.
    watched: Bits,
    safety: KingSafety,
}

/// Checks and pins on one king.
#[derive(Clone)]
pub(super) struct KingSafety {
    pub(super) king: u8,
    pub(super) checkers: u32,
    /// Squares where a non-king move resolves the (single) check.
    pub(super) evasion: Bits,
    pub(super) pinned: Bits,
}

impl Position {
    /// The legal moves of the seat to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut out = MoveList::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// Writes the legal moves of the seat to move into `out` (cleared first).
    pub fn legal_moves_into(&self, out: &mut MoveList) {
        self.legal_moves_of(self.turn, out);
    }

    /// Writes the moves `seat` could legally make if it were its turn into `out`.
    pub fn legal_moves_of(&self, seat: Seat, out: &mut MoveList) {
        out.clear();
        self.legal_into(seat, out);
    }

    /// The number of legal moves of the seat to move (perft's last ply: they are counted as they
    /// are found, never stored).
    pub fn count_legal_moves(&self) -> u64 {
        let mut n = Counter::default();
        self.legal_into(self.turn, &mut n);
        n.0
    }

    /// The checks and pins on the king of the seat that moves after this one, for perft's last
    /// two plies: worked out here once, they hold in every child whose move touched none of the
    /// squares they depend on (see [`Position::count_legal_moves_after`]). `None` where moves
    /// are not guarded that way (no king capture, Conquest, checks that need no answer) or that
    /// seat has no king.
    pub(crate) fn next_guard(&self) -> Option<NextGuard> {
        let rules = self.rules;
        if !rules.king_capture
            || !rules.must_parry_check
            || rules.stalemate == StalemateRule::Freeze
        {
            return None;
        }
        let mut seat = self.turn;
        for _ in 0..4 {
            seat = seat.next();
            if self.armies[seat.index()].takes_turns() {
                break;
            }
        }
        let k = self.kings[seat.index()];
        if k == 0 {
            return None;
        }
        let hostile = self.hostile_to(seat);
        let [ortho, diag] = &LINES[k as usize];
        Some(NextGuard {
            seat,
            hostile,
            watched: or(&or(ortho, diag), &KNIGHT_SQUARES[k as usize]),
            safety: self.king_safety(seat, k, hostile),
        })
    }

    /// [`Position::count_legal_moves`] in the child made by `m` from the position that gave
    /// `guard`: the guard is used as it is when the same seat moves, with the same king and the
    /// same hostile armies, and `m` (neither en passant nor a castle, which move a third piece)
    /// neither left nor reached a square the guard depends on.
    pub(crate) fn count_legal_moves_after(&self, m: Move, guard: &NextGuard) -> u64 {
        let seat = guard.seat;
        let shared = self.turn == seat
            && self.kings[seat.index()] == guard.safety.king
            && self.hostile_to(seat) == guard.hostile
            && matches!(
                m.kind(),
                MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Jump
            )
            && !has(&guard.watched, m.origin_idx())
            && !has(&guard.watched, m.to_idx());
        if !shared {
            return self.count_legal_moves();
        }
        debug_assert!(self.rules.king_capture && self.rules.must_parry_check);
        let mut n = Counter::default();
        self.generate_with(seat, Some(guard.safety.clone()), &mut n, None);
        n.0
    }

    /// Passes the moves `seat` could legally make if it were its turn to `out`.
    fn legal_into<S: Sink>(&self, seat: Seat, out: &mut S) {
        if self.rules.king_capture {
            if self.rules.stalemate == StalemateRule::Freeze {
                self.conquest_moves(seat, out);
                return;
            }
            self.generate(seat, self.rules.must_parry_check, out);
        } else if self.armies[seat.index()].takes_turns() {
            self.levels_moves(seat, out);
        }
    }

    /// Conquest's legal moves (variants.md §5): those of `seat`'s own pieces, then those of the
    /// armies he has conquered, each made and his own king tested — his legality test covers
    /// his king only (§5.3); never a capture of a frozen king, never a king's step next to one
    /// (§5.4). Kept out of the generator's hot path: only Conquest comes here.
    #[cold]
    #[inline(never)]
    fn conquest_moves<S: Sink>(&self, seat: Seat, out: &mut S) {
        let mut own = MoveList::new();
        self.generate(seat, self.rules.must_parry_check, &mut own);
        let keep = |m: &Move| {
            let frozen_king =
                |p: Option<crate::board::Piece>| p.is_some_and(|p| p.dead && p.kind == Kind::King);
            let king_moves = self
                .piece_at(m.from())
                .is_some_and(|p| p.kind == Kind::King);
            let takes_frozen_king = frozen_king(self.captured_by(*m));
            let steps_next_to_one = king_moves && self.next_to_frozen_king(m.to_idx());
            !takes_frozen_king && !steps_next_to_one
        };
        for &m in own.iter().filter(|m| keep(m)) {
            out.push(m);
        }
        let others = self.allies_of(seat) & !seat.bit();
        if others == 0 || self.controller_index(seat.index()) != seat as u8 {
            return;
        }
        let hostile = self.hostile_to(seat);
        let mut list = MoveList::new();
        for c in Seat::ALL.into_iter().filter(|c| others & c.bit() != 0) {
            list.clear();
            self.gen_pseudo(c, &mut list);
            for &m in list.iter().filter(|m| keep(m)) {
                // Taking a king conquers its army (and what it moved): they no longer attack.
                let spared = match self.piece_at(m.to()) {
                    Some(p) if p.kind == Kind::King && !p.dead && !m.is_castle() => {
                        self.controlled_by(p.seat)
                    }
                    _ => 0,
                };
                if !self.rules.must_parry_check
                    || self.king_safe_without(seat, m, hostile & !spared)
                {
                    out.push(m);
                }
            }
        }
    }

    /// True when `seat` has at least one legal move.
    pub fn has_legal_move(&self, seat: Seat) -> bool {
        let mut l = MoveList::new();
        self.legal_moves_of(seat, &mut l);
        !l.is_empty()
    }

    /// Mated: `seat`'s king in check with no legal move, where checks must be parried at all
    /// (under CaptureTheKing and in Chaturaji no one is ever mated; a player without a move is
    /// stalemated or passes). The army's status is not looked at.
    pub fn is_mated(&self, seat: Seat) -> bool {
        self.rules.must_parry_check
            && self.king(seat).is_some()
            && self.in_check(seat)
            && !self.has_legal_move(seat)
    }

    /// True when making `m` leaves `seat`'s king unattacked by the seats in `hostile`.
    pub(super) fn king_safe_without(&self, seat: Seat, m: Move, hostile: u8) -> bool {
        let mut p = self.clone();
        p.apply_on_board(seat, m);
        let k = p.kings[seat.index()];
        k == 0 || !p.is_attacked(k, hostile, 0)
    }

    /// Finds the pieces checking `seat`'s king on `k` and `seat`'s pieces pinned against it.
    pub(super) fn king_safety(&self, seat: Seat, k: u8, hostile: u8) -> KingSafety {
        let s = seat as u8;
        let mut ks = KingSafety {
            king: k,
            checkers: 0,
            evasion: [0; 4],
            pinned: [0; 4],
        };
        let near = self.near(k, hostile);
        if near.knights {
            for d in KNIGHT {
                let t = k.wrapping_add(d);
                let c = self.cells[t as usize];
                if kind_bits(c) == Kind::Knight as u8 && is_of(c, hostile) {
                    ks.checkers += 1;
                    set_bit(&mut ks.evasion, t);
                }
            }
        }
        // Lines with no hostile slider on them hold neither a distant checker nor a pin; with
        // no hostile piece next to the king either, they need not be looked at.
        for (dirs, slider, walk) in [(ORTHO, R, near.ortho), (DIAG, B, near.diag)] {
            if !walk && !near.ring {
                continue;
            }
            for d in dirs {
                let first = k.wrapping_add(d);
                let c = self.cells[first as usize];
                if is_of(c, hostile) {
                    let kind = kind_bits(c);
                    let near = kind == Kind::King as u8
                        || (kind == Kind::Pawn as u8
                            && slider == B
                            && super::attacks::pawn_hits(c, d));
                    if near || kind == slider || kind == Q {
                        ks.checkers += 1;
                        set_bit(&mut ks.evasion, first);
                    }
                    continue;
                }
                if !walk {
                    continue;
                }
                let mut t = first;
                let mut c = c;
                while c == EMPTY {
                    t = t.wrapping_add(d);
                    c = self.cells[t as usize];
                }
                let kind = kind_bits(c);
                if (kind == slider || kind == Q) && is_of(c, hostile) {
                    ks.checkers += 1;
                    let mut u = first;
                    while u != t {
                        set_bit(&mut ks.evasion, u);
                        u = u.wrapping_add(d);
                    }
                    set_bit(&mut ks.evasion, t);
                    continue;
                }
                if c & DEAD == 0 && kind != 7 && seat_bits(c) == s {
                    let mut t2 = t.wrapping_add(d);
                    let mut c2 = self.cells[t2 as usize];
                    while c2 == EMPTY {
                        t2 = t2.wrapping_add(d);
                        c2 = self.cells[t2 as usize];
                    }
                    let k2 = kind_bits(c2);
                    if (k2 == slider || k2 == Q) && is_of(c2, hostile) {
                        set_bit(&mut ks.pinned, t);
                    }
                }
            }
        }
        ks
    }
}
