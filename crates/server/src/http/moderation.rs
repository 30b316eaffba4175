//! The moderation API over HTTP: a player's report of a game's chat, and the moderators'
//! reports, log, mutes, bans, closed tables and aborted games. Each handler checks who asks and
//! what he sent, and leaves the rest to the moderation domain (`moderation/`).

use super::accounts::bearer;
use super::IdPath;
use crate::error::ServerError;
use crate::game::core::Input;
use crate::identity::names::name_key;
use crate::identity::Player;
use crate::moderation::{record, ModerationAction, Sanction};
use crate::state::App;
use crate::time::epoch_ms;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use fourhand_protocol::{ErrorCode, GameId, TableId, TournamentId};
use serde::Deserialize;
use uuid::Uuid;

/// The moderation routes.
pub fn routes() -> Router<App> {
    Router::new()
        .route("/api/games/{id}/report", post(report))
        .route("/api/admin/reports", get(reports))
        .route("/api/admin/log", get(log))
        .route("/api/admin/reports/{id}/close", post(close_report))
        .route("/api/admin/mute", sanction_route(Sanction::Mute))
        .route("/api/admin/ban", sanction_route(Sanction::Ban))
        .route("/api/admin/ban_rated", sanction_route(Sanction::RatedBan))
        .route("/api/admin/tables/{id}/close", post(close_table))
        .route("/api/admin/games/{id}/abort", post(abort_game))
        .route(
            "/api/admin/tournaments/{id}/remove",
            post(remove_from_tournament),
        )
}

/// The bearer session's player, who must be a moderator.
pub(super) async fn admin(app: &App, headers: &HeaderMap) -> Result<Player, ServerError> {
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
    IdPath(game): IdPath<GameId>,
    Json(w): Json<Why>,
) -> Result<Response, ServerError> {
    let (p, _) = bearer(&app, &headers).await?;
    let reason = reason_ok(&w.reason)?;
    app.report_quota.check(p.id)?;
    let row = crate::moderation::reports::file(&app, &p, game, reason).await?;
    Ok((StatusCode::CREATED, Json(row)).into_response())
}

async fn reports(State(app): State<App>, headers: HeaderMap) -> Result<Response, ServerError> {
    admin(&app, &headers).await?;
    Ok(Json(crate::moderation::reports::open(&app).await?).into_response())
}

async fn log(State(app): State<App>, headers: HeaderMap) -> Result<Response, ServerError> {
    admin(&app, &headers).await?;
    Ok(Json(crate::moderation::reports::log(&app).await?).into_response())
}

async fn close_report(
    State(app): State<App>,
    headers: HeaderMap,
    IdPath(id): IdPath<Uuid>,
    Json(w): Json<Why>,
) -> Result<Response, ServerError> {
    let by = admin(&app, &headers).await?;
    let reason = reason_ok(&w.reason)?;
    let row = crate::moderation::reports::close(&app, &by, id, reason).await?;
    Ok(Json(row).into_response())
}

/// A moderator's request to mute or ban an account.
#[derive(Deserialize)]
struct SanctionRequest {
    /// The account's name.
    name: String,
    /// How long; none: for good.
    minutes: Option<u64>,
    reason: String,
}

/// The handler of `POST /api/admin/mute` or `/api/admin/ban`: puts `sanction` on the named
/// account.
fn sanction_route(sanction: Sanction) -> axum::routing::MethodRouter<App> {
    post(
        move |State(app): State<App>, headers: HeaderMap, Json(s): Json<SanctionRequest>| async move {
            put_sanction(&app, &headers, s, sanction).await
        },
    )
}

async fn put_sanction(
    app: &App,
    headers: &HeaderMap,
    s: SanctionRequest,
    sanction: Sanction,
) -> Result<Response, ServerError> {
    let by = admin(app, headers).await?;
    let reason = reason_ok(&s.reason)?;
    let user = crate::identity::lookup::find_account(app, &s.name)
        .await?
        .ok_or_else(|| ServerError::new(ErrorCode::UnknownPlayer, "no account of that name"))?;
    let until = s
        .minutes
        .map(|m| epoch_ms() + (m.min(10 * 365 * 24 * 60) as i64) * 60_000);
    let row = record(
        app,
        &by,
        sanction.action(),
        user.name.clone(),
        Some(user.id),
        reason,
        until,
    )
    .await?;
    Ok((StatusCode::CREATED, Json(row)).into_response())
}

async fn close_table(
    State(app): State<App>,
    headers: HeaderMap,
    IdPath(table): IdPath<TableId>,
    Json(w): Json<Why>,
) -> Result<Response, ServerError> {
    let by = admin(&app, &headers).await?;
    let reason = reason_ok(&w.reason)?;
    app.lobby.close_table(table).await?;
    let row = record(
        &app,
        &by,
        ModerationAction::CloseTable,
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
    IdPath(game): IdPath<GameId>,
    Json(w): Json<Why>,
) -> Result<Response, ServerError> {
    let by = admin(&app, &headers).await?;
    let reason = reason_ok(&w.reason)?;
    let (_, over) = crate::game::calls::snapshot(&*app.bus, game).await?;
    if over {
        return Err(ServerError::new(
            ErrorCode::UnknownGame,
            "no such live game",
        ));
    }
    crate::game::calls::input(&*app.bus, game, Input::Abort(reason.clone())).await?;
    let row = record(
        &app,
        &by,
        ModerationAction::AbortGame,
        game.to_string(),
        None,
        reason,
        None,
    )
    .await?;
    Ok(Json(row).into_response())
}

#[derive(Deserialize)]
struct Removal {
    name: String,
    reason: String,
}

/// Removes a player from a tournament (he may not enter it again).
async fn remove_from_tournament(
    State(app): State<App>,
    headers: HeaderMap,
    IdPath(id): IdPath<TournamentId>,
    Json(r): Json<Removal>,
) -> Result<Response, ServerError> {
    let by = admin(&app, &headers).await?;
    let reason = reason_ok(&r.reason)?;
    let entry = crate::tournament::entries::remove(&app, id, &r.name).await?;
    let row = record(
        &app,
        &by,
        ModerationAction::RemoveFromTournament,
        format!("{} in {id}", entry.name),
        Some(entry.player.0),
        reason,
        None,
    )
    .await?;
    Ok(Json(row).into_response())
}
