//! The rules that real chess.com FFA games showed (the `fidelity/` games of the shared data),
//! each on a constructed position: the `S` slot of a stalemate, zombie castling, when the
//! draws are judged, insufficient material after the second-last player leaves, the fifty-move
//! count across an elimination, and a record that stops one entry early.

mod common;

use common::{board, mv, with_army};
use fourhand_rules::game::{
    Action, Automation, DrawReason, Event, Game, OutReason, Outcome, ScoreReason, SeatStatus,
};
use fourhand_rules::notation::pgn4;
use fourhand_rules::ruleset::{DrawJudging, FiftyCount};
use fourhand_rules::{Army, BySeat, Kind, MoveKind, Position, RuleSet, Seat, Variant};

const S: Seat = Seat::South;
const W: Seat = Seat::West;
const N: Seat = Seat::North;
const E: Seat = Seat::East;

fn pos(turn: Seat, spec: &str) -> Position {
    board(RuleSet::get(Variant::Ffa), turn, spec)
}

/// A game from a constructed position, every seat past the abort window.
fn game_with(rules: RuleSet, p: Position, points: [i32; 4]) -> Game {
    let mut g = Game::from_position(rules, p, BySeat(points)).with_seed(1);
    for s in Seat::ALL {
        g.set_moves_made(s, 3);
    }
    g
}

/// Blue's king on a4 has no move and is not in check once Red has moved.
const STALEMATE_SETUP: &str = "rK h1, bK a4, yK g14, gK n8, rR b10, rR e5";

/// The movetext of a written game (tags dropped).
fn movetext(g: &Game) -> String {
    let text = pgn4::write(g, &Default::default());
    let (_, moves) = pgn4::parse_tags(&text);
    moves.trim().to_string()
}

#[test]
fn a_stalemated_zombie_fills_its_slot_with_s() {
    let p = with_army(pos(S, STALEMATE_SETUP), W, Army::Zombie);
    let mut g = game_with(RuleSet::FFA, p, [0; 4]);
    mv(&mut g, "h1-i1");
    assert_eq!(g.statuses()[W], SeatStatus::Out(OutReason::Stalemated));
    assert_eq!(g.points(), BySeat([7, 0, 7, 7]), "20 shared, rounded");
    let judged = g.records().last().unwrap();
    assert_eq!((judged.seat, judged.action), (W, Action::Judged));
    assert!(judged.events.contains(&Event::TurnPassed { seat: W }));
    assert!(judged.events.iter().any(|e| matches!(
        e,
        Event::Scored {
            reason: ScoreReason::ZombieStalemate,
            ..
        }
    )));
    assert_eq!(g.to_move(), Some(N));
    // Blue's slot is an `S`, in round 1 between Red's move and Yellow's.
    mv(&mut g, "g14-g13");
    assert_eq!(movetext(&g), "1. Kh1-i1 .. S .. Kg14-g13");
}

#[test]
fn a_live_stalemate_fills_its_slot_with_s() {
    let mut g = game_with(RuleSet::FFA, pos(S, STALEMATE_SETUP), [0; 4]);
    mv(&mut g, "h1-i1");
    assert_eq!(g.points()[W], 20);
    mv(&mut g, "g14-g13");
    assert_eq!(movetext(&g), "1. Kh1-i1 .. S .. Kg14-g13");
}

#[test]
fn a_record_reads_the_s_in_the_stalemated_seats_slot() {
    // Written from the constructed game and read back: the `S` is Blue's, Yellow moves next.
    let p = with_army(pos(S, STALEMATE_SETUP), W, Army::Zombie);
    let mut g = game_with(RuleSet::FFA, p, [0; 4]);
    mv(&mut g, "h1-i1");
    mv(&mut g, "g14-g13");
    let text = pgn4::write(&g, &Default::default());
    let (_, again) = pgn4::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again.points(), g.points());
    assert_eq!(again.statuses(), g.statuses());
    // Without the `S` the next entry lands in Blue's slot and is refused, naming him.
    let cut = text.replace(" .. S", "");
    let r = pgn4::replay(&cut).unwrap();
    let e = r.error.expect("a missing S is an error");
    assert_eq!(e.seat, Some(W));
    assert!(
        matches!(e.reason, pgn4::ReadFault::SlotShouldRead { mark: "S", .. }),
        "{}",
        e.reason
    );
}

