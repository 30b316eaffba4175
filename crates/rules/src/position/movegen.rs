//! Move generation for one seat. Under the king-capture rule sets (Teams, FFA) the generator
//! admits each move as it finds it, from the checks and pins on the mover's king worked out once
//! per position ([`Admit`]), so the legal moves come out in one pass and perft can count them
//! without storing them. The rule sets without king capture (Verney, Club) use the same guard
//! where their quick test applies and get the refused moves back, to be judged by the levels
//! (`levels.rs`); elsewhere they take every pseudo-legal move. The mover's free pawns are
//! generated as sets (`pawn_sets.rs`), and where moves are only counted under king capture, free
//! knights are counted as sets too.

use super::bitset::{and, and_not, board_squares, count, is_empty, or, Bits};
use super::geometry::{
    castle_960_ok, castle_path_clear, castle_squares_ok, forward, forward_edge, pawn_step,
    rank_squares, relative_rank, sideways, step_towards, DIAG, KING, KNIGHT, KNIGHT_SQUARES, ORTHO,
};
use super::legality::KingSafety;
use super::sink::{promotion_code, Sink};
use super::{bits, castle_bit, has, set_bit, Position};
use crate::board::piece::{is_of, kind_bits, seat_bits, DEAD, EMPTY, REVERSED, WALL};
use crate::board::{Kind, Seat};
use crate::moves::{Move, MoveKind, MoveList};
use crate::ruleset::{Castling, PromotionZone};

mod pawn_sets;

/// How a target cell relates to the mover.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Target {
    Empty,
    Capture,
    Blocked,
}

/// How the moves of one piece are admitted.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Admit {
    /// Every move (no king to guard, or the piece is neither pinned nor needed against a check).
    All,
    /// Only moves onto the single check's evasion squares.
    Evading,
    /// A pinned piece: only moves along the pin's line (and onto an evasion square in check).
    Pinned,
    /// The king itself: each destination tested for attack.
    King,
    /// None (double check, not the king); special captures are still tested.
    Nothing,
}

/// One generation: the position, the mover, and where the moves go.
struct Gen<'a, S> {
    pos: &'a Position,
    seat: Seat,
    /// The seats whose pieces the mover may capture: those whose pieces attack its king.
    capturable: u8,
    /// The cell codes (without the one-point and reversed marks, `c & 63`) that the mover may
    /// capture, as a bit set: [`Gen::target`]'s answer in one test.
    prey: u64,
    /// Checks and pins on the mover's king, when the generation guards it.
    guard: Option<KingSafety>,
    /// Some seat has an open en-passant window.
    ep_open: bool,
    /// The squares where the mover's pawns promote.
    promotion: Bits,
    /// When moves are only counted under king capture: the squares a knight may land on (empty,
    /// or holding a capturable piece); see [`Gen::knight`].
    open: Bits,
    /// With `open`, where a king's capture disarms its army: the squares of the capturable
    /// kings.
    kings: Bits,
    out: &'a mut S,
    /// Where the guard's refused moves go, when the caller judges them itself (Verney, Club:
    /// a move that leaves the king attacked may still be legal if it mates the attacker).
    refused: Option<&'a mut MoveList>,
}

impl Position {
    /// Conquest: a king on `to` would stand next to a frozen king (variants.md §5.4).
    pub(crate) fn next_to_frozen_king(&self, to: u8) -> bool {
        KING.iter().any(|&d| {
            let c = self.cells[to.wrapping_add(d) as usize];
            c != WALL && c & DEAD != 0 && kind_bits(c) == Kind::King as u8
        })
    }

    /// Appends every pseudo-legal move of `seat` to `out` (no test of king safety).
    pub(crate) fn gen_pseudo(&self, seat: Seat, out: &mut MoveList) {
        self.generate(seat, false, out);
    }

    /// Appends the moves of `seat` to `out`; with `guarded`, only those that leave its king
    /// unattacked by a hostile army (the king-capture rule sets' legality, exact).
    pub(crate) fn generate<S: Sink>(&self, seat: Seat, guarded: bool, out: &mut S) {
        let capturable = self.hostile_to(seat);
        let k = self.kings[seat.index()];
        let guard = (guarded && k != 0).then(|| self.king_safety(seat, k, capturable));
        self.generate_with(seat, guard, out, None);
    }

