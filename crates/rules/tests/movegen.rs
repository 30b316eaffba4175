//! Move generation on constructed positions: castling, en passant, pins, promotions, partners,
//! king captures.

mod common;

use common::{board, moves, moves_from, play};
use fourhand_rules::{Kind, MoveKind, RuleSet, Seat, Variant};

fn teams() -> &'static RuleSet {
    RuleSet::get(Variant::Teams)
}

fn ffa() -> &'static RuleSet {
    RuleSet::get(Variant::Ffa)
}

const KINGS: &str = "rK h1, bK a7, yK g14, gK n8";

fn castling_position(extra: &str) -> fourhand_rules::Position {
    let mut p = board(
        teams(),
        Seat::South,
        &format!("{KINGS}, rR d1, rR k1, {extra}"),
    );
    p.set_castling_right(Seat::South, true, true);
    p.set_castling_right(Seat::South, false, true);
    p
}

fn castles(p: &fourhand_rules::Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| matches!(m.kind(), MoveKind::CastleShort | MoveKind::CastleLong))
        .map(|m| format!("{:?}", m.kind()))
        .collect();
    v.sort();
    v
}

#[test]
fn castling_both_sides_and_through_check() {
    assert_eq!(
        castles(&castling_position("")),
        ["CastleLong", "CastleShort"]
    );
    // The king crosses i1 and lands on j1 when castling short; it crosses g1 and lands on f1 long.
    assert_eq!(castles(&castling_position("bR i5")), ["CastleLong"]);
    assert_eq!(castles(&castling_position("gR j6")), ["CastleLong"]);
    assert_eq!(castles(&castling_position("bR g5")), ["CastleShort"]);
    assert_eq!(castles(&castling_position("bR f5")), ["CastleShort"]);
    // Squares the king does not cross may be attacked: the rook's square, e1.
    assert_eq!(
        castles(&castling_position("bR k5, gR e5")),
        ["CastleLong", "CastleShort"]
    );
    // No castling out of check.
    assert!(castles(&castling_position("bR h5")).is_empty());
    // A partner's rook attacks nothing.
    assert_eq!(
        castles(&castling_position("yR i5, yR f5")),
        ["CastleLong", "CastleShort"]
    );
    // The squares between king and rook must be empty, attacked or not.
    assert_eq!(castles(&castling_position("rN e1")), ["CastleShort"]);
    // Castling moves the rook to the square the king crossed.
    let mut p = castling_position("");
    play(&mut p, "h1-j1");
    assert_eq!(
        p.piece_at("i1".parse().unwrap()).map(|x| x.kind),
        Some(Kind::Rook)
    );
    assert!(
        !p.castling_right(Seat::South, false),
        "castling spends both rights"
    );
}

#[test]
fn en_passant_from_both_flanks() {
    let mut p = board(
        teams(),
        Seat::South,
        &format!("{KINGS}, rP e2, bP d2, bP d4, yP f4"),
    );
    play(&mut p, "e2-e4");
    let blue = moves(&p);
    assert!(blue.contains(&"d2-e3".to_string()) && blue.contains(&"d4-e3".to_string()));
    let ep = p
        .legal_moves()
        .iter()
        .filter(|m| m.kind() == MoveKind::EnPassant)
        .count();
    assert_eq!(ep, 2);
    let mut q = p.clone();
    play(&mut q, "d4-e3");
    assert!(
        q.piece_at("e4".parse().unwrap()).is_none(),
        "the pushed pawn is taken"
    );
    // The partner (Yellow) can never take it, even when his pawn attacks the skipped square.
    play(&mut p, "a7-a6");
    assert!(!moves(&p).contains(&"f4-e3".to_string()));
}

#[test]
fn en_passant_takes_a_piece_on_the_skipped_square_too() {
    let mut p = board(
        teams(),
        Seat::South,
        &format!("{KINGS}, rP e2, yN f5, gP f4"),
    );
    play(&mut p, "e2-e4");
    play(&mut p, "a7-a6");
    play(&mut p, "f5-e3");
    let m = p
        .legal_moves()
        .iter()
        .copied()
        .find(|m| m.uci() == "f4-e3")
        .expect("Green takes on e3");
    assert_eq!(m.kind(), MoveKind::EnPassant);
    let played = p.play(m);
    let taken: Vec<_> = played
        .captures()
        .map(|(sq, pc)| (sq.to_string(), pc.kind))
        .collect();
    assert_eq!(
        taken,
        [("e3".into(), Kind::Knight), ("e4".into(), Kind::Pawn)]
    );
}