/// An FFA game from the start in which Red has cleared i1 and j1 and made three moves.
fn red_can_castle_short() -> Game {
    let mut g = Game::new(RuleSet::FFA).with_seed(3);
    for m in [
        "j1-k3", "b9-c9", "d13-d12", "m6-l6", "j2-j3", "b8-c8", "e13-e12", "m7-l7", "i1-j2",
        "b7-c7", "f13-f12", "m8-l8",
    ] {
        mv(&mut g, m);
    }
    g
}

#[test]
fn a_zombie_king_may_castle_with_its_dead_rook() {
    let mut g = red_can_castle_short().with_automation(Automation::REPLAY);
    g.resign(S).unwrap();
    assert_eq!(g.statuses()[S], SeatStatus::Zombie(OutReason::Resigned));
    assert_eq!(g.to_move(), Some(S), "the zombie moves in the same turn");
    let castle = g
        .legal_moves()
        .iter()
        .copied()
        .find(|m| m.kind() == MoveKind::CastleShort)
        .expect("the zombie keeps its castling right");
    g.play(S, castle).unwrap();
    let at = |sq: &str| g.position().piece_at(sq.parse().unwrap()).unwrap();
    assert_eq!(at("j1").kind, Kind::King);
    assert!(!at("j1").dead, "the zombie king stays live");
    assert_eq!(at("i1").kind, Kind::Rook);
    assert!(at("i1").dead, "the rook it castled with is still dead");
    assert!(movetext(&g).contains("O-OR"), "{}", movetext(&g));
    // The record reads back, the `O-OR` as the resignation and the zombie's castling.
    let text = pgn4::write(&g, &Default::default());
    let (_, again) = pgn4::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again.position(), g.position());
}

#[test]
fn the_zombie_generator_chooses_among_castling_too() {
    let g = red_can_castle_short().with_automation(Automation::REPLAY);
    let mut z = g.clone();
    z.resign(S).unwrap();
    let moves: Vec<_> = z.legal_moves().iter().map(|m| m.kind()).collect();
    assert!(moves.contains(&MoveKind::CastleShort));
    // The generator picks among all of them: some seed castles.
    let castles = (0..64u64).any(|seed| {
        let mut z = g.clone().with_seed(seed);
        z.resign(S).unwrap();
        z.zombie_choice()
            .is_some_and(|m| m.kind() == MoveKind::CastleShort)
    });
    assert!(castles, "no seed chose the castling");
}

/// Red and Yellow live, Blue a zombie on a7, Green out: `n` = 3 for the fifty-move rule.
fn fifty_setup(rules: RuleSet, halfmoves: u32) -> Game {
    let mut p = with_army(
        with_army(
            pos(S, "rK h1, bK a7, yK g14, gK n8, rN e5"),
            W,
            Army::Zombie,
        ),
        E,
        Army::Out,
    );
    p.set_halfmoves(halfmoves);
    game_with(rules, p, [0; 4]).with_automation(Automation::REPLAY)
}

#[test]
fn fifty_moves_count_zombie_moves_and_wait_for_the_zombie() {
    // 149 plies, then Red's: 150 = 50 × 3, but Blue's zombie moves next: not yet (game 12101520).
    let mut g = fifty_setup(RuleSet::FFA, 149);
    mv(&mut g, "e5-f7");
    assert_eq!(g.position().halfmoves(), 150);
    assert_eq!(g.outcome(), None, "the draw waits for the zombie's move");
    assert!(g.zombie_to_move());
    mv(&mut g, "a7-a8");
    assert_eq!(g.position().halfmoves(), 151, "a zombie move counts");
    assert_eq!(g.outcome(), Some(Outcome::Drawn(DrawReason::FiftyMoves)));
    // +10 to each active player and the zombie king's 20 shared.
    assert_eq!(g.points(), BySeat([20, 0, 20, 0]));
}

