//! chess.com Teams outcomes: mate and stalemate judged on the player's own turn, king capture,
//! resignation and timeout for the whole side, the first-move abort.

mod common;

use common::mv;

use common::board;
use fourhand_rules::game::{Decisive, DrawReason, Game, OutReason, Outcome};
use fourhand_rules::{BySeat, RuleSet, Seat, Side, Variant};

fn game(turn: Seat, spec: &str) -> Game {
    let mut g = Game::from_position(
        RuleSet::TEAMS,
        board(RuleSet::get(Variant::Teams), turn, spec),
        BySeat([0; 4]),
    );
    for s in Seat::ALL {
        g.set_moves_made(s, 1);
    }
    g
}

/// Blue's rook checks Red's boxed-in king from e1; Yellow's rook can take it.
const BACK_RANK: &str = "rK h1, rP g2, rP h2, rP i2, rN i1, bK a7, yK g14, gK n8, bR e5, yR e14";

#[test]
fn the_partner_can_still_save_a_king_in_check() {
    let mut g = game(Seat::West, BACK_RANK);
    mv(&mut g, "e5-e1");
    assert!(g.position().in_check(Seat::South));
    assert_eq!(g.outcome(), None, "mate is judged on Red's own turn");
    mv(&mut g, "e14-e1");
    mv(&mut g, "n8-n9");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.to_move(), Some(Seat::South));
}

#[test]
fn checkmate_on_the_players_turn_loses_for_the_side() {
    let mut g = game(Seat::West, BACK_RANK);
    mv(&mut g, "e5-e1");
    mv(&mut g, "g14-g13");
    mv(&mut g, "n8-n9");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Won {
            side: Side::Second,
            by: Decisive {
                seat: Seat::South,
                reason: OutReason::Checkmated
            }
        })
    );
}

#[test]
fn stalemate_on_the_players_turn_draws() {
    // Blue's king on a4 cannot move and is not in check.
    let mut g = game(Seat::South, "rK h1, bK a4, yK g14, gK n8, rR b10, rR e5");
    mv(&mut g, "h1-i1");
    assert_eq!(g.outcome(), Some(Outcome::Drawn(DrawReason::Stalemate)));
}

#[test]
fn capturing_a_king_wins_for_the_side() {
    let mut g = game(Seat::South, "rK h1, bK a7, yK g14, gK e9, rR e5");
    mv(&mut g, "e5-e9");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Won {
            side: Side::First,
            by: Decisive {
                seat: Seat::East,
                reason: OutReason::KingCaptured
            }
        })
    );
}

#[test]
fn resigning_or_flagging_loses_for_the_whole_side() {
    let mut g = game(Seat::South, "rK h1, bK a7, yK g14, gK n8");
    g.resign(Seat::North).unwrap();
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Won {
            side: Side::Second,
            ..
        })
    ));
    let mut g = game(Seat::South, "rK h1, bK a7, yK g14, gK n8");
    g.timeout(Seat::South).unwrap();
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Won {
            side: Side::Second,
            by: Decisive {
                reason: OutReason::TimedOut,
                ..
            }
        })
    ));
    assert!(g.resign(Seat::West).is_err(), "nothing more after the end");
}

#[test]
fn leaving_on_the_first_move_aborts() {
    let mut g = Game::new(RuleSet::TEAMS);
    g.timeout(Seat::South).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Aborted { by: Seat::South }));
    let mut g = Game::new(RuleSet::TEAMS);
    mv(&mut g, "h2-h3");
    g.resign(Seat::West).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Aborted { by: Seat::West }));
    let mut g = Game::new(RuleSet::TEAMS);
    mv(&mut g, "h2-h3");
    mv(&mut g, "b7-c7");
    mv(&mut g, "g13-g12");
    mv(&mut g, "m8-l8");
    g.resign(Seat::South).unwrap();
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Won {
            side: Side::Second,
            ..
        })
    ));
}

#[test]
fn wrong_turn_and_illegal_moves_change_nothing() {
    let mut g = Game::new(RuleSet::TEAMS);
    let before = format!("{:?}", g.position());
    let m = g.legal_moves()[0];
    assert!(g.play(Seat::West, m).is_err());
    let bad = fourhand_rules::notation::pgn4::read("1. h2-h5").unwrap_err();
    assert_eq!(bad.round, 1);
    assert_eq!(format!("{:?}", g.position()), before);
    assert!(g.records().is_empty());
}
