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

use super::{Army, Position};
use crate::board::Seat;
use crate::moves::{Move, MoveList};

/// The level that decides the moves a player may make on his turn.
pub(crate) const TURN_LEVEL: u8 = 2;

impl Position {
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
        if !self.rules.no_new_partner_check || !self.rules.sides {
            return true;
        }
        let partner = seat.opposite();
        if self.army(partner) == Army::Resigned {
            return true;
        }
        let k = self.kings[partner.index()];
        if k == 0 || after.kings[partner.index()] != k {
            return true;
        }
        let before = self.attackers(k, self.hostile_to(partner));
        after
            .attackers(k, after.hostile_to(partner))
            .iter()
            .all(|a| before.contains(a))
    }

    /// True when `seat` has a `legal_k` move (its own army taken as it stands).
    pub(crate) fn has_legal_at(&self, seat: Seat, k: u8) -> bool {
        let mut pseudo = MoveList::new();
        self.gen_pseudo(seat, &mut pseudo);
        pseudo.iter().any(|&m| self.legal_at(seat, m, k))
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
