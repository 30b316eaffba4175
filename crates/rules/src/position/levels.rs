//! Legality, mate and revival by levels, for the rule sets without king capture (Verney 1881,
//! Club 1893; rules.md §6.2).
//!
//! `legal0(P, m)`: after `m`, P's king is attacked by no live hostile piece and the partner rule
//! holds, under the statuses as they stand. `update(k, mover)`: every other seat, in turn order
//! from the mover's next, is re-evaluated — a live player in check with no `legal_k` move becomes
//! mated, a mated player revives when (as if live) he is not in check or has a `legal_k` move —
//! repeating while anything changed, at most four passes. `legal(k+1)(P, m)`: make `m`, run
//! `update(k, P)`, then the `legal0` test under the updated statuses. Moves on a turn are the
//! `legal2` moves; after a move the statuses are those of `update(1, mover)`.

use super::bitset::{and, and_not, is_empty, shift, Bits};
use super::geometry::{DIAG, ORTHO};
use super::legality::KingSafety;
use super::sink::{set_moves, Sink};
use super::{has, set_bit, Army, Position};
use crate::board::piece::{is_of, kind_bits, seat_bits, DEAD, EMPTY, WALL};
use crate::board::{Kind, Seat};
use crate::moves::{Move, MoveKind, MoveList};

/// The level that decides the moves a player may make on his turn.
pub(crate) const TURN_LEVEL: u8 = 2;

// The quick test. While no army is mated, `update` can only turn live armies mated (and back),
// so after any move the live hostile pieces are a subset of those live now. Hence a move that
// leaves the mover's king unattacked by today's live pieces and gives the partner's king no new
// attacker among them is `legal_k` for every k, without making it; for k = 0 (no update) a move
// that fails the king test is not legal either. Only the rest — a move that might be legal
// because it mates the army attacking the mover, or one that might expose the partner — is
// made and tested by the definition.

/// What the quick test works from.
struct Quick {
    ks: KingSafety,
    shields: Bits,
}

/// Passes on the moves the quick test's king guard admitted, except those that may expose the
/// partner's king and prove illegal when made.
struct Judged<'a, S> {
    out: &'a mut S,
    pos: &'a Position,
    seat: Seat,
    quick: &'a Quick,
}

impl<S: Sink> Sink for Judged<'_, S> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        if !self.pos.exposes_partner(self.seat, m, self.quick)
            || self.pos.legal_at(self.seat, m, TURN_LEVEL)
        {
            self.out.push(m);
        }
    }

    #[inline(always)]
    fn push_set(&mut self, to: &Bits, back: u8, kind: MoveKind, kinds: &[Kind]) {
        // Pawn steps are ordinary moves: only those leaving a shielding square are in doubt.
        let shields = &self.quick.shields;
        if is_empty(shields) || is_empty(&and(&shift(to, back), shields)) {
            self.out.push_set(to, back, kind, kinds);
            return;
        }
        for m in set_moves(to, back, kind, kinds) {
            self.push(m);
        }
    }
}

impl Position {
    /// Passes the `legal2` moves of rules.md §6.2 — those legal on `seat`'s turn — to `out`.
    /// Where the quick test applies, the generator itself sorts out the moves that leave the
    /// king safe from today's live pieces, and only the partner rule's doubtful ones and the
    /// refused ones are made and tested.
    pub(super) fn levels_moves<S: Sink>(&self, seat: Seat, out: &mut S) {
        let mut doubtful = MoveList::new();
        match self.quick_levels(seat) {
            Some(q) => {
                let guard = q.ks.clone();
                let mut judged = Judged {
                    out: &mut *out,
                    pos: self,
                    seat,
                    quick: &q,
                };
                self.generate_split(seat, guard, &mut judged, &mut doubtful);
            }
            None => self.gen_pseudo(seat, &mut doubtful),
        }
        for &m in doubtful.iter() {
            if self.legal_at(seat, m, TURN_LEVEL) {
                out.push(m);
            }
        }
    }