#[test]
fn fifty_moves_after_each_ply_when_the_rule_set_says_so() {
    let rules = RuleSet {
        draw_judging: DrawJudging::AfterEachPly,
        ..RuleSet::FFA
    };
    let mut g = fifty_setup(rules, 149);
    mv(&mut g, "e5-f7");
    assert_eq!(g.outcome(), Some(Outcome::Drawn(DrawReason::FiftyMoves)));
    let mut g = fifty_setup(rules, 148);
    mv(&mut g, "e5-f7");
    assert_eq!(g.outcome(), None, "149 < 150");
}

#[test]
fn fifty_moves_do_not_count_a_dead_capture_as_a_reset() {
    // Red's knight takes a dead Green pawn: the count goes on (and the draw, with a live
    // player next, is judged on that ply).
    let mut p = with_army(
        pos(S, "rK h1, bK a7, yK g14, gK n8, rN e5, gP f7"),
        E,
        Army::Out,
    );
    p.set_halfmoves(149);
    let mut g = game_with(RuleSet::FFA, p, [0; 4]);
    mv(&mut g, "e5-f7");
    assert_eq!(g.outcome(), Some(Outcome::Drawn(DrawReason::FiftyMoves)));
    assert_eq!(g.points()[S], 10, "0 for the dead pawn, +10 for the draw");
}

#[test]
fn insufficient_material_is_declared_on_the_ply_that_makes_it() {
    // Red's king takes Yellow's last pawn: two live kings and one knight between them.
    let p = with_army(
        with_army(
            pos(S, "rK h1, bK a7, yK g14, gK n8, yP i2, rN e5"),
            W,
            Army::Out,
        ),
        E,
        Army::Out,
    );
    let mut g = game_with(RuleSet::FFA, p.clone(), [0; 4]);
    mv(&mut g, "h1-g1");
    assert_eq!(g.outcome(), None, "the pawn can still promote");
    let mut g = game_with(RuleSet::FFA, p, [0; 4]);
    mv(&mut g, "h1-i2");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Drawn(DrawReason::InsufficientMaterial))
    );
    assert_eq!(g.records().len(), 1, "judged on the capture itself");
    assert_eq!(g.points(), BySeat([11, 0, 10, 0]));
}

#[test]
fn the_second_last_resigning_with_a_lone_minor_left_draws() {
    // Game 100784562: Green resigns, the last player (Yellow) has king and bishop: a draw,
    // +10 to each of the two, no +20 for Green's king.
    let p = with_army(
        with_army(
            pos(E, "rK h1, bK a7, yK g14, yB f12, gK n8, gQ l8"),
            S,
            Army::Out,
        ),
        W,
        Army::Out,
    );
    let mut g = game_with(RuleSet::FFA, p, [50, 12, 44, 64]);
    g.resign(E).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Drawn(DrawReason::InsufficientMaterial))
    );
    assert_eq!(g.points(), BySeat([50, 12, 54, 74]));
    // With a rook instead, Yellow could mate: the game ends and Yellow takes Green's king.
    let p = with_army(
        with_army(
            pos(E, "rK h1, bK a7, yK g14, yR f12, gK n8, gQ l8"),
            S,
            Army::Out,
        ),
        W,
        Army::Out,
    );
    let mut g = game_with(RuleSet::FFA, p, [50, 12, 44, 64]);
    g.resign(E).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Finished));
    assert_eq!(g.points(), BySeat([50, 12, 64, 64]));
}