    /// Appends the moves of `seat` that `guard` (the checks and pins on its king by its hostile
    /// armies) admits to `out`, and the pseudo-legal moves it refuses to `refused`.
    pub(super) fn generate_split<S: Sink>(
        &self,
        seat: Seat,
        guard: KingSafety,
        out: &mut S,
        refused: &mut MoveList,
    ) {
        self.generate_with(seat, Some(guard), out, Some(refused));
    }

    pub(super) fn generate_with<S: Sink>(
        &self,
        seat: Seat,
        guard: Option<KingSafety>,
        out: &mut S,
        refused: Option<&mut MoveList>,
    ) {
        let capturable = self.hostile_to(seat);
        let mut g = Gen {
            pos: self,
            seat,
            capturable,
            prey: self.prey_codes(capturable),
            guard,
            ep_open: self.ep.iter().any(|w| w.skipped != 0),
            promotion: self.promotion_squares(seat),
            open: [0; 4],
            kings: [0; 4],
            out,
            refused,
        };
        if S::COUNTS && self.rules.king_capture {
            // Every live piece of a seat the mover may not capture blocks a knight.
            g.open = and_not(
                board_squares(self.rules.board),
                &self.occupied_by(0xF & !capturable),
            );
            if self.rules.king_capture_disarms {
                for s in (0..4).filter(|s| capturable >> s & 1 != 0) {
                    let k = self.kings[s];
                    if k != 0 {
                        set_bit(&mut g.kings, k);
                    }
                }
            }
        }
        g.run();
    }

    /// The cell codes (`c & 63`) a mover may capture when the seats of `capturable` are those
    /// hostile to him: their live pieces and every dead piece — kings only where kings are
    /// captured.
    #[inline(always)]
    fn prey_codes(&self, capturable: u8) -> u64 {
        // Bit `8 * seat + kind`: a live piece; 32 more: a dead one. Kinds 1-6 (6 the king).
        let kinds: u64 = if self.rules.king_capture { 0x7E } else { 0x3E };
        let live = (0..4)
            .filter(|s| capturable >> s & 1 != 0)
            .fold(0, |b, s| b | kinds << (8 * s));
        live | (kinds * 0x0101_0101) << 32
    }

    /// The squares where `seat`'s pawns promote under this rule set.
    fn promotion_squares(&self, seat: Seat) -> Bits {
        match self.rules.promotion_zone {
            PromotionZone::OwnRank(n) => rank_squares(seat.index(), n),
            PromotionZone::ForwardEdge => forward_edge(seat.index()),
            PromotionZone::OpponentBackRow => {
                let enemies = self.rules.enemies(seat);
                (0..4)
                    .filter(|o| enemies >> o & 1 != 0)
                    .fold([0; 4], |b, o| or(&b, &rank_squares(o, 1)))
            }
        }
    }
}

