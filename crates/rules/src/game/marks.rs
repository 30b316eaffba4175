//! Check and mate marks of moves, and the Dead King Walking move choice.

use super::ZombieRng;
use crate::board::Seat;
use crate::moves::Move;
use crate::position::Position;

/// What a move did to other kings, for its check and mate marks.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Marks {
    /// Kings of other players in check right after the move.
    pub checked: usize,
    /// The move mated a player or captured a king.
    pub decisive: bool,
}

impl Marks {
    /// Which seats' kings are in check in `pos`.
    pub(crate) fn in_check_all(pos: &Position) -> [bool; 4] {
        Seat::ALL.map(|q| pos.army(q).is_hostile() && pos.in_check(q))
    }

    /// Kings other than `seat`'s that are in check now and were not in `before`.
    pub(crate) fn checks(pos: &Position, seat: Seat, before: &[bool; 4]) -> usize {
        Seat::ALL
            .iter()
            .filter(|&&q| {
                q != seat && !before[q.index()] && pos.army(q).is_hostile() && pos.in_check(q)
            })
            .count()
    }
}

/// Chooses a zombie king's move: legal king moves sorted by destination (rank, then file).
pub(crate) fn zombie_pick(pos: &Position, rng: &mut ZombieRng) -> Option<Move> {
    let mut moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    if moves.is_empty() {
        return None;
    }
    moves.sort_by_key(|m| (m.to().rank(), m.to().file()));
    Some(moves[rng.below(moves.len())])
}
