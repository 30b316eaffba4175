//! Player records: profiles (ratings with history, results per mode, recent games), the game
//! archive and the leaderboards per pool, as the site shows them. The HTTP routes
//! (`http/records.rs`) read the query and call these.

use crate::error::ServerError;
use crate::state::App;
use crate::store::{ArchiveFilter, RatingRow, StoredGame};
use fourhand_protocol::{ErrorCode, GameId, PlayerId};
use fourhand_rating::glicko2::PROVISIONAL_RD;
use fourhand_rules::{RuleSet, Seat, Side};
use serde::Serialize;
use std::collections::BTreeMap;
use uuid::Uuid;

/// A player's rating in one pool, rounded for display.
#[derive(Serialize)]
pub struct RatingEntry {
    pool: String,
    rating: i64,
    rd: i64,
    provisional: bool,
    games: i64,
    last_ms: i64,
}

fn rating_entry(r: &RatingRow) -> RatingEntry {
    RatingEntry {
        pool: r.pool.clone(),
        rating: r.rating.rating.round() as i64,
        rd: r.rating.rd.round() as i64,
        provisional: r.rating.provisional(),
        games: r.games,
        last_ms: r.last_ms,
    }
}

/// A finished game in lists; `seat` is the profile owner's.
#[derive(Serialize)]
pub struct GameListed {
    id: uuid::Uuid,
    rules: String,
    time: fourhand_protocol::TimeControl,
    rated: bool,
    players: Vec<String>,
    seat: Option<usize>,
    result: String,
    termination: String,
    points: [i32; 4],
    placings: Option<[u8; 4]>,
    ended_ms: i64,
}

fn summary(g: &StoredGame, seat: Option<usize>) -> GameListed {
    let end = g.end.clone().unwrap_or_default();
    GameListed {
        id: g.game.id,
        rules: g.game.rules.clone(),
        time: g.game.time,
        rated: g.game.rated,
        players: g.game.seats.iter().map(|s| s.name.clone()).collect(),
        seat,
        result: end.result,
        termination: end.termination,
        points: end.points,
        placings: end.placings,
        ended_ms: end.ended_ms,
    }
}

/// A player's results in one rule set: places in FFA, won/drawn/lost in the sides games.
#[derive(Serialize)]
#[serde(untagged)]
enum Record {
    Places {
        placings: [u32; 4],
        aborted: u32,
    },
    Results {
        won: u32,
        drawn: u32,
        lost: u32,
        aborted: u32,
    },
}

/// One change of a player's rating.
#[derive(Serialize)]
pub struct HistoryEntry {
    game: uuid::Uuid,
    pool: String,
    kind: String,
    before: i64,
    after: i64,
    at_ms: i64,
}

/// `/api/players/{name}`.
#[derive(Serialize)]
pub struct Profile {
    name: String,
    since_ms: i64,
    ratings: Vec<RatingEntry>,
    history: Vec<HistoryEntry>,
    record: BTreeMap<String, Record>,
    recent: Vec<GameListed>,
}

/// A leaderboard row.
#[derive(Serialize)]
pub struct BoardEntry {
    rank: usize,
    name: String,
    #[serde(flatten)]
    rating: RatingEntry,
}

/// `/api/leaderboard/{pool}`.
#[derive(Serialize)]
pub struct Board {
    pool: String,
    /// Rated games in the pool a player needs to be listed.
    min_games: i64,
    /// Days since the last rated game within which a player is listed.
    active_days: i64,
    entries: Vec<BoardEntry>,
}

/// One player's games of one rule set, and that rule set read once from its stored name.
struct Tally {
    rules: Option<RuleSet>,
    won: u32,
    drawn: u32,
    lost: u32,
    aborted: u32,
    placings: [u32; 4],
}

impl Tally {
    fn new(rules: &str) -> Tally {
        Tally {
            rules: RuleSet::from_name(rules).ok(),
            won: 0,
            drawn: 0,
            lost: 0,
            aborted: 0,
            placings: [0; 4],
        }
    }

    fn add(&mut self, g: &StoredGame, seat: usize) {
        let Some(end) = &g.end else { return };
        if end.result == "aborted" {
            self.aborted += 1;
        } else if let Some(p) = end.placings {
            if let Some(n) = self.placings.get_mut((p[seat] as usize).saturating_sub(1)) {
                *n += 1;
            }
        } else {
            // The first side is South's, with his partner under the game's pairing.
            let first = self.rules.map_or(seat.is_multiple_of(2), |r| {
                r.side_of(Seat::from_index(seat)) == Side::First
            });
            match (end.result.as_str(), first) {
                ("1-0", true) | ("0-1", false) => self.won += 1,
                ("1-0", false) | ("0-1", true) => self.lost += 1,
                ("1/2-1/2", _) => self.drawn += 1,
                _ => {}
            }
        }
    }

