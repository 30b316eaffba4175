//! Which kings stand in check, remembered from one move to the next for the rule sets without
//! king capture (Verney 1881, Club 1893), where every move re-evaluates the other players'
//! statuses (rules.md §6.2) and so asks whether each king is in check.
//!
//! A move changes little: a king that was not in check is in check afterwards only when the
//! moved piece attacks it from its new square or the move opened a line to it through the
//! square it left. So [`Position::play`] works out every seat's answer from the one before the
//! move with two small tests per king instead of a full attack test, and keeps it in
//! `Position::checks` until anything else changes the board or an army's status (`lift`,
//! `drop_code`, `set_army` and `set_controller` forget it).

use super::attacks::pawn_hits;
use super::geometry::{step_towards, DIAG, KING, KNIGHT, KNIGHT_SQUARES, LINES};
use super::{has, Bits, Position};
use crate::board::piece::{is_of, kind_bits, EMPTY};
use crate::board::{Kind, Seat};
use crate::moves::{Move, MoveKind};

/// `Position::checks`: bit `s` says seat `s`'s king is in check, bit `4 + s` that bit `s` is
/// known. Zero: nothing known.
pub(crate) type Checks = u8;

impl Position {
    /// What the position remembers of `seat`'s check: `Some(in check)` when it knows.
    #[inline(always)]
    pub(crate) fn known_check(&self, seat: Seat) -> Option<bool> {
        let b = seat.bit();
        (self.checks >> 4 & b != 0).then_some(self.checks & b != 0)
    }

    /// Forgets every remembered check (the board or a status changed).
    #[inline(always)]
    pub(super) fn forget_checks(&mut self) {
        self.checks = 0;
    }

    /// Every seat's check, as remembered or worked out now.
    pub(super) fn checks_now(&self) -> Checks {
        Seat::ALL
            .into_iter()
            .fold(0xF0, |b, s| b | if self.in_check(s) { s.bit() } else { 0 })
    }

    /// The checks after `mover` made `m` on the board, from `before`, the checks just before it
    /// (armies' statuses unchanged between the two). A king that was in check, or one that
    /// moved, is left unknown; so is everything after a castle or an en-passant capture, which
    /// move or remove a second piece.
    pub(super) fn checks_after(&self, mover: Seat, m: Move, before: Checks) -> Checks {
        if matches!(
            m.kind(),
            MoveKind::CastleShort | MoveKind::CastleLong | MoveKind::EnPassant
        ) {
            return 0;
        }
        let (from, to) = (m.origin_idx(), m.to_idx());
        let mut after = 0;
        for q in Seat::ALL {
            let b = q.bit();
            let k = self.kings[q.index()];
            if k == 0 {
                after |= b << 4;
                continue;
            }
            // Known, and not in check, before the move; a king that moved is looked at afresh.
            if before >> 4 & b == 0 || before & b != 0 || k == to {
                continue;
            }
            // Most moves neither start nor end on a line through the king or a knight's jump
            // from it: nothing can have changed for him.
            let near = &NEAR[k as usize];
            let (near_from, near_to) = (has(near, from), has(near, to));
            if !near_from && !near_to {
                after |= b << 4;
                continue;
            }
            let hostile = self.hostile_to(q);
            let attacked = if q == mover {
                // The mover's own piece cannot attack his king: only a line it opened can.
                self.slider_behind(k, from, hostile, Moved::NONE)
            } else {
                let c = self.cells[to as usize];
                (near_to && is_of(c, hostile) && self.piece_attacks(c, to, k, 0))
                    || (near_from && self.slider_behind(k, from, hostile, Moved::NONE))
            };
            after |= b << 4 | if attacked { b } else { 0 };
        }
        after
    }

    /// The kings of the enemy armies hostile to the seat to move, for [`Position::gives_check`]:
    /// worked out once for all the moves of a position.
    pub fn enemy_kings(&self) -> EnemyKings {
        let enemies = self.rules.enemies(self.turn);
        let mut out = EnemyKings::default();
        for q in Seat::ALL {
            let k = self.kings[q.index()];
            if enemies & q.bit() != 0 && self.army(q).is_hostile() && k != 0 {
                out.kings[out.len as usize] = (k, self.hostile_to(q));
                out.len += 1;
                out.in_check |= self.in_check(q);
            }
        }
        out
    }

