//! What the store keeps about ratings, and the settlement of a finished game: the rating
//! changes computed from the ratings in force, to be written in the result's transaction.

use fourhand_rating::abort::penalty;
use fourhand_rating::{bot_rating, idle_periods, rate, Finish, Participant, Rating};
use uuid::Uuid;

/// How a game ended, for ratings.
#[derive(Clone, Debug, PartialEq)]
pub enum Settled {
    /// Played to a result.
    Played(Finish),
    /// Aborted (rules.md §5.3) by the player in this seat.
    Aborted {
        /// Seat index of the aborter.
        seat: usize,
    },
    /// Cancelled or otherwise without anyone to blame: nothing changes.
    Void,
}

/// The rating side of a game's end.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingJob {
    /// The pool, e.g. `teams-blitz`.
    pub pool: String,
    /// Rated game.
    pub rated: bool,
    /// The player of each human seat.
    pub players: [Option<Uuid>; 4],
    /// The level of each bot seat.
    pub bots: [Option<String>; 4],
    /// How it ended.
    pub finish: Settled,
}

/// A player's rating in one pool.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// The player.
    pub player: Uuid,
    /// The pool.
    pub pool: String,
    /// The rating.
    pub rating: Rating,
    /// Rated games played in the pool.
    pub games: i64,
    /// When the last one ended (epoch ms).
    pub last_ms: i64,
}

/// Who a leaderboard lists: established ratings (deviation at most `max_rd`) of players with
/// `min_games` rated games in the pool, the last one at `since_ms` or later, and no ban (from
/// play, or from rated play) in force at `now_ms` (closed accounts have no ratings left).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct BoardRule {
    /// Highest rating deviation listed.
    pub max_rd: f64,
    /// Fewest rated games in the pool.
    pub min_games: i64,
    /// The last rated game at this moment or later (epoch ms).
    pub since_ms: i64,
    /// Now (epoch ms): a ban in force now keeps a player off.
    pub now_ms: i64,
}

/// One rating change.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    /// The game.
    pub game: Uuid,
    /// The player.
    pub player: Uuid,
    /// His seat.
    pub seat: u8,
    /// The pool.
    pub pool: String,
    /// `game` or `abort`.
    pub kind: String,
    /// Rating before.
    pub before: f64,
    /// Rating after.
    pub after: f64,
    /// Deviation after.
    pub rd_after: f64,
    /// When (epoch ms).
    pub at_ms: i64,
}

/// What settling a game writes: new rating rows and the changes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Settlement {
    /// Rows to insert or replace.
    pub rows: Vec<RatingRow>,
    /// Changes to insert.
    pub changes: Vec<RatingChange>,
}

