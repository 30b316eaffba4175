//! Tournaments over HTTP: the list (upcoming, running, recently finished), one arena with its
//! standings, a finished arena's games as one PGN4 file, and the moderators' create and cancel.

use super::moderation::admin;
use super::{text, IdPath};
use crate::error::ServerError;
use crate::state::App;
use crate::store::TournamentRow;
use crate::time::epoch_ms;
use crate::tournament::standings::{status_of, view};
use crate::tournament::ArenaSettings;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use fourhand_protocol::{ErrorCode, TournamentId, TournamentStatus};
use serde::{Deserialize, Serialize};

/// The routes.
pub fn routes() -> Router<App> {
    Router::new()
        .route("/api/tournaments", get(list).post(create))
        .route("/api/tournaments/{id}", get(one).patch(edit))
        .route("/api/tournaments/{id}/pgn4", get(pgn4))
        .route("/api/admin/tournaments/{id}/cancel", post(cancel))
}

/// A tournament as listed.
#[derive(Serialize)]
struct Listed {
    id: TournamentId,
    kind: String,
    status: TournamentStatus,
    starts_ms: i64,
    ends_ms: i64,
    #[serde(flatten)]
    settings: ArenaSettings,
    players: usize,
}

async fn listed(app: &App, t: TournamentRow) -> Result<Listed, ServerError> {
    let settings: ArenaSettings =
        serde_json::from_str(&t.settings).map_err(ServerError::internal)?;
    let players = app
        .store
        .entries(t.id)
        .await?
        .iter()
        .filter(|e| !e.withdrawn)
        .count();
    Ok(Listed {
        id: t.id,
        kind: t.kind.clone(),
        status: status_of(&t),
        starts_ms: t.starts_ms,
        ends_ms: t.ends_ms,
        settings,
        players,
    })
}

/// Upcoming and running tournaments, and those of the last week.
async fn list(State(app): State<App>) -> Result<Json<Vec<Listed>>, ServerError> {
    let rows = app
        .store
        .tournaments(epoch_ms() - 7 * 86_400_000, 200)
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for t in rows {
        out.push(listed(&app, t).await?);
    }
    Ok(Json(out))
}

async fn found(app: &App, id: TournamentId) -> Result<TournamentRow, ServerError> {
    app.store
        .tournament(id)
        .await?
        .ok_or_else(|| ServerError::new(ErrorCode::UnknownTournament, "no such tournament"))
}

/// One arena: its settings and standings.
async fn one(
    State(app): State<App>,
    IdPath(id): IdPath<TournamentId>,
) -> Result<Response, ServerError> {
    let t = found(&app, id).await?;
    let entries = app.store.entries(id).await?;
    let games = app.store.tournament_games(id).await?;
    let standings = view(&t, &entries, &games, 0);
    #[derive(Serialize)]
    struct One {
        #[serde(flatten)]
        listed: Listed,
        standings: fourhand_protocol::ArenaStandings,
    }
    Ok(Json(One {
        listed: listed(&app, t).await?,
        standings,
    })
    .into_response())
}

/// A tournament's finished games, one PGN4 after another.
async fn pgn4(
    State(app): State<App>,
    IdPath(id): IdPath<TournamentId>,
) -> Result<Response, ServerError> {
    found(&app, id).await?;
    let mut out = String::new();
    for g in app.store.tournament_games(id).await? {
        if let Some(end) = app.store.game(g.game).await?.and_then(|s| s.end) {
            out.push_str(end.pgn4.trim_end());
            out.push_str("\n\n");
        }
    }
    Ok(text(out))
}

/// A new arena, as a moderator asks for it.
#[derive(Deserialize)]
struct NewArena {
    #[serde(flatten)]
    settings: ArenaSettings,
    /// When it starts (ms since the epoch); now when absent.
    #[serde(default)]
    starts_ms: Option<i64>,
}

/// A start now or within the next 30 days (`starts_ms`, else now).
fn start_of(starts_ms: Option<i64>, now: i64) -> Result<i64, ServerError> {
    let starts_ms = starts_ms.unwrap_or(now);
    if starts_ms < now - 60_000 || starts_ms > now + 30 * 86_400_000 {
        return Err(ServerError::new(
            ErrorCode::BadRequest,
            "a start within the next 30 days",
        ));
    }
    Ok(starts_ms)
}

async fn create(
    State(app): State<App>,
    headers: HeaderMap,
    Json(n): Json<NewArena>,
) -> Result<Response, ServerError> {
    let by = admin(&app, &headers).await?;
    let settings = n.settings.checked()?;
    let now = epoch_ms();
    let starts_ms = start_of(n.starts_ms, now)?;
    let t = TournamentRow {
        id: TournamentId(uuid::Uuid::now_v7()),
        kind: "arena".into(),
        status: "created".into(),
        starts_ms,
        ends_ms: starts_ms + i64::from(settings.minutes) * 60_000,
        settings: serde_json::to_string(&settings).map_err(ServerError::internal)?,
        created_by: by.name,
        created_ms: now,
    };
    app.store.create_tournament(&t).await?;
    Ok((StatusCode::CREATED, Json(listed(&app, t).await?)).into_response())
}

/// A moderator's edit of an arena that has not started: new settings and start, checked as
/// when it was made.
async fn edit(
    State(app): State<App>,
    headers: HeaderMap,
    IdPath(id): IdPath<TournamentId>,
    Json(n): Json<NewArena>,
) -> Result<Response, ServerError> {
    admin(&app, &headers).await?;
    let mut t = found(&app, id).await?;
    if t.status != "created" {
        return Err(ServerError::new(
            ErrorCode::BadRequest,
            "an arena can be edited only before it starts",
        ));
    }
    let settings = n.settings.checked()?;
    t.starts_ms = start_of(n.starts_ms, epoch_ms())?;
    t.ends_ms = t.starts_ms + i64::from(settings.minutes) * 60_000;
    t.settings = serde_json::to_string(&settings).map_err(ServerError::internal)?;
    app.store.update_tournament(&t).await?;
    Ok(Json(listed(&app, t).await?).into_response())
}

async fn cancel(
    State(app): State<App>,
    headers: HeaderMap,
    IdPath(id): IdPath<TournamentId>,
) -> Result<Response, ServerError> {
    admin(&app, &headers).await?;
    let mut t = found(&app, id).await?;
    if t.status == "finished" || t.status == "cancelled" {
        return Err(ServerError::new(
            ErrorCode::TournamentOver,
            "this tournament is over",
        ));
    }
    t.status = "cancelled".into();
    app.store.update_tournament(&t).await?;
    Ok(Json(listed(&app, t).await?).into_response())
}
