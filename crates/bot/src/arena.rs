//! Matches between bots or engine commands: games from varied openings with the seats
//! alternating, scored and turned into an Elo estimate with its error margin.

use crate::external::External;
use crate::search::Options;
use crate::{parse_spec, Bot, Clock, Level, Player};
use fourhand_rules::game::{Automation, Game, Outcome};
use fourhand_rules::{RuleSet, Seat, Side};
use rand::{Rng, SeedableRng};

/// One side of a match.
#[derive(Clone, Debug, PartialEq)]
pub enum Contender {
    /// A bot of this crate.
    Bot(Level, Options),
    /// A command speaking the `fourhand engine` protocol (run by `sh -c`).
    Command(String),
}

impl Contender {
    /// Parses `cmd:<command>` or a bot specification (`engine2`, `engine3/paranoid`, …).
    pub fn parse(s: &str) -> Result<Contender, String> {
        match s.strip_prefix("cmd:") {
            Some(c) if !c.trim().is_empty() => Ok(Contender::Command(c.trim().to_string())),
            Some(_) => Err("cmd: needs a command".into()),
            None => parse_spec(s).map(|(l, o)| Contender::Bot(l, o)),
        }
    }

    /// Its name in reports.
    pub fn name(&self) -> String {
        match self {
            Contender::Bot(l, o) if *o == Options::default() => l.name(),
            Contender::Bot(l, o) => format!("{} {o:?}", l.name()),
            Contender::Command(c) => format!("'{c}'"),
        }
    }

    fn player(&self, rules: &RuleSet) -> Result<Box<dyn Player>, String> {
        Ok(match self {
            Contender::Bot(l, o) => Box::new(Bot::with_options(*l, *o)),
            Contender::Command(c) => Box::new(External::start(c, rules.variant)?),
        })
    }
}

/// How a match is played.
#[derive(Copy, Clone, Debug)]
pub struct MatchConfig {
    /// Games to play.
    pub games: u32,
    /// Plies after which a game is judged as it stands.
    pub max_plies: u32,
    /// Seed of the openings.
    pub seed: u64,
    /// The clock every move is thought on (it does not run down).
    pub clock: Clock,
}

impl Default for MatchConfig {
    fn default() -> MatchConfig {
        MatchConfig {
            games: 100,
            max_plies: 240,
            seed: 1,
            clock: Clock {
                bank_ms: 2_000,
                delay_ms: 30,
                increment_ms: 0,
            },
        }
    }
}

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

/// Plays a match of `rules` between `a` and `b`. Sides games: `a` takes one side, alternating.
/// FFA: `a` takes two opposite seats, `b` the others, alternating; `a` scores 1 for first
/// place, ½ for a shared first. Each game starts with two random plies per seat and is cut off
/// after `max_plies` (then judged by points/material: a draw in sides games).
pub fn play_match(
    rules: RuleSet,
    a: &Contender,
    b: &Contender,
    cfg: MatchConfig,
) -> Result<MatchResult, String> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(cfg.seed);
    let mut r = MatchResult::default();
    for g in 0..cfg.games {
        let a_even = g % 2 == 0; // a plays S+N when true
        let mut players = Vec::with_capacity(4);
        for s in Seat::ALL {
            let c = if (s.index() % 2 == 0) == a_even { a } else { b };
            players.push(c.player(&rules)?);
        }
        let mut game = Game::new(rules)
            .with_seed(rng.gen())
            .with_automation(Automation::LIVE);
        let mut ply = 0;
        while let Some(seat) = game.to_move() {
            if ply >= cfg.max_plies {
                break;
            }
            let m = if ply < 8 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                moves[rng.gen_range(0..moves.len())]
            } else {
                match players[seat.index()].choose(&game, cfg.clock, &mut rng) {
                    Some(m) => m,
                    None if game.legal_moves().is_empty() => break,
                    None => return Err(format!("game {g}: {seat} gave no move")),
                }
            };
            if let Err(e) = game.play(seat, m) {
                return Err(format!("game {g}: {seat} played {m}: {e}"));
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
    Ok(r)
}