    /// What the quick test needs, when it applies (no army mated, a king on the board): the
    /// checks and pins on the mover's king, and the mover's pieces that shield the partner's
    /// king from an opponent's slider.
    fn quick_levels(&self, seat: Seat) -> Option<Quick> {
        let k = self.kings[seat.index()];
        if k == 0 || self.armies.contains(&Army::Mated) {
            return None;
        }
        Some(Quick {
            ks: self.king_safety(seat, k, self.hostile_to(seat)),
            shields: self.partner_shields(seat),
        })
    }

    /// Whether `m` may give the partner's king a new attacker: castling and en passant always
    /// count; an ordinary move only when it leaves a shielding square and opens that line.
    #[inline(always)]
    fn exposes_partner(&self, seat: Seat, m: Move, q: &Quick) -> bool {
        let ordinary = matches!(
            m.kind(),
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Jump
        );
        !ordinary || (has(&q.shields, m.origin_idx()) && self.may_expose_partner(seat, m))
    }

    /// The partner and his king's square when the partner rule protects him from `seat`'s moves
    /// (a sides game with the rule, a partner not resigned, a king on the board).
    fn guarded_partner(&self, seat: Seat) -> Option<(Seat, u8)> {
        if !self.rules.no_new_partner_check {
            return None;
        }
        let partner = self.rules.partner(seat)?;
        let k = self.kings[partner.index()];
        (k != 0 && self.army(partner) != Army::Resigned).then_some((partner, k))
    }

    /// The squares of `seat`'s pieces that stand first on a line from the partner's king with a
    /// live opponent's slider of that line right behind them (none when the partner rule does
    /// not apply).
    fn partner_shields(&self, seat: Seat) -> Bits {
        let mut out = [0u64; 4];
        let Some((partner, k)) = self.guarded_partner(seat) else {
            return out;
        };
        let hostile = self.hostile_to(partner);
        let first = |mut t: u8, d: u8| {
            t = t.wrapping_add(d);
            while self.cells[t as usize] == EMPTY {
                t = t.wrapping_add(d);
            }
            t
        };
        let (ortho, diag) = self.slider_lines(k, hostile);
        for (dirs, line, walk) in [
            (ORTHO, Kind::Rook as u8, ortho),
            (DIAG, Kind::Bishop as u8, diag),
        ] {
            if !walk {
                continue;
            }
            for d in dirs {
                let t = first(k, d);
                let c = self.cells[t as usize];
                if c == WALL || c & DEAD != 0 || seat_bits(c) != seat as u8 {
                    continue;
                }
                let b = self.cells[first(t, d) as usize];
                let kind = kind_bits(b);
                if b != WALL && (kind == line || kind == Kind::Queen as u8) && is_of(b, hostile) {
                    set_bit(&mut out, t);
                }
            }
        }
        out
    }

    /// Whether the ordinary move `m` opens a line from a live opponent's slider to the partner's
    /// king (exact: an ordinary move can expose only through the square it leaves).
    fn may_expose_partner(&self, seat: Seat, m: Move) -> bool {
        let Some((partner, k)) = self.guarded_partner(seat) else {
            return false;
        };
        let (from, to) = (m.origin_idx(), m.to_idx());
        let (df, dr) = (
            (from & 15) as i8 - (k & 15) as i8,
            (from >> 4) as i8 - (k >> 4) as i8,
        );
        let diagonal = df != 0 && dr != 0;
        if diagonal && df.abs() != dr.abs() {
            return false;
        }
        let d = (dr.signum() * 16 + df.signum()) as u8;
        // The squares between the king and `from` must be empty (and stay so).
        let mut t = k.wrapping_add(d);
        while t != from {
            if t == to || self.cells[t as usize] != EMPTY {
                return false;
            }
            t = t.wrapping_add(d);
        }
        // Beyond `from`: the first piece, unless the moved piece lands first.
        loop {
            t = t.wrapping_add(d);
            if t == to {
                return false;
            }
            let c = self.cells[t as usize];
            if c == EMPTY {
                continue;
            }
            let kind = kind_bits(c);
            let slider = kind == Kind::Queen as u8
                || kind
                    == if diagonal {
                        Kind::Bishop as u8
                    } else {
                        Kind::Rook as u8
                    };
            return c != WALL && slider && is_of(c, self.hostile_to(partner));
        }
    }

