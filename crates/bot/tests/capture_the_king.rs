//! The engine under CaptureTheKing (no checkmate, kings are captured): it takes a king it can
//! take, and it does not leave its own king to be taken.

mod common;

use common::position;
use fourhand_bot::search::{Limits, Searcher, MATE};
use fourhand_rules::{RuleSet, Seat};

#[test]
fn the_engine_takes_a_king_and_keeps_its_own() {
    let rules = RuleSet::TEAMS
        .with_rule_variants("CaptureTheKing")
        .unwrap()
        .shared();
    // Red is attacked by Blue's rook but can take Green's king: it does.
    let p = position(rules, "rK h1, bR h8, rR n4, gK n8, bK a7, yK g14");
    let r = Searcher::new(16).search(&p, Limits::depth(2));
    assert_eq!(r.best.map(|m| m.uci()).as_deref(), Some("n4-n8"));
    assert!(r.score > MATE - 100);
    // With no king to take, Red gets out of the rook's file rather than leave the king hanging.
    let p = position(
        rules,
        "rK h1, bR h8, rR d4, gK n8, bK a7, yK g14, yP g13, gP m7",
    );
    let r = Searcher::new(16).search(&p, Limits::depth(4));
    let m = r.best.expect("a move");
    let mut after = p.clone();
    after.play(m);
    assert!(!after.in_check(Seat::South), "{m}");
}
