//! The engine under N-check (chess.com `3-check`): with an opponent on his last life it gives
//! the check that takes it — a win in Teams, a mate worth 20 in FFA.

mod common;

use common::position;
use fourhand_bot::search::{Limits, Searcher, MATE};
use fourhand_rules::game::{Game, SeatStatus};
use fourhand_rules::{BySeat, RuleSet, Seat};

/// Blue's king on a7 with one life left; Red's bishop on d6 checks it from c5.
const LAST_LIFE: &str = "rK h1, bK a7, yK g14, gK n8, rB d6, bP b10, yP g13, gP m8";

#[test]
fn teams_the_engine_takes_the_last_life() {
    let rules = RuleSet::TEAMS.with_rule_variants("3-check").unwrap();
    let mut p = position(rules.shared(), LAST_LIFE);
    p.set_lives(Seat::West, 1);
    let r = Searcher::new(16).search(&p, Limits::depth(2));
    assert!(r.score > MATE - 100, "score {}", r.score);
    let m = r.best.expect("a move");
    let mut after = p.clone();
    after.play(m);
    assert_eq!(after.lives(Seat::West), Some(0), "{m}");
}

#[test]
fn ffa_the_engine_takes_the_last_life_for_20() {
    let rules = RuleSet::FFA.with_rule_variants("3-check").unwrap();
    let mut p = position(rules.shared(), LAST_LIFE);
    p.set_lives(Seat::West, 1);
    let mut g = Game::from_position(rules, p, BySeat([0; 4]));
    for s in Seat::ALL {
        g.set_moves_made(s, 3);
    }
    let r = Searcher::new(16).search(g.position(), Limits::depth(3));
    g.play(Seat::South, r.best.expect("a move")).unwrap();
    assert!(matches!(g.statuses()[Seat::West], SeatStatus::Out(_)));
    assert_eq!(g.points()[Seat::South], 20);
}
