//! Making a move in the search: the child position and the points the move wins — in FFA every
//! mate it gives is judged at once and scored by the mover, as the rules judge it.

use fourhand_rules::position::Army;
use fourhand_rules::ruleset::MatedArmy;
use fourhand_rules::{Kind, Move, Position, Seat};

/// The seat that moved last before `me`: the one that mated him (FFA).
pub(super) fn previous_mover(pos: &Position, me: Seat) -> Seat {
    (1..4)
        .map(|k| Seat::ALL[(me.index() + 4 - k) % 4])
        .find(|s| pos.army(*s).takes_turns())
        .unwrap_or(me)
}

/// FFA (rules.md §5.2): every other player whom the mover's move leaves in check without a
/// legal move is mated at once, whoever's piece gives the check — not on his own turn, when
/// the players between could still free him and the one who moved last would score it. Each
/// goes out and the mover scores the mate. A king already in that state before the move (a
/// player mated in place) is not mated by it.
fn mates_at_once(before: &Position, after: &mut Position, mover: Seat, pts: &mut [i32; 4]) {
    let mated = |q: Seat| {
        q != mover
            && matches!(after.army(q), Army::Live | Army::Zombie)
            && after.is_mated(q)
            && !before.is_mated(q)
    };
    // Judged on the board as the move left it, before a mated army turns grey.
    let out = Seat::ALL.map(mated);
    if out.contains(&true) {
        // A zombie king's move scores for nobody.
        let scores = before.army(mover) == Army::Live;
        let mated = Seat::ALL.into_iter().filter(|q| out[q.index()]);
        mate_out(after, mover, mated, pts, scores);
    }
}

/// Takes the `mated` seats out of `c` after `mover`'s move — the mover scoring a mate for
/// each when it `scores` — and passes the turn on past armies that no longer move.
fn mate_out(
    c: &mut Position,
    mover: Seat,
    mated: impl Iterator<Item = Seat>,
    pts: &mut [i32; 4],
    scores: bool,
) {
    for q in mated {
        if scores {
            pts[mover.index()] += i32::from(c.rules().points.mate);
        }
        c.set_army(q, Army::Out);
    }
    while !c.army(c.turn()).takes_turns() && c.turn() != mover {
        c.advance_turn();
    }
}

/// The position after `m` and the points won on the way; `None` when the move ends the game
/// for the mover's side: a king capture (Teams), or his king reaching the hill under King of
/// the Hill in a sides game. In FFA every player the move mates goes out at once and the mover
/// scores the mate ([`mates_at_once`]), and the hill mates every other live player. Inlined so
/// that the position is made where the caller keeps it (returned through a call, it was copied
/// a second time).
#[inline(always)]
pub(crate) fn child(pos: &Position, m: Move, points: &[i32; 4]) -> (Option<Position>, [i32; 4]) {
    let mut c = pos.clone();
    let mover = pos.turn();
    let played = c.play(m);
    let mut pts = *points;
    for (_, pc) in played.captures() {
        if pos.rules().scoring {
            pts[mover.index()] += pos.rules().points.capture(pc);
        }
        if pc.kind == Kind::King && !pc.dead {
            if pos.rules().mated_army == MatedArmy::GameOver {
                return (None, pts);
            }
            if pos.rules().mated_army == MatedArmy::Conquered {
                // Conquest: the captured king's armies pass to the mover.
                c.conquer(pc.seat, mover);
            } else {
                c.set_army(pc.seat, Army::Out);
            }
            if c.turn() == pc.seat {
                c.advance_turn();
            }
        }
    }
    if pos.rules().scoring && pos.rules().must_parry_check {
        mates_at_once(pos, &mut c, mover, &mut pts);
    }
    // The rule options' own mates: a king whose last check life the move took (N-check), and
    // every other live army when the mover's king reaches the hill (King of the Hill). In a
    // sides game that wins (a lost last life is judged on the player's turn, which the search
    // takes as coming); in FFA the mover scores a mate for each and they go out.
    let rules = pos.rules();
    if rules.check_lives.is_some() || rules.king_of_the_hill {
        let hill = c.on_the_hill(mover);
        let mated = |q: Seat| {
            q != mover
                && ((c.lives(q) == Some(0) && pos.lives(q) != Some(0) && c.army(q).is_hostile())
                    || (hill && c.army(q) == Army::Live))
        };
        let mated: Vec<Seat> = Seat::ALL.into_iter().filter(|&q| mated(q)).collect();
        if !mated.is_empty() && rules.sides() {
            return (None, pts);
        }
        mate_out(&mut c, mover, mated.into_iter(), &mut pts, true);
    }
    (Some(c), pts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourhand_rules::notation::fen4;
    use fourhand_rules::{RuleSet, Variant};

    /// Red to move. Yellow's king g14 is checked by Green's rook g10; Red's knight d10-e12
    /// takes its last flight square. Blue, who moves between Red and Yellow, has a rook on
    /// a10 that the knight's move lets through to take Green's rook.
    const ACROSS: &str = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,2,yP,1,yP,3,x,x,x/x,x,x,5,gN,2,x,x,x/14/bR,2,rN,2,gR,7/14/13,gK/bK,13/14/14/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";

    /// The legal move of `pos` written `uci`.
    fn legal(pos: &Position, uci: &str) -> Move {
        *pos.legal_moves().iter().find(|m| m.uci() == uci).unwrap()
    }

    #[test]
    fn in_ffa_a_mate_of_a_player_not_next_is_judged_at_once_and_scored_by_the_mover() {
        let rules = RuleSet::get(Variant::Ffa);
        let pos = fen4::parse(ACROSS, rules).unwrap().position;
        let m = legal(&pos, "d10-e12");
        let (after, pts) = child(&pos, m, &[0, 3, 0, 0]);
        let after = after.expect("the game goes on");
        assert_eq!(
            after.army(Seat::North),
            Army::Out,
            "Yellow is mated at once"
        );
        assert_eq!(
            pts,
            [20, 3, 0, 0],
            "Red, not Blue who moves next, scores it"
        );
        assert_eq!(after.turn(), Seat::West, "Blue moves next");
        // Blue's rook may still take Green's rook, but Yellow stays out.
        let free = legal(&after, "a10-g10");
        let (later, pts) = child(&after, free, &pts);
        let later = later.unwrap();
        assert_eq!(later.army(Seat::North), Army::Out);
        assert_eq!(pts, [20, 8, 0, 0]);
        assert_eq!(later.turn(), Seat::East, "Yellow's turn is skipped");
        // A quiet move mates no one and scores nothing.
        let quiet = legal(&pos, "d10-c8");
        let (c, pts) = child(&pos, quiet, &[0; 4]);
        assert_eq!(c.unwrap().army(Seat::North), Army::Live);
        assert_eq!(pts, [0; 4]);
    }
}
