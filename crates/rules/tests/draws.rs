//! Draw rules (rules.md §4.4): threefold repetition, fifty moves of every moving player,
//! insufficient material per rule set.

mod common;

use common::{board, mv, with_army};
use fourhand_rules::game::{DrawReason, Game, Outcome};
use fourhand_rules::{Army, BySeat, RuleSet, Seat, Variant};

fn game(rules: RuleSet, turn: Seat, spec: &str) -> Game {
    let pos = board(rules.shared(), turn, spec);
    Game::from_position(rules, pos, BySeat([0; 4]))
}

const ROOKS: &str = "rK h1, bK a7, yK g14, gK n8, rR d4, bR k11";

#[test]
fn threefold_repetition() {
    let mut g = game(RuleSet::TEAMS, Seat::South, ROOKS);
    let cycle = [
        "h1-i1", "a7-a6", "g14-g13", "n8-n9", "i1-h1", "a6-a7", "g13-g14", "n9-n8",
    ];
    for m in cycle {
        mv(&mut g, m);
    }
    assert_eq!(g.outcome(), None, "twice is not enough");
    for m in &cycle[..7] {
        mv(&mut g, m);
    }
    assert_eq!(g.outcome(), None);
    mv(&mut g, cycle[7]);
    assert_eq!(g.outcome(), Some(Outcome::Drawn(DrawReason::Repetition)));
}

#[test]
fn fifty_moves_of_every_moving_player() {
    let mut p = board(RuleSet::get(Variant::Teams), Seat::South, ROOKS);
    p.set_halfmoves(198);
    let mut g = Game::from_position(RuleSet::TEAMS, p.clone(), BySeat([0; 4]));
    mv(&mut g, "h1-i1");
    assert_eq!(g.outcome(), None, "199 < 50 × 4");
    mv(&mut g, "a7-a6");
    assert_eq!(g.outcome(), Some(Outcome::Drawn(DrawReason::FiftyMoves)));
    // A pawn move resets the counter.
    let mut p2 = board(
        RuleSet::get(Variant::Teams),
        Seat::South,
        &format!("{ROOKS}, rP e4"),
    );
    p2.set_halfmoves(199);
    let mut g = Game::from_position(RuleSet::TEAMS, p2, BySeat([0; 4]));
    mv(&mut g, "e4-e5");
    assert_eq!(g.position().halfmoves(), 0);
    assert_eq!(g.outcome(), None);
    // FFA with one player out: three moving seats, so 150 plies.
    let mut p3 = with_army(
        board(RuleSet::get(Variant::Ffa), Seat::South, ROOKS),
        Seat::East,
        Army::Out,
    );
    p3.set_halfmoves(149);
    let mut g = Game::from_position(RuleSet::FFA, p3, BySeat([0; 4]));
    mv(&mut g, "h1-i1");
    assert_eq!(g.outcome(), Some(Outcome::Drawn(DrawReason::FiftyMoves)));
}

#[test]
fn insufficient_material_in_teams() {
    // After Red takes Blue's last rook, one bishop per side remains: a draw.
    let mut g = game(
        RuleSet::TEAMS,
        Seat::South,
        "rK h1, bK a7, yK g14, gK n8, rR d4, bR d9, rB f1, gN l6",
    );
    mv(&mut g, "d4-d9");
    assert_eq!(g.outcome(), None, "Red's rook is still there");
    let mut g = game(
        RuleSet::TEAMS,
        Seat::South,
        "rK h1, bK a7, yK g14, gK n8, rB d4, bR e5, gN l6",
    );
    mv(&mut g, "d4-e5");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Drawn(DrawReason::InsufficientMaterial))
    );
    // Two minor pieces on one side can still mate.
    let mut g = game(
        RuleSet::TEAMS,
        Seat::South,
        "rK h1, bK a7, yK g14, gK n8, rB d4, bR e5, yN j10",
    );
    mv(&mut g, "d4-e5");
    assert_eq!(g.outcome(), None);
}

#[test]
fn insufficient_material_in_ffa() {
    // Three live kings and one knight: not a draw; two kings and one knight: a draw.
    let mut g = game(
        RuleSet::FFA,
        Seat::South,
        "rK h1, bK a7, yK g14, gK n8, bP i2, gN l6",
    );
    mv(&mut g, "h1-i2");
    assert_eq!(g.outcome(), None);
    let p = with_army(
        with_army(
            board(
                RuleSet::get(Variant::Ffa),
                Seat::South,
                "rK h1, bK a7, yK g14, gK n8, yP i2, gN l6",
            ),
            Seat::West,
            Army::Out,
        ),
        Seat::East,
        Army::Out,
    );
    let mut g = Game::from_position(RuleSet::FFA, p, BySeat([0; 4]));
    mv(&mut g, "h1-i2");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Drawn(DrawReason::InsufficientMaterial))
    );
}
