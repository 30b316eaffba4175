//! One game's points for one player: FFA places 4 / 2 / 1 / 0 (tied places share the mean), two
//! sides 2 / 1 / 0; on a streak (two top results in a row) a further top result counts double;
//! a berserk player who takes the top result with at least 7 moves of his own gets 1 more; a
//! player who made fewer than 2 moves of his own gets nothing and loses his streak.

use crate::Points;
use serde::{Deserialize, Serialize};

/// FFA points by place, 1st to 4th.
pub const PLACE_POINTS: [u32; 4] = [4, 2, 1, 0];

/// Points of a side's win and draw (a loss scores 0).
pub const WIN_POINTS: u32 = 2;
/// Points of a draw between two sides.
pub const DRAW_POINTS: u32 = 1;

/// Own moves a game needs to count at all (fewer: 0 points, the streak ends).
pub const MIN_MOVES: u32 = 2;

/// Own moves a berserk player needs for his extra point.
pub const BERSERK_MOVES: u32 = 7;

/// How a game ended for one player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GameOutcome {
    /// Each for himself: his place (1–4) as the game's placings give it, and how many players
    /// share that place (himself included).
    Place {
        /// The place, 1 the best.
        place: u8,
        /// Players sharing it (1: no tie).
        shared: u8,
    },
    /// A game of two sides.
    Side {
        /// His side's result.
        result: SideResult,
    },
}

/// A side's result.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SideResult {
    /// His side won.
    Win,
    /// Drawn.
    Draw,
    /// His side lost.
    Loss,
}

impl GameOutcome {
    /// The places of a game's placings (1–4, ties equal) as each seat's outcome.
    pub fn of_placings(placings: &[u8]) -> Vec<GameOutcome> {
        placings
            .iter()
            .map(|&place| GameOutcome::Place {
                place,
                shared: placings.iter().filter(|&&p| p == place).count() as u8,
            })
            .collect()
    }

    /// The top result: first place (shared or not) or a win.
    pub fn is_top(self) -> bool {
        matches!(
            self,
            GameOutcome::Place { place: 1, .. }
                | GameOutcome::Side {
                    result: SideResult::Win
                }
        )
    }

    /// The points before any streak or berserk: the place's (the mean of the places a tie
    /// covers), or the side's.
    pub fn base_points(self) -> Points {
        match self {
            GameOutcome::Place { place, shared } => {
                let first = usize::from(place.clamp(1, 4)) - 1;
                let last = (first + usize::from(shared.max(1))).min(4);
                let parts: Vec<Points> = PLACE_POINTS[first..last]
                    .iter()
                    .map(|&p| Points::whole(p))
                    .collect();
                Points::mean(&parts)
            }
            GameOutcome::Side { result } => Points::whole(match result {
                SideResult::Win => WIN_POINTS,
                SideResult::Draw => DRAW_POINTS,
                SideResult::Loss => 0,
            }),
        }
    }
}

/// One player's game as the arena scores it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerGame {
    /// How it ended for him.
    pub outcome: GameOutcome,
    /// Moves he made himself.
    pub own_moves: u32,
    /// He went berserk (half his clock).
    pub berserk: bool,
}

/// A player's run of top results: two in a row set him on fire.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Streak {
    /// Top results in a row, up to now.
    pub tops: u32,
}

impl Streak {
    /// On fire: his next top result counts double.
    pub fn on_fire(self) -> bool {
        self.tops >= 2
    }
}

/// What one game gave a player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scored {
    /// Points, all told.
    pub points: Points,
    /// Counted double (a top result on a streak).
    pub doubled: bool,
    /// The berserk point was earned.
    pub berserk_point: bool,
    /// Fewer than [`MIN_MOVES`] own moves: nothing counted.
    pub void: bool,
}

