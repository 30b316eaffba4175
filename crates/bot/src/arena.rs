//! Matches between levels: games from varied openings with the seats alternating, scored and
//! turned into an Elo estimate with its error margin.

use crate::{Bot, Clock, Level};
use fourhand_rules::game::{Automation, Game, Outcome};
use fourhand_rules::{RuleSet, Seat, Side};
use rand::{Rng, SeedableRng};

/// The result of a match between `a` and `b`.
#[derive(Clone, Debug, Default)]
pub struct MatchResult {
    /// Games played.
    pub games: u32,
    /// Points of `a` (win 1, draw ½).
    pub score: f64,
    /// Per-game scores of `a`, for the error margin.
    pub per_game: Vec<f64>,
}

impl MatchResult {
    /// `a`'s score as a fraction.
    pub fn fraction(&self) -> f64 {
        if self.games == 0 {
            0.5
        } else {
            self.score / self.games as f64
        }
    }

    /// Elo difference of `a` over `b` and its 95% margin.
    pub fn elo(&self) -> (f64, f64) {
        let elo = |p: f64| -400.0 * (1.0 / p.clamp(0.001, 0.999) - 1.0).log10();
        let p = self.fraction();
        let n = self.per_game.len().max(1) as f64;
        let var = self.per_game.iter().map(|x| (x - p).powi(2)).sum::<f64>() / n;
        let se = (var / n).sqrt();
        let (lo, hi) = (elo(p - 1.96 * se), elo(p + 1.96 * se));
        (elo(p), (hi - lo) / 2.0)
    }
}

/// Plays `games` games of `rules` between levels `a` and `b`. Sides games: `a` takes one side,
/// alternating. FFA: `a` takes two opposite seats, `b` the others, alternating; `a` scores 1 for
/// first place, ½ for a shared first. Each game starts with two random plies per seat and is cut
/// off after `max_plies` (then judged by points/material: a draw in sides games).
pub fn play_match(
    rules: RuleSet,
    a: Level,
    b: Level,
    games: u32,
    max_plies: u32,
    seed: u64,
) -> MatchResult {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut r = MatchResult::default();
    let clock = Clock {
        bank_ms: 2_000,
        delay_ms: 30,
        increment_ms: 0,
    };
    for g in 0..games {
        let a_even = g % 2 == 0; // a plays S+N when true
        let mut bots: Vec<Bot> = Seat::ALL
            .iter()
            .map(|s| Bot::new(if (s.index() % 2 == 0) == a_even { a } else { b }))
            .collect();
        let mut game = Game::new(rules)
            .with_seed(rng.gen())
            .with_automation(Automation::LIVE);
        let mut ply = 0;
        while let Some(seat) = game.to_move() {
            if ply >= max_plies {
                break;
            }
            let m = if ply < 8 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                moves[rng.gen_range(0..moves.len())]
            } else {
                match bots[seat.index()].choose(&game, clock, &mut rng) {
                    Some(m) => m,
                    None => break,
                }
            };
            if game.play(seat, m).is_err() {
                break;
            }
            ply += 1;
        }
        let a_side = if a_even {
            Side::SouthNorth
        } else {
            Side::WestEast
        };
        let s = if rules.scoring {
            let pl = game.placings();
            let a_best = a_side.seats().iter().map(|&s| pl[s]).min().unwrap_or(4);
            let b_best = a_side
                .other()
                .seats()
                .iter()
                .map(|&s| pl[s])
                .min()
                .unwrap_or(4);
            if a_best < b_best {
                1.0
            } else if a_best == b_best {
                0.5
            } else {
                0.0
            }
        } else {
            match game.outcome() {
                Some(Outcome::Won { side, .. }) => {
                    if side == a_side {
                        1.0
                    } else {
                        0.0
                    }
                }
                _ => 0.5,
            }
        };
        r.games += 1;
        r.score += s;
        r.per_game.push(s);
    }
    r
}
