//! Chaturaji as chess.com plays it (variants.md §2): the test situations of §2.10 on
//! constructed positions, the start and its perft checked against the reference generator, the
//! walls of the 8×8 board, passes, the end with its king bonuses, the claim and draws, and
//! FEN4/PGN4 round trips.

mod common;
mod reference;

use common::{board, moves, moves_from, mv};
use fourhand_rules::game::{Automation, DrawReason, Game, OutReason, Outcome, SeatStatus};
use fourhand_rules::notation::{fen4, pgn4};
use fourhand_rules::perft::perft;
use fourhand_rules::{BySeat, Position, RuleSet, Seat, Setup, Variant};

const S: Seat = Seat::South;
const W: Seat = Seat::West;
const N: Seat = Seat::North;
const E: Seat = Seat::East;

fn rules() -> &'static RuleSet {
    RuleSet::get(Variant::Chaturaji)
}

fn game(p: Position) -> Game {
    common::game_from(RuleSet::CHATURAJI, p)
}

#[test]
fn the_start_gives_red_eight_moves_and_perft_matches_the_reference() {
    let p = Position::start(rules(), Setup::Chaturaji);
    assert_eq!(
        moves(&p),
        ["d5-d6", "e4-d6", "e4-f6", "e5-e6", "f5-f6", "g4-h4", "g4-h5", "g5-g6"]
    );
    // No first-round move of one army can touch another (variants.md §2.10).
    let counts = [8, 64, 512, 4096];
    for (d, &n) in counts.iter().enumerate() {
        assert_eq!(perft(&p, d as u32 + 1), n, "depth {}", d + 1);
    }
    assert_eq!(reference::perft(&p, 3), 512);
    assert_eq!(p.pieces().count(), 32);
    let g = Game::new(RuleSet::CHATURAJI);
    assert_eq!(g.to_move(), Some(S));
    assert_eq!(fen4::write(g.position()), fen4::write(&p));
}

#[test]
fn the_sailboat_moves_as_a_rook_inside_the_eight_by_eight() {
    let p = board(rules(), S, "rR d4, rK f6, bK h9, yK i8, gK j6");
    let mut expect: Vec<String> = (5..=11)
        .map(|r| format!("d4-d{r}"))
        .chain("efghijk".chars().map(|f| format!("d4-{f}4")))
        .collect();
    expect.sort();
    assert_eq!(moves_from(&p, "d4"), expect);
    assert_eq!(expect.len(), 14);
    // A knight cannot land off the board either: from e4 only d6, f6, g5, g3 is off.
    let p = board(rules(), S, "rN e4, rK k11, bK d11, yK h11, gK k4");
    assert_eq!(moves_from(&p, "e4"), ["e4-d6", "e4-f6", "e4-g5"]);
}

#[test]
fn a_king_may_step_into_attack_and_its_capture_scores_three() {
    let spec = "rK g4, rP f5, gR h9, gR f9, gK k7, bK d8, yK h11";
    let p = board(rules(), S, spec);
    let mut g = game(p);
    mv(&mut g, "g4-h4");
    mv(&mut g, "d8-d7");
    mv(&mut g, "h11-i11");
    mv(&mut g, "h9-h4");
    assert_eq!(g.points()[E], 3);
    assert_eq!(g.statuses()[S], SeatStatus::Out(OutReason::KingCaptured));
    let pawn = g.position().piece_at("f5".parse().unwrap()).unwrap();
    assert!(pawn.dead, "the eliminated army turns dead");
    // Red's turns are skipped.
    assert_eq!(g.to_move(), Some(W));
    mv(&mut g, "d7-d8");
    mv(&mut g, "i11-h11");
    // The dead pawn stops the sailboat and is captured for nothing.
    let from_f9 = moves_from(g.position(), "f9");
    assert!(from_f9.contains(&"f9-f5".to_string()));
    assert!(!from_f9.contains(&"f9-f4".to_string()));
    mv(&mut g, "f9-f5");
    assert_eq!(g.points()[E], 3);
}

#[test]
fn a_resigned_players_king_stays_dead_and_is_worth_three() {
    let p = board(rules(), S, "rK g4, gR g9, gK k7, bK d8, yK h11");
    let mut g = game(p);
    g.resign(S).unwrap();
    assert_eq!(g.statuses()[S], SeatStatus::Out(OutReason::Resigned));
    let king = g.position().piece_at("g4".parse().unwrap()).unwrap();
    assert!(king.dead, "no Dead King Walking in Chaturaji");
    mv(&mut g, "d8-d7");
    mv(&mut g, "h11-i11");
    mv(&mut g, "g9-g4");
    assert_eq!(g.points()[E], 3);
}

