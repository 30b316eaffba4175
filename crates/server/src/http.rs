//! HTTP endpoints: identity, lobby and game listings, game records (PGN4, positions, import),
//! the built-in library, health and metrics.

use crate::app::App;
use crate::error::ServerError;
use crate::game::actor::{epoch_ms, Command};
use crate::library::{positions, LIBRARY};
use crate::store::{GameEnd, NewGame};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use fourhand_protocol::{ErrorCode, TimeControl};
use fourhand_rules::notation::{fen4, pgn4};
use serde_json::{json, Value};
use tokio::sync::oneshot;
use uuid::Uuid;

/// The HTTP routes.
pub fn routes() -> Router<App> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .route("/api/tables", get(tables))
        .route("/api/games", get(games))
        .route("/api/games/{id}", get(game))
        .route("/api/games/{id}/pgn4", get(game_pgn4))
        .route("/api/games/{id}/positions", get(game_positions))
        .route(
            "/api/import",
            post(import).layer(DefaultBodyLimit::max(256 * 1024)),
        )
        .route("/api/library", get(library))
        .route("/api/library/{id}/pgn4", get(library_pgn4))
        .route("/api/library/{id}/positions", get(library_positions))
}

/// Healthy when the store takes a write within a second (a read alone passes on a full disk
/// or a read-only file).
async fn healthz(State(app): State<App>) -> Response {
    match crate::app::record_alive(&app.store).await {
        Ok(()) => (StatusCode::OK, "ok").into_response(),
        Err(e) => {
            tracing::warn!(error = %e, "health check failed");
            ServerError::new(ErrorCode::StoreUnavailable, "the store cannot write").into_response()
        }
    }
}

async fn metrics(State(app): State<App>) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        app.metrics.render(),
    )
        .into_response()
}

async fn tables(State(app): State<App>) -> Json<Value> {
    Json(json!(app.lobby.tables()))
}

async fn games(State(app): State<App>) -> Json<Value> {
    let live: Vec<Value> = app
        .games
        .list()
        .into_iter()
        .map(|(id, g)| json!({"id": id, "rules": g.rules, "players": g.names}))
        .collect();
    Json(json!(live))
}

fn game_id(s: &str) -> Result<Uuid, ServerError> {
    s.parse()
        .map_err(|_| ServerError::new(ErrorCode::UnknownGame, "no such game"))
}

async fn game(State(app): State<App>, Path(id): Path<String>) -> Result<Json<Value>, ServerError> {
    let id = game_id(&id)?;
    if let Some(h) = app.games.get(id).filter(|h| !h.is_over()) {
        let (tx, rx) = oneshot::channel();
        if h.tx.send(Command::Snapshot { reply: tx }).await.is_ok() {
            if let Ok(state) = rx.await {
                return Ok(Json(json!(state)));
            }
        }
    }
    let g = app
        .store
        .game(id)
        .await?
        .ok_or_else(|| ServerError::new(ErrorCode::UnknownGame, "no such game"))?;
    let end = g.end.clone().unwrap_or_default();
    Ok(Json(json!({
        "game": id,
        "rules": g.game.rules,
        "players": g.game.seats.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
        "time": g.game.time,
        "imported": g.game.imported,
        "result": g.end.as_ref().map(|e| e.result.clone()),
        "termination": end.termination,
        "points": end.points,
        "placings": end.placings,
        "plies": g.actions.len(),
    })))
}

/// The PGN4 of a game: stored when finished, written from the live game otherwise.
async fn pgn4_of(app: &App, id: Uuid) -> Result<String, ServerError> {
    let g = app
        .store
        .game(id)
        .await?
        .ok_or_else(|| ServerError::new(ErrorCode::UnknownGame, "no such game"))?;
    if let Some(end) = &g.end {
        return Ok(end.pgn4.clone());
    }
    let core = crate::game::registry::rebuild(&g, app.timing).map_err(ServerError::internal)?;
    let mut tags = pgn4::Tags::default();
    for (i, s) in g.game.seats.iter().enumerate() {
        tags.set(
            core.game()
                .rules()
                .colour(fourhand_rules::Seat::from_index(i)),
            s.name.clone(),
        );
    }
    tags.set("GameNr", id.to_string());
    Ok(pgn4::write(core.game(), &tags))
}