#[test]
fn a_partners_piece_on_the_skipped_square_blocks_en_passant() {
    let mut p = board(
        teams(),
        Seat::South,
        &format!("{KINGS}, rP e2, bN c4, gP f4"),
    );
    play(&mut p, "e2-e4");
    play(&mut p, "c4-e3");
    play(&mut p, "g14-g13");
    assert!(
        moves_from(&p, "f4").is_empty(),
        "Blue's knight shields e3 from Green"
    );
}

#[test]
fn the_window_closes_when_the_pusher_moves_again() {
    let mut p = board(teams(), Seat::South, &format!("{KINGS}, rP e2, gP f4"));
    play(&mut p, "e2-e4");
    play(&mut p, "a7-a6");
    play(&mut p, "g14-g13");
    assert!(moves(&p).contains(&"f4-e3".to_string()));
    play(&mut p, "n8-n9");
    play(&mut p, "h1-i1");
    play(&mut p, "a6-a7");
    play(&mut p, "g13-g14");
    assert!(!moves(&p).contains(&"f4-e3".to_string()));
}

#[test]
fn a_third_players_bishop_pins() {
    let p = board(teams(), Seat::South, &format!("{KINGS}, rB i2, gB k4"));
    assert_eq!(moves_from(&p, "i2"), ["i2-j3", "i2-k4"]);
    // A partner's bishop pins nothing in Teams; in FFA every other army pins.
    let p = board(teams(), Seat::South, &format!("{KINGS}, rB i2, yB k4"));
    assert!(moves_from(&p, "i2").len() > 2);
    let p = board(ffa(), Seat::South, &format!("{KINGS}, rB i2, yB k4"));
    assert_eq!(moves_from(&p, "i2"), ["i2-j3", "i2-k4"]);
}

#[test]
fn promotion_choices_per_mode() {
    let p = board(teams(), Seat::South, &format!("{KINGS}, rP h10"));
    assert_eq!(
        moves_from(&p, "h10"),
        ["h10-h11=B", "h10-h11=N", "h10-h11=Q", "h10-h11=R"]
    );
    let p = board(teams(), Seat::West, &format!("{KINGS}, bP j5"));
    assert_eq!(
        moves_from(&p, "j5"),
        ["j5-k5=B", "j5-k5=N", "j5-k5=Q", "j5-k5=R"]
    );
    let mut p = board(ffa(), Seat::South, &format!("{KINGS}, rP h7, bN i8"));
    assert_eq!(moves_from(&p, "h7"), ["h7-h8=Q", "h7-i8=Q"]);
    play(&mut p, "h7-i8=Q");
    let q = p.piece_at("i8".parse().unwrap()).unwrap();
    assert!(
        q.kind == Kind::Queen && q.one_point,
        "FFA promotes to a one-point queen"
    );
    // In Teams the 8th rank is no promotion square.
    let p = board(teams(), Seat::South, &format!("{KINGS}, rP h7"));
    assert_eq!(moves_from(&p, "h7"), ["h7-h8"]);
}

#[test]
fn partners_neither_capture_nor_attack() {
    let p = board(
        teams(),
        Seat::South,
        &format!("{KINGS}, yQ h2, rR e5, yN e9"),
    );
    assert!(!p.in_check(Seat::South));
    assert!(!moves(&p).contains(&"h1-h2".to_string()));
    assert!(!moves(&p).contains(&"e5-e9".to_string()));
    let p = board(ffa(), Seat::South, &format!("{KINGS}, yQ h2"));
    assert!(p.in_check(Seat::South));
    assert_eq!(moves(&p), ["h1-h2"]);
}

#[test]
fn kings_can_be_captured_but_not_leaving_ones_own_in_check() {
    let p = board(teams(), Seat::South, "rK h1, bK a7, yK g14, gK e9, rR e5");
    assert!(moves(&p).contains(&"e5-e9".to_string()));
    let p = board(
        teams(),
        Seat::South,
        "rK h1, bK a7, yK g14, gK e9, rR e5, bR h8",
    );
    assert!(
        !moves(&p).contains(&"e5-e9".to_string()),
        "Red is in check from h8"
    );
}
