//! FFA scoring, elimination, Dead King Walking, the end, draws, claims and aborts
//! (rules.md §5.2–5.3), each row on a constructed position.

mod common;

use common::{board, mv, with_army};
use fourhand_rules::game::{placings, Action, DrawReason, Game, OutReason, Outcome, SeatStatus};
use fourhand_rules::notation::pgn4;
use fourhand_rules::ruleset::CheckBonus;
use fourhand_rules::{Army, BySeat, Kind, Position, RuleSet, Seat, Variant};

const S: Seat = Seat::South;
const W: Seat = Seat::West;
const N: Seat = Seat::North;
const E: Seat = Seat::East;

fn pos(turn: Seat, spec: &str) -> Position {
    board(RuleSet::get(Variant::Ffa), turn, spec)
}

fn game(p: Position) -> Game {
    game_with(p, [0; 4])
}

/// A game from a constructed position, every seat past the abort window.
fn game_with(p: Position, points: [i32; 4]) -> Game {
    let mut g = Game::from_position(RuleSet::FFA, p, BySeat(points)).with_seed(1);
    for s in Seat::ALL {
        g.set_moves_made(s, 3);
    }
    g
}

const KINGS: &str = "rK h1, bK a7, yK g14, gK n8";

#[test]
fn capture_values() {
    for (piece, points) in [
        ("bP", 1),
        ("bN", 3),
        ("bB", 5),
        ("bR", 5),
        ("bQ", 9),
        ("bQ1", 1),
    ] {
        let mut g = game(pos(S, &format!("{KINGS}, rR e5, {piece} e9")));
        mv(&mut g, "e5-e9");
        assert_eq!(g.points()[S], points, "capturing {piece}");
    }
}

#[test]
fn capturing_a_dead_piece_scores_nothing() {
    let p = with_army(
        pos(S, "rK h1, bK a7, yK g14, gK n8, rR e5, gR e9"),
        E,
        Army::Out,
    );
    let mut g = game(p);
    mv(&mut g, "e5-e9");
    assert_eq!(g.points(), BySeat([0; 4]));
    assert_eq!(
        g.position().halfmoves(),
        1,
        "a dead capture does not reset the counter"
    );
}

#[test]
fn capturing_a_king_scores_20_and_eliminates() {
    let mut g = game(pos(S, "rK h1, bK e9, yK g14, gK n8, rR e5, bR a4"));
    mv(&mut g, "e5-e9");
    assert_eq!(g.points()[S], 20);
    assert_eq!(g.statuses()[W], SeatStatus::Out(OutReason::KingCaptured));
    let rook = g.position().piece_at("a4".parse().unwrap()).unwrap();
    assert!(rook.dead, "the eliminated army turns grey");
    assert_eq!(g.to_move(), Some(N), "the turn skips the eliminated seat");
}

#[test]
fn capturing_a_zombie_king_scores_20() {
    let p = with_army(
        pos(S, "rK h1, bK e9, yK g14, gK n8, rR e5"),
        W,
        Army::Zombie,
    );
    let mut g = game(p);
    mv(&mut g, "e5-e9");
    assert_eq!(g.points()[S], 20);
    assert_eq!(g.statuses()[W], SeatStatus::Out(OutReason::Resigned));
}

/// Yellow's king on g14 is in check from Green's rook; Red's knight takes the last flight.
const MATE_SETUP: &str = "rK h1, bK a7, gK n8, yK g14, yP f13, yP h13, gR g10, gN i12, rN d10";

#[test]
fn checkmate_scores_20_even_when_another_players_piece_checks() {
    let mut g = game(pos(S, MATE_SETUP));
    mv(&mut g, "d10-e12");
    assert_eq!(g.points()[S], 20);
    assert_eq!(g.points()[E], 0);
    assert_eq!(g.statuses()[N], SeatStatus::Out(OutReason::Checkmated));
    assert!(g.position().piece_at("f13".parse().unwrap()).unwrap().dead);
}

