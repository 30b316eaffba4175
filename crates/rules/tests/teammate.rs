//! Partners side by side (chess.com's `Teammate=1` and `Teammate=3`, variants.md §6): only who
//! plays with whom changes; captures, checks, en passant, the result and the notation follow.

mod common;
mod reference;

use common::{board, moves, mv};
use fourhand_rules::game::{Decisive, Game, OutReason, Outcome};
use fourhand_rules::notation::pgn4;
use fourhand_rules::perft::perft;
use fourhand_rules::{Pairing, Position, RuleSet, Seat, Side};

/// Teams with Red and Blue partners (South+West against North+East).
fn red_blue() -> RuleSet {
    RuleSet::TEAMS.with_rule_variants("Teammate=1").unwrap()
}

fn game(rules: RuleSet, turn: Seat, spec: &str) -> Game {
    common::game_from(rules, board(rules.shared(), turn, spec))
}

const KINGS: &str = "rK h1, bK a7, yK g14, gK n8";

#[test]
fn teammate_numbers_name_reds_partner() {
    let r = red_blue();
    assert_eq!(r.pairing, Pairing::SouthWest);
    assert_eq!(r.partner(Seat::South), Some(Seat::West));
    assert_eq!(r.partner(Seat::North), Some(Seat::East));
    assert_eq!(r.seats_of(Side::First), [Seat::South, Seat::West]);
    assert_eq!(r.seats_of(Side::Second), [Seat::North, Seat::East]);
    let g = RuleSet::TEAMS.with_rule_variants("Teammate=3").unwrap();
    assert_eq!(g.partner(Seat::South), Some(Seat::East));
    assert_eq!(g.partner(Seat::West), Some(Seat::North));
    assert_eq!(g.seats_of(Side::Second), [Seat::West, Seat::North]);
    assert_eq!(
        RuleSet::TEAMS.seats_of(Side::First),
        [Seat::South, Seat::North]
    );
}

#[test]
fn red_neither_captures_blue_nor_is_checked_by_blue() {
    // Blue's queen on h2 touches Red's king; Yellow's knight on e9 stands in the rook's file.
    let p = board(
        red_blue().shared(),
        Seat::South,
        &format!("{KINGS}, bQ h2, rR e5, yN e9, gN e8"),
    );
    assert!(!p.in_check(Seat::South), "a partner's queen gives no check");
    let m = moves(&p);
    assert!(
        !m.contains(&"h1-h2".to_string()),
        "no capture of the partner"
    );
    assert!(m.contains(&"e5-e8".to_string()), "Green is an opponent");
    assert!(
        !m.contains(&"e5-e9".to_string()),
        "Green's knight stands first"
    );
    // Yellow and Green are partners: Yellow's queen next to Green's king gives no check.
    let p = board(red_blue().shared(), Seat::East, &format!("{KINGS}, yQ n9"));
    assert!(!p.in_check(Seat::East));
    assert!(!moves(&p).contains(&"n8-n9".to_string()));
    // Under the default pairing the same queen is Green's enemy.
    let p = board(
        RuleSet::TEAMS.shared(),
        Seat::East,
        &format!("{KINGS}, yQ n9"),
    );
    assert!(p.in_check(Seat::East));
}

#[test]
fn a_king_left_capturable_by_the_partner_is_taken_and_the_side_loses() {
    // Blue's queen on h4 shields Red's king on h1 from Yellow's rook on h10; Blue moves it away.
    let mut g = game(red_blue(), Seat::West, &format!("{KINGS}, bQ h4, yR h10"));
    mv(&mut g, "h4-e4");
    assert!(g.position().in_check(Seat::South));
    mv(&mut g, "h10-h1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Won {
            side: Side::Second,
            by: Decisive {
                seat: Seat::South,
                reason: OutReason::KingCaptured
            }
        })
    );
    let text = pgn4::write(&g, &Default::default());
    assert!(
        text.contains("[RuleVariants \"EnPassant Teammate=1\"]"),
        "{text}"
    );
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
}

#[test]
fn en_passant_by_an_opponent_never_by_the_partner() {
    // Red pushes i2-i4 over i3, which two pawns attack: Green's on j4 (moving towards file a)
    // and Blue's on h4 (moving towards file n).
    let start = format!("{KINGS}, rP i2, gP j4, bP h4");
    let rules = red_blue();
    let mut p: Position = board(rules.shared(), Seat::South, &start);
    common::play(&mut p, "i2-i4");
    let blue = moves(&p);
    assert!(!blue.iter().any(|m| m.ends_with("i3")), "{blue:?}");
    common::play(&mut p, "a7-a6"); // Blue
    common::play(&mut p, "g14-g13"); // Yellow
    let green = moves(&p);
    assert!(green.contains(&"j4-i3".to_string()), "{green:?}");
    common::play(&mut p, "j4-i3");
    assert!(
        p.piece_at("i4".parse().unwrap()).is_none(),
        "the pushed pawn is taken"
    );
    // With Red and Green partners it is the other way round.
    let rules = RuleSet::TEAMS.with_rule_variants("Teammate=3").unwrap();
    let mut p: Position = board(rules.shared(), Seat::South, &start);
    common::play(&mut p, "i2-i4");
    assert!(moves(&p).contains(&"h4-i3".to_string()));
}

/// `fourhand perft --rules teams --options Teammate=N 4` from the Modern start.
const PERFT: [(&str, [u64; 4]); 2] = [
    ("Teammate=1", [20, 399, 7_880, 155_226]),
    ("Teammate=3", [20, 395, 7_880, 155_226]),
];

#[test]
fn perft_from_the_start_matches_the_counts_and_the_reference() {
    for (option, counts) in PERFT {
        let rules = RuleSet::TEAMS.with_rule_variants(option).unwrap();
        let p = Position::start(rules.shared(), rules.default_setup);
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(perft(&p, d as u32 + 1), n, "{option} depth {}", d + 1);
        }
        assert_eq!(
            reference::perft(&p, 3),
            counts[2],
            "{option}: the reference generator"
        );
    }
}

#[test]
fn a_side_by_side_game_reads_back_from_its_pgn4() {
    let mut g = game(red_blue(), Seat::West, &format!("{KINGS}, bQ h4, yR h10"));
    mv(&mut g, "h4-e4");
    mv(&mut g, "h10-h1");
    let text = pgn4::write(&g, &Default::default());
    let (tags, back) = pgn4::read(&text).unwrap();
    assert_eq!(tags.rules(), Ok(red_blue()));
    assert_eq!(back.rules(), &red_blue());
    assert_eq!(back.outcome(), g.outcome());
}
