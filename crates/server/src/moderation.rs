//! Moderation: players report a game's chat (the lines are kept as they were); moderators —
//! accounts named by `--admins` — list the reports, mute a player's chat or ban him from
//! playing (for a time or for good), close a table and abort a live game. Every action is
//! stored with who did it and why; a muted or banned player is told so, with the reason and
//! the end, when he tries to write or to play.

use crate::accounts::bearer;
use crate::error::ServerError;
use crate::game::core::Input;
use crate::identity::names::name_key;
use crate::identity::Player;
use crate::state::App;
use crate::store::{ModerationRow, ReportRow};
use crate::time::epoch_ms;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use fourhand_protocol::ErrorCode;
use serde::Deserialize;
use uuid::Uuid;

/// The moderation routes.
pub fn routes() -> Router<App> {
    Router::new()
        .route("/api/games/{id}/report", post(report))
        .route("/api/admin/reports", get(reports))
        .route("/api/admin/log", get(log))
        .route("/api/admin/reports/{id}/close", post(close_report))
        .route("/api/admin/mute", post(mute))
        .route("/api/admin/ban", post(ban))
        .route("/api/admin/tables/{id}/close", post(close_table))
        .route("/api/admin/games/{id}/abort", post(abort_game))
}

fn id_of(s: &str, code: ErrorCode) -> Result<Uuid, ServerError> {
    s.parse().map_err(|_| ServerError::new(code, "no such id"))
}

/// The bearer session's player, who must be a moderator.
async fn admin(app: &App, headers: &HeaderMap) -> Result<Player, ServerError> {
    let (p, _) = bearer(app, headers).await?;
    let key = name_key(&p.name);
    let is_admin = p.registered && app.config.admins.iter().any(|a| name_key(a.trim()) == key);
    if !is_admin {
        return Err(ServerError::new(
            ErrorCode::NotAdmin,
            "only a moderator may do this",
        ));
    }
    Ok(p)
}

#[derive(Deserialize)]
struct Why {
    reason: String,
}

fn reason_ok(reason: &str) -> Result<String, ServerError> {
    let r = reason.trim();
    if r.is_empty() || r.chars().count() > 500 {
        return Err(ServerError::new(
            ErrorCode::BadRequest,
            "a reason of 1 to 500 characters",
        ));
    }
    Ok(r.to_string())
}

/// Reports a game's chat: the lines the reporter could see are kept as they are now.
async fn report(
    State(app): State<App>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Json(w): Json<Why>,
) -> Result<Response, ServerError> {
    let (p, _) = bearer(&app, &headers).await?;
    let reason = reason_ok(&w.reason)?;
    let game = id_of(&id, ErrorCode::UnknownGame)?;
    let chat = crate::bus::calls::chat_lines(&*app.bus, game, Some(p.id))
        .await
        .map_err(|e| match e.code {
            ErrorCode::UnknownGame => ServerError::new(
                ErrorCode::UnknownGame,
                "a game's chat can be reported while it is played and for a few minutes after",
            ),
            _ => e,
        })?;
    let row = ReportRow {
        id: Uuid::now_v7(),
        game,
        reporter: p.id,
        reporter_name: p.name.clone(),
        reason,
        chat,
        created_ms: epoch_ms(),
        closed_ms: None,
        closed_by: None,
    };
    app.store.create_report(&row).await?;
    Ok((StatusCode::CREATED, Json(row)).into_response())
}

async fn reports(State(app): State<App>, headers: HeaderMap) -> Result<Response, ServerError> {
    admin(&app, &headers).await?;
    Ok(Json(app.store.open_reports(200).await?).into_response())
}

async fn log(State(app): State<App>, headers: HeaderMap) -> Result<Response, ServerError> {
    admin(&app, &headers).await?;
    Ok(Json(app.store.moderation_log(200).await?).into_response())
}

/// Stores a moderator's action.
async fn record(
    app: &App,
    by: &Player,
    action: &str,
    target: String,
    player: Option<Uuid>,
    reason: String,
    until_ms: Option<i64>,
) -> Result<ModerationRow, ServerError> {
    let row = ModerationRow {
        id: Uuid::now_v7(),
        admin: by.name.clone(),
        action: action.to_string(),
        target,
        player,
        reason,
        at_ms: epoch_ms(),
        until_ms,
    };
    app.store.record_moderation(&row).await?;
    tracing::info!(admin = %by.name, action, target = %row.target, reason = %row.reason, "moderation");
    Ok(row)
}

