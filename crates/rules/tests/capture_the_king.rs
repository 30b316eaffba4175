//! King capture instead of checkmate (chess.com `CaptureTheKing`, variants.md §4.3): the test
//! situations of the spec on constructed positions, and perft from the start checked against
//! the reference generator.

mod common;
mod reference;

use common::{board, moves, mv, won};
use fourhand_rules::game::{Game, OutReason, SeatStatus};
use fourhand_rules::perft::perft;
use fourhand_rules::{BySeat, Position, RuleSet, Seat, Side};

const S: Seat = Seat::South;
const N: Seat = Seat::North;
const E: Seat = Seat::East;
const W: Seat = Seat::West;

fn ffa() -> RuleSet {
    RuleSet::FFA.with_rule_variants("CaptureTheKing").unwrap()
}

fn teams() -> RuleSet {
    RuleSet::TEAMS.with_rule_variants("CaptureTheKing").unwrap()
}

fn game(rules: RuleSet, p: Position) -> Game {
    common::game_from(rules, p)
}

#[test]
fn a_check_may_be_ignored_and_the_king_is_then_taken() {
    let spec = "rK h1, bQ h5, rP d2, yK g14, gK n8, bK a7";
    let p = board(ffa().shared(), S, spec);
    assert!(p.in_check(S));
    let mut g = game(ffa(), p);
    mv(&mut g, "d2-d3");
    mv(&mut g, "h5-h1");
    assert_eq!(g.points()[W], 20);
    assert_eq!(g.statuses()[S], SeatStatus::Out(OutReason::KingCaptured));
    // Under FFA's own rules the pawn move was no move at all.
    let p = board(RuleSet::FFA.shared(), S, spec);
    assert!(!moves(&p).contains(&"d2-d3".to_string()));
}

#[test]
fn a_pinned_piece_may_move() {
    let spec = "rK h1, rB h3, gR h10, bK a7, yK g14, gK n8";
    let p = board(teams().shared(), S, spec);
    assert!(moves(&p).contains(&"h3-i4".to_string()));
    let p = board(RuleSet::TEAMS.shared(), S, spec);
    assert!(!moves(&p).contains(&"h3-i4".to_string()));
}

#[test]
fn teams_a_king_capture_wins_even_out_of_check() {
    let p = board(
        teams().shared(),
        S,
        "rK h1, bR h8, rR n4, gK n8, bK a7, yK g14",
    );
    assert!(p.in_check(S));
    let mut g = game(teams(), p);
    mv(&mut g, "n4-n8");
    assert_eq!(g.outcome(), won(Side::First, E, OutReason::KingCaptured));
}

#[test]
fn a_move_that_would_mate_ends_and_scores_nothing() {
    // Yellow's king on g14 is in check from Green's rook; Red's knight takes the last flight.
    let spec = "rK h1, bK a7, gK n8, yK g14, yP f13, yP h13, gR g10, gN i12, rN d10";
    let mut g = game(ffa(), board(ffa().shared(), S, spec));
    mv(&mut g, "d10-e12");
    assert_eq!(g.points(), BySeat([0; 4]));
    assert_eq!(g.statuses()[N], SeatStatus::Active);
    assert_eq!(g.outcome(), None);
    // The same move mates under FFA's own rules.
    let mut g = game(RuleSet::FFA, board(RuleSet::FFA.shared(), S, spec));
    mv(&mut g, "d10-e12");
    assert_eq!(g.statuses()[N], SeatStatus::Out(OutReason::Checkmated));
}

#[test]
fn castling_ignores_attacked_squares() {
    // Blue's rook on i7 attacks i1, the square the king passes on its short castle.
    let spec = "rK h1, rR k1, bR i7, bK a7, yK g14, gK n8";
    let mut p = board(teams().shared(), S, spec);
    p.set_castling_right(S, true, true);
    assert!(moves(&p).iter().any(|m| m.starts_with("h1-j1")));
    let mut p = board(RuleSet::TEAMS.shared(), S, spec);
    p.set_castling_right(S, true, true);
    assert!(!moves(&p).iter().any(|m| m.starts_with("h1-j1")));
}

/// `fourhand perft --rules teams|ffa --options CaptureTheKing N` from the Modern start.
const PERFT: [u64; 4] = [20, 399, 7_960, 158_402];

#[test]
fn perft_from_the_start_matches_the_counts_and_the_reference() {
    for rules in [teams(), ffa()] {
        let p = Position::start(rules.shared(), rules.default_setup);
        for (d, &n) in PERFT.iter().enumerate() {
            assert_eq!(
                perft(&p, d as u32 + 1),
                n,
                "{} depth {}",
                rules.name(),
                d + 1
            );
        }
        assert_eq!(reference::perft(&p, 3), PERFT[2], "{}", rules.name());
    }
}
