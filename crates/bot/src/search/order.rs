//! Move ordering: the table's move, captures by most valuable victim and least valuable
//! attacker, promotions, the killer moves of the ply, then quiet moves by history.

use fourhand_rules::{Kind, Move, Position};

/// Killer moves kept per ply.
pub(crate) const MAX_PLY: usize = 128;

/// What the search has learnt about quiet moves.
pub(crate) struct Heuristics {
    /// Two quiet moves per ply that caused a cutoff.
    pub killers: Vec<[Option<Move>; 2]>,
    /// Cutoff credit per (from, to) internal square pair.
    pub history: Vec<i32>,
}

impl Heuristics {
    pub fn new() -> Heuristics {
        Heuristics {
            killers: vec![[None; 2]; MAX_PLY],
            history: vec![0; 256 * 256],
        }
    }

    pub fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 8);
    }

    /// Records a quiet move that caused a cutoff at `ply` with `depth` left.
    pub fn reward(&mut self, m: Move, ply: usize, depth: u32) {
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != Some(m) {
                k[1] = k[0];
                k[0] = Some(m);
            }
        }
        let h = &mut self.history[index(m)];
        *h = (*h + (depth * depth) as i32).min(1 << 20);
    }
}

fn index(m: Move) -> usize {
    (m.from().index() as usize) << 8 | m.to().index() as usize
}

/// The value of a victim for capture ordering.
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

/// True when `m` takes a live piece (dead FFA pieces are worth nothing).
pub(crate) fn takes_live_piece(pos: &Position, m: &Move) -> bool {
    pos.piece_at(m.to()).is_some_and(|p| !p.dead)
}

/// True when `m` takes nothing and promotes nothing.
pub(crate) fn is_quiet(pos: &Position, m: Move) -> bool {
    m.promotion().is_none() && pos.piece_at(m.to()).is_none()
}

/// `moves` in search order. `heur` is `None` where killers and history are not used.
pub(crate) fn order(
    pos: &Position,
    moves: &[Move],
    tt: Option<Move>,
    heur: Option<(&Heuristics, usize)>,
) -> impl Iterator<Item = Move> {
    let mut v: Vec<(i32, Move)> = moves
        .iter()
        .map(|&m| {
            let mut k = 0;
            if Some(m) == tt {
                k += 1 << 28;
            }
            if let Some(victim) = pos.piece_at(m.to()) {
                let attacker = pos.piece_at(m.from()).map(|p| p.kind as i32).unwrap_or(0);
                k += (1 << 26) + victim_value(victim.kind) * 16 - attacker;
            } else if m.promotion().is_some() {
                k += 1 << 25;
            } else if let Some((h, ply)) = heur {
                let killers = h.killers.get(ply).copied().unwrap_or([None; 2]);
                if killers[0] == Some(m) {
                    k += (1 << 24) + 1;
                } else if killers[1] == Some(m) {
                    k += 1 << 24;
                } else {
                    k += h.history[index(m)];
                }
            }
            (k, m)
        })
        .collect();
    v.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
    v.into_iter().map(|(_, m)| m)
}
