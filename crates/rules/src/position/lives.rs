//! N-check lives (chess.com `3-check`, variants.md §3.3): after every move, each other seat whose
//! king is live (zombie kings included) loses one life for every piece of a hostile army that
//! attacks its king after the move and did not attack it just before. A piece that attacked
//! and still attacks from the square it moved to is the same attacker; a double check costs
//! two; lives never go below 0. What 0 lives means is the game's business (`crate::game`).

use super::bitset::{and_not, clear_bit, count, has, Bits};
use super::Position;
use crate::board::Seat;
use crate::moves::Move;

impl Position {
    /// Per seat, the squares of the hostile pieces attacking its king (none without a king or
    /// when its army neither moves nor attacks).
    pub(super) fn king_attackers(&self) -> [Bits; 4] {
        let mut out = [[0u64; 4]; 4];
        for seat in Seat::ALL {
            let k = self.kings[seat.index()];
            if k != 0 && self.armies[seat.index()].is_hostile() {
                out[seat.index()] = self.attackers(k, self.hostile_to(seat));
            }
        }
        out
    }

    /// Takes the lives the move `m` of `mover` cost the other seats, given the attackers of
    /// their kings before it.
    pub(super) fn take_lives(&mut self, mover: Seat, m: Move, before: &[Bits; 4]) {
        for seat in Seat::ALL.into_iter().filter(|&s| s != mover) {
            let s = seat.index();
            let k = self.kings[s];
            if k == 0 || !self.armies[s].is_hostile() || self.lives[s] == 0 {
                continue;
            }
            let mut new = and_not(&self.attackers(k, self.hostile_to(seat)), &before[s]);
            if has(&before[s], m.origin_idx()) {
                clear_bit(&mut new, m.to_idx());
            }
            let lost = count(&new).min(u32::from(self.lives[s])) as u8;
            if lost > 0 {
                self.set_lives(seat, self.lives[s] - lost);
            }
        }
    }
}
