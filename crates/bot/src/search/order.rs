//! Move ordering: the table's move, captures by most valuable victim and least valuable
//! attacker, promotions, the killer moves of the ply, (with `check-order`) quiet moves that
//! give check, quiet moves by history, and last the captures that lose material by the
//! exchange test; with `capture-history`, captures by their record of cutoffs too.

use super::exchange::{loses_material, victim_value};
use super::history::CaptureHistory;
use super::table::move_code;
use fourhand_rules::{Move, Position};

/// Order bonus of a quiet move that gives check (with [`Hints::checks`]): below the killers',
/// above any history.
const CHECK_BONUS: i32 = 1 << 23;

/// Killer moves kept per ply.
pub(crate) const MAX_PLY: usize = 128;

/// What the search has learnt about quiet moves.
pub(crate) struct Heuristics {
    /// Two quiet moves per ply that caused a cutoff.
    pub killers: Vec<[Option<Move>; 2]>,
    /// Cutoff credit per (from, to) internal square pair (less for quiet moves searched
    /// before a cutoff and not causing it).
    pub history: Vec<i32>,
    /// Captures' cutoffs (`capture-history`).
    pub captures: CaptureHistory,
}

/// The cap of a history entry either way.
const HISTORY_MAX: i32 = 1 << 20;

/// What the move ordering knows at one node.
#[derive(Copy, Clone)]
pub(crate) struct Hints<'a> {
    /// The table's move (its code).
    pub tt: Option<u32>,
    /// Killers and history, with the node's ply.
    pub heur: Option<(&'a Heuristics, usize)>,
    /// Order losing captures last.
    pub exchange: bool,
    /// Order quiet moves that give check before the other quiet moves (after the killers).
    pub checks: bool,
    /// Captures' record of cutoffs, to order captures by besides victim and attacker.
    pub captures: Option<&'a CaptureHistory>,
}

impl Hints<'_> {
    /// Captures and promotions first, nothing learnt.
    pub const PLAIN: Hints<'static> = Hints {
        tt: None,
        heur: None,
        exchange: false,
        checks: false,
        captures: None,
    };
}

impl Heuristics {
    /// Empty.
    pub fn new() -> Heuristics {
        Heuristics {
            killers: vec![[None; 2]; MAX_PLY],
            history: vec![0; 256 * 256],
            captures: CaptureHistory::new(),
        }
    }

    pub fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 8);
    }

    /// Records a quiet move that caused a cutoff at `ply` with `depth` left; the quiet moves
    /// in `failed` were searched before it without a cutoff.
    pub fn reward(&mut self, m: Move, ply: usize, depth: u32, failed: &[Move]) {
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != Some(m) {
                k[1] = k[0];
                k[0] = Some(m);
            }
        }
        let bonus = (depth * depth) as i32;
        let h = &mut self.history[index(m)];
        *h = (*h + bonus).min(HISTORY_MAX);
        for &f in failed {
            let h = &mut self.history[index(f)];
            *h = (*h - bonus).max(-HISTORY_MAX);
        }
    }

    /// True when `m` is a killer of `ply`.
    pub fn is_special(&self, m: Move, ply: usize) -> bool {
        self.killers.get(ply).is_some_and(|k| k.contains(&Some(m)))
    }

    /// The history credit of `m`.
    pub fn history_of(&self, m: Move) -> i32 {
        self.history[index(m)]
    }
}

fn index(m: Move) -> usize {
    (m.from().index() as usize) << 8 | m.to().index() as usize
}

/// True when `m` takes a live piece (dead FFA pieces are worth nothing).
pub(crate) fn takes_live_piece(pos: &Position, m: &Move) -> bool {
    pos.captured_by(*m).is_some_and(|p| !p.dead)
}

/// True when `m` takes nothing and promotes nothing.
pub(crate) fn is_quiet(pos: &Position, m: Move) -> bool {
    m.promotion().is_none() && pos.captured_by(m).is_none()
}

/// `moves` in search order.
pub(crate) fn order(pos: &Position, moves: &[Move], hints: Hints) -> impl Iterator<Item = Move> {
    let kings = hints.checks.then(|| pos.enemy_kings());
    let mut v: Vec<(i32, Move)> = moves
        .iter()
        .map(|&m| {
            let mut k = 0;
            if hints.tt.is_some_and(|c| c == move_code(m)) {
                k += 1 << 28;
            }
            if let Some(victim) = pos.captured_by(m) {
                let attacker = pos.piece_at(m.from()).map(|p| p.kind as i32).unwrap_or(0);
                let mut mvv = victim_value(victim.kind) * 16 - attacker;
                if let Some(ch) = hints.captures {
                    // A pawn's worth of victim is 16 × 1024 here; the record (at most ±8 k after
                    // halving) moves a capture by up to half of one.
                    mvv = mvv * 1024 + ch.score(pos, m) / 2;
                }
                k += if hints.exchange && loses_material(pos, m) {
                    -(1 << 22) + mvv
                } else {
                    (1 << 26) + mvv
                };
            } else if m.promotion().is_some() {
                k += 1 << 25;
            } else {
                if kings.as_ref().is_some_and(|k| pos.gives_check(m, k)) {
                    k += CHECK_BONUS;
                }
                if let Some((h, ply)) = hints.heur {
                    let killers = h.killers.get(ply).copied().unwrap_or([None; 2]);
                    if killers[0] == Some(m) {
                        k += (1 << 24) + 2;
                    } else if killers[1] == Some(m) {
                        k += (1 << 24) + 1;
                    } else {
                        k += h.history[index(m)];
                    }
                }
            }
            (k, m)
        })
        .collect();
    v.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
    v.into_iter().map(|(_, m)| m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourhand_rules::{Kind, Piece, RuleSet, Seat, Square, Variant};

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn capture_history_puts_the_capture_that_refuted_before_first_among_equal_captures() {
        let mut p = Position::empty(RuleSet::get(Variant::Teams));
        for (s, seat) in [
            (sq("h1"), Seat::South),
            (sq("a7"), Seat::West),
            (sq("g14"), Seat::North),
            (sq("n8"), Seat::East),
        ] {
            p.put(s, Piece::new(seat, Kind::King));
        }
        // Red's rooks on d4 and k4 can each take a Blue pawn four squares up.
        p.put(sq("d4"), Piece::new(Seat::South, Kind::Rook));
        p.put(sq("k4"), Piece::new(Seat::South, Kind::Rook));
        p.put(sq("d8"), Piece::new(Seat::West, Kind::Pawn));
        p.put(sq("k8"), Piece::new(Seat::West, Kind::Pawn));
        p.set_turn(Seat::South);
        let moves = p.legal_moves();
        let takes = |to: Square| *moves.iter().find(|m| m.to() == to).unwrap();
        let (d, k) = (takes(sq("d8")), takes(sq("k8")));
        let first = |hints: Hints| order(&p, &moves, hints).next().unwrap();
        // Equal captures keep the generator's order without a record.
        let plain = first(Hints::PLAIN);
        assert!(plain == d || plain == k);
        let other = if plain == d { k } else { d };
        let mut h = CaptureHistory::new();
        h.reward(&p, other, 6, &[plain]);
        assert!(h.score(&p, other) > 0 && h.score(&p, plain) < 0);
        let with = Hints {
            captures: Some(&h),
            ..Hints::PLAIN
        };
        assert_eq!(first(with), other);
        // Quiet moves still come after both captures.
        let ordered: Vec<Move> = order(&p, &moves, with).collect();
        assert_eq!(&ordered[..2], &[other, plain]);
    }
}
