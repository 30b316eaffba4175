//! Conquest (variants.md §5): the spec's test situations on constructed positions — a mate that
//! conquers an army, one piece per turn from any army a player moves, no captures among one
//! player's armies, frozen armies, places with four, the draw of a second stalemate — and the
//! start's perft against the reference generator, random playouts against it, and PGN4 and FEN4
//! round trips of played games.

mod common;
mod reference;

use common::{board, moves, mv};
use fourhand_rules::game::{DrawReason, Game, OutReason, Outcome, SeatStatus};
use fourhand_rules::notation::{fen4, pgn4};
use fourhand_rules::perft::perft;
use fourhand_rules::{Army, BySeat, Kind, Position, RuleSet, Seat, Setup, Square};

const S: Seat = Seat::South;
const W: Seat = Seat::West;
const N: Seat = Seat::North;
const E: Seat = Seat::East;

fn rules() -> &'static RuleSet {
    RuleSet::CONQUEST.shared()
}

fn game(p: Position) -> Game {
    common::game_from(RuleSet::CONQUEST, p)
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// Spec test 1's position: Red's rook mates Blue along rank 11.
const MATE_BLUE: &str = "rK h1, rR h5, bK a11, bR a10, bP b10, yK g14, gK n7";

#[test]
fn a_mate_conquers_the_army_and_its_player_is_out() {
    let mut g = game(board(rules(), S, MATE_BLUE));
    mv(&mut g, "h5-h11");
    let p = g.position();
    assert_eq!(g.statuses()[W], SeatStatus::Out(OutReason::Checkmated));
    assert!(
        p.piece_at(sq("a11")).is_none(),
        "the mated king leaves the board"
    );
    assert_eq!(p.controller(W), S);
    assert_eq!(p.army(W), Army::Conquered);
    assert_eq!(
        p.piece_at(sq("a10")).map(|x| x.seat),
        Some(W),
        "it keeps its colour"
    );
    assert_eq!(g.to_move(), Some(N), "Blue's turn is skipped");
    assert!(g.outcome().is_none());
    let last = pgn4::entries(&g);
    assert_eq!(last[0].text, "Rh5-h11+#", "the check and the mate");
    assert_eq!(
        last[0].mv.map(|m| m.uci()),
        Some("h5-h11".to_string()),
        "the entry carries its move"
    );
    assert_eq!(
        (last[1].seat, last[1].text.as_str(), last[1].mv),
        (W, "#", None),
        "Blue's slot is his #, without a move"
    );
    assert_eq!(fen4::write(p), fen4::write(&reread(p)));
}

/// `pos` written as FEN4 and read back.
fn reread(pos: &Position) -> Position {
    fen4::parse(&fen4::write(pos), rules()).unwrap().position
}

#[test]
fn the_conqueror_moves_one_piece_of_any_army_he_moves() {
    let mut g = game(board(rules(), S, MATE_BLUE));
    mv(&mut g, "h5-h11");
    mv(&mut g, "g14-f14");
    mv(&mut g, "n7-n6");
    assert_eq!(g.to_move(), Some(S));
    let red = moves(g.position());
    assert!(red.contains(&"b10-c10".to_string()), "{red:?}");
    assert!(red.contains(&"a10-a4".to_string()), "{red:?}");
    assert!(red.contains(&"h1-i1".to_string()), "{red:?}");
    assert_eq!(reference::legal_moves(g.position()), red);
    mv(&mut g, "b10-c10");
    assert_eq!(
        g.to_move(),
        Some(N),
        "one move a turn; Blue's slot is skipped"
    );
    let slots: Vec<String> = pgn4::entries(&g).into_iter().map(|e| e.text).collect();
    assert_eq!(
        slots[slots.len() - 2..],
        ["b10-c10".to_string(), "-".to_string()]
    );
}

#[test]
fn one_players_armies_never_capture_or_attack_one_another() {
    // Blue's army is Red's: the pawn b10 may not take Red's knight c9, nor the knight the pawn,
    // but the pawn takes Yellow's bishop c11.
    let mut p = board(
        rules(),
        S,
        "rK h1, rN c9, bR a10, bP b10, yK g14, yB c11, gK n7, gR n8",
    );
    p.set_controller(W, S);
    p.set_army(W, Army::Conquered);
    let red = moves(&p);
    assert!(!red.contains(&"b10-c9".to_string()), "{red:?}");
    assert!(!red.contains(&"c9-b10".to_string()), "{red:?}");
    assert!(red.contains(&"b10-c11".to_string()), "{red:?}");
    assert_eq!(reference::legal_moves(&p), red);
    // A conquered rook on Red's king's file gives him no check, but still checks the others.
    let mut q = board(rules(), S, "rK a4, bR a9, yK g14, gK n11");
    q.set_controller(W, S);
    q.set_army(W, Army::Conquered);
    assert!(!q.in_check(S));
    let mut y = board(rules(), N, "rK h1, bR a11, yK g11, gK n7");
    y.set_controller(W, S);
    y.set_army(W, Army::Conquered);
    assert!(y.in_check(N), "a conquered rook still checks the others");
    assert_eq!(reference::legal_moves(&y), moves(&y));
}

#[test]
fn a_frozen_army_blocks_and_may_be_taken_but_its_king_is_untouchable() {
    // Green frozen with king n7 and pawn m8; Yellow to move with king l7, queen n10, rook k8.
    let y = freeze(board(
        rules(),
        N,
        "rK h1, bK a5, yK l7, yQ n10, yR k8, gK n7, gP m8",
    ));
    let ys = moves(&y);
    assert!(
        ys.contains(&"k8-m8".to_string()),
        "the frozen pawn may be taken: {ys:?}"
    );
    assert!(ys.contains(&"n10-n8".to_string()), "{ys:?}");
    assert!(
        !ys.iter().any(|m| m.ends_with("-n7")),
        "not the frozen king: {ys:?}"
    );
    for s in ["m6", "m7", "m8"] {
        assert!(!ys.contains(&format!("l7-{s}")), "{s}: {ys:?}");
    }
    assert!(ys.contains(&"l7-l6".to_string()), "{ys:?}");
    assert_eq!(reference::legal_moves(&y), ys);
    // Taking the frozen pawn scores nothing and changes no status.
    let mut g = game(y);
    mv(&mut g, "k8-m8");
    assert_eq!(g.points(), BySeat([0; 4]));
    // A frozen Green rook on the file of Yellow's king gives no check.
    let z = freeze(board(rules(), N, "rK h1, bK a5, yK k9, gK n4, gR k4"));
    assert!(!z.in_check(N));
    assert!(moves(&z).contains(&"k9-k8".to_string()));
}

/// `pos` with Green's army frozen.
fn freeze(mut pos: Position) -> Position {
    pos.set_army(E, Army::Out);
    pos
}

#[test]
fn places_with_four_players() {
    let mut g = game(board(
        rules(),
        S,
        "rK h1, rR h5, rR j5, bK a11, bR a10, bP b10, yK d14, yP d13, yP e13, yR m11, \
         gK n4, gP m4, gP m5",
    ));
    mv(&mut g, "h5-h11");
    assert_eq!(g.statuses()[W], SeatStatus::Out(OutReason::Checkmated));
    mv(&mut g, "m11-n11");
    assert_eq!(g.statuses()[E], SeatStatus::Out(OutReason::Checkmated));
    assert_eq!(
        g.position().controller(E),
        N,
        "Green's army passes to Yellow"
    );
    assert_eq!(g.to_move(), Some(S));
    mv(&mut g, "j5-j14");
    assert_eq!(g.outcome(), Some(Outcome::Finished));
    assert_eq!(g.placings(), BySeat([1, 4, 2, 3]));
    for s in Seat::ALL {
        assert_eq!(g.position().controller(s), S, "{s}");
    }
    let text = pgn4::write(&g, &Default::default());
    assert!(text.contains("[Variant \"Conquest\"]"), "{text}");
    assert!(
        text.contains("[Result \"Red: 1 - Blue: 4 - Yellow: 2 - Green: 3\"]"),
        "{text}"
    );
    let (_, again) = pgn4::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again.placings(), g.placings());
    assert_eq!(fen4::write(again.position()), fen4::write(g.position()));
}