/// Game 100758459's end: Red's rook takes Yellow's king, leaving Red (81) and Green (21), Green
/// to move. Nothing automatic follows: Green may play on. Three rounds come first, so that no
/// one's exit is an abort, and Green's knight on g12, moving last, opens the g-file.
fn red_takes_yellows_king() -> Game {
    let p = with_army(
        pos(S, "rK h1, bK a7, yK g14, yR d13, gK n8, gN g12, rR g10"),
        W,
        Army::Out,
    );
    let mut g = Game::from_position(RuleSet::FFA, p, BySeat([61, 17, 43, 21])).with_seed(1);
    for m in [
        "h1-i1", "d13-d12", "n8-n7", "i1-j1", "d12-d11", "n7-n6", "j1-k1", "d11-d10", "g12-i11",
        "g10-g14",
    ] {
        mv(&mut g, m);
    }
    g
}

/// `text` with the tag `key` set to `value` (added before the movetext when missing).
fn with_tag(text: &str, key: &str, value: &str) -> String {
    let (mut tags, moves) = pgn4::parse_tags(text);
    tags.set(key, value.to_string());
    let mut out = String::new();
    for (k, v) in &tags.0 {
        out.push_str(&format!("[{k} \"{v}\"]\n"));
    }
    out.push('\n');
    out.push_str(moves.trim());
    out.push('\n');
    out
}

#[test]
fn the_trailing_player_plays_on_after_the_capture_that_puts_him_out_of_reach() {
    let g = red_takes_yellows_king();
    assert_eq!(g.points(), BySeat([81, 17, 43, 21]));
    assert_eq!(g.outcome(), None, "no automatic resignation");
    assert_eq!(g.to_move(), Some(E));
    assert!(movetext(&g).ends_with("4. Rg10xKg14#"), "{}", movetext(&g));
}

#[test]
fn a_record_that_stops_one_entry_early_applies_the_unwritten_exit() {
    // chess.com's export of 100758459 writes Red's capture and stops: `CurrentMove` counts one
    // entry more, and `(Red +20)` is Green's exit.
    let g = red_takes_yellows_king();
    let text = pgn4::write(&g, &Default::default());
    let early = with_tag(
        &with_tag(&text, "CurrentMove", "11"),
        "Termination",
        "(Red +20)",
    );
    let r = pgn4::replay(&early).unwrap();
    assert_eq!(r.error, None);
    assert_eq!(r.unwritten_exit, Some(E));
    assert_eq!(r.game.outcome(), Some(Outcome::Finished));
    assert_eq!(r.game.points(), BySeat([101, 17, 43, 21]));
    assert_eq!(r.game.statuses()[E], SeatStatus::Out(OutReason::Resigned));
    let early = with_tag(&early, "Result", &pgn4::result_tag(&r.game, &r.tags));
    let r = pgn4::replay(&early).unwrap();
    assert_eq!(pgn4::mismatches(&r), Vec::<String>::new());
    // Only then: a `CurrentMove` that counts the entries written, or no `Termination`, leaves
    // the game on.
    for text in [
        with_tag(
            &with_tag(&text, "CurrentMove", "10"),
            "Termination",
            "(Red +20)",
        ),
        with_tag(&text, "CurrentMove", "11"),
    ] {
        let r = pgn4::replay(&text).unwrap();
        assert_eq!(r.unwritten_exit, None, "{text}");
        assert_eq!(r.game.outcome(), None, "{text}");
    }
}

#[test]
fn insufficient_material_ends_the_game_on_its_ply_with_a_zombie_to_move_next() {
    // Red's king takes Yellow's last pawn, leaving bare kings; Blue's zombie king moves next. Repetition and fifty
    // moves wait for the zombie's move, insufficient material does not: nothing can mend it.
    let p = with_army(
        with_army(
            pos(S, "rK h1, bK a7, yK g14, gK n8, yP i2"),
            W,
            Army::Zombie,
        ),
        E,
        Army::Out,
    );
    let mut g = game_with(RuleSet::FFA, p, [0; 4]).with_automation(Automation::REPLAY);
    mv(&mut g, "h1-i2");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Drawn(DrawReason::InsufficientMaterial))
    );
    assert!(!g.zombie_to_move(), "no zombie move after the end");
    // +1 for the pawn, +10 each for the draw and Blue's zombie king shared (10 each).
    assert_eq!(g.points(), BySeat([21, 0, 20, 0]));
}

