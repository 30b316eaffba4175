//! The simple bots that fill seats until the engine bots arrive: random, or greedy (takes the
//! most valuable piece it can take without losing the capturing piece for nothing).

use fourhand_rules::game::scoring::capture_value;
use fourhand_rules::game::Game;
use fourhand_rules::{Move, MoveKind};
use rand::seq::SliceRandom;
use rand::Rng;

/// How a bot chooses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BotLevel {
    /// Any legal move.
    Random,
    /// The most valuable safe capture, else a random move.
    Greedy,
}

impl BotLevel {
    /// Parses `random` or `greedy` (default greedy).
    pub fn parse(s: Option<&str>) -> Option<BotLevel> {
        match s.map(str::to_ascii_lowercase).as_deref() {
            None | Some("greedy") | Some("") => Some(BotLevel::Greedy),
            Some("random") => Some(BotLevel::Random),
            _ => None,
        }
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            BotLevel::Random => "random",
            BotLevel::Greedy => "greedy",
        }
    }
}

/// The bot's move for the seat to move, if it has one.
pub fn choose(game: &Game, level: BotLevel, rng: &mut impl Rng) -> Option<Move> {
    let moves: Vec<Move> = game.legal_moves().iter().copied().collect();
    if moves.is_empty() {
        return None;
    }
    if level == BotLevel::Greedy {
        let pos = game.position();
        let seat = pos.turn();
        let mut best: Option<(i32, Move)> = None;
        for &m in &moves {
            let Some(victim) = pos.piece_at(m.to()) else {
                continue;
            };
            let gain = capture_value(victim);
            let mover = pos.piece_at(m.from()).map(capture_value).unwrap_or(0);
            let mut after = pos.clone();
            after.set_turn(seat);
            after.play(m);
            let enemies = game.rules().enemies(seat);
            let attacked = fourhand_rules::Seat::ALL.into_iter().any(|o| {
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
        // Prefer promotions and checks a little over a random move.
        if let Some(&m) = moves
            .iter()
            .find(|m| m.promotion().is_some() && m.kind() != MoveKind::Jump)
        {
            return Some(m);
        }
    }
    moves.choose(rng).copied()
}