#[test]
fn a_second_stalemate_draws_the_game_among_everyone_not_placed() {
    // Green to move is stalemated: his pawns are blocked (n5 by m5, m5 by Red's bishop l5),
    // and the bishop takes m4 from his king. Then Yellow, with a bare king boxed in by Blue's
    // knight and bishop, is stalemated on his turn while Red and Blue still play.
    let mut g = game(board(
        rules(),
        E,
        "rK h1, rB l5, rR k2, bK a7, bN f12, bB f14, bR b8, yK d14, gK n4, gP n5, gP m5",
    ));
    assert_eq!(g.statuses()[E], SeatStatus::Out(OutReason::Stalemated));
    assert!(g.outcome().is_none());
    mv(&mut g, "h1-i1");
    mv(&mut g, "a7-a8");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Drawn(DrawReason::Stalemate)),
        "{:?}",
        g.statuses()
    );
    assert_eq!(g.placings(), BySeat([1, 1, 1, 1]));
    let text = pgn4::write(&g, &Default::default());
    let (_, again) = pgn4::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again.outcome(), g.outcome());
}

#[test]
fn resigning_removes_the_king_and_freezes_the_rest() {
    let mut g = game(board(
        rules(),
        S,
        "rK h1, rR h5, bK a7, bR b8, yK g14, gK n7",
    ));
    mv(&mut g, "h5-h6");
    g.resign(W).unwrap();
    assert_eq!(g.statuses()[W], SeatStatus::Out(OutReason::Resigned));
    assert!(g.position().king(W).is_none());
    assert!(g
        .position()
        .piece_at(sq("b8"))
        .is_some_and(|r| r.dead && r.kind == Kind::Rook));
    assert_eq!(g.to_move(), Some(N));
}

