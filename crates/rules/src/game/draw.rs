//! Draw rules of rules.md §4.4: threefold repetition, fifty moves, insufficient material.

use crate::board::{Kind, Seat, Side};
use crate::moves::MoveKind;
use crate::position::{Army, Position};
use crate::ruleset::RuleSet;

/// The position's identity for repetition: the hash, with en-passant windows counted only when
/// the seat to move has an en-passant capture in them.
pub fn repetition_key(pos: &Position) -> u64 {
    let windows = pos.ep_windows();
    if windows.0.iter().all(|w| w.squares().is_none()) {
        return pos.hash();
    }
    let mut bare = pos.clone();
    for seat in Seat::ALL {
        bare.set_ep_window(seat, None);
    }
    let mut key = bare.hash();
    let moves = pos.legal_moves();
    for (seat, w) in windows.iter() {
        if let Some((skipped, _)) = w.squares() {
            if moves
                .iter()
                .any(|m| m.kind() == MoveKind::EnPassant && m.to() == skipped)
            {
                key ^= (skipped.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    ^ (seat.index() as u64) << 56;
            }
        }
    }
    key
}

/// Seats counted by the fifty-move rule: neither out, mated nor resigned.
pub fn moving_seats(pos: &Position) -> u32 {
    Seat::ALL
        .iter()
        .filter(|&&s| matches!(pos.army(s), Army::Live | Army::Zombie))
        .count() as u32
}

/// The fifty-move rule: `c >= 50 × n`, with `n` the [`moving_seats`] (what `c` counts is the
/// rule set's [`crate::ruleset::FiftyCount`]).
pub fn fifty_moves(pos: &Position) -> bool {
    let n = moving_seats(pos);
    n > 0 && pos.halfmoves() >= 50 * n
}

/// Insufficient material under `rules` (rules.md §4.4). Never under King of the Hill, where a
/// bare king still wins by walking to the centre, nor where checks need no answer
/// (CaptureTheKing, Chaturaji): there is no mate to be impossible, and a king left next to
/// another can still be taken (the project's decisions: chess.com's rules are not documented;
/// variants.md §2.7 for Chaturaji).
pub fn insufficient_material(pos: &Position, rules: &RuleSet) -> bool {
    if rules.king_of_the_hill || !rules.must_parry_check {
        return false;
    }
    let counts = |army_ok: &dyn Fn(Army) -> bool| {
        let mut heavy = false;
        let mut minors = [0u32; 4];
        let mut kings = [false; 4];
        for (_, pc) in pos.pieces() {
            if pc.dead && !(pc.kind == Kind::King && pos.army(pc.seat) == Army::Zombie) {
                continue;
            }
            if !army_ok(pos.army(pc.seat)) {
                continue;
            }
            match pc.kind {
                Kind::Pawn | Kind::Rook | Kind::Queen => heavy = true,
                Kind::Knight | Kind::Bishop => minors[pc.seat.index()] += 1,
                Kind::King => kings[pc.seat.index()] = true,
            }
        }
        (heavy, minors, kings)
    };
    if rules.sides() {
        let (heavy, minors, _) = counts(&|a| !matches!(a, Army::Resigned));
        let side_minors = |side: Side| {
            rules
                .seats_of(side)
                .iter()
                .map(|s| minors[s.index()])
                .sum::<u32>()
        };
        !heavy && side_minors(Side::First) <= 1 && side_minors(Side::Second) <= 1
    } else {
        let (heavy, minors, kings) = counts(&|a| matches!(a, Army::Live | Army::Zombie));
        if heavy {
            return false;
        }
        let live_kings = kings.iter().filter(|&&k| k).count();
        let total_minors: u32 = minors.iter().sum();
        // One live king with a lone minor piece counts too: game 100784562 is drawn when the
        // second-last player resigns and only K+B is left alive.
        total_minors == 0 || (live_kings <= 2 && total_minors <= 1)
    }
}