fn text(body: String) -> Response {
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response()
}

async fn game_pgn4(
    State(app): State<App>,
    Path(id): Path<String>,
) -> Result<Response, ServerError> {
    Ok(text(pgn4_of(&app, game_id(&id)?).await?))
}

async fn game_positions(
    State(app): State<App>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ServerError> {
    let pgn = pgn4_of(&app, game_id(&id)?).await?;
    let p = positions(&pgn).map_err(ServerError::internal)?;
    Ok(Json(json!(p)))
}

/// Imports a PGN4 (chess.com export or historical game): replays it, stores it, returns its id.
async fn import(
    State(app): State<App>,
    crate::peer::ClientIp(ip): crate::peer::ClientIp,
    body: String,
) -> Result<Response, ServerError> {
    app.http_limits
        .check(crate::http_limits::Costly::Import, ip)?;
    let r =
        pgn4::replay(&body).map_err(|e| ServerError::new(ErrorCode::BadRequest, e.to_string()))?;
    if let Some(e) = &r.error {
        let body = json!({"code": ErrorCode::BadRequest, "message": e.to_string(),
            "round": e.round, "seat": e.colour, "move": e.text, "reason": e.reason, "plies": r.plies});
        return Ok((StatusCode::BAD_REQUEST, Json(body)).into_response());
    }
    let g = &r.game;
    let id = Uuid::now_v7();
    let names = r.tags.players(g.rules());
    let new = NewGame {
        id,
        rules: g.rules().variant.short_name().to_string(),
        start_fen4: fen4::write_with_points(g.start_position(), &g.start_points()),
        time: TimeControl::DEFAULT,
        seed: g.seed() as i64,
        seats: (0..4)
            .map(|i| crate::store::StoredSeat {
                name: names.0[i]
                    .clone()
                    .unwrap_or_else(|| g.rules().colours[i].to_string()),
                player: None,
                bot: None,
                token_hash: None,
            })
            .collect(),
        table_chat: false,
        rated: false,
        imported: true,
        created_ms: epoch_ms(),
    };
    app.store.create_game(&new).await?;
    let written = pgn4::write(g, &r.tags);
    let result = pgn4::result_tag(g, &r.tags);
    let end = GameEnd {
        result: result.clone(),
        termination: r.tags.get("Termination").unwrap_or("").to_string(),
        points: g.points().0,
        placings: g.rules().scoring.then(|| g.placings().0),
        pgn4: written,
        ended_ms: epoch_ms(),
    };
    app.store.finish_game(id, &end, None).await?;
    let body = json!({"id": id, "plies": r.plies, "result": result,
        "positions": format!("/api/games/{id}/positions")});
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

async fn library() -> Json<Value> {
    Json(json!(LIBRARY
        .iter()
        .map(|b| json!({"id": b.id, "title": b.title}))
        .collect::<Vec<_>>()))
}

fn builtin(id: &str) -> Result<&'static crate::library::Builtin, ServerError> {
    LIBRARY
        .iter()
        .find(|b| b.id == id)
        .ok_or_else(|| ServerError::new(ErrorCode::UnknownGame, "no such library game"))
}

async fn library_pgn4(Path(id): Path<String>) -> Result<Response, ServerError> {
    Ok(text(builtin(&id)?.pgn4.to_string()))
}

async fn library_positions(Path(id): Path<String>) -> Result<Json<Value>, ServerError> {
    let p = positions(builtin(&id)?.pgn4).map_err(ServerError::internal)?;
    Ok(Json(json!(p)))
}