#[test]
fn the_start_is_ffas_and_perft_matches_the_reference() {
    let p = Position::start(rules(), Setup::Modern);
    let ffa = Position::start(RuleSet::FFA.shared(), Setup::Modern);
    for d in 1..=4 {
        assert_eq!(perft(&p, d), perft(&ffa, d), "depth {d}");
    }
    assert_eq!(perft(&p, 4), 152_050);
    for d in 1..=3 {
        assert_eq!(reference::perft(&p, d), perft(&p, d), "depth {d}");
    }
}

#[test]
fn pawns_promote_on_their_last_square() {
    // Red pawns on k13 and n10 (the East arm's files l-n end on rank 11).
    let p = board(rules(), S, "rK h1, rP k13, rP l10, bK a7, yK d14, gK n4");
    let red = moves(&p);
    for k in ["Q", "R", "B", "N"] {
        assert!(red.contains(&format!("k13-k14={k}")), "{red:?}");
        assert!(red.contains(&format!("l10-l11={k}")), "{red:?}");
    }
    assert_eq!(reference::legal_moves(&p), red);
}

#[test]
fn random_playouts_agree_with_the_reference_and_round_trip() {
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut conquests = 0;
    for _ in 0..40 {
        let mut g = Game::new(RuleSet::CONQUEST).with_seed(1);
        for _ in 0..600 {
            let Some(seat) = g.to_move() else { break };
            let list = g.legal_moves();
            assert_eq!(
                reference::legal_moves(g.position()),
                moves(g.position()),
                "{}",
                fen4::write(g.position())
            );
            // Prefer captures, so that kings fall and armies change hands.
            let takes: Vec<_> = list
                .iter()
                .copied()
                .filter(|m| g.position().captured_by(*m).is_some())
                .collect();
            let kings: Vec<_> = takes
                .iter()
                .copied()
                .filter(|m| {
                    g.position()
                        .captured_by(*m)
                        .is_some_and(|p| p.kind == Kind::King)
                })
                .collect();
            let pool: Vec<_> = if !kings.is_empty() {
                kings
            } else if !takes.is_empty() && next() % 3 != 0 {
                takes
            } else {
                list.iter().copied().collect()
            };
            let m = pool[(next() % pool.len() as u64) as usize];
            g.play(seat, m).unwrap();
        }
        conquests += Seat::ALL
            .iter()
            .filter(|&&s| g.position().controller(s) != s)
            .count();
        let text = pgn4::write(&g, &Default::default());
        let (_, again) = pgn4::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(fen4::write(again.position()), fen4::write(g.position()));
        assert_eq!(again.outcome(), g.outcome());
        assert!(reread(g.position()) == *g.position());
    }
    assert!(conquests >= 5, "only {conquests} armies changed hands");
}

