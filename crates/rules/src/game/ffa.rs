//! Consequences of actions in chess.com Free-For-All (rules.md §5.2): points, immediate mates,
//! eliminations, Dead King Walking, the end with its king bonuses, draws, claims and the
//! server's automatic claim for the leader.

use super::scoring::{self, check_bonus};
use super::{
    zombie_pick, Action, Event, Game, GameError, Marks, OutReason, ScoreReason, SeatStatus,
};
use crate::board::{Kind, Seat};
use crate::game::draw;
use crate::game::{DrawReason, Outcome};
use crate::moves::Move;
use crate::position::{Army, Position};
use crate::ruleset::{StalemateRule, WinCondition};

fn can_be_mated(pos: &Position, q: Seat) -> bool {
    matches!(pos.army(q), Army::Live | Army::Zombie) && pos.king(q).is_some()
}

/// Takes `q` out: a live player for `reason`; a zombie keeps the reason he left for.
fn eliminate(g: &mut Game, q: Seat, reason: OutReason, events: &mut Vec<Event>) {
    let status = match g.seats[q] {
        SeatStatus::Zombie(r) => SeatStatus::Out(r),
        _ => SeatStatus::Out(reason),
    };
    g.set_status(q, status, events);
    g.pos.set_army(q, Army::Out);
}

/// The kings of players already out still on the board: zombie kings and dead kings.
fn out_kings(g: &Game) -> (i32, i32) {
    let zombies = Seat::ALL
        .iter()
        .filter(|&&s| g.pos.army(s) == Army::Zombie && g.pos.king(s).is_some())
        .count() as i32;
    let dead = g
        .pos
        .pieces()
        .filter(|(_, pc)| pc.dead && pc.kind == Kind::King)
        .count() as i32;
    (zombies, dead)
}

/// What the kings of players already out bring the last player at the end: each zombie king
/// its live value, each dead king left on the board its dead value (Chaturaji 3, FFA 0).
fn kings_left(g: &Game) -> i32 {
    let (zombies, dead) = out_kings(g);
    zombies * i32::from(g.rules.points.king) + dead * i32::from(g.rules.points.dead_king)
}

/// What the king of `seat`, leaving as the second-last player (a resignation or a claim), adds
/// for the other one on top of [`kings_left`]: that counts it, once dead, at its dead value, and
/// it is worth its live value (FFA 20; Chaturaji 3, the same as dead). Asked before it leaves.
fn leaving_king(g: &Game, seat: Seat) -> i32 {
    let points = &g.rules.points;
    i32::from(g.pos.king(seat).is_some()) * (i32::from(points.king) - i32::from(points.dead_king))
}