#[test]
fn checking_two_kings_scores_one_and_three_kings_five() {
    let p = board(rules(), S, "rR e4, rK g4, bK d8, yK h8, gK k10");
    let mut g = game(p);
    mv(&mut g, "e4-e8");
    assert_eq!(g.points()[S], 1);
    let p = board(rules(), S, "rR e4, rK g4, bK d8, yK h8, gK e11");
    let mut g = game(p);
    mv(&mut g, "e4-e8");
    assert_eq!(g.points()[S], 5);
}

#[test]
fn a_pawn_on_the_far_edge_becomes_a_sailboat_worth_five() {
    let p = board(rules(), S, "rP g10, rK d4, bK d8, yK i9, yR k11, gK k4");
    assert_eq!(moves_from(&p, "g10"), ["g10-g11=R"]);
    let mut g = game(p);
    mv(&mut g, "g10-g11=R");
    mv(&mut g, "d8-d7");
    mv(&mut g, "k11-g11");
    assert_eq!(g.points()[N], 5);
    // Every seat promotes on its own far edge: West on file k, North on rank 4, East on file d.
    let p = board(rules(), W, "bP j8, rK d4, bK d11, yK h11, gK k4");
    assert_eq!(moves_from(&p, "j8"), ["j8-k8=R"]);
    let p = board(rules(), N, "yP g5, rK d4, bK d11, yK h11, gK k4");
    assert_eq!(moves_from(&p, "g5"), ["g5-g4=R"]);
    let p = board(rules(), E, "gP e7, rK d4, bK d11, yK h11, gK k4");
    assert_eq!(moves_from(&p, "e7"), ["e7-d7=R"]);
}

#[test]
fn there_is_no_check_rule_and_no_mate() {
    // Red's bishop "pinned" against its king by Green's sailboat may move; the king may stay
    // attacked.
    let p = board(rules(), S, "rK g4, rB g6, gR g10, gK k7, bK d8, yK h11");
    assert!(moves_from(&p, "g6").contains(&"g6-h7".to_string()));
    assert!(moves_from(&p, "g4").contains(&"g4-g5".to_string()));
}

/// Green's army in the corner, every piece boxed in (variants.md §2.5: no move at all).
const BOXED: &str =
    "gK d4, gP e4, gP e5, gN d5, gP f4, gP f6, gP e7, yP e6, yP d7, rK k11, bK d11, yK h11";

#[test]
fn a_boxed_in_army_passes_and_stays_in() {
    let p = board(rules(), E, BOXED);
    assert_eq!(moves(&p), Vec::<String>::new());
    // Live play passes the turn at once.
    let g = game(p.clone());
    assert_eq!(g.to_move(), Some(S));
    assert_eq!(g.statuses()[E], SeatStatus::Active);
    assert_eq!(g.points(), BySeat([0; 4]));
    // A replay waits for the record's `-`.
    let mut g = Game::from_position_with(RuleSet::CHATURAJI, p, BySeat([0; 4]), Automation::REPLAY);
    assert!(g.must_pass());
    g.pass(E).unwrap();
    assert_eq!(g.to_move(), Some(S));
    assert!(!g.must_pass());
    assert!(g.pass(S).is_err(), "a seat that can move may not pass");
}

#[test]
fn three_out_ends_the_game_and_the_last_player_takes_the_dead_kings() {
    let p = board(rules(), S, "rK d4, rR f9, gK f11, bK d10, yK k10");
    let mut g = game(p);
    mv(&mut g, "f9-f11");
    assert_eq!(g.points()[S], 3);
    assert_eq!(g.statuses()[E], SeatStatus::Out(OutReason::KingCaptured));
    g.resign(W).unwrap();
    assert!(!g.is_over());
    g.resign(N).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Finished));
    // Red: +3 for Green's king, then +3 for each dead king left on the board (Blue, Yellow).
    assert_eq!(g.points(), BySeat([9, 0, 0, 0]));
    assert_eq!(g.placings()[S], 1);
}

#[test]
fn the_claim_needs_a_lead_of_four_and_gives_the_other_the_kings() {
    let p = board(
        rules(),
        S,
        "rK d4, rR f9, gK k4, gP f10, gB j10, bK d11, yK k11",
    );
    let mut g = game(p);
    mv(&mut g, "f9-f10");
    g.resign(W).unwrap();
    g.resign(N).unwrap();
    mv(&mut g, "k4-k5");
    // Two players left and no automatic claim or resignation in Chaturaji: the game goes on.
    assert!(!g.is_over());
    assert_eq!(g.points()[S], 1);
    assert!(g.claim_win(S).is_err(), "a lead of 1 is not enough");
    mv(&mut g, "f10-j10");
    assert_eq!(g.points()[S], 6);
    mv(&mut g, "k5-k4");
    g.claim_win(S).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Finished));
    // Green: +3 for Red's king and +3 for each of Blue's and Yellow's dead kings.
    assert_eq!(g.points()[E], 9);
    assert_eq!(g.points()[S], 6);
}

