//! FEN4 and PGN4 reading (tolerant) and writing (canonical), with clear errors.

mod common;

use fourhand_rules::game::{OutReason, SeatStatus};
use fourhand_rules::notation::pgn4::{MoveSyntax, ReadFault};
use fourhand_rules::notation::{fen4, pgn4};
use fourhand_rules::{Army, Kind, Position, RuleSet, Seat, Setup, Variant};

const MODERN_X: &str = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x";

const MODERN_COUNTED: &str = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/14/3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3";

fn teams() -> &'static RuleSet {
    RuleSet::get(Variant::Teams)
}

#[test]
fn fen4_reads_both_corner_styles_and_writes_x() {
    let a = fen4::parse(MODERN_X, teams()).unwrap().position;
    let b = fen4::parse(MODERN_COUNTED, teams()).unwrap().position;
    let start = Position::start(teams(), Setup::Modern);
    assert!(a == start && b == start);
    assert_eq!(fen4::write(&b), MODERN_X);
    assert_eq!(a.hash(), start.hash());
}

#[test]
fn fen4_en_passant_with_or_without_the_pawn_square() {
    let board = "6,yK,7/14/14/14/14/14/3,bP,9,gK/bK,2,rP,10/14/14/14/14/14/7,rK,6";
    for extra in [
        "{'enPassant':('','c8','','')}",
        "{'enPassant':('','c8:d8','','')}",
    ] {
        let f = format!("R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{extra}-{board}");
        let p = fen4::parse(&f, teams()).unwrap().position;
        let (skipped, pawn) = p.ep_windows()[Seat::West].squares().unwrap();
        assert_eq!(
            (skipped.to_string(), pawn.to_string()),
            ("c8".into(), "d8".into())
        );
        assert!(fen4::write(&p).contains("'enPassant':('','c8:d8','','')"));
        assert!(common::moves(&p).contains(&"d7-c8".to_string()));
    }
}

#[test]
fn fen4_ignores_unknown_extras_and_keeps_its_own() {
    let board = "6,yK,7/14/14/14/14/14/14/bK,13/14/14/14/14/3,rP,10/7,rK,6";
    let f = format!(
        "G-0,1,0,0-0,0,0,0-0,0,0,0-3,0,7,2-12-{{'lives':(1,1,1,1),'royal':('','','',''),'status':('','','zombie','')}}-{board}"
    );
    let parsed = fen4::parse(&f, RuleSet::get(Variant::Ffa)).unwrap();
    assert_eq!(parsed.points.0, [3, 0, 7, 2]);
    let p = parsed.position;
    assert_eq!(p.army(Seat::West), Army::Out);
    assert_eq!(p.army(Seat::North), Army::Zombie);
    assert!(
        !p.piece_at("g14".parse().unwrap()).unwrap().dead,
        "the zombie king is live"
    );
    assert_eq!(p.halfmoves(), 12);
    let again = fen4::write_with_points(&p, &parsed.points);
    assert_eq!(
        fen4::write_with_points(
            &fen4::parse(&again, RuleSet::get(Variant::Ffa))
                .unwrap()
                .position,
            &parsed.points
        ),
        again
    );
    assert!(!again.contains("lives"));
}

#[test]
fn fen4_errors_are_clear_and_never_panic() {
    for (bad, says) in [
        (
            "X-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-14/14/14/14/14/14/14/14/14/14/14/14/14/14",
            "turn",
        ),
        (
            "R-0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-14/14/14/14/14/14/14/14/14/14/14/14/14/14",
            "four",
        ),
        ("R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-14/14/14", "14 rows"),
        (
            "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-rK,13/14/14/14/14/14/14/14/14/14/14/14/14/14",
            "off the board",
        ),
        (
            "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-zZ,13/14/14/14/14/14/14/14/14/14/14/14/14/14",
            "bad cell",
        ),
        (
            "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-15/14/14/14/14/14/14/14/14/14/14/14/14/14",
            "more than 14",
        ),
        ("", "expected"),
        (
            "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-x-14/14/14/14/14/14/14/14/14/14/14/14/14/14",
            "counter",
        ),
    ] {
        let e = fen4::parse(bad, teams()).unwrap_err().to_string();
        assert!(
            e.contains(says),
            "{bad:?} gave {e:?}, expected it to mention {says:?}"
        );
    }
}

#[test]
fn pgn4_skips_variations_and_comments_and_reads_marks() {
    let text = r#"[Variant "FFA"]
[RuleVariants "DeadKingWalking EnPassant PromoteTo=D"]

1. h2-h4 { date=2023-04-26 clock=178312 } .. b7-d7 ( .. b9-d9 { a side line } ( .. b4-d4 ) ) .. g13-g11 .. m8-k8
2. h4-h5 .. d7-e7 .. g11-g10 .. k8-j8
3. h5-h6 .. e7-f7 .. g10-g9 .. j8-i8
4. h6-h7 .. f7-g7 .. g9-g8++ .. Nn10-m8
5. h7xg8=D+ .. g7-h7=D .. Qh14-g13 .. i8-h8
"#;
    let r = pgn4::replay(text).unwrap();
    assert!(r.error.is_none(), "{:?}", r.error);
    assert_eq!(r.plies, 20);
    let q = r.game.position().piece_at("h8".parse().unwrap());
    assert!(q.is_some());
}

