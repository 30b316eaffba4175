//! The standings: each player's points, sheet (game by game: place or W/D/L, doubled games
//! marked), streak and performance; ranked by points, then performance, then who reached the
//! score first. A game is recorded once, keyed by the game: recording it again changes nothing.

use super::scoring::{score, GameOutcome, PlayerGame, Scored, SideResult, Streak};
use crate::Points;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::hash::Hash;

/// The rating points a result moves the performance by: a top result +500, the worst −500.
pub const PERFORMANCE_SPREAD: f64 = 500.0;

/// One game on a player's sheet.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SheetEntry<G> {
    /// The game.
    pub game: G,
    /// How it ended for him.
    pub outcome: GameOutcome,
    /// What it gave him.
    pub scored: Scored,
    /// He berserked in it.
    pub berserk: bool,
}

/// A player's line in the standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row<P, G> {
    /// Rank, 1 the best (every player has his own).
    pub rank: usize,
    /// The player.
    pub player: P,
    /// Points, all told.
    pub points: Points,
    /// On fire: his next top result counts double.
    pub on_fire: bool,
    /// His games, oldest first.
    pub sheet: Vec<SheetEntry<G>>,
    /// The mean of his opponents' ratings moved by his results (none before a counted game).
    pub performance: Option<i32>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Entry<G> {
    points: Points,
    streak: Streak,
    sheet: Vec<SheetEntry<G>>,
    /// Sum of (opponents' mean rating + spread × result) over counted games, and their number.
    performance: (f64, u32),
    /// When he reached his present score (a count of recorded games; joining counts as one).
    reached: u64,
}

/// One player's part in a finished game, as the standings record it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerResult<P> {
    /// The player.
    pub player: P,
    /// His game.
    pub game: PlayerGame,
    /// The mean rating of his opponents in it.
    pub opponents_rating: f64,
}

/// The standings of one arena.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Standings<P: Eq + Hash, G: Eq + Hash> {
    entries: HashMap<P, Entry<G>>,
    recorded: HashSet<G>,
    clock: u64,
}

impl<P: Eq + Hash, G: Eq + Hash> Default for Standings<P, G> {
    fn default() -> Self {
        Standings {
            entries: HashMap::new(),
            recorded: HashSet::new(),
            clock: 0,
        }
    }
}

/// A result in [−1, 1] for the performance: a win or 1st +1, a loss or 4th −1, between evenly.
fn result_factor(o: GameOutcome) -> f64 {
    match o {
        GameOutcome::Place { place, shared } => {
            let first = f64::from(place.clamp(1, 4));
            let mean_place = first + (f64::from(shared.max(1)) - 1.0) / 2.0;
            1.0 - 2.0 * (mean_place - 1.0) / 3.0
        }
        GameOutcome::Side { result } => match result {
            SideResult::Win => 1.0,
            SideResult::Draw => 0.0,
            SideResult::Loss => -1.0,
        },
    }
}

impl<P: Eq + Hash + Clone + Ord, G: Eq + Hash + Clone> Standings<P, G> {
    /// Standings with nobody in them.
    pub fn new() -> Self {
        Self::default()
    }

    /// Puts a player in (with no points); nothing when he is in already.
    pub fn join(&mut self, player: P) {
        if !self.entries.contains_key(&player) {
            self.clock += 1;
            let reached = self.clock;
            self.entries.insert(
                player,
                Entry {
                    points: Points::ZERO,
                    streak: Streak::default(),
                    sheet: Vec::new(),
                    performance: (0.0, 0),
                    reached,
                },
            );
        }
    }

    /// Records a finished game once: every player's points, sheet and streak. Returns false
    /// (and changes nothing) when `game` was recorded before.
    pub fn record(&mut self, game: G, results: &[PlayerResult<P>]) -> bool {
        if !self.recorded.insert(game.clone()) {
            return false;
        }
        self.clock += 1;
        for r in results {
            self.join(r.player.clone());
            let clock = self.clock;
            let e = self.entries.get_mut(&r.player).expect("joined");
            let scored = score(r.game, &mut e.streak);
            if scored.points > Points::ZERO {
                e.points += scored.points;
                e.reached = clock;
            }
            if !scored.void {
                e.performance.0 +=
                    r.opponents_rating + PERFORMANCE_SPREAD * result_factor(r.game.outcome);
                e.performance.1 += 1;
            }
            e.sheet.push(SheetEntry {
                game: game.clone(),
                outcome: r.game.outcome,
                scored,
                berserk: r.game.berserk,
            });
        }
        true
    }

