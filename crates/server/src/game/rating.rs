//! What a game's end means for ratings: the pool it counts in, who is rated, and how it ended.

use super::core::GameCore;
use crate::store::{NewGame, RatingJob, Settled, Store, StoreResult};
use fourhand_protocol::{PlayerId, TimeControl};
use fourhand_rating::{bot_rating, Category, Finish, Pool};
use fourhand_rules::game::Outcome;
use fourhand_rules::notation::pgn4;
use fourhand_rules::{Seat, Side};
use uuid::Uuid;

/// The pool of a game of `rules` (short name) at `time`.
pub fn pool_of(rules: &str, time: &TimeControl) -> String {
    let category = Category::of(time.base_ms, time.increment_ms, time.delay_ms);
    format!("{}-{}", family_of(rules), category.as_str())
}

/// The rating family of a rule set name: the base game's own (`teams`, `chaturaji`), or under
/// options the base and its options joined by `+` (`teams+KotH`, `ffa+3-check+KotH`), every
/// Chess960 number counting as one family (`teams+Chess960`).
pub fn family_of(rules: &str) -> String {
    let mut words = rules.split_whitespace();
    let base = words.next().unwrap_or("teams").to_string();
    words.fold(base, |out, t| {
        let t = if t.starts_with("Chess960=") {
            "Chess960"
        } else {
            t
        };
        format!("{out}+{t}")
    })
}

/// The families whose pools the server lists beside the base games': the options its client
/// offers, each on its own.
pub const OFFERED_FAMILIES: [&str; 14] = [
    "teams+Teammate=1",
    "teams+Teammate=3",
    "teams+KotH",
    "teams+3-check",
    "teams+CaptureTheKing",
    "teams+BothMate",
    "teams+Chess960",
    "ffa+KotH",
    "ffa+3-check",
    "ffa+CaptureTheKing",
    "ffa+Play4Mate",
    "ffa+FirstMate",
    "ffa+Chess960",
    "conquest+Players=3",
];

/// Every pool the server lists: the base games' and the offered families', at each speed.
pub fn listed_pools() -> Vec<String> {
    let mut out: Vec<String> = Pool::all().map(|p| p.to_string()).collect();
    for family in OFFERED_FAMILIES {
        for c in Category::ALL {
            out.push(format!("{family}-{}", c.as_str()));
        }
    }
    out
}

/// A pool name as written (`teams-blitz`, `teams+KotH-bullet`) when it names a rule set the
/// engine plays and a speed; `None` otherwise.
pub fn parse_pool(name: &str) -> Option<String> {
    let (family, speed) = name.rsplit_once('-')?;
    Category::ALL.into_iter().find(|c| c.as_str() == speed)?;
    let rules = family
        .split('+')
        .map(|t| if t == "Chess960" { "Chess960=1" } else { t })
        .collect::<Vec<_>>()
        .join(" ");
    let parsed = fourhand_rules::RuleSet::from_name(&rules).ok()?;
    (family_of(&parsed.name()) == family).then(|| name.to_string())
}

/// A player's rating in `pool` (a new player's when he has none there).
pub async fn pool_rating(store: &Store, player: Uuid, pool: &str) -> StoreResult<f64> {
    Ok(store
        .ratings_of(PlayerId(player))
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
        _ if core.cancelled() => Settled::Void,
        None => Settled::Void,
        Some(Outcome::Aborted { by }) => Settled::Aborted { seat: by.index() },
        Some(_) if !g.rules().sides() => Settled::Played(Finish::Placings(g.placings().0)),
        Some(outcome) => {
            // Each seat's side as the pairing has it (partners side by side under Teammate=).
            let index = |s: Side| usize::from(s != Side::First);
            let side = Seat::ALL.map(|s| index(g.rules().side_of(s)) as u8);
            let winner = match outcome {
                Outcome::Won { side, .. } => Some(index(side)),
                _ => None,
            };
            Settled::Played(Finish::SidesOf { winner, side })
        }
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
