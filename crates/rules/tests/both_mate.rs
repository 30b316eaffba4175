//! Teams until both opponents are mated (`BothMate`, variants.md §4.4): the test situations of
//! the spec on constructed positions, the token, perft from the start and PGN4 round trips.

mod common;

use common::{board, moves, mv, won};
use fourhand_rules::game::{Game, OutReason, SeatStatus};
use fourhand_rules::notation::{fen4, pgn4};
use fourhand_rules::perft::perft;
use fourhand_rules::{Army, Position, RuleSet, Seat, Setup, Side};

const S: Seat = Seat::South;
const W: Seat = Seat::West;
const N: Seat = Seat::North;
const E: Seat = Seat::East;

fn rules() -> RuleSet {
    RuleSet::TEAMS.with_rule_variants("BothMate").unwrap()
}

fn game(p: Position) -> Game {
    common::game_from(rules(), p)
}

/// Red mates Blue in the West corner (rooks on the a- and b-files), later Green in the East
/// corner (rooks on the n- and m-files); a dead Blue rook waits on i3.
const TWO_MATES: &str = "rK h1, rR e11, rR b10, rB h2, rR m10, rR j11, bK a4, bR i3, \
                         yK g14, gK n4, gP k9";

#[test]
fn a_mated_opponent_is_out_and_the_game_goes_on_until_his_partner_is_mated() {
    let mut g = game(board(rules().shared(), S, TWO_MATES));
    mv(&mut g, "e11-a11");
    // Blue is mated on his turn: out, grey, his turn skipped; Yellow moves.
    assert_eq!(g.statuses()[W], SeatStatus::Out(OutReason::Checkmated));
    assert!(!g.is_over());
    assert_eq!(g.position().army(W), Army::Out);
    assert!(g.position().piece_at("i3".parse().unwrap()).unwrap().dead);
    assert_eq!(g.to_move(), Some(N));
    mv(&mut g, "g14-f14");
    mv(&mut g, "k9-j9");
    // Red takes the dead Blue rook: legal, and it changes nothing.
    mv(&mut g, "h2-i3");
    assert!(!g.is_over());
    assert_eq!(g.to_move(), Some(N), "Blue's turns are skipped");
    mv(&mut g, "f14-g14");
    mv(&mut g, "j9-i9");
    mv(&mut g, "j11-n11");
    mv(&mut g, "g14-h14");
    // Green, Blue's partner, is mated on his turn: both opponents are out.
    assert_eq!(g.outcome(), won(Side::First, E, OutReason::Checkmated));
    // The record: `#` in Blue's and Green's slots, Blue's later slots `-` (variants.md §4.4, as
    // in Verney and Club); it replays.
    let blue: Vec<String> = pgn4::entries(&g)
        .into_iter()
        .filter(|e| e.seat == W)
        .map(|e| e.text)
        .collect();
    assert_eq!(blue, ["#", "-", "-"], "Blue's slots");
    let text = pgn4::write(&g, &Default::default());
    assert!(
        text.contains("[RuleVariants \"BothMate EnPassant\"]"),
        "{text}"
    );
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    let marks = text.split_whitespace().filter(|t| *t == "#").count();
    assert_eq!(marks, 2, "{text}");
    let (_, again) = pgn4::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again.outcome(), g.outcome(), "{text}");
    assert_eq!(fen4::write(again.position()), fen4::write(g.position()));
}

#[test]
fn under_plain_teams_the_first_mate_ends_the_game() {
    let teams = RuleSet::TEAMS;
    let mut g = common::game_from(teams, board(teams.shared(), S, TWO_MATES));
    mv(&mut g, "e11-a11");
    assert_eq!(g.outcome(), won(Side::First, W, OutReason::Checkmated));
}

#[test]
fn a_resignation_puts_out_only_that_player_and_his_partner_plays_on() {
    let spec = "rK d1, rP h2, bR e14, bR k2, bB g5, bK a7, yK h13, gK n8";
    let mut g = game(board(rules().shared(), N, spec));
    mv(&mut g, "h13-h12");
    mv(&mut g, "n8-n9");
    mv(&mut g, "h2-h3");
    // Yellow resigns out of turn (after a move of his: no abort): it takes effect on his turn.
    g.resign(N).unwrap();
    mv(&mut g, "k2-k1");
    assert_eq!(g.statuses()[N], SeatStatus::Out(OutReason::Resigned));
    assert!(!g.is_over(), "Red plays on");
    assert_eq!(g.to_move(), Some(E));
    mv(&mut g, "n9-n8");
    // Red, alone, is mated on his turn: Blue and Green win.
    assert_eq!(g.outcome(), won(Side::Second, S, OutReason::Checkmated));
    let text = pgn4::write(&g, &Default::default());
    let (_, again) = pgn4::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again.outcome(), g.outcome(), "{text}");
}

#[test]
fn a_captured_king_puts_its_owner_out_and_wins_only_as_the_second() {
    // Under CaptureTheKing with BothMate: Red takes Blue's king, then Green's.
    let r = RuleSet::TEAMS
        .with_rule_variants("BothMate CaptureTheKing")
        .unwrap();
    let spec = "rK h1, rR a6, rR n10, bK a7, yK g14, gK n8, gP m5";
    let mut g = common::game_from(r, board(r.shared(), S, spec));
    mv(&mut g, "a6-a7");
    assert_eq!(g.statuses()[W], SeatStatus::Out(OutReason::KingCaptured));
    assert!(!g.is_over());
    assert_eq!(g.to_move(), Some(N));
    mv(&mut g, "g14-g13");
    mv(&mut g, "m5-l5");
    mv(&mut g, "n10-n8");
    assert_eq!(g.outcome(), won(Side::First, E, OutReason::KingCaptured));
}

#[test]
fn the_token_round_trips_and_the_start_is_the_teams_start() {
    let r = rules();
    assert_eq!(r.rule_variants(), "BothMate EnPassant");
    assert_eq!(r.name(), "teams BothMate");
    assert_eq!(RuleSet::from_name("teams BothMate"), Ok(r));
    assert!(RuleSet::FFA.with_rule_variants("BothMate").is_err());
    let p = Position::start(r.shared(), Setup::Modern);
    let t = Position::start(RuleSet::TEAMS.shared(), Setup::Modern);
    for d in 1..=3 {
        assert_eq!(perft(&p, d), perft(&t, d), "depth {d}");
    }
    assert_eq!(moves(&p).len(), 20);
}
