//! Consequences of actions in Conquest (variants.md §5): mates judged after every move, a mated
//! player's king leaving the board and his armies passing to the mover, frozen (stalemated)
//! armies, skipped turns written `-`, and places by who went out when.

use super::{Event, Game, Marks, OutReason, Outcome, SeatStatus};
use crate::board::{Kind, Seat};
use crate::game::DrawReason;
use crate::moves::Move;
use crate::position::Army;

/// The players still moving: a live army moved by its own player.
fn moving(g: &Game) -> Vec<Seat> {
    Seat::ALL
        .into_iter()
        .filter(|&s| g.pos.army(s) == Army::Live && g.pos.controller(s) == s)
        .collect()
}

/// `q` is beaten by `by` (mated, or his king taken): his king leaves the board and every army
/// he moved — his own and those he had conquered — passes to `by` (variants.md §5.3).
fn conquer(g: &mut Game, q: Seat, by: Seat, reason: OutReason, events: &mut Vec<Event>) {
    g.pos.conquer(q, by);
    g.pending_leave[q] = None;
    g.set_status(q, SeatStatus::Out(reason), events);
}

/// Every army `seat` moves stops where it stands: its pieces turn into frozen pieces (they block,
/// attack nothing, and may be taken — a frozen king excepted).
fn freeze(g: &mut Game, seat: Seat) {
    for c in Seat::ALL {
        if g.pos.controller(c) == seat && g.pos.army(c).is_hostile() {
            g.pos.set_army(c, Army::Out);
        }
    }
}

pub(super) fn after_move(g: &mut Game, seat: Seat, mv: Move, events: &mut Vec<Event>) -> Marks {
    let checked_before = Marks::in_check_all(&g.pos);
    let played = g.pos.apply_on_board(seat, mv);
    let taken: Vec<Seat> = played
        .captures()
        .filter(|(_, pc)| pc.kind == Kind::King && !pc.dead)
        .map(|(_, pc)| pc.seat)
        .collect();
    // Mates are judged on the board as the move left it, for every other player at once; the
    // mover conquers each, whoever's pieces give the check (variants.md §5.3).
    let mated: Vec<Seat> = moving(g)
        .into_iter()
        .filter(|&q| q != seat && !taken.contains(&q))
        .filter(|&q| g.pos.in_check(q) && !g.pos.has_legal_move(q))
        .collect();
    let marks = Marks {
        checked: Marks::checks(&g.pos, seat, &checked_before),
        decisive: !taken.is_empty() || !mated.is_empty(),
    };
    for q in taken {
        conquer(g, q, seat, OutReason::KingCaptured, events);
    }
    for q in mated {
        conquer(g, q, seat, OutReason::Checkmated, events);
    }
    check_end(g, events);
    g.next_slot();
    marks
}

/// A player resigns or flags on his turn: out, his king removed, every army he moved frozen
/// where it stands for anyone to take (variants.md §5.3).
pub(super) fn leave(g: &mut Game, seat: Seat, reason: OutReason, events: &mut Vec<Event>) {
    if let Some(k) = g.pos.king(seat) {
        g.pos.remove(k);
    }
    freeze(g, seat);
    g.set_status(seat, SeatStatus::Out(reason), events);
    check_end(g, events);
    if !g.is_over() && g.pos.turn() == seat {
        g.next_slot();
    }
}

/// Ends the game when one player or none is still moving (variants.md §5.5).
fn check_end(g: &mut Game, events: &mut Vec<Event>) {
    if !g.is_over() && moving(g).len() <= 1 {
        g.finish(Outcome::Finished, events);
    }
}

/// What the turn brings: a skipped seat's pass (`-`, or `#` for the first after its mate), or
/// the player to move found stalemated (his armies freeze; a second frozen player draws the
/// game) or mated on his turn. Returns true when something happened.
pub(super) fn on_turn(g: &mut Game) -> bool {
    let t = g.pos.turn();
    let mut events = Vec::new();
    if g.sits_out() {
        if !g.auto.passes {
            return false;
        }
        g.pass_slot(&mut events);
        g.push_record(t, super::Action::Judged, events);
        return true;
    }
    if g.pos.has_legal_move(t) {
        return false;
    }
    if g.pos.in_check(t) {
        // Only an action that is not a move (a resignation lifting a king off a line) leaves a
        // player mated on his own turn: the player whose piece gives the check conquers him.
        let by = g
            .pos
            .checkers(t)
            .first()
            .and_then(|&sq| g.pos.piece_at(sq))
            .map(|p| g.pos.controller(p.seat))
            .unwrap_or(t);
        conquer(g, t, by, OutReason::Checkmated, &mut events);
        check_end(g, &mut events);
    } else {
        let another_frozen = Seat::ALL
            .into_iter()
            .any(|s| g.seats[s] == SeatStatus::Out(OutReason::Stalemated));
        freeze(g, t);
        g.set_status(t, SeatStatus::Out(OutReason::Stalemated), &mut events);
        // The stalemate fills the seat's slot (PGN4 `S`).
        events.push(Event::TurnPassed { seat: t });
        if another_frozen {
            g.finish(Outcome::Drawn(DrawReason::Stalemate), &mut events);
        } else {
            check_end(g, &mut events);
        }
    }
    if !g.is_over() {
        g.next_slot();
    }
    g.push_record(t, super::Action::Judged, events);
    true
}