pub(super) fn after_move(
    g: &mut Game,
    seat: Seat,
    mv: Move,
    zombie: bool,
    events: &mut Vec<Event>,
) -> Marks {
    let others: Vec<Seat> = Seat::ALL.into_iter().filter(|&q| q != seat).collect();
    let mated_before: Vec<bool> = Seat::ALL
        .iter()
        .map(|&q| q != seat && can_be_mated(&g.pos, q) && g.pos.is_mated(q))
        .collect();
    let live_before: Vec<bool> = Seat::ALL
        .iter()
        .map(|&q| g.pos.army(q) == Army::Live)
        .collect();

    let checked_before = Marks::in_check_all(&g.pos);
    let lives_before: Vec<Option<u8>> = Seat::ALL.iter().map(|&q| g.pos.lives(q)).collect();

    let played = g.pos.play(mv);

    // Judge mates and checks on the board as the move left it, before any army turns grey.
    let mated: Vec<Seat> = others
        .iter()
        .copied()
        .filter(|&q| can_be_mated(&g.pos, q) && !mated_before[q.index()] && g.pos.is_mated(q))
        .collect();
    let mut marks = Marks {
        checked: Marks::checks(&g.pos, seat, &checked_before),
        decisive: !mated.is_empty(),
    };
    let mut checked = 0;
    let mut queen_only = true;
    for &q in &others {
        if g.pos.king(q).is_none() || !live_before[q.index()] || g.pos.army(q) != Army::Live {
            continue;
        }
        let by_me: Vec<_> = g
            .pos
            .checkers(q)
            .into_iter()
            .filter(|&sq| {
                g.pos
                    .piece_at(sq)
                    .is_some_and(|p| p.seat == seat && !p.dead)
            })
            .collect();
        if !by_me.is_empty() {
            checked += 1;
            queen_only &= by_me
                .iter()
                .all(|&sq| g.pos.piece_at(sq).is_some_and(|p| p.kind == Kind::Queen));
        }
    }

    for (_, pc) in played.captures() {
        if !zombie {
            g.score(
                seat,
                g.rules.points.capture(pc),
                ScoreReason::Capture,
                events,
            );
        }
        if pc.kind == Kind::King && !pc.dead {
            marks.decisive = true;
            eliminate(g, pc.seat, OutReason::KingCaptured, events);
        }
    }
    // N-check: a king whose last life this move took is mated by the mover, at once (a zombie
    // king the same way, for the same 20).
    let out_of_lives: Vec<Seat> = others
        .iter()
        .copied()
        .filter(|&q| {
            can_be_mated(&g.pos, q)
                && !mated.contains(&q)
                && g.pos.lives(q) == Some(0)
                && lives_before[q.index()] != Some(0)
        })
        .collect();
    marks.decisive |= !out_of_lives.is_empty();
    let mate = i32::from(g.rules.points.mate);
    for q in mated.into_iter().chain(out_of_lives) {
        if !zombie {
            g.score(seat, mate, ScoreReason::Checkmate, events);
        }
        eliminate(g, q, OutReason::Checkmated, events);
    }
    if !zombie {
        let bonus = check_bonus(g.rules.check_bonus, checked, queen_only);
        g.score(seat, bonus, ScoreReason::MultiCheck, events);
    }
    // King of the Hill: the mover's own live king on the hill mates every other active player
    // (a zombie king wins nothing there: its player is already out).
    if !zombie && g.pos.on_the_hill(seat) {
        for q in others {
            if g.pos.army(q) == Army::Live {
                marks.decisive = true;
                g.score(seat, mate, ScoreReason::Checkmate, events);
                eliminate(g, q, OutReason::HillTaken, events);
            }
        }
    }
    if !g.pos.army(g.pos.turn()).takes_turns() {
        g.pos.advance_turn();
    }
    check_end(g, events);
    marks
}

/// A player resigns or flags: a zombie king while two or more others play on, otherwise out
/// and the game ends.
pub(super) fn leave(g: &mut Game, seat: Seat, reason: OutReason, events: &mut Vec<Event>) {
    let others: Vec<Seat> = g
        .active_seats()
        .into_iter()
        .filter(|&s| s != seat)
        .collect();
    if others.len() >= 2 && g.rules.dead_king_walking {
        g.set_status(seat, SeatStatus::Zombie(reason), events);
        g.pos.set_army(seat, Army::Zombie);
        return;
    }
    let own_king = leaving_king(g, seat);
    g.set_status(seat, SeatStatus::Out(reason), events);
    g.pos.set_army(seat, Army::Out);
    if g.pos.turn() == seat {
        g.pos.advance_turn();
    }
    if let [last] = others[..] {
        if draw::insufficient_material(&g.pos, &g.rules) {
            let award = i32::from(g.rules.points.draw);
            g.score(seat, award, ScoreReason::Draw, events);
            g.score(last, award, ScoreReason::Draw, events);
            let kings = kings_left(g);
            g.score(last, kings, ScoreReason::Draw, events);
            g.finish(Outcome::Drawn(DrawReason::InsufficientMaterial), events);
            return;
        }
        let kings = kings_left(g) + own_king;
        g.score(last, kings, ScoreReason::KingsAtEnd, events);
        g.finish(Outcome::Finished, events);
        return;
    }
    check_end(g, events);
}

/// Ends the game when at most one player is active.
fn check_end(g: &mut Game, events: &mut Vec<Event>) {
    if g.is_over() {
        return;
    }
    // FirstMate: the first mate (or king capture, or the hill) ends the game.
    if g.rules.win == WinCondition::FirstMateFfa
        && Seat::ALL
            .iter()
            .any(|&s| matches!(g.seats[s], SeatStatus::Out(r) if r.is_mate()))
    {
        g.finish(Outcome::Finished, events);
        return;
    }
    let active = g.active_seats();
    if active.len() <= 1 {
        if let Some(&last) = active.first() {
            let kings = kings_left(g);
            g.score(last, kings, ScoreReason::KingsAtEnd, events);
        }
        g.finish(Outcome::Finished, events);
    }
}