/// The rating changes of game `game` ended at `now`, given each seat's rating row in the pool
/// (`None` for a player new to it) and, for an abort, the aborter's earlier aborts in the
/// penalty window. Casual games change nothing; an abort changes only the aborter's rating.
pub fn settle(
    game: Uuid,
    job: &RatingJob,
    current: &[Option<RatingRow>; 4],
    earlier_aborts: u32,
    now: i64,
) -> Settlement {
    let mut out = Settlement::default();
    if !job.rated {
        return out;
    }
    let row = |seat: usize, player: Uuid| {
        current[seat].clone().unwrap_or(RatingRow {
            player,
            pool: job.pool.clone(),
            rating: Rating::default(),
            games: 0,
            last_ms: now,
        })
    };
    let mut change = |seat: usize, before: &RatingRow, after: RatingRow, kind: &str| {
        out.changes.push(RatingChange {
            game,
            player: before.player,
            seat: seat as u8,
            pool: job.pool.clone(),
            kind: kind.into(),
            before: before.rating.rating,
            after: after.rating.rating,
            rd_after: after.rating.rd,
            at_ms: now,
        });
        out.rows.push(after);
    };
    match &job.finish {
        Settled::Void => {}
        Settled::Aborted { seat } => {
            if let Some(player) = job.players[*seat] {
                let before = row(*seat, player);
                let mut after = before.clone();
                after.rating.rating -= penalty(earlier_aborts);
                after.last_ms = now;
                change(*seat, &before, after, "abort");
            }
        }
        Settled::Played(finish) => {
            let mut rows: [Option<RatingRow>; 4] = Default::default();
            let mut participants = [Participant {
                rating: Rating::default(),
                idle_periods: 0,
                fixed: true,
            }; 4];
            for seat in 0..4 {
                if let Some(player) = job.players[seat] {
                    let r = row(seat, player);
                    participants[seat] = Participant {
                        rating: r.rating,
                        idle_periods: if r.games == 0 {
                            0
                        } else {
                            idle_periods(Some(r.last_ms), now)
                        },
                        fixed: false,
                    };
                    rows[seat] = Some(r);
                } else {
                    let level = job.bots[seat].as_deref().unwrap_or("engine1");
                    participants[seat].rating = bot_rating(level);
                }
            }
            let rated = rate(&participants, *finish);
            for seat in 0..4 {
                if let (Some(before), Some(new)) = (&rows[seat], rated[seat]) {
                    let after = RatingRow {
                        rating: new,
                        games: before.games + 1,
                        last_ms: now,
                        ..before.clone()
                    };
                    change(seat, before, after, "game");
                }
            }
        }
    }
    out
}

/// Which finished games an archive search returns.
#[derive(Clone, Debug, Default)]
pub struct ArchiveFilter {
    /// A player's name.
    pub player: Option<String>,
    /// Rules short name.
    pub rules: Option<String>,
    /// Ended at or after (epoch ms).
    pub from_ms: Option<i64>,
    /// Ended before (epoch ms).
    pub to_ms: Option<i64>,
    /// At most this many (newest first).
    pub limit: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(finish: Settled, rated: bool) -> RatingJob {
        RatingJob {
            pool: "teams-blitz".into(),
            rated,
            players: [
                Some(Uuid::from_u128(1)),
                Some(Uuid::from_u128(2)),
                Some(Uuid::from_u128(3)),
                None,
            ],
            bots: [None, None, None, Some("engine2".into())],
            finish,
        }
    }

    #[test]
    fn casual_games_and_cancellations_change_nothing() {
        let none: [Option<RatingRow>; 4] = Default::default();
        let played = Settled::Played(Finish::Sides(Some(0)));
        assert!(settle(Uuid::nil(), &job(played, false), &none, 0, 5)
            .changes
            .is_empty());
        assert!(settle(Uuid::nil(), &job(Settled::Void, true), &none, 0, 5)
            .changes
            .is_empty());
    }

    #[test]
    fn an_abort_costs_only_the_aborter() {
        let none: [Option<RatingRow>; 4] = Default::default();
        let s = settle(
            Uuid::nil(),
            &job(Settled::Aborted { seat: 1 }, true),
            &none,
            2,
            5,
        );
        assert_eq!(s.changes.len(), 1);
        assert_eq!(s.changes[0].player, Uuid::from_u128(2));
        assert_eq!(s.changes[0].after, 1500.0 - penalty(2));
        assert_eq!(s.rows[0].rating.rd, 350.0);
    }

    #[test]
    fn a_played_game_rates_every_player_but_not_the_bot() {
        let none: [Option<RatingRow>; 4] = Default::default();
        let s = settle(
            Uuid::nil(),
            &job(Settled::Played(Finish::Sides(Some(1))), true),
            &none,
            0,
            5,
        );
        assert_eq!(s.changes.len(), 3);
        assert!(s.rows.iter().all(|r| r.games == 1 && r.last_ms == 5));
        assert!(s.changes[1].after > 1500.0, "West won");
        assert!(s.changes[0].after < 1500.0 && s.changes[2].after < 1500.0);
    }
}