#[test]
fn a_king_already_mated_in_place_is_not_mated_again() {
    // Yellow resigned while mated in place: his zombie king stays, capturable.
    let p = with_army(
        pos(
            S,
            "rK h1, bK a7, gK n8, yK g14, gR g10, gN i12, gB h11, rN e12, rB f11, rR k14",
        ),
        N,
        Army::Zombie,
    );
    let mut g = game(p);
    mv(&mut g, "h1-i1");
    assert_eq!(g.points()[S], 0, "no mate bonus for a king already mated");
    mv(&mut g, "a7-a8");
    assert_eq!(
        g.to_move(),
        Some(E),
        "the zombie in check with no move passes"
    );
    mv(&mut g, "n8-n9");
    mv(&mut g, "k14-g14");
    assert_eq!(g.points()[S], 20, "the king stayed capturable");
}

#[test]
fn check_bonuses() {
    let two = "rK h1, bK a7, gK n7, yK g14, rQ h2";
    let three = "rK h1, bK a7, gK n7, yK h14, rQ h2";
    let cases = [
        (two, CheckBonus::Live, 1),
        (three, CheckBonus::Live, 5),
        (two, CheckBonus::HelpCentre, 1),
        (three, CheckBonus::HelpCentre, 5),
    ];
    for (spec, table, points) in cases {
        let rules = RuleSet {
            check_bonus: table,
            ..RuleSet::FFA
        };
        let mut g = Game::from_position(rules, pos(S, spec), BySeat([0; 4]));
        mv(&mut g, "h2-h7");
        assert_eq!(g.points()[S], points, "{spec} {table:?}");
    }
    for (spec, points) in [(two, 5), (three, 20)] {
        let rules = RuleSet {
            check_bonus: CheckBonus::HelpCentre,
            ..RuleSet::FFA
        };
        let spec = spec.replace("rQ h2", "rR h2");
        let mut g = Game::from_position(rules, pos(S, &spec), BySeat([0; 4]));
        mv(&mut g, "h2-h7");
        assert_eq!(g.points()[S], points, "rook: {spec}");
    }
}

#[test]
fn checks_on_zombie_kings_do_not_count() {
    let p = with_army(
        pos(S, "rK h1, bK a7, gK n7, yK g14, rQ h2"),
        E,
        Army::Zombie,
    );
    let mut g = game(p);
    mv(&mut g, "h2-h7");
    assert_eq!(g.points()[S], 0);
}

/// Blue's king on a4 has no move and is not in check.
const STALEMATE_SETUP: &str = "rK h1, bK a4, yK g14, gK n8, rR b10, rR e5";

#[test]
fn being_stalemated_scores_20_and_puts_you_out() {
    let mut g = game(pos(S, STALEMATE_SETUP));
    mv(&mut g, "h1-i1");
    assert_eq!(g.points()[W], 20);
    assert_eq!(g.statuses()[W], SeatStatus::Out(OutReason::Stalemated));
    assert_eq!(g.to_move(), Some(N));
}

#[test]
fn a_stalemated_zombie_king_shares_20_among_the_active_players() {
    let p = with_army(pos(S, STALEMATE_SETUP), W, Army::Zombie);
    let mut g = game(p);
    mv(&mut g, "h1-i1");
    assert_eq!(g.points(), BySeat([7, 0, 7, 7]));
    let p = with_army(
        with_army(pos(S, STALEMATE_SETUP), W, Army::Zombie),
        E,
        Army::Out,
    );
    let mut g = game(p);
    mv(&mut g, "h1-i1");
    assert_eq!(g.points(), BySeat([10, 0, 10, 0]));
}

fn opening() -> Game {
    let mut g = Game::new(RuleSet::FFA).with_seed(42);
    for m in [
        "j1-i3", "a10-c9", "j14-i12", "n10-l9", "e1-f3", "a5-c6", "e14-f12", "n5-l6", "i3-j5",
        "c9-e10", "i12-j10", "l9-j8",
    ] {
        mv(&mut g, m);
    }
    g
}

#[test]
fn dead_king_walking_on_own_turn_moves_at_once() {
    let mut g = opening();
    mv(&mut g, "f3-g5");
    g.resign(W).unwrap();
    assert_eq!(g.statuses()[W], SeatStatus::Zombie(OutReason::Resigned));
    let last = g.records().last().unwrap();
    assert!(matches!(last.action, Action::Move { zombie: true, .. }) && last.seat == W);
    let Action::Move { mv: zm, .. } = last.action else {
        unreachable!()
    };
    assert_eq!(g.position().piece_at(zm.to()).unwrap().kind, Kind::King);
    assert!(g.position().piece_at("b4".parse().unwrap()).unwrap().dead);
    assert!(
        !g.position().piece_at(zm.to()).unwrap().dead,
        "the zombie king stays live"
    );
    // The same seed chooses the same move.
    let mut h = opening();
    mv(&mut h, "f3-g5");
    h.resign(W).unwrap();
    assert_eq!(h.records(), g.records());
    assert_eq!(g.to_move(), Some(N));
}