/// With two players left, the automatic claim for the leader on his turn (rules.md §5.2).
/// Returns true when it acted.
fn auto_two_left(g: &mut Game) -> bool {
    let Some(leader) = autoclaim_due(g).filter(|_| g.auto.autoclaim) else {
        return false;
    };
    let mut ev = Vec::new();
    claim(g, leader, &mut ev);
    g.push_record(leader, Action::AutoClaim, ev);
    true
}

/// The leader the server claims the win for now (rules.md §5.2): two players are left, it is
/// the leader's turn, he stands alone in first place above every player already out, and the
/// best of those — second place — is at least as far above the other active player as the
/// claim would give that player (his king's 20, and 20 for each zombie king), so the claim
/// cannot lift him past second place. The games behind it: 102140628 (Yellow 69 claims on
/// his turn once Blue, 20 after `Bi1xQj2`, is 29 short of Red's 49), 12079115 (Yellow 75,
/// Red 62 out, Blue 29), 102619993 (no claim: Blue's 49 is below Red's 26 + 40 with a zombie
/// king on the board) and 11980837 (none: Blue 31 out, Red 22 plays on).
fn autoclaim_due(g: &Game) -> Option<Seat> {
    if !g.rules.auto_two_left || g.is_over() {
        return None;
    }
    let active = g.active_seats();
    let [a, b] = active[..] else {
        return None;
    };
    let (leader, other) = match g.points[a].cmp(&g.points[b]) {
        std::cmp::Ordering::Greater => (a, b),
        std::cmp::Ordering::Less => (b, a),
        std::cmp::Ordering::Equal => return None,
    };
    if g.pos.turn() != leader {
        return None;
    }
    let second = Seat::ALL
        .into_iter()
        .filter(|&s| g.rules.in_play(s) && s != leader && s != other)
        .map(|s| g.points[s])
        .max()?;
    let award = claim_award(g, leader);
    (g.points[leader] > second && second >= g.points[other] + award).then_some(leader)
}

pub(super) fn check_claim(g: &Game, seat: Seat) -> Result<(), GameError> {
    let active = g.active_seats();
    if active.len() != 2 || !active.contains(&seat) {
        return Err(GameError::CannotClaim(
            "only one of the last two players may claim".into(),
        ));
    }
    let other = active.into_iter().find(|&s| s != seat).unwrap_or(seat);
    // A lead of more than a mate (21 by default; PointsForMate=n makes it n + 1; Chaturaji 4).
    let lead = i32::from(g.rules.points.claim_lead);
    if g.points[seat] < g.points[other] + lead {
        return Err(GameError::CannotClaim(format!(
            "a claim needs a lead of {lead} points or more"
        )));
    }
    Ok(())
}

/// The claimant resigns; the other player gets his king and every zombie king; the game ends.
pub(super) fn claim(g: &mut Game, seat: Seat, events: &mut Vec<Event>) {
    let other = g.active_seats().into_iter().find(|&s| s != seat);
    let award = claim_award(g, seat);
    g.set_status(seat, SeatStatus::Out(OutReason::Resigned), events);
    g.pos.set_army(seat, Army::Out);
    if let Some(o) = other {
        g.score(o, award, ScoreReason::KingsAtEnd, events);
    }
    g.finish(Outcome::Finished, events);
}

/// What a claim by `seat` gives the other active player: the claimant's king at its live value
/// (FFA 20) and the kings of the players already out ([`kings_left`]). Asked before the claim;
/// the automatic claim weighs the same award.
fn claim_award(g: &Game, seat: Seat) -> i32 {
    i32::from(g.pos.king(seat).is_some()) * i32::from(g.rules.points.king) + kings_left(g)
}