    /// True when `m`, a legal move of the seat to move, leaves one of `kings` (this position's
    /// [`Position::enemy_kings`]) attacked, statuses as before the move. Worked out without
    /// making the move for an ordinary move or capture, from the two lines it can change — the
    /// moved piece's new square and the square it left — as `Position::checks_after` does; a
    /// castle, en passant, promotion or reversing pawn, or any move while one of the kings
    /// already stands in check (only a move on the checking line ends it), is made on a copy
    /// of the board.
    pub fn gives_check(&self, m: Move, kings: &EnemyKings) -> bool {
        let (from, to) = (m.origin_idx(), m.to_idx());
        let code = self.cells[from as usize];
        // A king the move takes is in check no more.
        let mut standing = kings.kings[..kings.len as usize]
            .iter()
            .filter(|&&(k, _)| k != to);
        let simple = matches!(
            m.kind(),
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Jump
        ) && m.promotion().is_none()
            && !(self.rules.reversal && kind_bits(code) == Kind::Pawn as u8);
        if !simple || kings.in_check {
            let mut after = self.clone();
            after.apply_on_board(self.turn, m);
            return standing.any(|&(k, hostile)| after.is_attacked(k, hostile, 0));
        }
        let moved = Moved { from, to, code };
        standing.any(|&(k, hostile)| {
            let near = &NEAR[k as usize];
            (has(near, to) && is_of(code, hostile) && self.piece_attacks(code, to, k, from))
                || (has(near, from) && self.slider_behind(k, from, hostile, moved))
        })
    }

    /// True when the piece with code `c` on `at` attacks `target` on this board, with the square
    /// `vacated` (0: none) taken as empty.
    #[inline(always)]
    fn piece_attacks(&self, c: u8, at: u8, target: u8, vacated: u8) -> bool {
        let k = kind_bits(c);
        let d = at.wrapping_sub(target);
        if k == Kind::Knight as u8 {
            return KNIGHT.contains(&d);
        }
        if k == Kind::King as u8 {
            return KING.contains(&d);
        }
        if k == Kind::Pawn as u8 {
            return DIAG.contains(&d) && pawn_hits(c, d);
        }
        let [ortho, diag] = &LINES[target as usize];
        let along = if has(ortho, at) {
            k == Kind::Rook as u8 || k == Kind::Queen as u8
        } else {
            has(diag, at) && (k == Kind::Bishop as u8 || k == Kind::Queen as u8)
        };
        along && self.first_from(target, step_towards(target, at), vacated, at) == at
    }

    /// The first square from `k` on in direction `d` that is not empty, `vacated` taken as
    /// empty and `stop` as occupied (0: none).
    #[inline(always)]
    fn first_from(&self, k: u8, d: u8, vacated: u8, stop: u8) -> u8 {
        let mut t = k.wrapping_add(d);
        while t != stop && (self.cells[t as usize] == EMPTY || t == vacated) {
            t = t.wrapping_add(d);
        }
        t
    }

    /// True when the first piece on the line from `k` through `through` is a slider of a seat
    /// in `hostile` that moves along that line (`false` when the two squares share no line), on
    /// the board after `moved` ([`Moved::NONE`]: this board).
    #[inline(always)]
    fn slider_behind(&self, k: u8, through: u8, hostile: u8, moved: Moved) -> bool {
        let [ortho, diag] = &LINES[k as usize];
        let slider = if has(ortho, through) {
            Kind::Rook as u8
        } else if has(diag, through) {
            Kind::Bishop as u8
        } else {
            return false;
        };
        let t = self.first_from(k, step_towards(k, through), moved.from, moved.to);
        let c = if t == moved.to {
            moved.code
        } else {
            self.cells[t as usize]
        };
        let kind = kind_bits(c);
        (kind == slider || kind == Kind::Queen as u8) && is_of(c, hostile)
    }
}

/// The kings a move of the seat to move can check (at most three: in FFA every other army's),
/// each with the seats hostile to it, and whether one of them already stands in check.
#[derive(Copy, Clone, Debug, Default)]
pub struct EnemyKings {
    kings: [(u8, u8); 3],
    len: u8,
    in_check: bool,
}

/// A piece moved from `from` to `to` (its cell code `code`; whatever stood on `to` is taken),
/// for the attack tests on the board it leaves before the move is made.
#[derive(Copy, Clone)]
struct Moved {
    from: u8,
    to: u8,
    code: u8,
}

impl Moved {
    /// No move: the board as it stands (0 is a padding square, never on a line).
    const NONE: Moved = Moved {
        from: 0,
        to: 0,
        code: 0,
    };
}

/// Per internal square, the board squares that share a line with it or are a knight's jump from
/// it: the only squares where a move can change whether a king there is attacked. Made at
/// compile time from the geometry's tables.
static NEAR: [Bits; 256] = {
    let mut out = [[0u64; 4]; 256];
    let mut sq = 0;
    while sq < 256 {
        let mut w = 0;
        while w < 4 {
            out[sq][w] = LINES[sq][0][w] | LINES[sq][1][w] | KNIGHT_SQUARES[sq][w];
            w += 1;
        }
        sq += 1;
    }
    out
};
