//! The greedy level: the most valuable safe capture, else a promotion, else any move.

use fourhand_rules::game::Game;
use fourhand_rules::{Move, Seat};
use rand::seq::SliceRandom;
use rand::Rng;

/// The most valuable safe capture (value taken minus the capturer's if it can be taken back),
/// a promotion, or a random move.
pub fn greedy(game: &Game, rng: &mut impl Rng) -> Option<Move> {
    let moves: Vec<Move> = game.legal_moves().iter().copied().collect();
    let pos = game.position();
    let seat = pos.turn();
    let enemies = game.rules().enemies(seat);
    let mut best: Option<(i32, Move)> = None;
    for &m in &moves {
        let Some(victim) = pos.captured_by(m) else {
            continue;
        };
        let table = &pos.rules().points;
        let gain = table.capture(victim);
        let mover = pos
            .piece_at(m.from())
            .map(|p| table.capture(p))
            .unwrap_or(0);
        let mut after = pos.clone();
        after.play(m);
        let attacked = Seat::ALL.into_iter().any(|o| {
            enemies & o.bit() != 0
                && after.army(o).is_hostile()
                && after.attacked_by(m.to(), o.bit())
        });
        let score = if attacked { gain - mover } else { gain };
        if score > 0 && best.is_none_or(|(b, _)| score > b) {
            best = Some((score, m));
        }
    }
    if let Some((_, m)) = best {
        return Some(m);
    }
    if let Some(&m) = moves.iter().find(|m| m.promotion().is_some()) {
        return Some(m);
    }
    moves.choose(rng).copied()
}
