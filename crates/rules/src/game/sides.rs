//! Consequences of actions in chess.com Teams: king capture wins, mate and stalemate are judged
//! on the player's own turn, resigning or flagging loses for the side. Under `BothMate`
//! (variants.md §4.4) each of these puts only that player out, his army grey and his turns
//! skipped, and the side wins once both opponents are out.

use super::{Event, Game, Marks, OutReason, SeatStatus};
use crate::board::{Kind, Seat};
use crate::game::DrawReason;
use crate::game::Outcome;
use crate::moves::Move;
use crate::position::Army;
use crate::ruleset::WinCondition;

pub(super) fn after_move(g: &mut Game, seat: Seat, mv: Move, events: &mut Vec<Event>) -> Marks {
    let checked_before = Marks::in_check_all(&g.pos);
    let played = g.pos.play(mv);
    // BothMate: a player already out keeps his slot, passed (`-`), as in Verney and Club.
    if g.rules.win == WinCondition::BothOpponentsMated {
        g.pos.set_turn(seat.next());
    }
    let mut marks = Marks {
        checked: Marks::checks(&g.pos, seat, &checked_before),
        decisive: false,
    };
    for (_, pc) in played.captures() {
        if pc.kind == Kind::King && !pc.dead {
            marks.decisive = true;
            put_out(g, pc.seat, OutReason::KingCaptured, events);
        }
    }
    // King of the Hill: the mover's own king on the hill wins for his side at once (the next
    // seat is always an opponent when partners sit opposite; the first opponent in turn order
    // otherwise).
    if !g.is_over() && g.pos.on_the_hill(seat) {
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
    put_out(g, seat, reason, events);
}

/// `seat` is mated, loses his king, resigns or flags: his side loses — or, under `BothMate`,
/// he alone is out (grey army, turns skipped) and his side loses once his partner is out too.
fn put_out(g: &mut Game, seat: Seat, reason: OutReason, events: &mut Vec<Event>) {
    g.set_status(seat, SeatStatus::Out(reason), events);
    if g.rules.win != WinCondition::BothOpponentsMated {
        g.side_won(seat, reason, events);
        return;
    }
    g.pos.set_army(seat, Army::Out);
    let partner_out = g
        .rules
        .partner(seat)
        .is_some_and(|p| !g.seats[p].is_active());
    if partner_out {
        g.side_won(seat, reason, events);
    } else if g.pos.turn() == seat {
        g.pos.advance_slot();
    }
}

/// Judges the player whose turn it is. Returns `true` when that put him out and the game goes
/// on with the next player (under `BothMate`), who must be judged in turn.
pub(super) fn on_turn(g: &mut Game, events: &mut Vec<Event>) -> bool {
    let t = g.pos.turn();
    // BothMate: an out player's turn is passed (`-`); a replay waits for the record's.
    if g.sits_out() {
        if !g.auto.passes {
            return false;
        }
        g.pass_slot(events);
        return true;
    }
    // N-check: a player with no lives left is mated when his own turn comes.
    if g.pos.lives(t) == Some(0) {
        put_out(g, t, OutReason::Checkmated, events);
        return !g.is_over();
    }
    if g.pos.has_legal_move(t) {
        return false;
    }
    if g.pos.in_check(t) && g.rules.must_parry_check {
        put_out(g, t, OutReason::Checkmated, events);
        return !g.is_over();
    }
    g.finish(Outcome::Drawn(DrawReason::Stalemate), events);
    false
}