#[test]
fn pgn4_start_position_defaults() {
    // No StartFen4 and no RuleVariants: an old export, Classic.
    let (_, g) = pgn4::read("[Variant \"Teams\"]\n\n1. h2-h3").unwrap();
    assert!(*g.start_position() == Position::start(teams(), Setup::Classic));
    let (_, g) =
        pgn4::read("[Variant \"Teams\"]\n[RuleVariants \"EnPassant\"]\n\n1. h2-h3").unwrap();
    assert!(*g.start_position() == Position::start(teams(), Setup::Modern));
    // A named setup: in RG Red's king stands on g1, so Kg1-g2 is blocked by a pawn.
    let e = pgn4::read("[StartFen4 \"4PCrg\"]\n\n1. Kg1-g2").unwrap_err();
    assert_eq!((e.round, e.reason), (1, ReadFault::Illegal));
    assert!(pgn4::read("[StartFen4 \"4PCrg\"]\n\n1. Kh1-h2").is_err());
}

#[test]
fn pgn4_errors_name_round_seat_text_and_reason() {
    type Why = fn(&ReadFault) -> bool;
    let cases: [(&str, u32, &str, &str, Why); 6] = [
        (
            "1. h2-h3 .. b7-c7 .. Qh14-h5",
            1,
            "Yellow",
            "Qh14-h5",
            |r: &ReadFault| *r == ReadFault::Illegal,
        ),
        ("1. Qh2-h3", 1, "Red", "Qh2-h3", |r: &ReadFault| {
            matches!(
                r,
                ReadFault::WrongPiece {
                    holds: Kind::Pawn,
                    written: Kind::Queen,
                    ..
                }
            )
        }),
        (
            "1. h2-h3 .. b7-c7 .. g13-g12 .. m8-l8\n2. e3-e4",
            2,
            "Red",
            "e3-e4",
            |r: &ReadFault| matches!(r, ReadFault::NoPiece { .. }),
        ),
        ("1. zz9", 1, "Red", "zz9", |r: &ReadFault| {
            *r == ReadFault::Syntax(MoveSyntax::NoFrom)
        }),
        ("1. h2-h3 .. #", 1, "Blue", "#", |r: &ReadFault| {
            *r == ReadFault::NotMated
        }),
        ("1. h2-h3 .. -", 1, "Blue", "-", |r: &ReadFault| {
            *r == ReadFault::NotSkipped
        }),
    ];
    for (movetext, round, colour, text, reason) in cases {
        let pgn = format!("[Variant \"Teams\"]\n[RuleVariants \"EnPassant\"]\n\n{movetext}");
        let e = pgn4::read(&pgn).unwrap_err();
        assert_eq!(e.round, round, "{movetext}");
        assert_eq!(e.colour.as_deref(), Some(colour), "{movetext}");
        assert_eq!(e.text, text, "{movetext}");
        assert!(reason(&e.reason), "{movetext}: {}", e.reason);
        assert!(e.to_string().contains(&format!("round {round}")));
    }
    let promo = "[Variant \"Teams\"]\n[StartFen4 \"R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-6,yK,7/14/14/14/7,rP,6/14/13,gK/bK,13/14/14/14/14/14/7,rK,6\"]\n\n1. h10-h11";
    assert_eq!(
        pgn4::read(promo).unwrap_err().reason,
        ReadFault::PromotionMissing
    );
    assert!(pgn4::read("[Variant \"Chaturaji\"]\n\n1. h2-h3").is_err());
}

#[test]
fn pgn4_zombie_moves_and_shrinking_rounds() {
    if !common::has_data() {
        return;
    }
    let text = std::fs::read_to_string(common::data_dir().join("games/chesscom-ffa-97967963.pgn4"))
        .unwrap();
    let (_, g) = pgn4::read(&text).unwrap();
    assert_eq!(
        g.statuses()[Seat::South],
        SeatStatus::Out(OutReason::Resigned)
    );
    let zombie_moves = common::zombie_moves(&g);
    assert_eq!(
        zombie_moves, 6,
        "Red's zombie king walked from round 22 to 27"
    );
}

#[test]
fn several_games_in_one_text_split_and_each_replays() {
    use fourhand_rules::game::Game;
    use fourhand_rules::notation::pgn4::{replay, split_games, write};
    let mut texts = Vec::new();
    for (rules, plies) in [
        (fourhand_rules::RuleSet::TEAMS, 12),
        (fourhand_rules::RuleSet::FFA, 9),
    ] {
        let mut g = Game::new(rules);
        for _ in 0..plies {
            let seat = g.to_move().expect("in play");
            let m = g.legal_moves()[0];
            g.play(seat, m).unwrap();
        }
        texts.push((write(&g, &Default::default()), plies));
    }
    let joined = format!("{}\n{}", texts[0].0, texts[1].0);
    let games = split_games(&joined);
    assert_eq!(games.len(), 2);
    for (text, (_, plies)) in games.iter().zip(&texts) {
        let r = replay(text).unwrap();
        assert!(r.error.is_none(), "{:?}", r.error);
        assert_eq!(r.plies, *plies);
    }
    assert_eq!(split_games(&texts[0].0).len(), 1);
}
