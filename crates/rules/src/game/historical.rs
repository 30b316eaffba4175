//! Consequences of actions under Verney 1881 and Club 1893 (rules.md §6): statuses recomputed
//! after every move and resignation, inert armies and revival, skipped turns and stalemate
//! passes, the double-mate win and the no-moves draw.

use super::{Action, DrawReason, Event, Game, Marks, OutReason, Outcome, SeatStatus};
use crate::board::Seat;
use crate::moves::Move;
use crate::position::Army;

fn status_of(army: Army) -> Option<SeatStatus> {
    match army {
        Army::Live => Some(SeatStatus::Active),
        Army::Mated => Some(SeatStatus::Mated),
        _ => None,
    }
}

/// Reports status changes between `before` and now (mates and revivals).
fn report(g: &mut Game, before: [Army; 4], events: &mut Vec<Event>) -> bool {
    let mut mated = false;
    for s in Seat::ALL {
        let now = g.pos.army(s);
        if now != before[s.index()] {
            if let Some(st) = status_of(now) {
                mated |= now == Army::Mated;
                g.set_status(s, st, events);
            }
        }
    }
    mated
}

/// The win test: a side wins when both players of the other side are mated or resigned.
fn win_test(g: &mut Game, events: &mut Vec<Event>) {
    for loser_side in [Seat::South, Seat::West] {
        let [a, b] = g.rules().seats_of(g.rules().side_of(loser_side));
        let down = |s: Seat| matches!(g.pos.army(s), Army::Mated | Army::Resigned);
        if down(a) && down(b) {
            let reason = |s: Seat| match g.seats[s] {
                SeatStatus::Out(r) => r,
                _ => OutReason::Checkmated,
            };
            // The seat whose fall completed it: the one that is mated now (else the first).
            let decisive = if g.pos.army(b) == Army::Mated { b } else { a };
            let r = reason(decisive);
            g.side_won(decisive, r, events);
            return;
        }
    }
}

pub(super) fn after_move(g: &mut Game, seat: Seat, mv: Move, events: &mut Vec<Event>) -> Marks {
    let before = g.pos.armies().0;
    let checked_before = Marks::in_check_all(&g.pos);
    g.pos.apply_on_board(seat, mv);
    g.pos.settle_statuses(seat);
    let decisive = report(g, before, events);
    let marks = Marks {
        checked: Marks::checks(&g.pos, seat, &checked_before),
        decisive,
    };
    win_test(g, events);
    g.pos.advance_slot();
    marks
}

/// A resignation or loss on time: inert for good, then the update with the resigning seat as
/// the mover; the resignation fills his slot when it is his turn.
pub(super) fn leave(g: &mut Game, seat: Seat, reason: OutReason, events: &mut Vec<Event>) {
    let before = g.pos.armies().0;
    g.set_status(seat, SeatStatus::Out(reason), events);
    g.pos.set_army(seat, Army::Resigned);
    g.pos.settle_statuses(seat);
    report(g, before, events);
    win_test(g, events);
    if !g.is_over() && g.pos.turn() == seat {
        g.pos.advance_slot();
    }
}

/// True when the seat to move cannot move and its slot is a pass (`-`).
pub(super) fn must_pass(g: &Game) -> bool {
    let t = g.pos.turn();
    match g.pos.army(t) {
        Army::Live => !g.pos.has_legal_move(t),
        Army::Mated | Army::Resigned | Army::Out | Army::Conquered => true,
        Army::Zombie => false,
    }
}

/// Judges the slot of the seat to move. Returns true when something happened.
pub(super) fn on_turn(g: &mut Game) -> bool {
    let t = g.pos.turn();
    let mut events = Vec::new();
    match g.pos.army(t) {
        Army::Mated if !g.pos.in_check(t) => {
            // No live enemy piece attacks his king: he revives at once and moves.
            g.pos.set_army(t, Army::Live);
            g.set_status(t, SeatStatus::Active, &mut events);
            g.push_record(t, Action::Judged, events);
            true
        }
        Army::Live if g.pos.has_legal_move(t) => false,
        Army::Live if g.pos.in_check(t) => {
            // Possible only when the four-pass limit stopped early: mated at once.
            let before = g.pos.armies().0;
            g.pos.set_army(t, Army::Mated);
            g.pos.settle_statuses(t);
            g.set_status(t, SeatStatus::Mated, &mut events);
            report(g, before, &mut events);
            win_test(g, &mut events);
            g.push_record(t, Action::Judged, events);
            true
        }
        Army::Live => {
            // Stalemate: drawn when the partner cannot move either, else a pass.
            let p = t.opposite();
            let partner_stuck = match g.pos.army(p) {
                Army::Mated | Army::Resigned => true,
                Army::Live => !g.pos.in_check(p) && !g.pos.has_legal_move(p),
                _ => false,
            };
            if partner_stuck {
                g.finish(Outcome::Drawn(DrawReason::NoMoves), &mut events);
                g.push_record(t, Action::Judged, events);
                return true;
            }
            if !g.auto.passes {
                return false;
            }
            g.pass_slot(&mut events);
            g.push_record(t, Action::Judged, events);
            true
        }
        _ => {
            if !g.auto.passes {
                return false;
            }
            g.pass_slot(&mut events);
            g.push_record(t, Action::Judged, events);
            true
        }
    }
}
