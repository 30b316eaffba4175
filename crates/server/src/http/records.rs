//! Player records over HTTP: profiles (ratings with history, results, recent games), the game
//! archive (by player, mode and date) and leaderboards per pool.

use crate::error::ServerError;
use crate::state::App;
use crate::store::{ArchiveFilter, RatingRow, StoredGame};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use axum::{Json, Router};
use fourhand_protocol::ErrorCode;
use fourhand_rating::glicko2::{PROVISIONAL_RD, START_RD};
use fourhand_rules::{RuleSet, Seat, Side};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The records routes.
pub fn routes() -> Router<App> {
    Router::new()
        .route("/api/players/{name}", get(profile))
        .route("/api/archive", get(archive))
        .route("/api/pools", get(pools))
        .route("/api/leaderboard/{pool}", get(leaderboard))
}

/// A player's rating in one pool, rounded for display.
#[derive(Serialize)]
struct RatingEntry {
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
struct GameListed {
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
struct HistoryEntry {
    game: uuid::Uuid,
    pool: String,
    kind: String,
    before: i64,
    after: i64,
    at_ms: i64,
}

/// `/api/players/{name}`.
#[derive(Serialize)]
struct Profile {
    name: String,
    since_ms: i64,
    ratings: Vec<RatingEntry>,
    history: Vec<HistoryEntry>,
    record: BTreeMap<String, Record>,
    recent: Vec<GameListed>,
}

/// A leaderboard row.
#[derive(Serialize)]
struct BoardEntry {
    rank: usize,
    name: String,
    #[serde(flatten)]
    rating: RatingEntry,
}

/// `/api/leaderboard/{pool}`.
#[derive(Serialize)]
struct Board {
    pool: String,
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

async fn profile(
    State(app): State<App>,
    Path(name): Path<String>,
) -> Result<Json<Profile>, ServerError> {
    let user = app
        .store
        .user_by_name(&name)
        .await?
        .ok_or_else(|| ServerError::new(ErrorCode::UnknownPlayer, "no player of that name"))?;
    let ratings = app.store.ratings_of(user.id).await?;
    let history = app.store.rating_history(user.id, 500).await?;
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
    Ok(Json(Profile {
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
    }))
}

#[derive(Deserialize)]
struct ArchiveQuery {
    player: Option<String>,
    rules: Option<String>,
    from: Option<String>,
    to: Option<String>,
    limit: Option<i64>,
}

/// Epoch ms of `YYYY-MM-DD` (UTC midnight) or of a number of ms.
fn date_ms(s: &str) -> Result<i64, ServerError> {
    let bad = || {
        ServerError::new(
            ErrorCode::BadRequest,
            format!("'{s}' is not a date (YYYY-MM-DD)"),
        )
    };
    if let Ok(ms) = s.parse::<i64>() {
        return Ok(ms);
    }
    let mut parts = s.splitn(3, '-').map(|p| p.parse::<i64>());
    let (Some(Ok(y)), Some(Ok(m)), Some(Ok(d))) = (parts.next(), parts.next(), parts.next()) else {
        return Err(bad());
    };
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) || !(1970..=9999).contains(&y) {
        return Err(bad());
    }
    // Days from the civil date (Howard Hinnant's algorithm).
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Ok((era * 146_097 + doe - 719_468) * 86_400_000)
}

/// Query parameters, or a `bad_request` saying which one is wrong.
fn query<T>(q: Result<Query<T>, QueryRejection>) -> Result<T, ServerError> {
    q.map(|Query(v)| v)
        .map_err(|e| ServerError::new(ErrorCode::BadRequest, e.body_text()))
}

async fn archive(
    State(app): State<App>,
    q: Result<Query<ArchiveQuery>, QueryRejection>,
) -> Result<Json<Vec<GameListed>>, ServerError> {
    let q = query(q)?;
    let rules = match q.rules.as_deref().filter(|r| !r.is_empty()) {
        Some(r) => Some(fourhand_rules::RuleSet::from_name(r)?.name()),
        None => None,
    };
    let filter = ArchiveFilter {
        player: q.player.filter(|p| !p.is_empty()),
        rules,
        from_ms: q
            .from
            .as_deref()
            .filter(|s| !s.is_empty())
            .map(date_ms)
            .transpose()?,
        // `to` is a whole day: up to its end.
        to_ms: q
            .to
            .as_deref()
            .filter(|s| !s.is_empty())
            .map(|s| date_ms(s).map(|t| if s.contains('-') { t + 86_400_000 } else { t }))
            .transpose()?,
        limit: q.limit.unwrap_or(50).clamp(1, 500),
    };
    let games = app.store.archive(&filter).await?;
    Ok(Json(games.iter().map(|g| summary(g, None)).collect()))
}

async fn pools() -> Json<Vec<String>> {
    Json(crate::game::rating::listed_pools())
}

#[derive(Deserialize)]
struct BoardQuery {
    limit: Option<i64>,
}

/// Established players by rating, then provisional ones (marked).
async fn leaderboard(
    State(app): State<App>,
    Path(pool): Path<String>,
    q: Result<Query<BoardQuery>, QueryRejection>,
) -> Result<Json<Board>, ServerError> {
    let q = query(q)?;
    let pool = crate::game::rating::parse_pool(&pool).ok_or_else(|| {
        ServerError::new(
            ErrorCode::BadRequest,
            "pools are like teams-blitz or teams+KotH-bullet",
        )
    })?;
    let limit = q.limit.unwrap_or(50).clamp(1, 200);
    let mut rows = app.store.leaderboard(&pool, PROVISIONAL_RD, limit).await?;
    if (rows.len() as i64) < limit {
        let all = app.store.leaderboard(&pool, START_RD, limit).await?;
        rows.extend(all.into_iter().filter(|(_, r)| r.rating.provisional()));
        rows.truncate(limit as usize);
    }
    let entries = rows
        .iter()
        .enumerate()
        .map(|(i, (name, r))| BoardEntry {
            rank: i + 1,
            name: name.clone(),
            rating: rating_entry(r),
        })
        .collect();
    Ok(Json(Board { pool, entries }))
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates() {
        assert_eq!(super::date_ms("1970-01-01").unwrap(), 0);
        assert_eq!(super::date_ms("2026-11-30").unwrap(), 1_795_996_800_000);
        assert_eq!(super::date_ms("12345").unwrap(), 12345);
        assert!(super::date_ms("2026-13-01").is_err());
        assert!(super::date_ms("yesterday").is_err());
    }
}
