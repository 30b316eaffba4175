//! Perft: counting the leaf nodes of the legal move tree, the standard test of a move generator.
//!
//! The tree follows the game's own ends at the board level: where capturing a king ends the game
//! (Teams), a king capture is a leaf; where it eliminates the player (FFA), his army turns grey
//! and play goes on.

use crate::board::Kind;
use crate::moves::{Move, MoveList};
use crate::position::{Army, Position};
use crate::ruleset::MatedArmy;

/// Number of leaf nodes `depth` plies below `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal_moves();
    }
    let mut moves = MoveList::new();
    pos.legal_moves_into(&mut moves);
    // Above the last ply: the next seat's checks and pins, found once for all the children that
    // leave its king's surroundings alone.
    let guard = if depth == 2 { pos.next_guard() } else { None };
    let mut n = 0;
    for &m in moves.iter() {
        // The child is made where it is counted: a position returned by value would be copied
        // a second time.
        let mut child = pos.clone();
        if play(&mut child, m) {
            n += match &guard {
                Some(g) => child.count_legal_moves_after(m, g),
                None => perft(&child, depth - 1),
            };
        }
    }
    n
}

/// Plays `m` on `c`; false when the move ends the game (a king capture in Teams).
fn play(c: &mut Position, m: Move) -> bool {
    let played = c.play(m);
    for (_, pc) in played.captures() {
        if pc.kind == Kind::King && !pc.dead {
            match c.rules().mated_army {
                MatedArmy::GameOver => return false,
                _ => {
                    c.set_army(pc.seat, Army::Out);
                    if c.turn() == pc.seat {
                        c.advance_turn();
                    }
                }
            }
        }
    }
    true
}

/// Perft split by first move.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut c = pos.clone();
            let n = if play(&mut c, m) {
                perft(&c, depth.saturating_sub(1))
            } else {
                u64::from(depth <= 1)
            };
            (m, n)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::play;
    use crate::moves::MoveList;
    use crate::position::Position;
    use crate::ruleset::{RuleSet, Variant};

    /// The next seat's checks and pins, worked out once in a position, give each child the count
    /// the child finds alone: every child of every position along random games, in Teams and FFA
    /// and under chess.com options (partners side by side, Chess960, King of the Hill, 3-check,
    /// FFA to the last one standing), and in Chaturaji, where king captures, checks and pins come often.
    #[test]
    fn the_shared_guard_counts_what_each_child_counts_alone() {
        let cases = [
            (Variant::Teams, ""),
            (Variant::Ffa, ""),
            (Variant::Teams, "Teammate=1"),
            (Variant::Teams, "Chess960=100 Chess960Rotational"),
            (Variant::Ffa, "KotH 3-check"),
            (Variant::Ffa, "Play4Mate"),
            (Variant::Chaturaji, ""),
        ];
        let mut shared = 0;
        for (variant, options) in cases {
            let rules = RuleSet::of(variant)
                .with_rule_variants(options)
                .expect("known options")
                .shared();
            for seed in 1..=12u64 {
                let mut pos = Position::start(rules, rules.default_setup);
                let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                let mut moves = MoveList::new();
                for _ in 0..240 {
                    pos.legal_moves_into(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    if let Some(guard) = pos.next_guard() {
                        shared += 1;
                        for &m in moves.iter() {
                            let mut child = pos.clone();
                            if play(&mut child, m) {
                                assert_eq!(
                                    child.count_legal_moves_after(m, &guard),
                                    child.count_legal_moves(),
                                    "{variant:?} {options} seed {seed}: after {m}"
                                );
                            }
                        }
                    }
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let m = moves[(x % moves.len() as u64) as usize];
                    if !play(&mut pos, m) {
                        break;
                    }
                }
            }
        }
        assert!(shared > 5_000, "only {shared} positions shared a guard");
    }
}