#[test]
fn a_resignation_on_another_players_turn_takes_effect_in_the_own_slot() {
    let mut g = opening();
    g.resign(N).unwrap();
    assert_eq!(g.statuses()[N], SeatStatus::Active, "not yet");
    mv(&mut g, "f3-g5");
    mv(&mut g, "c6-e7");
    assert_eq!(g.statuses()[N], SeatStatus::Zombie(OutReason::Resigned));
    assert_eq!(g.to_move(), Some(E), "the resignation fills Yellow's slot");
}

#[test]
fn the_last_player_gets_the_kings_of_those_who_left() {
    // Red and Yellow play on; Blue is a zombie; Green is out. Yellow resigns.
    let p = with_army(
        with_army(
            pos(N, "rK h1, bK a7, yK g14, gK n8, rR e5, yR f10"),
            W,
            Army::Zombie,
        ),
        E,
        Army::Out,
    );
    let mut g = game_with(p, [10, 5, 30, 2]);
    g.resign(N).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Finished));
    assert_eq!(g.points(), BySeat([50, 5, 30, 2]));
    assert_eq!(g.placings(), BySeat([1, 3, 2, 4]));
}

#[test]
fn the_second_last_resigning_into_insufficient_material_draws() {
    let p = with_army(
        with_army(pos(N, "rK h1, bK a7, yK g14, gK n8"), W, Army::Zombie),
        E,
        Army::Out,
    );
    let mut g = game_with(p, [10, 5, 30, 2]);
    g.resign(N).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Drawn(DrawReason::InsufficientMaterial))
    );
    assert_eq!(g.points(), BySeat([40, 5, 40, 2]));
}

#[test]
fn a_draw_gives_10_to_each_active_player_and_shares_the_zombie_kings() {
    let mut g = game(pos(S, "rK h1, bK a7, yK g14, gK n8, bP i2"));
    mv(&mut g, "h1-i2");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Drawn(DrawReason::InsufficientMaterial))
    );
    assert_eq!(g.points(), BySeat([11, 10, 10, 10]));
    let p = with_army(
        pos(S, "rK h1, bK a7, yK g14, gK n8, yP i2"),
        W,
        Army::Zombie,
    );
    let mut g = game(p);
    mv(&mut g, "h1-i2");
    assert_eq!(g.points(), BySeat([18, 0, 17, 17]));
}

fn two_left(points: [i32; 4]) -> Game {
    let p = with_army(
        with_army(
            pos(
                S,
                "rK h1, bK a7, yK g14, gK n8, rQ e5, rR d1, rR k1, yR f10",
            ),
            W,
            Army::Out,
        ),
        E,
        Army::Out,
    );
    game_with(p, points).with_automation(fourhand_rules::game::Automation::REPLAY)
}

#[test]
fn claiming_the_win_needs_a_lead_of_21() {
    let mut g = two_left([25, 3, 5, 2]);
    assert!(g.claim_win(S).is_err());
    assert_eq!(
        g.points(),
        BySeat([25, 3, 5, 2]),
        "a refused claim changes nothing"
    );
    let mut g = two_left([26, 3, 5, 2]);
    g.claim_win(S).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Finished));
    assert_eq!(g.points(), BySeat([26, 3, 25, 2]));
    assert_eq!(g.statuses()[S], SeatStatus::Out(OutReason::Resigned));
}

/// Red and Yellow left, Blue and Green out, `turn` to move, with `points`.
fn last_two(turn: Seat, points: [i32; 4]) -> Game {
    let p = with_army(
        with_army(
            pos(
                turn,
                "rK h1, bK a7, yK g14, gK n8, rQ e5, rR d1, rR k1, yR f10",
            ),
            W,
            Army::Out,
        ),
        E,
        Army::Out,
    );
    game_with(p, points)
}

