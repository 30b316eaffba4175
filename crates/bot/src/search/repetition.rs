//! Threefold repetition in the search (`repetition`, games scored by points): a line that
//! reaches a position for the third time — counting the game's positions before the root —
//! ends the game there, as the rules end it: each live player scores the rule set's draw
//! points (FFA: 10; the shares of zombie kings, which only a resigned or flagged player
//! leaves, are not counted) and the placings follow the points. For the root that is a win when it is then alone in first place, a loss
//! when a rival is ahead, and even when it shares first place.

use super::Searcher;
use fourhand_rules::position::Army;
use fourhand_rules::{Position, Seat};
use std::cmp::Ordering;

/// What a repetition that leaves the root alone in first place is worth (less the plies to
/// it): above any evaluation, below a mate.
pub(super) const REPETITION_WIN: i32 = 100_000;

/// `pos`'s repetition key, as `Game::repetition_keys` has it, when that is its hash: with no
/// en-passant window open (else 0, a position the search does not match).
fn key_of(pos: &Position) -> u64 {
    if pos.ep_windows().0.iter().all(|w| w.squares().is_none()) {
        pos.hash()
    } else {
        0
    }
}

impl Searcher {
    /// Records `pos` as the line's position at `ply` and, when it stands there for the third
    /// time (the game's positions before the root counted, back to its last capture or pawn
    /// move), the score of the game drawn there for the root, whose seats have `points`.
    pub(super) fn repetition(
        &mut self,
        pos: &Position,
        ply: i32,
        points: &[i32; 4],
    ) -> Option<i32> {
        let p = ply as usize;
        let key = key_of(pos);
        if self.path.len() <= p {
            self.path.resize(p + 1, 0);
        }
        self.path[p] = key;
        if key == 0 || p == 0 {
            return None;
        }
        // The root is the history's last position; the line's own start at ply 1.
        let earlier = self.path[1..p]
            .iter()
            .rev()
            .chain(self.history.iter().rev());
        let seen = earlier
            .take(pos.halfmoves() as usize)
            .filter(|&&k| k == key)
            .count();
        (seen >= 2).then(|| drawn_for(pos, self.root, points, ply))
    }
}

/// The root's score for a game drawn by repetition in `pos` with `points` won.
fn drawn_for(pos: &Position, root: Seat, points: &[i32; 4], ply: i32) -> i32 {
    let total = |s: Seat| {
        points[s.index()]
            + if pos.army(s) == Army::Live {
                i32::from(pos.rules().points.draw)
            } else {
                0
            }
    };
    let best_rival = Seat::ALL
        .into_iter()
        .filter(|&s| s != root)
        .map(total)
        .max()
        .unwrap_or(i32::MIN);
    match total(root).cmp(&best_rival) {
        Ordering::Greater => REPETITION_WIN - ply,
        Ordering::Equal => 0,
        Ordering::Less => -REPETITION_WIN + ply,
    }
}