impl<S: Sink> Gen<'_, S> {
    fn run(&mut self) {
        let pos = self.pos;
        let s = self.seat as u8;
        let disarms = pos.rules.king_capture_disarms;
        let set_pawns = self.set_pawns();
        for from in bits(&and_not(&pos.occ[s as usize], &set_pawns)) {
            let c = pos.cells[from as usize];
            let admit = self.admit(from);
            let kind = kind_bits(c);
            if admit == Admit::Nothing
                && kind != Kind::Pawn as u8
                && !disarms
                && self.refused.is_none()
            {
                continue;
            }
            match kind {
                1 => self.pawn(from, c, admit),
                2 => self.knight(from, admit),
                3 => self.slides(from, &DIAG, admit),
                4 => self.slides(from, &ORTHO, admit),
                5 => {
                    self.slides(from, &ORTHO, admit);
                    self.slides(from, &DIAG, admit);
                }
                _ => {
                    self.steps(from, &KING, admit);
                    self.castling(admit);
                }
            }
        }
        self.pawn_sets(&set_pawns);
        if self.ep_open {
            self.en_passant();
        }
    }

    #[inline(always)]
    fn admit(&self, from: u8) -> Admit {
        match &self.guard {
            None => Admit::All,
            Some(g) if from == g.king => Admit::King,
            Some(g) if g.checkers > 1 => Admit::Nothing,
            Some(g) if has(&g.pinned, from) => Admit::Pinned,
            Some(g) if g.checkers == 1 => Admit::Evading,
            Some(_) => Admit::All,
        }
    }

    /// Classifies cell `c` as a destination for the mover.
    #[inline(always)]
    fn target(&self, c: u8) -> Target {
        if c == EMPTY {
            Target::Empty
        } else if self.prey >> (c & 63) & 1 != 0 {
            Target::Capture
        } else {
            Target::Blocked
        }
    }

    /// Emits an ordinary move (not an en-passant capture, not a king capture) as `admit` says.
    #[inline(always)]
    fn emit(&mut self, admit: Admit, m: Move) {
        let ok = match admit {
            Admit::All => true,
            Admit::Evading => self
                .guard
                .as_ref()
                .is_some_and(|g| has(&g.evasion, m.to_idx())),
            Admit::Pinned => self.stays_pinned(m),
            Admit::King => self
                .guard
                .as_ref()
                .is_some_and(|g| !self.pos.is_attacked(m.to_idx(), self.capturable, g.king)),
            Admit::Nothing => false,
        };
        self.admit_or_refuse(ok, m);
    }

    #[inline(always)]
    fn admit_or_refuse(&mut self, ok: bool, m: Move) {
        if ok {
            self.out.push(m);
        } else if let Some(r) = self.refused.as_deref_mut() {
            r.push(m);
        }
    }

    /// Emits a capture of cell `c`: a king capture that disarms its army is judged without that
    /// army's attacks, by making it.
    #[inline(always)]
    fn emit_capture(&mut self, admit: Admit, m: Move, c: u8) {
        if self.guard.is_some()
            && self.pos.rules.king_capture_disarms
            && kind_bits(c) == Kind::King as u8
            && is_of(c, self.capturable)
        {
            // Conquest: the captured king's player may move other armies; they fall silent too.
            let spared = self
                .pos
                .controlled_by(Seat::from_index(seat_bits(c) as usize));
            if self.tested(m, spared) {
                self.out.push(m);
            }
            return;
        }
        self.emit(admit, m);
    }

    /// Emits an en-passant capture: made and tested whenever there is a king to guard (it can
    /// take two pieces and open two lines).
    #[inline]
    fn emit_ep(&mut self, m: Move) {
        let ok = self.guard.is_none() || self.tested(m, 0);
        self.admit_or_refuse(ok, m);
    }

    /// True when the pinned piece's move `m` keeps its king covered: it stays on the line from
    /// the king through its square (the one line on which it shields the king, so no other opens)
    /// and, in check, lands on an evasion square. Exactly what making it and testing the king
    /// would say, without the copy (en passant, which can open a second line, is still made).
    #[inline(never)]
    fn stays_pinned(&self, m: Move) -> bool {
        self.guard.as_ref().is_some_and(|g| {
            let d = step_towards(g.king, m.origin_idx());
            d != 0
                && step_towards(g.king, m.to_idx()) == d
                && (g.checkers == 0 || has(&g.evasion, m.to_idx()))
        })
    }

    /// True when `m` leaves the king unattacked by the hostile seats other than `spared`.
    fn tested(&self, m: Move, spared: u8) -> bool {
        self.pos
            .king_safe_without(self.seat, m, self.capturable & !spared)
    }

    /// A knight's moves; only counted, where it is free or needed against one check and its
    /// landing squares hold no king whose capture could disarm an army (the capture is then
    /// made and tested), as the size of a set: its squares, less those blocked, less those that
    /// do not answer the check.
    #[inline(always)]
    fn knight(&mut self, from: u8, admit: Admit) {
        if S::COUNTS && self.pos.rules.king_capture {
            let mut to = and(&KNIGHT_SQUARES[from as usize], &self.open);
            let counted = match admit {
                Admit::All => true,
                Admit::Evading => {
                    if let Some(g) = &self.guard {
                        to = and(&to, &g.evasion);
                    }
                    true
                }
                _ => false,
            };
            let disarming = self.pos.rules.king_capture_disarms
                && self.guard.is_some()
                && !is_empty(&and(&to, &self.kings));
            if counted && !disarming {
                self.out.push_count(count(&to));
                return;
            }
        }
        self.steps(from, &KNIGHT, admit);
    }

    #[inline(always)]
    fn steps(&mut self, from: u8, steps: &[u8; 8], admit: Admit) {
        for &d in steps {
            let to = from.wrapping_add(d);
            let c = self.pos.cells[to as usize];
            match self.target(c) {
                Target::Empty => self.emit(admit, Move::raw(from, to, 0, MoveKind::Normal)),
                Target::Capture => {
                    self.emit_capture(admit, Move::raw(from, to, 0, MoveKind::Normal), c)
                }
                Target::Blocked => {}
            }
        }
    }

    #[inline(always)]
    fn slides(&mut self, from: u8, dirs: &[u8; 4], admit: Admit) {
        for &d in dirs {
            let mut to = from.wrapping_add(d);
            loop {
                let c = self.pos.cells[to as usize];
                if c == EMPTY {
                    self.emit(admit, Move::raw(from, to, 0, MoveKind::Normal));
                    to = to.wrapping_add(d);
                    continue;
                }
                if self.target(c) == Target::Capture {
                    self.emit_capture(admit, Move::raw(from, to, 0, MoveKind::Normal), c);
                }
                break;
            }
        }
    }

    /// Emits a pawn move to `to`, once per promotion piece where it promotes.
    #[inline(always)]
    fn pawn_to(&mut self, from: u8, to: u8, kind: MoveKind, admit: Admit, captured: u8) {
        let kinds: &[Kind] = if has(&self.promotion, to) {
            self.pos.rules.promotion_choice.kinds()
        } else {
            &[Kind::Pawn]
        };
        for &k in kinds {
            let m = Move::raw(from, to, promotion_code(k), kind);
            match kind {
                MoveKind::EnPassant => self.emit_ep(m),
                _ if captured != EMPTY => self.emit_capture(admit, m, captured),
                _ => self.emit(admit, m),
            }
        }
    }

    fn pawn(&mut self, from: u8, c: u8, admit: Admit) {
        let pos = self.pos;
        let s = seat_bits(c);
        let f = pawn_step(c);
        let ahead = from.wrapping_add(f);
        let ac = pos.cells[ahead as usize];
        if ac == EMPTY {
            self.pawn_to(from, ahead, MoveKind::Normal, admit, EMPTY);
            if pos.rules.double_step && c & REVERSED == 0 && relative_rank(s, from) == 2 {
                let two = ahead.wrapping_add(f);
                if pos.cells[two as usize] == EMPTY {
                    self.emit(admit, Move::raw(from, two, 0, MoveKind::DoubleStep));
                }
            }
        } else if pos.rules.partner_pawn_jump
            && kind_bits(ac) == Kind::Pawn as u8
            && ac != WALL
            && seat_bits(ac) == (s + 2) & 3
            && ac & DEAD == 0
        {
            let beyond = ahead.wrapping_add(f);
            if pos.cells[beyond as usize] == EMPTY {
                self.pawn_to(from, beyond, MoveKind::Jump, admit, EMPTY);
            }
        }
        let side = sideways(f);
        for to in [ahead.wrapping_add(side), ahead.wrapping_sub(side)] {
            let t = pos.cells[to as usize];
            if self.target(t) == Target::Capture {
                // A capture onto an open skipped square takes the pushed pawn too.
                let kind = if self.ep_open && self.ep_window_at(to) {
                    MoveKind::EnPassant
                } else {
                    MoveKind::Normal
                };
                self.pawn_to(from, to, kind, admit, t);
            }
        }
    }

    /// True when `sq` is the skipped square of a capturable seat's open window whose pawn still
    /// stands.
    #[inline]
    fn ep_window_at(&self, sq: u8) -> bool {
        (0..4u8).any(|x| {
            let w = self.pos.ep[x as usize];
            w.skipped == sq && self.capturable >> x & 1 != 0 && self.window_pawn(x)
        })
    }

    /// True when seat `x`'s window pawn stands on its square, live.
    #[inline]
    fn window_pawn(&self, x: u8) -> bool {
        let pc = self.pos.cells[self.pos.ep[x as usize].pawn as usize];
        kind_bits(pc) == Kind::Pawn as u8
            && self.pos.controller_index(seat_bits(pc) as usize) == x
            && pc & DEAD == 0
    }

    /// En-passant captures onto an empty skipped square (those onto an occupied one come with
    /// the pawn's captures).
    fn en_passant(&mut self) {
        let pos = self.pos;
        let s = self.seat as u8;
        for x in 0..4u8 {
            let w = pos.ep[x as usize];
            if w.skipped == 0 || self.capturable >> x & 1 == 0 || !self.window_pawn(x) {
                continue;
            }
            if pos.cells[w.skipped as usize] != EMPTY {
                continue;
            }
            // Pawns of the mover that attack the skipped square.
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
                    let pc = pos.cells[from as usize];
                    if kind_bits(pc) == Kind::Pawn as u8
                        && pc != WALL
                        && seat_bits(pc) == s
                        && pc & DEAD == 0
                        && (pc & REVERSED != 0) == reversed
                    {
                        self.pawn_to(from, w.skipped, MoveKind::EnPassant, Admit::All, EMPTY);
                    }
                }
            }
        }
    }

    /// Chess960 castles (variants.md §3.1), written king to rook: a castle that moves the king
    /// one square, or not at all, must not read as a king step.
    #[cold]
    #[inline(never)]
    fn castling_960(&mut self, sym: crate::board::Symmetry, attackers: u8) {
        let pos = self.pos;
        let seat = self.seat;
        let [k, short, long] = pos.castle_sq[seat.index()];
        let mut in_check = None;
        for (h_side, rook) in [(true, short), (false, long)] {
            if pos.castling & castle_bit(seat, h_side) == 0 {
                continue;
            }
            if castle_960_ok(pos, seat, sym, (k, rook), h_side, attackers).is_none() {
                continue;
            }
            if *in_check.get_or_insert_with(|| pos.is_attacked(k, attackers, 0)) {
                return;
            }
            let kind = if h_side {
                MoveKind::CastleShort
            } else {
                MoveKind::CastleLong
            };
            self.admit_or_refuse(true, Move::raw(k, rook, 0, kind));
        }
    }

    #[inline(always)]
    fn castling(&mut self, admit: Admit) {
        let pos = self.pos;
        let seat = self.seat;
        let s = seat.index();
        if pos.castling >> (2 * s) & 3 == 0 {
            return;
        }
        let [k, short, long] = pos.castle_sq[s];
        if k == 0 || pos.kings[s] != k {
            return;
        }
        // Whether the king stands in check is asked only once a path is clear (early in a game
        // it seldom is), and at most once. Where checks need no answer (CaptureTheKing), no
        // square's attackers matter.
        let attackers = if pos.rules.must_parry_check {
            self.capturable
        } else {
            0
        };
        if let Castling::Chess960(sym) = pos.rules.castling {
            self.castling_960(sym, attackers);
            return;
        }
        let mut in_check = None;
        for (is_short, rook) in [(true, short), (false, long)] {
            if pos.castling & castle_bit(seat, is_short) == 0 || !castle_path_clear(pos, k, rook) {
                continue;
            }
            if *in_check.get_or_insert_with(|| pos.is_attacked(k, attackers, 0)) {
                return;
            }
            if let Some(to) = castle_squares_ok(pos, k, rook, attackers) {
                let kind = if is_short {
                    MoveKind::CastleShort
                } else {
                    MoveKind::CastleLong
                };
                self.emit(admit, Move::raw(k, to, 0, kind));
            }
        }
    }
}