    /// Games each for himself (FFA, Chaturaji) are tallied by placings, sides games by results.
    fn record(&self) -> Record {
        if self.rules.is_some_and(|r| !r.sides()) {
            Record::Places {
                placings: self.placings,
                aborted: self.aborted,
            }
        } else {
            Record::Results {
                won: self.won,
                drawn: self.drawn,
                lost: self.lost,
                aborted: self.aborted,
            }
        }
    }
}

/// `name`'s profile: ratings with their history, results per mode and recent games.
pub async fn profile(app: &App, name: &str) -> Result<Profile, ServerError> {
    let user = app
        .store
        .user_by_name(name)
        .await?
        .ok_or_else(|| ServerError::new(ErrorCode::UnknownPlayer, "no player of that name"))?;
    let ratings = app.store.ratings_of(PlayerId(user.id)).await?;
    let history = app.store.rating_history(PlayerId(user.id), 500).await?;
    let filter = ArchiveFilter {
        player: Some(user.name.clone()),
        limit: 2000,
        ..ArchiveFilter::default()
    };
    let games = app.store.archive(&filter).await?;
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    let mut recent = Vec::new();
    for g in &games {
        let seat = g.game.seats.iter().position(|s| s.player == Some(user.id));
        if let Some(seat) = seat {
            tallies
                .entry(g.game.rules.clone())
                .or_insert_with_key(|rules| Tally::new(rules))
                .add(g, seat);
        }
        if recent.len() < 20 {
            recent.push(summary(g, seat));
        }
    }
    let record = tallies
        .iter()
        .map(|(rules, t)| (rules.clone(), t.record()))
        .collect();
    Ok(Profile {
        name: user.name,
        since_ms: user.created_ms,
        ratings: ratings.iter().map(rating_entry).collect(),
        history: history
            .iter()
            .map(|c| HistoryEntry {
                game: c.game,
                pool: c.pool.clone(),
                kind: c.kind.clone(),
                before: c.before.round() as i64,
                after: c.after.round() as i64,
                at_ms: c.at_ms,
            })
            .collect(),
        record,
        recent,
    })
}

/// Rated games in a pool a player needs to be on its leaderboard (chess.com's number).
pub const BOARD_MIN_GAMES: i64 = 25;

/// Days since a player's last rated game in a pool after which he leaves its leaderboard.
pub const BOARD_ACTIVE_DAYS: i64 = 14;

/// Pool `pool`'s leaderboard, at most `limit` players by rating: established ratings only
/// (provisional ones, deviation above 110, are shown on profiles as "1500?" and kept off), of
/// players with [`BOARD_MIN_GAMES`] rated games in the pool and one in the last
/// [`BOARD_ACTIVE_DAYS`] days, none under a ban (closed accounts have no ratings left).
pub async fn leaderboard(app: &App, pool: String, limit: i64) -> Result<Board, ServerError> {
    let now_ms = crate::time::epoch_ms();
    let who = crate::store::BoardRule {
        max_rd: PROVISIONAL_RD,
        min_games: BOARD_MIN_GAMES,
        since_ms: now_ms - BOARD_ACTIVE_DAYS * 86_400_000,
        now_ms,
    };
    let rows = app.store.leaderboard(&pool, &who, limit).await?;
    let entries = rows
        .iter()
        .enumerate()
        .map(|(i, (name, r))| BoardEntry {
            rank: i + 1,
            name: name.clone(),
            rating: rating_entry(r),
        })
        .collect();
    Ok(Board {
        pool,
        min_games: BOARD_MIN_GAMES,
        active_days: BOARD_ACTIVE_DAYS,
        entries,
    })
}

/// The finished games `filter` selects, newest first.
pub async fn archive(app: &App, filter: &ArchiveFilter) -> Result<Vec<GameListed>, ServerError> {
    let games = app.store.archive(filter).await?;
    Ok(games.iter().map(|g| summary(g, None)).collect())
}

/// `player`'s rating in each pool he has played, rounded as it is shown beside his name.
pub async fn shown_ratings(app: &App, player: Uuid) -> Result<Vec<(String, i32)>, ServerError> {
    Ok(app
        .store
        .ratings_of(PlayerId(player))
        .await?
        .into_iter()
        .map(|r| (r.pool, r.rating.rating.round() as i32))
        .collect())
}

/// Game `id` as it is stored (live, finished or imported), if there is one.
pub async fn game(app: &App, id: Uuid) -> Result<Option<StoredGame>, ServerError> {
    Ok(app.store.game(GameId(id)).await?)
}
