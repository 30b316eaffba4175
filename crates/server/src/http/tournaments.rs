//! Tournaments over HTTP: the list (upcoming, running, recently finished), one arena with its
//! standings or one Swiss with its rounds and table, a tournament's games as one PGN4 file, and
//! the moderators' create, edit and cancel.

use super::moderation::admin;
use super::{text, IdPath};
use crate::error::ServerError;
use crate::state::App;
use crate::store::TournamentRow;
use crate::time::epoch_ms;
use crate::tournament::standings::{status_of, view};
use crate::tournament::swiss_settings::SwissSettings;
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
    settings: Settings,
    players: usize,
}

/// A tournament's settings, by its kind.
#[derive(Serialize)]
#[serde(untagged)]
enum Settings {
    /// An arena's.
    Arena(ArenaSettings),
    /// A Swiss's.
    Swiss(SwissSettings),
}

fn settings_of(t: &TournamentRow) -> Result<Settings, ServerError> {
    Ok(if t.kind == "swiss" {
        Settings::Swiss(serde_json::from_str(&t.settings).map_err(ServerError::internal)?)
    } else {
        Settings::Arena(serde_json::from_str(&t.settings).map_err(ServerError::internal)?)
    })
}

async fn listed(app: &App, t: TournamentRow) -> Result<Listed, ServerError> {
    let settings = settings_of(&t)?;
    let entries = app.store.entries(t.id).await?;
    // A Swiss counts the players of its pairs (an invitation not yet accepted is no entry).
    let players = if t.kind == "swiss" {
        2 * crate::tournament::swiss_pairs::teams_of(&entries).len()
    } else {
        entries.iter().filter(|e| !e.withdrawn).count()
    };
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

/// One tournament: its settings, and an arena's standings or a Swiss's rounds and table.
async fn one(
    State(app): State<App>,
    IdPath(id): IdPath<TournamentId>,
) -> Result<Response, ServerError> {
    let t = found(&app, id).await?;
    let entries = app.store.entries(id).await?;
    let games = app.store.tournament_games(id).await?;
    #[derive(Serialize)]
    struct One {
        #[serde(flatten)]
        listed: Listed,
        #[serde(skip_serializing_if = "Option::is_none")]
        standings: Option<fourhand_protocol::ArenaStandings>,
        #[serde(skip_serializing_if = "Option::is_none")]
        swiss: Option<fourhand_protocol::SwissView>,
    }
    let (standings, swiss) = if t.kind == "swiss" {
        (
            None,
            Some(crate::tournament::swiss_rounds::view(&t, &entries, &games)),
        )
    } else {
        (Some(view(&t, &entries, &games, 0, usize::MAX)), None)
    };
    Ok(Json(One {
        listed: listed(&app, t).await?,
        standings,
        swiss,
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

/// A new Swiss, as a moderator asks for it (`"kind": "swiss"`).
#[derive(Deserialize)]
struct NewSwiss {
    #[serde(flatten)]
    settings: SwissSettings,
    /// When it starts (ms since the epoch); now when absent — pairs register before.
    #[serde(default)]
    starts_ms: Option<i64>,
}

/// The kind a request names (`arena` when it names none).
fn kind_of(body: &serde_json::Value) -> Result<&str, ServerError> {
    match body.get("kind").and_then(|k| k.as_str()).unwrap_or("arena") {
        k @ ("arena" | "swiss") => Ok(k),
        k => Err(ServerError::new(
            ErrorCode::BadRequest,
            format!("a tournament is an arena or a swiss, not {k:?}"),
        )),
    }
}

/// A request's body as `T`, or a clear `bad_request`.
fn body_as<T: serde::de::DeserializeOwned>(body: serde_json::Value) -> Result<T, ServerError> {
    serde_json::from_value(body).map_err(|e| ServerError::new(ErrorCode::BadRequest, e.to_string()))
}

/// A tournament row's kind, settings and times from a moderator's request.
fn made_of(
    body: serde_json::Value,
    now: i64,
) -> Result<(&'static str, String, i64, i64), ServerError> {
    if kind_of(&body)? == "swiss" {
        let n: NewSwiss = body_as(body)?;
        let settings = n.settings.checked()?;
        let starts_ms = start_of(n.starts_ms, now)?;
        let text = serde_json::to_string(&settings).map_err(ServerError::internal)?;
        return Ok(("swiss", text, starts_ms, starts_ms));
    }
    let n: NewArena = body_as(body)?;
    let settings = n.settings.checked()?;
    let starts_ms = start_of(n.starts_ms, now)?;
    let ends_ms = starts_ms + i64::from(settings.minutes) * 60_000;
    let text = serde_json::to_string(&settings).map_err(ServerError::internal)?;
    Ok(("arena", text, starts_ms, ends_ms))
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
    Json(body): Json<serde_json::Value>,
) -> Result<Response, ServerError> {
    let by = admin(&app, &headers).await?;
    let now = epoch_ms();
    let (kind, settings, starts_ms, ends_ms) = made_of(body, now)?;
    let t = TournamentRow {
        id: TournamentId(uuid::Uuid::now_v7()),
        kind: kind.into(),
        status: "created".into(),
        starts_ms,
        ends_ms,
        settings,
        created_by: by.name,
        created_ms: now,
    };
    app.store.create_tournament(&t).await?;
    Ok((StatusCode::CREATED, Json(listed(&app, t).await?)).into_response())
}

/// A moderator's edit of a tournament that has not started: new settings and start, checked
/// as when it was made (its kind stays).
async fn edit(
    State(app): State<App>,
    headers: HeaderMap,
    IdPath(id): IdPath<TournamentId>,
    Json(mut body): Json<serde_json::Value>,
) -> Result<Response, ServerError> {
    admin(&app, &headers).await?;
    let mut t = found(&app, id).await?;
    if t.status != "created" {
        return Err(ServerError::new(
            ErrorCode::BadRequest,
            "a tournament can be edited only before it starts",
        ));
    }
    if let Some(o) = body.as_object_mut() {
        o.insert("kind".into(), serde_json::Value::String(t.kind.clone()));
    }
    let (_, settings, starts_ms, ends_ms) = made_of(body, epoch_ms())?;
    t.settings = settings;
    t.starts_ms = starts_ms;
    t.ends_ms = ends_ms;
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