/// Scores `game` for a player whose streak was `streak`, and moves the streak on.
pub fn score(game: PlayerGame, streak: &mut Streak) -> Scored {
    if game.own_moves < MIN_MOVES {
        *streak = Streak::default();
        return Scored {
            points: Points::ZERO,
            doubled: false,
            berserk_point: false,
            void: true,
        };
    }
    let top = game.outcome.is_top();
    let doubled = top && streak.on_fire();
    let mut points = game.outcome.base_points();
    if doubled {
        points = points.doubled();
    }
    // The berserk point is added after doubling: it is never doubled itself.
    let berserk_point = game.berserk && top && game.own_moves >= BERSERK_MOVES;
    if berserk_point {
        points += Points::whole(1);
    }
    streak.tops = if top { streak.tops + 1 } else { 0 };
    Scored {
        points,
        doubled,
        berserk_point,
        void: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ffa(place: u8) -> PlayerGame {
        PlayerGame {
            outcome: GameOutcome::Place { place, shared: 1 },
            own_moves: 20,
            berserk: false,
        }
    }

    #[test]
    fn a_streak_doubles_the_third_top_result_and_not_the_game_that_ends_it() {
        // Spec §5.2: 1st, 1st, 1st, 2nd → 4, 4, 8, 2.
        let mut s = Streak::default();
        let got: Vec<String> = [1, 1, 1, 2]
            .iter()
            .map(|&p| score(ffa(p), &mut s).points.to_string())
            .collect();
        assert_eq!(got, ["4", "4", "8", "2"]);
        assert_eq!(s, Streak::default(), "the 2nd place ended it");
        // And in Teams: W, W, W, D → 2, 2, 4, 1.
        let mut s = Streak::default();
        let side = |result| PlayerGame {
            outcome: GameOutcome::Side { result },
            own_moves: 9,
            berserk: false,
        };
        let got: Vec<u32> = [
            SideResult::Win,
            SideResult::Win,
            SideResult::Win,
            SideResult::Draw,
        ]
        .iter()
        .map(|&r| score(side(r), &mut s).points.0 / 12)
        .collect();
        assert_eq!(got, [2, 2, 4, 1]);
    }

    #[test]
    fn berserk_earns_one_point_only_with_the_top_result_and_seven_own_moves() {
        let mut s = Streak::default();
        let g = |place, own_moves| PlayerGame {
            outcome: GameOutcome::Place { place, shared: 1 },
            own_moves,
            berserk: true,
        };
        assert_eq!(score(g(1, 7), &mut s).points, Points::whole(5));
        assert_eq!(
            score(g(1, 6), &mut s).points,
            Points::whole(4),
            "six moves: no point"
        );
        // On fire now (two tops): doubled 8, then the berserk point, not doubled.
        let r = score(g(1, 30), &mut s);
        assert_eq!(
            (r.points, r.doubled, r.berserk_point),
            (Points::whole(9), true, true)
        );
        assert_eq!(
            score(g(2, 30), &mut s).points,
            Points::whole(2),
            "no point without the top result"
        );
    }

    #[test]
    fn fewer_than_two_own_moves_count_nothing_and_end_the_streak() {
        let mut s = Streak { tops: 2 };
        let r = score(
            PlayerGame {
                outcome: GameOutcome::Place {
                    place: 1,
                    shared: 1,
                },
                own_moves: 1,
                berserk: true,
            },
            &mut s,
        );
        assert!(r.void);
        assert_eq!(r.points, Points::ZERO);
        assert_eq!(s.tops, 0);
    }

    #[test]
    fn tied_places_share_the_mean_of_the_places_they_cover() {
        let o = GameOutcome::of_placings(&[1, 2, 2, 4]);
        let pts: Vec<String> = o.iter().map(|g| g.base_points().to_string()).collect();
        assert_eq!(pts, ["4", "1.5", "1.5", "0"]);
        let o = GameOutcome::of_placings(&[1, 1, 1, 4]);
        assert_eq!(o[0].base_points().to_string(), "2.33");
        assert!(o[0].is_top(), "a shared first place is first");
        let all = GameOutcome::of_placings(&[1, 1, 1, 1]);
        assert_eq!(all[3].base_points().to_string(), "1.75");
    }
}