/// Draw points: the draw award (FFA 10, Chaturaji 2) to each active player and the kings left
/// (zombie kings 20 each, Chaturaji's dead kings 3 each) shared among them, each king's share
/// rounded.
pub(super) fn draw_points(g: &mut Game, events: &mut Vec<Event>) {
    let active = g.active_seats();
    let award = i32::from(g.rules.points.draw);
    let (zombies, dead) = out_kings(g);
    let n = active.len();
    let share = zombies * scoring::share(i32::from(g.rules.points.king), n)
        + dead * scoring::share(i32::from(g.rules.points.dead_king), n);
    for s in active {
        g.score(s, award + share, ScoreReason::Draw, events);
    }
}

/// What the turn brings: the automatic claim, a resignation taking effect in its
/// slot, zombie moves, stalemates and mates found on the turn. Returns true when something
/// happened (the caller looks again).
pub(super) fn on_turn(g: &mut Game) -> bool {
    if auto_two_left(g) {
        return true;
    }
    let t = g.pos.turn();
    let mut events = Vec::new();
    match g.pos.army(t) {
        Army::Zombie => {
            if !g.pos.has_legal_move(t) {
                if g.pos.in_check(t) {
                    // Mated in place before anyone's move mated it: it stays, capturable.
                    g.pos.advance_turn();
                    events.push(Event::TurnPassed { seat: t });
                    g.turn_changed(&mut events);
                    g.push_record(t, Action::Judged, events);
                    return true;
                }
                // Stalemated: the seat's slot is an `S`, as for a live player, and the king's
                // 20 points are shared among the active players.
                let active = g.active_seats();
                let share = scoring::share(i32::from(g.rules.points.king), active.len());
                for s in active {
                    g.score(s, share, ScoreReason::ZombieStalemate, &mut events);
                }
                g.set_status(t, SeatStatus::Out(OutReason::Stalemated), &mut events);
                g.pos.set_army(t, Army::Out);
                g.pos.advance_turn();
                events.push(Event::TurnPassed { seat: t });
                check_end(g, &mut events);
                g.turn_changed(&mut events);
                g.push_record(t, Action::Judged, events);
                return true;
            }
            if !g.auto.zombie_moves {
                return false;
            }
            let Some(mv) = zombie_pick(&g.pos, &mut g.rng) else {
                return false;
            };
            g.apply_move(t, mv, true, &mut events);
            g.push_record(t, Action::Move { mv, zombie: true }, events);
            true
        }
        Army::Live => {
            if g.pos.has_legal_move(t) {
                return false;
            }
            if g.rules.stalemate == StalemateRule::PassTurn {
                // Chaturaji: a boxed-in army passes (PGN4 `-`); the server passes at once, a
                // replay waits for the `-`.
                if !g.auto.passes {
                    return false;
                }
                pass(g, &mut events);
                g.push_record(t, Action::Judged, events);
                return true;
            }
            if g.pos.is_mated(t) {
                eliminate(g, t, OutReason::Checkmated, &mut events);
            } else {
                g.score(
                    t,
                    i32::from(g.rules.points.king),
                    ScoreReason::Stalemated,
                    &mut events,
                );
                eliminate(g, t, OutReason::Stalemated, &mut events);
            }
            g.pos.advance_turn();
            if g.seats[t] == SeatStatus::Out(OutReason::Stalemated) {
                // The stalemate fills the seat's slot (PGN4 `S`).
                events.push(Event::TurnPassed { seat: t });
            }
            check_end(g, &mut events);
            g.push_record(t, Action::Judged, events);
            true
        }
        _ => {
            g.pos.advance_turn();
            true
        }
    }
}

/// True when the seat to move is a live player with no move under [`StalemateRule::PassTurn`]:
/// his slot is a pass.
pub(super) fn must_pass(g: &Game) -> bool {
    let t = g.pos.turn();
    g.rules.stalemate == StalemateRule::PassTurn
        && g.pos.army(t) == Army::Live
        && !g.pos.has_legal_move(t)
}

/// Passes the seat to move (PGN4 `-`); the passed position counts for repetition.
pub(super) fn pass(g: &mut Game, events: &mut Vec<Event>) {
    let t = g.pos.turn();
    events.push(Event::TurnPassed { seat: t });
    g.pos.advance_turn();
    g.turn_changed(events);
}