async fn close_report(
    State(app): State<App>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Json(w): Json<Why>,
) -> Result<Response, ServerError> {
    let by = admin(&app, &headers).await?;
    let reason = reason_ok(&w.reason)?;
    let id = id_of(&id, ErrorCode::BadRequest)?;
    if !app.store.close_report(id, &by.name, epoch_ms()).await? {
        return Err(ServerError::new(
            ErrorCode::BadRequest,
            "no such open report",
        ));
    }
    let row = record(
        &app,
        &by,
        "close_report",
        id.to_string(),
        None,
        reason,
        None,
    )
    .await?;
    Ok(Json(row).into_response())
}

#[derive(Deserialize)]
struct Sanction {
    /// The account's name.
    name: String,
    /// How long; none: for good.
    minutes: Option<u64>,
    reason: String,
}

async fn sanction(
    app: &App,
    headers: &HeaderMap,
    s: Sanction,
    action: &str,
) -> Result<Response, ServerError> {
    let by = admin(app, headers).await?;
    let reason = reason_ok(&s.reason)?;
    let user = crate::accounts::find_account(app, &s.name)
        .await?
        .ok_or_else(|| ServerError::new(ErrorCode::UnknownPlayer, "no account of that name"))?;
    let until = s
        .minutes
        .map(|m| epoch_ms() + (m.min(10 * 365 * 24 * 60) as i64) * 60_000);
    let row = record(
        app,
        &by,
        action,
        user.name.clone(),
        Some(user.id),
        reason,
        until,
    )
    .await?;
    Ok((StatusCode::CREATED, Json(row)).into_response())
}

async fn mute(
    State(app): State<App>,
    headers: HeaderMap,
    Json(s): Json<Sanction>,
) -> Result<Response, ServerError> {
    sanction(&app, &headers, s, "mute").await
}

async fn ban(
    State(app): State<App>,
    headers: HeaderMap,
    Json(s): Json<Sanction>,
) -> Result<Response, ServerError> {
    sanction(&app, &headers, s, "ban").await
}

async fn close_table(
    State(app): State<App>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Json(w): Json<Why>,
) -> Result<Response, ServerError> {
    let by = admin(&app, &headers).await?;
    let reason = reason_ok(&w.reason)?;
    let table = id_of(&id, ErrorCode::UnknownTable)?;
    app.lobby.close_table(table).await?;
    let row = record(
        &app,
        &by,
        "close_table",
        table.to_string(),
        None,
        reason,
        None,
    )
    .await?;
    Ok(Json(row).into_response())
}

async fn abort_game(
    State(app): State<App>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Json(w): Json<Why>,
) -> Result<Response, ServerError> {
    let by = admin(&app, &headers).await?;
    let reason = reason_ok(&w.reason)?;
    let game = id_of(&id, ErrorCode::UnknownGame)?;
    let (_, over) = crate::bus::calls::snapshot(&*app.bus, game).await?;
    if over {
        return Err(ServerError::new(
            ErrorCode::UnknownGame,
            "no such live game",
        ));
    }
    crate::bus::calls::input(&*app.bus, game, Input::Abort(reason.clone())).await?;
    let row = record(
        &app,
        &by,
        "abort_game",
        game.to_string(),
        None,
        reason,
        None,
    )
    .await?;
    Ok(Json(row).into_response())
}

/// Refuses `player` with `code` when a moderator's `action` (mute or ban) holds for him now,
/// saying why and until when.
pub async fn check(app: &App, player: Uuid, action: &str) -> Result<(), ServerError> {
    let Some(s) = app.store.sanction(player, action, epoch_ms()).await? else {
        return Ok(());
    };
    let (code, what) = match action {
        "mute" => (ErrorCode::Muted, "your chat is muted"),
        _ => (ErrorCode::Banned, "you are banned from playing"),
    };
    let until = match s.until_ms {
        Some(ms) => format!("for {} more minutes", ((ms - epoch_ms()) + 59_999) / 60_000),
        None => "for good".to_string(),
    };
    Err(ServerError::new(
        code,
        format!("{what} {until} by a moderator: {}", s.reason),
    ))
}