/// As [`last_two`], but Blue's king is a zombie still on the board: a claim is worth 40.
fn last_two_and_a_zombie(turn: Seat, points: [i32; 4]) -> Game {
    let p = with_army(
        with_army(
            pos(
                turn,
                "rK h1, bK a7, yK g14, gK n8, rQ e5, rR d1, rR k1, yR f10",
            ),
            W,
            Army::Zombie,
        ),
        E,
        Army::Out,
    );
    game_with(p, points)
}

#[test]
fn a_trailing_player_who_cannot_catch_up_plays_on() {
    // Yellow (5) can at most take Red's queen, rooks and king: 5 + 39 < 65. He plays on
    // (games 102140628 and 11980837), and so does Red.
    let mut g = last_two(S, [65, 3, 5, 2]);
    assert_eq!(g.outcome(), None);
    mv(&mut g, "e5-e6");
    assert_eq!(g.to_move(), Some(N));
    mv(&mut g, "f10-f9");
    assert_eq!(g.outcome(), None);
    assert!(g.records().iter().all(|r| r.action != Action::AutoClaim));
}

#[test]
fn autoclaim_on_the_leaders_turn_exactly_at_the_margin() {
    // Blue, out, holds second with 40: a claim gives Yellow 20, so it is made for Red from
    // Yellow's 20 down — and not at 21, where Yellow would pass Blue.
    let g = last_two(S, [50, 40, 20, 10]);
    assert_eq!(g.outcome(), Some(Outcome::Finished));
    let last = g.records().last().unwrap();
    assert_eq!((last.seat, last.action), (S, Action::AutoClaim));
    assert_eq!(g.points(), BySeat([50, 40, 40, 10]));
    assert_eq!(g.statuses()[S], SeatStatus::Out(OutReason::Resigned));
    let g = last_two(S, [50, 40, 21, 10]);
    assert_eq!(g.outcome(), None, "one point below the margin");
    // With a zombie king on the board the claim gives 40: Blue's zombie holds 60 over
    // Yellow's 20, exactly enough; 59 is not.
    let g = last_two_and_a_zombie(S, [80, 60, 20, 10]);
    assert_eq!(g.outcome(), Some(Outcome::Finished));
    assert_eq!(g.points(), BySeat([80, 60, 60, 10]));
    let g = last_two_and_a_zombie(S, [80, 59, 20, 10]);
    assert_eq!(
        g.outcome(),
        None,
        "one point below the margin with a zombie king"
    );
}

#[test]
fn autoclaim_waits_for_the_leaders_turn() {
    // Due, but Yellow is to move: he plays (102140628: Blue's `Bi1xQj2` before Yellow's `R`),
    // then the claim comes on Red's turn, as an `R` in Red's slot.
    let mut g = last_two(N, [50, 40, 15, 10]);
    assert_eq!(g.outcome(), None);
    mv(&mut g, "f10-f5");
    assert_eq!(g.outcome(), Some(Outcome::Finished));
    assert_eq!(g.records().last().unwrap().action, Action::AutoClaim);
    assert_eq!(g.points(), BySeat([50, 40, 35, 10]));
    let text = pgn4::write(&g, &Default::default());
    assert!(text.contains("1. Rf10-f5\n2. R"), "{text}");
    assert!(text.contains("[Termination \"(Yellow +20)\"]"), "{text}");
    let (_, again) = pgn4::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again.points(), g.points());
    assert_eq!(again.records().last().unwrap().action, Action::AutoClaim);
}

#[test]
fn no_autoclaim_for_a_leader_not_alone_in_first_place() {
    // Blue, out, has as many points as Red: no claim; nor when Blue leads.
    assert_eq!(last_two(S, [40, 40, 15, 10]).outcome(), None);
    assert_eq!(last_two(S, [40, 45, 15, 10]).outcome(), None);
}