    /// `legal_k(seat, m)`.
    pub(crate) fn legal_at(&self, seat: Seat, m: Move, k: u8) -> bool {
        let mut after = self.clone();
        after.apply_on_board(seat, m);
        if k > 0 {
            after.update_statuses(k - 1, seat);
        }
        !after.in_check(seat) && self.partner_rule_holds(&after, seat)
    }

    /// The partner rule: after the move no live hostile piece attacks the partner's king that did
    /// not attack it just before (a piece that was inert before and is live after counts as new).
    fn partner_rule_holds(&self, after: &Position, seat: Seat) -> bool {
        let Some(partner) = self
            .rules
            .partner(seat)
            .filter(|_| self.rules.no_new_partner_check)
        else {
            return true;
        };
        if self.army(partner) == Army::Resigned {
            return true;
        }
        let k = self.kings[partner.index()];
        if k == 0 || after.kings[partner.index()] != k {
            return true;
        }
        let before = self.attackers(k, self.hostile_to(partner));
        is_empty(&and_not(
            &after.attackers(k, after.hostile_to(partner)),
            &before,
        ))
    }

    /// True when `seat` has a `legal_k` move (its own army taken as it stands). Where the quick
    /// test applies, a move its guard admits that cannot expose the partner decides at once;
    /// the others are made and tested only when there is none — the refused ones only above
    /// level 0 (at level 0 no update can clear the king).
    pub(crate) fn has_legal_at(&self, seat: Seat, k: u8) -> bool {
        let Some(q) = self.quick_levels(seat) else {
            let mut pseudo = MoveList::new();
            self.gen_pseudo(seat, &mut pseudo);
            return pseudo.iter().any(|&m| self.legal_at(seat, m, k));
        };
        let (mut admitted, mut refused) = (MoveList::new(), MoveList::new());
        self.generate_split(seat, q.ks.clone(), &mut admitted, &mut refused);
        let exposes = |m: Move| self.exposes_partner(seat, m, &q);
        admitted.iter().any(|&m| !exposes(m))
            || admitted
                .iter()
                .any(|&m| exposes(m) && self.legal_at(seat, m, k))
            || (k > 0 && refused.iter().any(|&m| self.legal_at(seat, m, k)))
    }

    /// `update(k, mover)`: re-evaluates every seat but the mover; returns true when a status
    /// changed.
    pub(crate) fn update_statuses(&mut self, k: u8, mover: Seat) -> bool {
        let mut any = false;
        for _pass in 0..4 {
            let mut changed = false;
            let mut q = mover.next();
            while q != mover {
                match self.army(q) {
                    // Shortcut: a player not in check is never mated.
                    Army::Live if self.in_check(q) && !self.has_legal_at(q, k) => {
                        self.set_army(q, Army::Mated);
                        changed = true;
                    }
                    Army::Mated => {
                        let mut live = self.clone();
                        live.set_army(q, Army::Live);
                        if !live.in_check(q) || live.has_legal_at(q, k) {
                            self.set_army(q, Army::Live);
                            changed = true;
                        }
                    }
                    _ => {}
                }
                q = q.next();
            }
            any |= changed;
            if !changed {
                break;
            }
        }
        any
    }

    /// After a move by `mover` (Verney, Club): the statuses of `update(1, mover)`.
    pub fn settle_statuses(&mut self, mover: Seat) -> bool {
        self.update_statuses(1, mover)
    }
}
