//! N-check (chess.com `3-check`, variants.md §3.3): the test situations of the spec, each on a
//! constructed position.

mod common;

use common::{board, mv, won};
use fourhand_rules::game::{Game, OutReason, SeatStatus};
use fourhand_rules::notation::{fen4, pgn4};
use fourhand_rules::perft::perft;
use fourhand_rules::{Position, RuleSet, Seat, Side};

const S: Seat = Seat::South;
const W: Seat = Seat::West;
const N: Seat = Seat::North;
const E: Seat = Seat::East;

fn ffa() -> RuleSet {
    RuleSet::FFA.with_rule_variants("3-check").unwrap()
}

fn teams() -> RuleSet {
    RuleSet::TEAMS.with_rule_variants("3-check").unwrap()
}

fn game(rules: RuleSet, p: Position) -> Game {
    common::game_from(rules, p)
}

fn lives(g: &Game) -> [u8; 4] {
    Seat::ALL.map(|s| g.position().lives(s).unwrap())
}

#[test]
fn the_start_has_three_lives_each_and_the_tags_read_so() {
    let rules = RuleSet::FFA
        .with_rule_variants("DeadKingWalking EnPassant PromoteTo=D 3-check")
        .unwrap();
    assert_eq!(rules, ffa());
    assert_eq!(rules.check_lives, Some(3));
    let g = Game::new(rules);
    assert_eq!(lives(&g), [3; 4]);
    let f = fen4::write(g.position());
    assert!(f.contains("'lives':(3,3,3,3)"), "{f}");
    // The FEN4 carries the lives both ways.
    let mut p = g.position().clone();
    p.set_lives(W, 1);
    let back = fen4::parse(&fen4::write(&p), rules.shared())
        .unwrap()
        .position;
    assert_eq!(back.lives(W), Some(1));
    assert!(back == p && back.hash() == p.hash());
    let plain = Position::start(RuleSet::FFA.shared(), RuleSet::FFA.default_setup);
    assert_eq!(plain.lives(W), None);
}

#[test]
fn a_check_costs_the_checked_king_one_life() {
    let p = board(ffa().shared(), S, "rK h1, bK a7, yK g14, gK n8, rB d6");
    let mut g = game(ffa(), p);
    mv(&mut g, "d6-c5");
    assert_eq!(lives(&g), [3, 2, 3, 3]);
    // Blue steps out of the check: his own move costs nobody a life.
    mv(&mut g, "a7-a8");
    assert_eq!(lives(&g), [3, 2, 3, 3]);
}

#[test]
fn a_double_check_costs_two_and_the_last_life_is_a_mate_in_ffa() {
    let mut p = board(
        ffa().shared(),
        S,
        "rK h1, bK a7, yK g14, gK n8, rR a4, rB a5, yP g13, gP m8",
    );
    p.set_lives(W, 2);
    let mut g = game(ffa(), p);
    mv(&mut g, "a5-b6");
    assert_eq!(g.position().lives(W), Some(0));
    assert_eq!(g.statuses()[W], SeatStatus::Out(OutReason::Checkmated));
    assert_eq!(g.points()[S], 20);
    assert_eq!(g.outcome(), None, "three players still play");
}

#[test]
fn a_discovered_check_by_another_players_piece_costs_a_life() {
    let p = board(
        ffa().shared(),
        S,
        "rK h1, bK a7, yK g14, gK n8, yQ e8, rR j8",
    );
    let mut g = game(ffa(), p);
    mv(&mut g, "j8-j5");
    assert_eq!(lives(&g), [3, 3, 3, 2], "Green, by Yellow's queen");
}

#[test]
fn teams_the_player_out_of_lives_first_in_turn_order_loses() {
    let mut p = board(
        teams().shared(),
        S,
        "rK h1, bK a7, yK g14, gK n8, rR j5, bR c10",
    );
    p.set_lives(N, 1);
    p.set_lives(E, 1);
    let mut g = game(teams(), p);
    mv(&mut g, "j5-j8");
    assert_eq!(g.position().lives(E), Some(0));
    assert_eq!(g.outcome(), None, "Green is mated only on his own turn");
    mv(&mut g, "c10-g10");
    assert_eq!(g.position().lives(N), Some(0));
    assert_eq!(
        g.outcome(),
        won(Side::Second, N, OutReason::Checkmated),
        "Yellow's turn comes before Green's"
    );
    let text = pgn4::write(&g, &Default::default());
    assert!(
        text.contains("[RuleVariants \"3-check EnPassant\"]"),
        "{text}"
    );
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
    let (_, again) = pgn4::read(&text).unwrap();
    assert_eq!(again.outcome(), g.outcome());
    assert_eq!(fen4::write(again.position()), fen4::write(g.position()));
}

#[test]
fn lives_change_no_move_and_no_perft_count() {
    for (rules, base) in [(teams(), RuleSet::TEAMS), (ffa(), RuleSet::FFA)] {
        let p = Position::start(rules.shared(), rules.default_setup);
        let q = Position::start(base.shared(), base.default_setup);
        for d in 1..=3 {
            assert_eq!(perft(&p, d), perft(&q, d));
        }
    }
}
