//! Player records over HTTP: profiles, the game archive (by player, mode and date) and
//! leaderboards per pool; what each holds is in `records.rs`.

use crate::error::ServerError;
use crate::records::{self, Board, GameListed, Profile};
use crate::state::App;
use crate::store::ArchiveFilter;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use axum::{Json, Router};
use fourhand_protocol::ErrorCode;
use serde::Deserialize;

/// The records routes.
pub fn routes() -> Router<App> {
    Router::new()
        .route("/api/players/{name}", get(profile))
        .route("/api/archive", get(archive))
        .route("/api/pools", get(pools))
        .route("/api/leaderboard/{pool}", get(leaderboard))
}

async fn profile(
    State(app): State<App>,
    Path(name): Path<String>,
) -> Result<Json<Profile>, ServerError> {
    Ok(Json(records::profile(&app, &name).await?))
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
    Ok(Json(records::archive(&app, &filter).await?))
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
    Ok(Json(records::leaderboard(&app, pool, limit).await?))
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
