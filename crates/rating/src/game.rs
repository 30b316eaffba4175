//! A finished game turned into Glicko-2 results: FFA by placing against the opponents' average,
//! sides games against the other side's team rating.

use crate::glicko2::{Rating, Result, TAU};

/// A seat's player as the game starts.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Participant {
    /// The rating in the game's pool.
    pub rating: Rating,
    /// Full rating periods since the player's last rated game.
    pub idle_periods: u32,
    /// A bot: a fixed rating, never updated.
    pub fixed: bool,
}

/// How a rated game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Finish {
    /// A sides game (Teams, Verney, Club): the winning side (0 = seats 0 and 2, 1 = seats 1
    /// and 3), or `None` for a draw.
    Sides(Option<usize>),
    /// A sides game with any pairing (partners side by side, chess.com's `Teammate=`): each
    /// seat's side (0 or 1) and the winning side, or `None` for a draw.
    SidesOf {
        /// The side that won.
        winner: Option<usize>,
        /// The side of each seat.
        side: [u8; 4],
    },
    /// FFA: each seat's placing, 1 to 4, equal for tied players; 0 for a seat that had no
    /// player (three-player Conquest's East), which is neither rated nor an opponent.
    Placings([u8; 4]),
}

/// The team rating of two partners: (2 × higher + lower) / 3.
pub fn team_rating(a: f64, b: f64) -> f64 {
    (2.0 * a.max(b) + a.min(b)) / 3.0
}

/// The wins one FFA placing is worth (1st 3, 2nd 2, 3rd 1, 4th 0), shared over ties: players
/// tied at `placing` share the places `placing .. placing + tied`. The losses are 3 − wins.
pub fn placing_wins(placings: &[u8; 4], seat: usize) -> f64 {
    // With three players (a seat placed 0 had none) first is worth 2, second 1, third 0.
    let players = placings.iter().filter(|&&q| q != 0).count();
    let p = placings[seat] as usize;
    let tied = placings.iter().filter(|&&q| q == placings[seat]).count();
    let total: usize = (p..p + tied)
        .map(|place| players.saturating_sub(place))
        .sum();
    total as f64 / tied as f64
}

/// The four seats' ratings after the game (`None` for bots, which keep theirs). Each player's
/// rating period is the game: first the deviation grows for the periods he was away, then the
/// game's results apply.
pub fn rate(players: &[Participant; 4], finish: Finish) -> [Option<Rating>; 4] {
    let current: Vec<Rating> = players
        .iter()
        .map(|p| {
            if p.fixed {
                p.rating
            } else {
                p.rating.after_idle(p.idle_periods)
            }
        })
        .collect();
    std::array::from_fn(|seat| {
        if players[seat].fixed {
            return None;
        }
        let results = match finish {
            Finish::Sides(winner) => side_results(&current, seat, winner, [0, 1, 0, 1]),
            Finish::SidesOf { winner, side } => side_results(&current, seat, winner, side),
            Finish::Placings(placings) => {
                if placings[seat] == 0 {
                    return None;
                }
                let others: Vec<Rating> = (0..4)
                    .filter(|&o| o != seat && placings[o] != 0)
                    .map(|o| current[o])
                    .collect();
                let n = others.len().max(1) as f64;
                let opponent = Rating {
                    rating: others.iter().map(|r| r.rating).sum::<f64>() / n,
                    rd: others.iter().map(|r| r.rd).sum::<f64>() / n,
                    volatility: others
                        .first()
                        .map_or(crate::glicko2::START_VOLATILITY, |r| r.volatility),
                };
                // One game against the average per opponent; their scores add up to the wins.
                let wins = placing_wins(&placings, seat);
                vec![
                    Result {
                        opponent,
                        score: wins / n,
                    };
                    others.len()
                ]
            }
        };
        Some(current[seat].update(&results, TAU))
    })
}

/// A sides game's one result for `seat`: against the other side's team rating, won, lost or
/// drawn. `side` gives each seat's side; `winner` the side that won.
fn side_results(
    current: &[Rating],
    seat: usize,
    winner: Option<usize>,
    side: [u8; 4],
) -> Vec<Result> {
    let mine = side[seat];
    let mut them = (0..4).filter(|&o| side[o] != mine).map(|o| current[o]);
    let (o1, o2) = match (them.next(), them.next()) {
        (Some(a), Some(b)) => (a, b),
        _ => (current[(seat + 1) % 4], current[(seat + 3) % 4]),
    };
    let opponent = Rating {
        rating: team_rating(o1.rating, o2.rating),
        rd: (o1.rd + o2.rd) / 2.0,
        volatility: o1.volatility,
    };
    let score = match winner {
        None => 0.5,
        Some(w) if w == usize::from(mine) => 1.0,
        Some(_) => 0.0,
    };
    vec![Result { opponent, score }]
}