    /// Whether `game` has been recorded.
    pub fn has_recorded(&self, game: &G) -> bool {
        self.recorded.contains(game)
    }

    /// A player's points (none: not in the arena).
    pub fn points(&self, player: &P) -> Option<Points> {
        self.entries.get(player).map(|e| e.points)
    }

    /// Every player, ranked: points, then performance, then who reached the score first.
    pub fn rows(&self) -> Vec<Row<P, G>> {
        let mut rows: Vec<(&P, &Entry<G>)> = self.entries.iter().collect();
        let perf = |e: &Entry<G>| {
            (e.performance.1 > 0).then(|| e.performance.0 / f64::from(e.performance.1))
        };
        rows.sort_by(|(pa, a), (pb, b)| {
            b.points
                .cmp(&a.points)
                .then_with(|| {
                    let (x, y) = (perf(a).unwrap_or(f64::MIN), perf(b).unwrap_or(f64::MIN));
                    y.total_cmp(&x)
                })
                .then(a.reached.cmp(&b.reached))
                .then_with(|| pa.cmp(pb))
        });
        rows.into_iter()
            .enumerate()
            .map(|(i, (p, e))| Row {
                rank: i + 1,
                player: p.clone(),
                points: e.points,
                on_fire: e.streak.on_fire(),
                sheet: e.sheet.clone(),
                performance: perf(e).map(|x| x.round() as i32),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(player: &'static str, place: u8, rating: f64) -> PlayerResult<&'static str> {
        PlayerResult {
            player,
            game: PlayerGame {
                outcome: GameOutcome::Place { place, shared: 1 },
                own_moves: 10,
                berserk: false,
            },
            opponents_rating: rating,
        }
    }

    #[test]
    fn a_game_counts_once_and_ranks_by_points_then_performance_then_who_got_there_first() {
        let mut s: Standings<&str, u32> = Standings::new();
        for p in ["a", "b", "c", "d"] {
            s.join(p);
        }
        let g1 = [
            place("a", 1, 1500.0),
            place("b", 2, 1500.0),
            place("c", 3, 1500.0),
            place("d", 4, 1500.0),
        ];
        assert!(s.record(1, &g1));
        assert!(!s.record(1, &g1), "the same game again changes nothing");
        assert_eq!(s.points(&"a"), Some(Points::whole(4)));
        // d reaches 4 points, as a has; b and c reach 3 in the same game.
        let g2 = [
            place("c", 2, 1500.0),
            place("b", 3, 1500.0),
            place("a", 4, 1500.0),
            place("d", 1, 1500.0),
        ];
        s.record(2, &g2);
        let rows = s.rows();
        let order: Vec<(&str, String)> = rows
            .iter()
            .map(|r| (r.player, r.points.to_string()))
            .collect();
        // a and d: equal performance, a reached 4 first. b and c: equal in all, the name decides.
        assert_eq!(
            order,
            [
                ("a", "4".into()),
                ("d", "4".into()),
                ("b", "3".into()),
                ("c", "3".into())
            ]
        );
        assert_eq!(rows[0].sheet.len(), 2);
        assert_eq!(rows[0].performance, Some(1500));
    }

    #[test]
    fn performance_breaks_a_tie_of_points() {
        let mut s: Standings<&str, u32> = Standings::new();
        s.record(1, &[place("weak", 1, 1200.0), place("x", 4, 1200.0)]);
        s.record(2, &[place("strong", 1, 1800.0), place("y", 4, 1800.0)]);
        let rows = s.rows();
        assert_eq!(rows[0].player, "strong");
        assert_eq!(rows[0].performance, Some(2300));
        assert_eq!(rows[1].player, "weak");
    }
}
