//! King of the Hill (chess.com `KotH`, variants.md §3.2): the test situations of the spec, each on
//! a constructed position.

mod common;

use common::{board, moves, mv, with_army, won};
use fourhand_rules::game::{Automation, Game, OutReason, Outcome, SeatStatus};
use fourhand_rules::notation::pgn4;
use fourhand_rules::perft::perft;
use fourhand_rules::{Army, BySeat, Position, RuleSet, Seat, Side};

const S: Seat = Seat::South;
const W: Seat = Seat::West;
const N: Seat = Seat::North;
const E: Seat = Seat::East;

fn teams() -> RuleSet {
    RuleSet::TEAMS.with_rule_variants("KotH").unwrap()
}

fn ffa() -> RuleSet {
    RuleSet::FFA.with_rule_variants("KotH").unwrap()
}

fn game(rules: RuleSet, p: Position) -> Game {
    common::game_from(rules, p)
}

#[test]
fn teams_a_king_on_the_hill_wins_for_its_side() {
    let p = board(teams().shared(), S, "rK g6, bK a7, yK g14, gK n8");
    let mut g = game(teams(), p);
    mv(&mut g, "g6-g7");
    assert_eq!(g.outcome(), won(Side::First, W, OutReason::HillTaken));
    let text = pgn4::write(&g, &Default::default());
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.contains("[RuleVariants \"EnPassant KotH\"]"), "{text}");
    let (_, again) = pgn4::read(&text).unwrap();
    assert_eq!(
        again.outcome(),
        g.outcome(),
        "the PGN4 replays to the same end"
    );
    // Without the option the same move is an ordinary one.
    let p = board(
        RuleSet::TEAMS.shared(),
        S,
        "rK g6, bK a7, yK g14, gK n8, rR d1",
    );
    let mut g = game(RuleSet::TEAMS, p);
    mv(&mut g, "g6-g7");
    assert_eq!(g.outcome(), None);
}

#[test]
fn teams_a_king_may_not_step_onto_an_attacked_hill_square() {
    // Green's rook on d7 attacks the rank through e7 and f7: g7 (and h7 beyond) are attacked.
    let p = board(teams().shared(), S, "rK g6, bK a7, yK g14, gK n8, gR d7");
    let m = moves(&p);
    assert!(!m.contains(&"g6-g7".to_string()), "{m:?}");
    // With the rook gone the step is there, and it wins.
    let p = board(teams().shared(), S, "rK g6, bK a7, yK g14, gK n8");
    assert!(moves(&p).contains(&"g6-g7".to_string()));
}

#[test]
fn teams_yellow_on_the_hill_wins_for_red_and_yellow() {
    let p = board(teams().shared(), N, "rK h1, bK a7, yK h9, gK n8");
    let mut g = game(teams(), p);
    mv(&mut g, "h9-h8");
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
}

#[test]
fn teams_with_side_by_side_partners_the_loser_is_an_opponent() {
    let rules = RuleSet::TEAMS
        .with_rule_variants("KotH Teammate=1")
        .unwrap();
    let p = board(rules.shared(), S, "rK g6, bK a7, yK g14, gK n8");
    let mut g = game(rules, p);
    mv(&mut g, "g6-g7");
    assert_eq!(g.outcome(), won(Side::First, N, OutReason::HillTaken));
}

#[test]
fn ffa_the_hill_mates_every_other_active_player() {
    let p = board(ffa().shared(), S, "rK g6, bK a7, yK g14, gK n8, bP h7");
    let mut g = game(ffa(), p);
    mv(&mut g, "g6-h7");
    assert_eq!(g.points()[S], 1 + 60, "the pawn and three mates");
    for q in [W, N, E] {
        assert_eq!(
            g.statuses()[q],
            SeatStatus::Out(OutReason::HillTaken),
            "{q:?}"
        );
        assert_eq!(g.position().army(q), Army::Out);
    }
    assert_eq!(g.outcome(), Some(Outcome::Finished));
    assert_eq!(g.placings()[S], 1);
}

#[test]
fn ffa_a_zombie_king_on_the_hill_does_nothing() {
    let p = with_army(
        board(ffa().shared(), W, "rK h1, bK g9, yK g14, gK n8"),
        W,
        Army::Zombie,
    );
    // The zombie's move is given here (live, the server's seeded choice makes it).
    let manual = Automation {
        zombie_moves: false,
        ..Automation::LIVE
    };
    let mut g = Game::from_position_with(ffa(), p, BySeat([0; 4]), manual);
    for s in Seat::ALL {
        g.set_moves_made(s, 3);
    }
    mv(&mut g, "g9-g8");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.points(), BySeat([0; 4]));
    for q in [S, N, E] {
        assert_eq!(g.statuses()[q], SeatStatus::Active, "{q:?}");
    }
}

#[test]
fn the_hill_changes_no_move_and_no_perft_count() {
    for (rules, base) in [(teams(), RuleSet::TEAMS), (ffa(), RuleSet::FFA)] {
        let p = Position::start(rules.shared(), rules.default_setup);
        let q = Position::start(base.shared(), base.default_setup);
        for d in 1..=3 {
            assert_eq!(perft(&p, d), perft(&q, d));
        }
    }
}
