//! What a game's end means for ratings: the pool it counts in, who is rated, and how it ended.

use super::core::GameCore;
use crate::store::{NewGame, RatingJob, Settled, Store, StoreResult};
use fourhand_protocol::TimeControl;
use fourhand_rating::{bot_rating, Category, Finish, Mode, Pool};
use fourhand_rules::game::Outcome;
use fourhand_rules::notation::pgn4;
use fourhand_rules::{Seat, Side};
use uuid::Uuid;

/// The pool of a game of `rules` (short name) at `time`.
pub fn pool_of(rules: &str, time: &TimeControl) -> String {
    let mode = Mode::parse(rules).unwrap_or(Mode::Teams);
    let category = Category::of(time.base_ms, time.increment_ms, time.delay_ms);
    Pool { mode, category }.to_string()
}

/// A player's rating in `pool` (a new player's when he has none there).
pub async fn pool_rating(store: &Store, player: Uuid, pool: &str) -> StoreResult<f64> {
    Ok(store
        .ratings_of(player)
        .await?
        .into_iter()
        .find(|r| r.pool == pool)
        .map_or(fourhand_rating::glicko2::START_RATING, |r| r.rating.rating))
}

/// The rating facts of a stored game, fixed at its creation; the end is filled in by
/// [`settled`] when it comes.
pub fn job_of(g: &NewGame) -> RatingJob {
    RatingJob {
        pool: pool_of(&g.rules, &g.time),
        rated: g.rated && !g.imported,
        players: std::array::from_fn(|i| {
            g.seats
                .get(i)
                .filter(|s| s.bot.is_none())
                .and_then(|s| s.player)
        }),
        bots: std::array::from_fn(|i| g.seats.get(i).and_then(|s| s.bot.clone())),
        finish: Settled::Void,
    }
}

/// How the game ended, for ratings.
pub fn settled(core: &GameCore) -> Settled {
    let g = core.game();
    match g.outcome() {
        _ if core.cancelled => Settled::Void,
        None => Settled::Void,
        Some(Outcome::Aborted { by }) => Settled::Aborted { seat: by.index() },
        Some(_) if !g.rules().sides() => Settled::Played(Finish::Placings(g.placings().0)),
        Some(Outcome::Won { side, .. }) => {
            Settled::Played(Finish::Sides(Some(if side == Side::First { 0 } else { 1 })))
        }
        Some(_) => Settled::Played(Finish::Sides(None)),
    }
}

/// Adds the players' ratings before the game (`RedElo` …) to the PGN4 tags of a rated game.
pub async fn tag(
    job: &RatingJob,
    store: &Store,
    tags: &mut pgn4::Tags,
    colours: [&str; 4],
) -> StoreResult<()> {
    if !job.rated {
        return Ok(());
    }
    for seat in Seat::ALL {
        let i = seat.index();
        let rating = match (&job.players[i], &job.bots[i]) {
            (Some(p), _) => pool_rating(store, *p, &job.pool).await?,
            (None, Some(level)) => bot_rating(level).rating,
            (None, None) => continue,
        };
        tags.set(
            &format!("{}Elo", colours[i]),
            format!("{}", rating.round() as i64),
        );
    }
    Ok(())
}
