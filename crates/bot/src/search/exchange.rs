//! A one-step exchange test: does a capture (or a move onto an attacked square) hand material
//! to the other side? Not a full static exchange evaluation — it looks at the first recapture
//! only — but it is cheap enough for every capture of the quiescence search and orders the
//! losing ones last.

use fourhand_rules::{Kind, Move, Position};

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

/// A piece's value in a trade: what capture ordering (most valuable victim first) and the
/// exchange test compare.
pub(crate) fn victim_value(k: Kind) -> i32 {
    match k {
        Kind::Pawn => 1,
        Kind::Knight => 3,
        Kind::Bishop => 4,
        Kind::Rook => 5,
        Kind::Queen => 9,
        Kind::King => 50,
    }
}
