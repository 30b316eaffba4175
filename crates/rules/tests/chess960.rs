//! Chess960 for four players (chess.com's `Chess960=N`, variants.md §3.1): the numbering, the
//! four seats' arrangement under both symmetries, castling written king to rook, the spec's
//! four situations, perft of several starts against the reference generator, and PGN4 and FEN4
//! round trips of played games.

mod common;
mod reference;

use common::{moves, moves_from, play};
use fourhand_rules::game::Game;
use fourhand_rules::notation::{fen4, pgn4};
use fourhand_rules::perft::perft;
use fourhand_rules::{
    board::chess960_back_row, Castling, Kind, Position, RuleSet, Seat, Setup, Square, Symmetry,
};

fn teams960(n: u16) -> RuleSet {
    RuleSet::TEAMS
        .with_rule_variants(&format!("Chess960={n}"))
        .unwrap()
}

fn start(rules: RuleSet) -> Position {
    let r = rules.shared();
    Position::start(r, r.default_setup)
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn numbering_follows_scharnagl_plus_one() {
    use Kind::*;
    assert_eq!(
        chess960_back_row(519),
        [Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook]
    );
    assert_eq!(
        chess960_back_row(1),
        [Bishop, Bishop, Queen, Knight, Knight, Rook, King, Rook]
    );
    // Every number gives two bishops on squares of both colours, the king between the rooks,
    // and the 960 rows are all different.
    let mut seen = std::collections::HashSet::new();
    for n in 1..=960 {
        let row = chess960_back_row(n);
        assert!(seen.insert(row), "{n} repeats a row");
        let at = |k: Kind| (0..8).filter(|&i| row[i] == k).collect::<Vec<_>>();
        let b = at(Bishop);
        assert_eq!(b.len(), 2);
        assert_ne!(b[0] % 2, b[1] % 2, "{n}: bishops on one colour");
        let (r, k) = (at(Rook), at(King));
        assert!(
            r[0] < k[0] && k[0] < r[1],
            "{n}: king not between the rooks"
        );
        assert_eq!((at(Queen).len(), at(Knight).len()), (1, 2));
    }
}

#[test]
fn number_519_is_the_classic_start_and_rotational_519_the_modern() {
    let classic = start(teams960(519));
    let teams = RuleSet::TEAMS.shared();
    assert_eq!(
        fen4::write(&classic),
        fen4::write(&Position::start(teams, Setup::Classic))
    );
    let rot = RuleSet::TEAMS
        .with_rule_variants("Chess960=519 Chess960Rotational")
        .unwrap();
    assert_eq!(
        fen4::write(&start(rot)),
        fen4::write(&Position::start(teams, Setup::Modern))
    );
    // With 519 the castles are exactly rules.md §4.3's, written king to rook.
    let mut p = start(teams960(519));
    for s in ["g1", "i1", "j1"] {
        p.remove(sq(s));
    }
    assert_eq!(
        moves_from(&p, "h1")
            .into_iter()
            .filter(|m| m == "h1-k1")
            .count(),
        1
    );
    play(&mut p, "h1-k1");
    assert_eq!(p.piece_at(sq("j1")).map(|x| x.kind), Some(Kind::King));
    assert_eq!(p.piece_at(sq("i1")).map(|x| x.kind), Some(Kind::Rook));
    assert!(p.piece_at(sq("k1")).is_none() && p.piece_at(sq("h1")).is_none());
}

#[test]
fn number_1_gives_the_spec_position() {
    const FEN: &str = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-3,yR,yK,yR,yN,yN,yQ,yB,yB,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/bR,bP,10,gP,gB/bK,bP,10,gP,gB/bR,bP,10,gP,gQ/bN,bP,10,gP,gN/bN,bP,10,gP,gN/bQ,bP,10,gP,gR/bB,bP,10,gP,gK/bB,bP,10,gP,gR/14/3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rB,rB,rQ,rN,rN,rR,rK,rR,3";
    let p = start(teams960(1));
    let spec = fen4::parse(FEN, teams960(1).shared()).unwrap();
    assert!(spec.position == p, "{}", fen4::write(&p));
    let back = fen4::parse(&fen4::write(&p), teams960(1).shared()).unwrap();
    assert!(back.position == p, "the FEN4 reads back with its castling");
    // The rotational symmetry puts the same row on West from a11 and East from n4.
    let rot = RuleSet::TEAMS
        .with_rule_variants("Chess960=1 Chess960Rotational")
        .unwrap();
    let q = start(rot);
    assert_eq!(q.king(Seat::West), Some(sq("a5")));
    assert_eq!(q.king(Seat::East), Some(sq("n10")));
    assert_eq!(q.king(Seat::North), Some(sq("e14")));
    assert_eq!(Symmetry::Rotational.square(Seat::West, 0), sq("a11"));
}

/// Chess960=1 with f1, g1, h1 emptied: the queen and the knights have gone.
fn open_a_side() -> Position {
    let mut p = start(teams960(1));
    for s in ["f1", "g1", "h1"] {
        p.remove(sq(s));
    }
    p
}

#[test]
fn a_side_castle_puts_the_king_on_f1_and_the_rook_on_g1() {
    let p = open_a_side();
    let red = moves_from(&p, "j1");
    // O-O-O is written king to the i1 rook; O-O is not there, the i1 rook stands in the way.
    assert!(red.contains(&"j1-i1".to_string()), "{red:?}");
    assert!(!red.contains(&"j1-k1".to_string()), "{red:?}");
    let m = p
        .legal_moves()
        .iter()
        .copied()
        .find(|m| m.uci() == "j1-i1")
        .unwrap();
    assert_eq!(m.kind(), fourhand_rules::MoveKind::CastleLong);
    let mut q = p.clone();
    q.play(m);
    assert_eq!(q.king(Seat::South), Some(sq("f1")));
    assert_eq!(q.piece_at(sq("g1")).map(|x| x.kind), Some(Kind::Rook));
    assert!(q.piece_at(sq("i1")).is_none() && q.piece_at(sq("j1")).is_none());
    assert!(!q.castling_right(Seat::South, true) && !q.castling_right(Seat::South, false));
    assert_eq!(reference::legal_moves(&p), moves(&p));
    // A Blue rook on g5 attacks g1, which the king crosses: no O-O-O.
    let mut q = p.clone();
    q.remove(sq("g2"));
    q.put(sq("g5"), fourhand_rules::Piece::new(Seat::West, Kind::Rook));
    assert!(!moves_from(&q, "j1").contains(&"j1-i1".to_string()));
    assert_eq!(reference::legal_moves(&q), moves(&q));
}

#[test]
fn h_side_castle_with_the_king_staying_on_j1() {
    let mut p = start(teams960(1));
    p.remove(sq("i1"));
    p.set_castling_right(Seat::South, false, false);
    let m = p
        .legal_moves()
        .iter()
        .copied()
        .find(|m| m.uci() == "j1-k1")
        .expect("O-O with the king staying");
    assert_eq!(m.kind(), fourhand_rules::MoveKind::CastleShort);
    let mut q = p.clone();
    q.play(m);
    assert_eq!(q.king(Seat::South), Some(sq("j1")));
    assert_eq!(q.piece_at(sq("i1")).map(|x| x.kind), Some(Kind::Rook));
    assert!(q.piece_at(sq("k1")).is_none());
    // Legal though i1 is attacked (only the king's squares count) ...
    let mut a = p.clone();
    a.remove(sq("i2"));
    a.put(sq("i6"), fourhand_rules::Piece::new(Seat::West, Kind::Rook));
    assert!(moves_from(&a, "j1").contains(&"j1-k1".to_string()));
    assert_eq!(reference::legal_moves(&a), moves(&a));
    // ... and illegal when j1 is: the king may not castle out of check.
    let mut c = p.clone();
    c.remove(sq("j2"));
    c.put(sq("j6"), fourhand_rules::Piece::new(Seat::West, Kind::Rook));
    assert!(c.in_check(Seat::South));
    assert!(!moves_from(&c, "j1").contains(&"j1-k1".to_string()));
    assert_eq!(reference::legal_moves(&c), moves(&c));
}

#[test]
fn a_rook_that_screened_the_kings_square_cannot_leave_it_open() {
    // King g1 (index 3), rook e1 (index 1), a Blue queen on d1 (index 0), f1 (index 2)
    // empty: O-O-O would take the king to f1 and the rook to g1, opening d1-f1.
    let rules = teams960(1).shared();
    let mut p = common::board(
        rules,
        Seat::South,
        "rK g1, rR e1, rR k1, bQ d1, yK h14, bK a8, gK n7",
    );
    p.set_castling_right(Seat::South, false, true);
    // a-side: king g1 (index 3) to f1 (index 2), rook e1 (index 1) to g1 (index 3). The queen on
    // d1 attacks f1 once the rook has gone.
    assert!(!moves_from(&p, "g1").contains(&"g1-e1".to_string()));
    assert_eq!(reference::legal_moves(&p), moves(&p));
}

#[test]
fn perft_of_several_starts_matches_the_reference() {
    // Perft 1..=4 from the start of each number, counted by the reference generator as well.
    // 519 is the Classic start (the shared data's 4PCo counts).
    for (opts, counts) in [
        ("Chess960=1", [20, 399, 7_960, 158_402]),
        ("Chess960=519", [20, 399, 7_960, 158_402]),
        ("Chess960=960 Chess960Rotational", [20, 395, 7_800, 153_630]),
        ("Chess960=348", [19, 360, 6_821, 128_879]),
    ] {
        for base in [RuleSet::TEAMS, RuleSet::FFA] {
            let rules = base.with_rule_variants(opts).unwrap();
            let p = start(rules);
            let fast: Vec<u64> = (1..=4).map(|d| perft(&p, d)).collect();
            let slow: Vec<u64> = (1..=4).map(|d| reference::perft(&p, d)).collect();
            assert_eq!(fast, slow, "{} {opts}", base.variant);
            assert_eq!(fast, counts.to_vec(), "{} {opts}", base.variant);
        }
    }
}

#[test]
fn random_playouts_agree_with_the_reference() {
    // Random games from several numbers in both bases, every position's legal moves compared:
    // castles of every shape come up as the back rows empty.
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut castles = 0;
    for game in 0..24u16 {
        let base = if game % 2 == 0 {
            RuleSet::TEAMS
        } else {
            RuleSet::FFA
        };
        let n = 1 + (next() % 960) as u16;
        let sym = if game % 3 == 0 {
            " Chess960Rotational"
        } else {
            ""
        };
        let rules = base
            .with_rule_variants(&format!("Chess960={n}{sym}"))
            .unwrap();
        let mut g = Game::new(rules);
        for _ in 0..160 {
            let Some(_) = g.to_move() else { break };
            let list = g.legal_moves();
            if g.position().turn() == g.to_move().unwrap() {
                assert_eq!(
                    reference::legal_moves(g.position()),
                    moves(g.position()),
                    "{}\n{}",
                    rules.name(),
                    fen4::write(g.position())
                );
            }
            if list.is_empty() {
                break;
            }
            // Prefer castles and quiet back-row moves now and then, so castling is tried.
            let m = list
                .iter()
                .copied()
                .find(|m| m.is_castle() && next() % 2 == 0)
                .unwrap_or(list[(next() % list.len() as u64) as usize]);
            castles += usize::from(m.is_castle());
            let seat = g.to_move().unwrap();
            g.play(seat, m).unwrap();
        }
    }
    assert!(castles >= 10, "only {castles} castles were tried");
}

#[test]
fn played_games_round_trip_through_pgn4_and_fen4() {
    for opts in ["Chess960=1", "Chess960=700 Chess960Rotational"] {
        for base in [RuleSet::TEAMS, RuleSet::FFA] {
            let rules = base.with_rule_variants(opts).unwrap();
            assert_eq!(
                RuleSet::from_name(&rules.name()).unwrap(),
                rules,
                "{}",
                rules.name()
            );
            let mut g = Game::new(rules);
            let mut i = 0u64;
            while g.records().len() < 60 && g.to_move().is_some() {
                let list = g.legal_moves();
                let m = list
                    .iter()
                    .copied()
                    .find(|m| m.is_castle())
                    .unwrap_or(list[(i * 7 + 3) as usize % list.len()]);
                i += 1;
                let seat = g.to_move().unwrap();
                g.play(seat, m).unwrap();
            }
            let text = pgn4::write(&g, &Default::default());
            let n = opts.split(['=', ' ']).nth(1).unwrap();
            assert!(text.contains(&format!("Chess960={n}")), "{text}");
            assert!(
                text.contains("[StartFen4 \"R-0,0,0,0-1,1,1,1-1,1,1,1"),
                "{text}"
            );
            let (_, again) = pgn4::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(again.rules(), g.rules());
            assert_eq!(fen4::write(again.position()), fen4::write(g.position()));
            let fen = fen4::write(g.position());
            let back = fen4::parse(&fen, rules.shared()).unwrap();
            assert!(back.position == *g.position(), "{fen}");
        }
    }
    assert!(matches!(
        teams960(5).castling,
        Castling::Chess960(Symmetry::Classic)
    ));
}