fn three() -> RuleSet {
    RuleSet::CONQUEST.with_rule_variants("Players=3").unwrap()
}

#[test]
fn three_players_take_turns_without_the_empty_east_arm() {
    let rules = three();
    assert_eq!(rules.name(), "conquest Players=3");
    assert_eq!(RuleSet::from_name("conquest Players=3"), Ok(rules));
    assert!(RuleSet::CONQUEST.with_rule_variants("KotH").is_err());
    let mut g = Game::new(rules);
    assert_eq!(g.statuses()[E], SeatStatus::Absent);
    assert!(
        g.position().pieces().all(|(_, p)| p.seat != E),
        "no East army"
    );
    mv(&mut g, "h2-h3");
    assert_eq!(g.to_move(), Some(W));
    mv(&mut g, "b7-c7");
    assert_eq!(g.to_move(), Some(N));
    mv(&mut g, "g13-g12");
    assert_eq!(g.to_move(), Some(S), "East has no turn");
    let text = pgn4::write(&g, &Default::default());
    assert!(text.contains("[RuleVariants \"Players=3\"]"), "{text}");
    assert!(
        text.contains("1. h2-h3 .. b7-c7 .. g13-g12\n")
            || text.ends_with("1. h2-h3 .. b7-c7 .. g13-g12\n"),
        "{text}"
    );
    let (_, again) = pgn4::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(fen4::write(again.position()), fen4::write(g.position()));
    let p = Position::start(rules.shared(), Setup::Modern);
    for d in 1..=3 {
        assert_eq!(reference::perft(&p, d), perft(&p, d), "depth {d}");
    }
}

#[test]
fn with_three_the_first_mated_is_third() {
    let mut g = common::game_from(
        three(),
        board(
            three().shared(),
            S,
            "rK h1, rR h5, rR j5, bK a11, bR a10, bP b10, yK d14, yP d13, yP e13, yP k13",
        ),
    );
    mv(&mut g, "h5-h11");
    assert_eq!(g.statuses()[W], SeatStatus::Out(OutReason::Checkmated));
    assert_eq!(g.to_move(), Some(N));
    mv(&mut g, "k13-k12");
    assert_eq!(g.to_move(), Some(S), "Blue's slot passed, East has none");
    mv(&mut g, "j5-j14");
    assert_eq!(g.outcome(), Some(Outcome::Finished));
    assert_eq!(g.placings(), BySeat([1, 3, 2, 0]));
    let text = pgn4::write(&g, &Default::default());
    assert!(
        text.contains("[Result \"Red: 1 - Blue: 3 - Yellow: 2\"]"),
        "{text}"
    );
    let (_, again) = pgn4::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again.placings(), g.placings());
}
