//! The analyst's lines: mates in one and two found in Teams and FFA, several lines best first,
//! the scores turned to each seat, and lines that deepen one depth at a time.

use fourhand_bot::analysis::{limits, Analyst};
use fourhand_rules::game::{Automation, Game};
use fourhand_rules::notation::fen4;
use fourhand_rules::{RuleSet, Seat, Variant};

fn game(fen: &str, variant: Variant) -> Game {
    let rules = RuleSet::get(variant);
    let f = fen4::parse(fen, rules).expect("FEN4");
    Game::from_position(*rules, f.position, f.points).with_automation(Automation::LIVE)
}

/// Blue's rook to e1 mates Red (Teams).
const TEAMS_MATE_IN_ONE: &str = "B-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/14/14/bK,12,gK/14/14/4,bR,9/14/x,x,x,8,x,x,x/x,x,x,3,rP,rP,rP,2,x,x,x/x,x,x,4,rK,rN,2,x,x,x";
/// Red's rooks mate Blue in two of Red's moves (Teams).
const TEAMS_MATE_IN_TWO: &str = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,4,yK,3,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/14/14/13,gK/bK,13/5,rR,8/4,rR,9/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";
/// Red's knight to e12 mates Yellow (FFA: +20 points).
const FFA_MATE_IN_ONE: &str = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,2,yP,1,yP,3,x,x,x/x,x,x,5,gN,2,x,x,x/14/3,rN,2,gR,7/14/13,gK/bK,13/14/14/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";
/// The Teams mate-in-two net in FFA, with pawns for Yellow and Green to move.
const FFA_MATE_IN_TWO: &str = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,4,yK,3,x,x,x/x,x,x,yP,6,yP,x,x,x/x,x,x,8,x,x,x/14/14/12,gP,1/13,gK/bK,13/5,rR,6,gP,1/4,rR,9/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";

#[test]
fn teams_mate_in_one_is_the_first_line_and_scored_as_a_mate_for_each_side() {
    let g = game(TEAMS_MATE_IN_ONE, Variant::Teams);
    let a = Analyst::new(16).lines(&g, limits(4, 2_000_000), 3, |_| {});
    assert_eq!(a.lines.len(), 3, "three lines");
    let best = &a.lines[0];
    assert_eq!(best.moves[0].uci(), "e5-e1");
    // Blue mates: a mate in one for Blue and Green, against Red and Yellow.
    assert_eq!(best.scores[Seat::West].mate, Some(1));
    assert_eq!(best.scores[Seat::East].mate, Some(1));
    assert_eq!(best.scores[Seat::South].mate, Some(-1));
    // The other lines are no mates, and rank below.
    for l in &a.lines[1..] {
        assert_eq!(l.scores[Seat::West].mate, None, "{:?}", l.moves);
        assert!(l.scores[Seat::West].centi <= best.scores[Seat::West].centi);
    }
}

#[test]
fn teams_mate_in_two_is_found_with_its_line() {
    let g = game(TEAMS_MATE_IN_TWO, Variant::Teams);
    let mut depths = Vec::new();
    let a = Analyst::new(18).lines(&g, limits(6, 20_000_000), 2, |l| depths.push(l.depth));
    let best = &a.lines[0];
    assert_eq!(best.scores[Seat::South].mate, Some(2), "{:?}", best.scores);
    assert_eq!(best.scores[Seat::West].mate, Some(-2));
    assert!(best.moves.len() >= 3, "the line goes on: {:?}", best.moves);
    // Each completed depth was reported once, in order, the last being the answer's.
    assert!(depths.windows(2).all(|w| w[1] == w[0] + 1), "{depths:?}");
    assert_eq!(depths.last(), Some(&a.depth));
}

#[test]
fn ffa_mate_in_one_wins_the_mate_points() {
    let g = game(FFA_MATE_IN_ONE, Variant::Ffa);
    let a = Analyst::new(16).lines(&g, limits(3, 2_000_000), 3, |_| {});
    let best = &a.lines[0];
    assert_eq!(best.moves[0].uci(), "d10-e12");
    // Red's margin over the best rival: the 20 points of the mate and more.
    assert!(best.scores[Seat::South].centi >= 2_000, "{:?}", best.scores);
    assert!(best.scores[Seat::South].centi > a.lines[1].scores[Seat::South].centi);
}

#[test]
fn ffa_mate_in_two_is_found() {
    let g = game(FFA_MATE_IN_TWO, Variant::Ffa);
    let a = Analyst::new(18).lines(&g, limits(5, 20_000_000), 1, |_| {});
    let first = a.lines[0].moves[0];
    // The 20 points of the mate are only to be had by the net: Red's margin shows them.
    assert!(
        a.lines[0].scores[Seat::South].centi >= 2_000,
        "the mate's points are in the score: {:?} {}",
        a.lines[0].scores,
        first.uci()
    );
}