/// Yellow's king on g14 is in check from Green's rook; Red's knight takes the last flight. Blue
/// is out: Red, Yellow and Green move, `n` = 3.
fn mate_with_count(rules: RuleSet, halfmoves: u32) -> Game {
    let mut p = with_army(
        board(
            rules.shared(),
            S,
            "rK h1, bK a7, gK n8, yK g14, yP f13, yP h13, gR g10, gN i12, rN d10",
        ),
        W,
        Army::Out,
    );
    p.set_halfmoves(halfmoves);
    game_with(rules, p, [0; 4])
}

#[test]
fn the_fifty_move_count_starts_again_when_a_player_is_eliminated() {
    // Game 103874030: Green mates Yellow in round 134 with the count at 127 — past 100 for the
    // two players left — and the game goes on eleven plies to an insufficient-material draw.
    let mut g = mate_with_count(RuleSet::FFA, 127);
    mv(&mut g, "d10-e12");
    assert_eq!(g.statuses()[N], SeatStatus::Out(OutReason::Checkmated));
    assert_eq!(
        g.outcome(),
        None,
        "the mate does not end the game by fifty moves"
    );
    assert_eq!(g.position().halfmoves(), 0, "the count starts again");
    // The two left then need 50 moves each: 99 plies do not draw, the 100th does.
    let mut g = mate_with_count(RuleSet::FFA, 127);
    mv(&mut g, "d10-e12");
    let mut p = g.position().clone();
    p.set_halfmoves(99);
    let mut g = game_with(RuleSet::FFA, p, g.points().0);
    mv(&mut g, "n8-n9");
    assert_eq!(g.outcome(), Some(Outcome::Drawn(DrawReason::FiftyMoves)));
    // Counting every ply across the elimination (FiftyCount::EveryPly) draws at the mate.
    let rules = RuleSet {
        fifty_count: FiftyCount::EveryPly,
        ..RuleSet::FFA
    };
    let mut g = mate_with_count(rules, 127);
    mv(&mut g, "d10-e12");
    assert_eq!(g.outcome(), Some(Outcome::Drawn(DrawReason::FiftyMoves)));
    // A resignation that leaves a zombie king changes no count: the seat still moves.
    let mut g = mate_with_count(RuleSet::FFA, 40);
    g.resign(S).unwrap();
    assert_eq!(g.statuses()[S], SeatStatus::Zombie(OutReason::Resigned));
    assert!(g.position().halfmoves() >= 40);
}

#[test]
fn a_zombie_king_takes_its_own_dead_pieces_but_never_walks_into_check() {
    // Blue's zombie king on a7 beside its own dead rook on b7; Red's queen on e8 attacks a8 and
    // b8, his knight on c4 attacks b6.
    let p = with_army(
        pos(W, "rK h1, bK a7, bR b7, yK g14, gK n8, rN c4, rQ e8"),
        W,
        Army::Zombie,
    );
    assert!(p.piece_at("b7".parse().unwrap()).unwrap().dead);
    assert_eq!(
        common::moves(&p),
        ["a7-a6", "a7-b7"],
        "b7 (its own dead rook) yes; a8, b8 and b6 are attacked"
    );
}

#[test]
fn a_record_starting_with_a_zombie_to_move_replays_its_recorded_move() {
    let p = with_army(
        pos(W, "rK h1, bK a7, yK g14, gK n8, rN c4, rQ e8"),
        W,
        Army::Zombie,
    );
    let mut g = Game::from_position_with(RuleSet::FFA, p, BySeat([0; 4]), Automation::REPLAY);
    assert!(g.zombie_to_move(), "nothing moved it yet");
    let b7 = g.find_uci("a7-b7").unwrap();
    g.play(W, b7).unwrap();
    let text = pgn4::write(&g, &Default::default());
    let (_, again) = pgn4::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again.position(), g.position(), "{text}");
}