#[test]
fn a_draw_gives_two_each_and_shares_the_dead_kings() {
    let p = board(rules(), S, "rK g4, gK k7, bK d8, yK h11");
    let mut g = game(p);
    g.resign(W).unwrap();
    // Bare kings are no draw: a king can still be captured.
    assert!(!g.is_over());
    let cycle = ["g4-g5", "h11-h10", "k7-k8", "g5-g4", "h10-h11", "k8-k7"];
    common::repeat_until_over(&mut g, &cycle, 30);
    assert_eq!(g.outcome(), Some(Outcome::Drawn(DrawReason::Repetition)));
    // +2 each and Blue's dead king (3) shared among three, rounded: +1 each.
    for s in [S, N, E] {
        assert_eq!(g.points()[s], 3, "{s:?}");
    }
    assert_eq!(g.points()[W], 0);
}

#[test]
fn fen4_writes_the_walls_and_refuses_a_piece_on_them() {
    let p = Position::start(rules(), Setup::Chaturaji);
    let fen = fen4::write(&p);
    let back = fen4::parse(&fen, rules()).unwrap();
    assert!(back.position == p);
    let rank1 = fen.rsplit('/').next().unwrap();
    assert_eq!(rank1, "x,x,x,x,x,x,x,x,x,x,x,x,x,x");
    // A sailboat on d3 (off the 8×8) is refused with the square's rank.
    let bad = fen.replacen("x,x,x,x,x,x,x,x,x,x,x,x,x,x", "3,rR,10", 2);
    let err = fen4::parse(&bad, rules()).unwrap_err().to_string();
    assert!(err.contains("off the board"), "{err}");
}

#[test]
fn a_played_game_round_trips_through_pgn4() {
    let p = board(rules(), E, BOXED);
    let mut g = game(p);
    mv(&mut g, "k11-j11");
    mv(&mut g, "d11-d10");
    mv(&mut g, "h11-h10");
    assert_eq!(g.to_move(), Some(S), "Green passed twice");
    let text = pgn4::write(&g, &Default::default());
    assert!(text.contains("[Variant \"Chaturaji\"]"), "{text}");
    assert!(!text.contains("RuleVariants"), "{text}");
    // Green's two passes are written `-`.
    assert!(text.contains("1. -\n") && text.contains(".. -\n"), "{text}");
    assert!(!text.contains("ZombieSeed"), "{text}");
    let (_, again) = pgn4::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(fen4::write(again.position()), fen4::write(g.position()));
    // A game from the start writes no StartFen4: the reader takes Chaturaji's own.
    let mut g = Game::new(RuleSet::CHATURAJI);
    mv(&mut g, "e4-f6");
    let text = pgn4::write(&g, &Default::default());
    assert!(!text.contains("StartFen4"), "{text}");
    let (_, again) = pgn4::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(fen4::write(again.position()), fen4::write(g.position()));
    assert!(RuleSet::CHATURAJI.with_rule_variants("KotH").is_err());
}

#[test]
fn checking_two_kings_at_once_scores_the_flat_bonus_and_the_old_servers_on_request() {
    // Red's sailboat to g7 attacks Blue's king on d7 and Yellow's on k7 along rank 7.
    const TWO: &str = "rK d4, rR g5, bK d7, yK k7, gK k4";
    let mut g = game(board(rules(), S, TWO));
    mv(&mut g, "g5-g7");
    assert_eq!(
        g.points(),
        BySeat([1, 0, 0, 0]),
        "chess.com: +1 for two kings"
    );
    let old = RuleSet::CHATURAJI.with_rule_variants("OldChecks").unwrap();
    assert_eq!(old.name(), "chaturaji OldChecks");
    assert_eq!(RuleSet::from_name("chaturaji OldChecks"), Ok(old));
    let mut g = common::game_from(old, board(old.shared(), S, TWO));
    mv(&mut g, "g5-g7");
    assert_eq!(
        g.points(),
        BySeat([5, 0, 0, 0]),
        "the old 4PC server: +5 for two"
    );
    let text = pgn4::write(&g, &Default::default());
    assert!(text.contains("[RuleVariants \"OldChecks\"]"), "{text}");
    let (_, again) = pgn4::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again.points(), g.points());
}
