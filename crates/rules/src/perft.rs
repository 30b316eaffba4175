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
    let mut n = 0;
    for &m in moves.iter() {
        // The child is made where it is counted: a position returned by value would be copied
        // a second time.
        let mut child = pos.clone();
        if play(&mut child, m) {
            n += perft(&child, depth - 1);
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