#[test]
fn a_players_own_r_is_his_resignation() {
    // As in game 102619993: Red trails, Blue's zombie king is on the board, and Red's `R` in
    // his own slot is his resignation: the leader gets Red's king and the zombie's, 40.
    let mut g = last_two_and_a_zombie(S, [26, 49, 60, 22]);
    assert_eq!(g.outcome(), None, "no claim is due: 49 < 26 + 40");
    g.resign(S).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Finished));
    assert_eq!(g.points(), BySeat([26, 49, 100, 22]));
    assert_eq!(g.records().last().unwrap().action, Action::Resign);
    let text = pgn4::write(&g, &Default::default());
    assert!(text.contains("1. R"), "{text}");
    assert!(text.contains("[Termination \"(Yellow +40)\"]"), "{text}");
    // (Read back from this FEN4, the `R` would abort: no moves made. The corpus test replays
    // game 102619993 itself.)
}

#[test]
fn placings_share_ties() {
    assert_eq!(placings(&BySeat([10, 10, 5, 3])), BySeat([1, 1, 3, 4]));
    assert_eq!(placings(&BySeat([7, 9, 9, 9])), BySeat([4, 1, 1, 1]));
}

#[test]
fn early_resignation_aborts_unless_in_check() {
    let mut g = Game::new(RuleSet::FFA);
    mv(&mut g, "h2-h3");
    g.resign(W).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Aborted { by: W }));
    // A player in check may resign early without aborting.
    let mut g = Game::from_position(
        RuleSet::FFA,
        pos(W, "rK h1, bK a7, yK g14, gK n8, rR a10"),
        BySeat([0; 4]),
    );
    assert!(g.position().in_check(W));
    g.resign(W).unwrap();
    assert_eq!(g.outcome(), None);
    assert_eq!(g.statuses()[W], SeatStatus::Zombie(OutReason::Resigned));
    // After three moves a resignation does not abort.
    let mut g = opening();
    mv(&mut g, "f3-g5");
    g.timeout(W).unwrap();
    assert_eq!(g.statuses()[W], SeatStatus::Zombie(OutReason::TimedOut));
}

#[test]
fn points_for_mate_sets_the_mate_and_the_claim_lead() {
    let rules = RuleSet::FFA.with_rule_variants("PointsForMate=40").unwrap();
    let p = board(rules.shared(), S, MATE_SETUP);
    let mut g = Game::from_position(rules, p, BySeat([0; 4])).with_seed(1);
    for s in Seat::ALL {
        g.set_moves_made(s, 3);
    }
    mv(&mut g, "d10-e12");
    assert_eq!(g.points()[S], 40);
    assert_eq!(g.statuses()[N], SeatStatus::Out(OutReason::Checkmated));
    // Two players left, 40 points apart: under PointsForMate=40 a claim needs 41.
    let p = with_army(
        with_army(board(rules.shared(), S, KINGS), N, Army::Out),
        E,
        Army::Out,
    );
    let mut g = Game::from_position(rules, p, BySeat([40, 0, 0, 0])).with_seed(1);
    for s in Seat::ALL {
        g.set_moves_made(s, 3);
    }
    let e = g.claim_win(S).unwrap_err();
    assert!(e.to_string().contains("a lead of 41 points"), "{e}");
}

#[test]
fn the_claimants_own_mate_makes_the_claim_due_on_his_next_turn() {
    // Yellow (67) mates Red (39, out then); Green (1) is out; Blue (12) is left with Yellow.
    // The claim is due — Red's 39 is above Blue's 12 + 20 — but Blue moves first, and the
    // server claims for Yellow when Yellow's turn comes: his `R` stands in his own slot. (An
    // arena game of FFA KotH once replayed with the 20 points on the wrong side.)
    let p = with_army(
        board(
            RuleSet::get(Variant::Ffa),
            N,
            "rK h1, rP g2, rP h2, rP i2, bK a7, yK g14, yR e5, yQ k10, yQ j10, yR d12, yB i13, \
             yN e14, dgK n8",
        ),
        E,
        Army::Out,
    );
    let mut g = game_with(p, [39, 12, 67, 1]);
    mv(&mut g, "e5-e1");
    assert_eq!(g.outcome(), None, "Blue moves before Yellow's turn comes");
    assert_eq!(g.to_move(), Some(W));
    mv(&mut g, "a7-a8");
    assert!(g.is_over());
    assert_eq!(
        g.points(),
        BySeat([39, 32, 87, 1]),
        "Blue gets the claimer's king"
    );
    let text = pgn4::write(&g, &Default::default());
    let (_, again) = pgn4::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again.points(), g.points(), "{text}");
    assert_eq!(again.statuses(), g.statuses(), "{text}");
}
