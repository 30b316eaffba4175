//! The engine under King of the Hill (chess.com `KotH`): it steps onto the hill when it can, in
//! Teams (a win) and in FFA (three mates), and it walks its king towards the hill when nothing
//! else is going on; played out, the game ends on the hill.

mod common;

use common::position;
use fourhand_bot::search::{Limits, Searcher, MATE};
use fourhand_rules::game::{Game, Outcome, SeatStatus};
use fourhand_rules::{BySeat, RuleSet, Seat, Side};

#[test]
fn teams_the_engine_takes_the_hill_and_wins() {
    let rules = RuleSet::TEAMS.with_rule_variants("KotH").unwrap();
    let p = position(
        rules.shared(),
        "rK g5, bK a7, yK g14, gK n8, rR d1, bP b7, gP m8",
    );
    let mut g = Game::from_position(rules, p, BySeat([0; 4]));
    for s in Seat::ALL {
        g.set_moves_made(s, 3);
    }
    let mut s = Searcher::new(16);
    // Red's king is two steps off and nothing of Blue's or Green's can reach the centre in
    // time: Red walks up (rather than, say, shuffling the rook) and stands on the hill within
    // two rounds.
    for _ in 0..8 {
        let Some(seat) = g.to_move() else { break };
        let r = s.search(g.position(), Limits::depth(4));
        g.play(seat, r.best.expect("a move")).unwrap();
    }
    assert!(
        matches!(
            g.outcome(),
            Some(Outcome::Won {
                side: Side::First,
                ..
            })
        ),
        "{:?}",
        g.outcome()
    );
    // One step off, the engine sees the win at once.
    let p = position(rules.shared(), "rK g6, bK a7, yK g14, gK n8, rR d1");
    let r = Searcher::new(16).search(&p, Limits::depth(2));
    assert!(r.score > MATE - 100, "score {}", r.score);
    assert!(matches!(
        r.best.map(|m| m.uci()).as_deref(),
        Some("g6-g7" | "g6-h7")
    ));
}

#[test]
fn ffa_the_engine_takes_the_hill_for_three_mates() {
    let rules = RuleSet::FFA.with_rule_variants("KotH").unwrap();
    let p = position(
        rules.shared(),
        "rK g6, bK a7, yK g14, gK n8, rP d2, bP b10, yP k13, gP m5",
    );
    let mut g = Game::from_position(rules, p, BySeat([0; 4]));
    for s in Seat::ALL {
        g.set_moves_made(s, 3);
    }
    let r = Searcher::new(16).search(g.position(), Limits::depth(3));
    let m = r.best.expect("a move");
    g.play(Seat::South, m).unwrap();
    for q in [Seat::West, Seat::North, Seat::East] {
        assert!(matches!(g.statuses()[q], SeatStatus::Out(_)), "{q:?}: {m}");
    }
    assert_eq!(g.points()[Seat::South], 60);
}
