//! Each field of `RuleSet` changes what it says, on a position where it matters.

mod common;

use common::{board, leak, moves, moves_from, play, with_army};
use fourhand_rules::game::{Game, OutReason, SeatStatus};
use fourhand_rules::ruleset::{PromotionChoice, PromotionZone};
use fourhand_rules::{Army, BySeat, RuleSet, Seat, Setup, Variant};

const KINGS: &str = "rK h1, bK a7, yK g14, gK n8";

#[test]
fn names_colours_first_mover_and_setups() {
    for (v, colours) in [
        (Variant::Teams, ["Red", "Blue", "Yellow", "Green"]),
        (Variant::Ffa, ["Red", "Blue", "Yellow", "Green"]),
        (Variant::Verney1881, ["Yellow", "Red", "White", "Black"]),
        (Variant::Club1893, ["White", "Black", "Yellow", "Red"]),
        (Variant::Chaturaji, ["Red", "Blue", "Yellow", "Green"]),
        (Variant::Conquest, ["Red", "Blue", "Yellow", "Green"]),
    ] {
        let r = RuleSet::of(v);
        assert_eq!(r.colours, colours);
        assert_eq!(r.first_to_move, Seat::South);
        assert_eq!(v.pgn_name().parse::<Variant>(), Ok(v));
        assert_eq!(v.short_name().parse::<Variant>(), Ok(v));
    }
    assert_eq!(RuleSet::VERNEY_1881.default_setup, Setup::Classic);
    const { assert!(!RuleSet::VERNEY_1881.any_setup) };
    let g = Game::new(RuleSet::TEAMS);
    assert_eq!(g.position().king(Seat::South).unwrap().to_string(), "h1");
    assert_eq!(g.position().king(Seat::West).unwrap().to_string(), "a7");
    assert!("atomic".parse::<Variant>().is_err());
}

#[test]
fn sides_decide_who_may_be_captured() {
    let spec = format!("{KINGS}, rR e5, yN e9");
    assert!(
        !moves(&board(RuleSet::get(Variant::Teams), Seat::South, &spec)).contains(&"e5-e9".into())
    );
    assert!(
        moves(&board(RuleSet::get(Variant::Ffa), Seat::South, &spec)).contains(&"e5-e9".into())
    );
}

#[test]
fn double_step_and_en_passant_can_be_switched_off() {
    let spec = format!("{KINGS}, rP e2, bP d4");
    let no_double = leak(RuleSet {
        double_step: false,
        ..RuleSet::TEAMS
    });
    assert_eq!(
        moves_from(&board(no_double, Seat::South, &spec), "e2"),
        ["e2-e3"]
    );
    let no_ep = leak(RuleSet {
        en_passant: false,
        ..RuleSet::TEAMS
    });
    let mut p = board(no_ep, Seat::South, &spec);
    play(&mut p, "e2-e4");
    assert!(!moves(&p).contains(&"d4-e3".into()));
    let mut p = board(RuleSet::get(Variant::Teams), Seat::South, &spec);
    play(&mut p, "e2-e4");
    assert!(moves(&p).contains(&"d4-e3".into()));
}

#[test]
fn castling_can_be_switched_off() {
    let no_castle = leak(RuleSet {
        castling: fourhand_rules::Castling::None,
        ..RuleSet::TEAMS
    });
    let mut p = board(no_castle, Seat::South, &format!("{KINGS}, rR k1"));
    p.set_castling_right(Seat::South, true, true);
    assert!(!moves(&p).contains(&"h1-j1".into()));
    let p = fourhand_rules::Position::start(no_castle, Setup::Modern);
    assert!(!p.castling_right(Seat::South, true));
}

#[test]
fn promotion_zone_and_choice() {
    let eighth_any = leak(RuleSet {
        promotion_zone: PromotionZone::OwnRank(8),
        promotion_choice: PromotionChoice::AnyPiece,
        ..RuleSet::TEAMS
    });
    let p = board(eighth_any, Seat::East, &format!("{KINGS}, gP h5"));
    assert_eq!(
        moves_from(&p, "h5"),
        ["h5-g5=B", "h5-g5=N", "h5-g5=Q", "h5-g5=R"]
    );
    let queen_only = leak(RuleSet {
        promotion_choice: PromotionChoice::QueenOnly,
        ..RuleSet::TEAMS
    });
    let mut p = board(queen_only, Seat::North, &format!("{KINGS}, yP e5"));
    assert_eq!(moves_from(&p, "e5"), ["e5-e4=Q"]);
    play(&mut p, "e5-e4=Q");
    assert!(!p.piece_at("e4".parse().unwrap()).unwrap().one_point);
}

#[test]
fn without_king_capture_a_king_is_no_destination() {
    let no_capture = leak(RuleSet {
        king_capture: false,
        ..RuleSet::TEAMS
    });
    let p = board(
        no_capture,
        Seat::South,
        "rK h1, bK a7, yK g14, gK e9, rR e5",
    );
    assert!(!moves(&p).contains(&"e5-e9".into()));
    assert!(moves(&p).contains(&"e5-e8".into()));
}

#[test]
fn capturing_a_king_may_or_may_not_disarm_its_army() {
    // Red is in check from Green's knight and can take Green's king.
    let spec = "rK h1, bK a7, yK g14, gK e9, rR e5, gN g3";
    let teams = board(RuleSet::get(Variant::Teams), Seat::South, spec);
    assert!(!moves(&teams).contains(&"e5-e9".into()));
    let ffa = board(RuleSet::get(Variant::Ffa), Seat::South, spec);
    assert!(moves(&ffa).contains(&"e5-e9".into()));
}

#[test]
fn scoring_only_where_the_rule_set_scores() {
    for (rules, points) in [(RuleSet::TEAMS, 0), (RuleSet::FFA, 5)] {
        let p = board(
            rules.shared(),
            Seat::South,
            &format!("{KINGS}, rR e5, bR e9"),
        );
        let mut g = Game::from_position(rules, p, BySeat([0; 4]));
        let m = g
            .find_move("e5".parse().unwrap(), "e9".parse().unwrap(), None)
            .unwrap();
        g.play(Seat::South, m).unwrap();
        assert_eq!(g.points()[Seat::South], points);
    }
}

#[test]
fn mated_army_dead_turns_grey() {
    let p = with_army(
        board(
            RuleSet::get(Variant::Ffa),
            Seat::South,
            &format!("{KINGS}, bR d9"),
        ),
        Seat::West,
        Army::Out,
    );
    assert!(p.piece_at("d9".parse().unwrap()).unwrap().dead);
    assert!(p.piece_at("a7".parse().unwrap()).unwrap().dead);
}

#[test]
fn dead_king_walking_can_be_switched_off() {
    let no_dkw = RuleSet {
        dead_king_walking: false,
        ..RuleSet::FFA
    };
    let p = board(RuleSet::get(Variant::Ffa), Seat::South, KINGS);
    let mut g = Game::from_position(no_dkw, p, BySeat([0; 4]));
    for s in Seat::ALL {
        g.set_moves_made(s, 3);
    }
    g.resign(Seat::South).unwrap();
    assert_eq!(
        g.statuses()[Seat::South],
        SeatStatus::Out(OutReason::Resigned)
    );
    assert_eq!(g.position().army(Seat::South), Army::Out);
}
