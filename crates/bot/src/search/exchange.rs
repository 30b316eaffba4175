//! A one-step exchange test: does a capture (or a move onto an attacked square) hand material
//! to the other side? Not a full static exchange evaluation — it looks at the first recapture
//! only — but it is cheap enough for every capture of the quiescence search and orders the
//! losing ones last.

use super::order::victim_value;
use fourhand_rules::{Move, Position};

/// True when `m` puts a piece worth more than what it takes onto a square that a hostile
/// enemy of the mover attacks (the mover's piece could be taken back at a loss).
pub(crate) fn loses_material(pos: &Position, m: Move) -> bool {
    let Some(mover) = pos.piece_at(m.from()) else {
        return false;
    };
    let gain = pos
        .captured_by(m)
        .filter(|p| !p.dead)
        .map_or(0, |p| victim_value(p.kind));
    if victim_value(mover.kind) <= gain || m.promotion().is_some() {
        return false;
    }
    pos.attacked_by(m.to(), pos.hostile_to(mover.seat))
}
