//! Consequences of actions in chess.com Teams: king capture wins, mate and stalemate are judged
//! on the player's own turn, resigning or flagging loses for the side.

use super::{Event, Game, Marks, OutReason, SeatStatus};
use crate::board::{Kind, Seat};
use crate::game::DrawReason;
use crate::game::Outcome;
use crate::moves::Move;

pub(super) fn after_move(g: &mut Game, seat: Seat, mv: Move, events: &mut Vec<Event>) -> Marks {
    let checked_before = Marks::in_check_all(&g.pos);
    let played = g.pos.play(mv);
    let mut marks = Marks {
        checked: Marks::checks(&g.pos, seat, &checked_before),
        decisive: false,
    };
    for (_, pc) in played.captures() {
        if pc.kind == Kind::King && !pc.dead {
            marks.decisive = true;
            g.set_status(pc.seat, SeatStatus::Out(OutReason::KingCaptured), events);
            g.side_won(pc.seat, OutReason::KingCaptured, events);
        }
    }
    // King of the Hill: the mover's own king on the hill wins for his side at once (the next
    // seat is always an opponent when partners sit opposite; the first opponent in turn order
    // otherwise).
    if !marks.decisive && g.pos.on_the_hill(seat) {
        marks.decisive = true;
        let mut loser = seat.next();
        while g.rules.allied(seat, loser) {
            loser = loser.next();
        }
        g.side_won(loser, OutReason::HillTaken, events);
    }
    marks
}

pub(super) fn leave(g: &mut Game, seat: Seat, reason: OutReason, events: &mut Vec<Event>) {
    g.set_status(seat, SeatStatus::Out(reason), events);
    g.side_won(seat, reason, events);
}

/// Judges the player whose turn it is. Never makes progress by itself: returns `false`.
pub(super) fn on_turn(g: &mut Game, events: &mut Vec<Event>) -> bool {
    let t = g.pos.turn();
    // N-check: a player with no lives left is mated when his own turn comes.
    if g.pos.lives(t) == Some(0) {
        g.set_status(t, SeatStatus::Out(OutReason::Checkmated), events);
        g.side_won(t, OutReason::Checkmated, events);
        return false;
    }
    if g.pos.has_legal_move(t) {
        return false;
    }
    if g.pos.in_check(t) {
        g.set_status(t, SeatStatus::Out(OutReason::Checkmated), events);
        g.side_won(t, OutReason::Checkmated, events);
    } else {
        g.finish(Outcome::Drawn(DrawReason::Stalemate), events);
    }
    false
}
