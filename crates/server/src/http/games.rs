//! Open tables, live games, one game's state or summary, and its record as PGN4 or positions.

use super::{text, IdPath};
use crate::error::ServerError;
use crate::game::mail::{GameReply, GameRequest};
use crate::game::view;
use crate::library::positions;
use crate::state::App;
use axum::extract::State;
use axum::response::IntoResponse;
use axum::response::Response;
use axum::Json;
use fourhand_protocol::{ErrorCode, GameId, TableInfo, TimeControl};
use fourhand_rules::notation::pgn4;
use serde::Serialize;

/// A game being played, as `/api/games` lists it.
#[derive(Serialize)]
pub(super) struct LiveGameEntry {
    id: Uuid,
    rules: String,
    players: Vec<String>,
}

/// A game that is not live (finished, or not running on this node): its summary.
#[derive(Serialize)]
pub(super) struct GameSummary {
    game: Uuid,
    rules: String,
    players: Vec<String>,
    time: TimeControl,
    imported: bool,
    result: Option<String>,
    termination: String,
    points: [i32; 4],
    placings: Option<[u8; 4]>,
    plies: usize,
    rated: bool,
    /// The rating changes the game made, by seat (rated games, once stored).
    ratings: Vec<SeatRating>,
}

/// One seat's rating before and after a rated game.
#[derive(Serialize)]
pub(super) struct SeatRating {
    seat: fourhand_protocol::SeatName,
    before: i32,
    after: i32,
}
use uuid::Uuid;

pub(super) async fn tables(State(app): State<App>) -> Result<Json<Vec<TableInfo>>, ServerError> {
    Ok(Json(app.lobby.tables().await?))
}

pub(super) async fn games(State(app): State<App>) -> Result<Json<Vec<LiveGameEntry>>, ServerError> {
    if app.cluster.is_some() {
        // Every node's games: those the store has not seen end.
        let live = app
            .store
            .live_headers()
            .await?
            .into_iter()
            .map(|g| LiveGameEntry {
                id: g.game.id,
                rules: g.game.rules,
                players: g.game.seats.into_iter().map(|s| s.name).collect(),
            })
            .collect();
        return Ok(Json(live));
    }
    let live = app
        .games
        .list()
        .into_iter()
        .map(|(id, g)| LiveGameEntry {
            id,
            rules: g.rules,
            players: g.names,
        })
        .collect();
    Ok(Json(live))
}

/// A live game's whole state, or a finished game's summary.
pub(super) async fn game(
    State(app): State<App>,
    IdPath(id): IdPath<GameId>,
) -> Result<Response, ServerError> {
    let id = id.0;
    let live = app.bus.request(id, GameRequest::Snapshot).await;
    if let Ok(GameReply::Snapshot { state, over: false }) = live {
        return Ok(Json(state).into_response());
    }
    let g = app
        .store
        .game(GameId(id))
        .await?
        .ok_or_else(|| ServerError::new(ErrorCode::UnknownGame, "no such game"))?;
    let end = g.end.clone().unwrap_or_default();
    let summary = GameSummary {
        game: id,
        players: g.game.seats.iter().map(|s| s.name.clone()).collect(),
        time: g.game.time,
        imported: g.game.imported,
        result: g.end.as_ref().map(|e| e.result.clone()),
        termination: end.termination,
        points: end.points,
        placings: end.placings,
        plies: g.actions.len(),
        rated: g.game.rated,
        ratings: app
            .store
            .game_rating_changes(GameId(id))
            .await?
            .into_iter()
            .map(|c| SeatRating {
                seat: fourhand_protocol::SeatName::from_index(c.seat as usize),
                before: c.before.round() as i32,
                after: c.after.round() as i32,
            })
            .collect(),
        rules: g.game.rules,
    };
    Ok(Json(summary).into_response())
}

/// The PGN4 of a game: stored when finished, written from the live game otherwise.
pub(super) async fn pgn4_of(app: &App, id: Uuid) -> Result<String, ServerError> {
    let g = app
        .store
        .game(GameId(id))
        .await?
        .ok_or_else(|| ServerError::new(ErrorCode::UnknownGame, "no such game"))?;
    if let Some(end) = &g.end {
        return Ok(end.pgn4.clone());
    }
    let core = crate::game::registry::rebuild(&g, app.timing).map_err(ServerError::internal)?;
    Ok(pgn4::write(core.game(), &view::record_tags(&core, id)))
}

pub(super) async fn game_pgn4(
    State(app): State<App>,
    IdPath(id): IdPath<GameId>,
) -> Result<Response, ServerError> {
    Ok(text(pgn4_of(&app, id.0).await?))
}

pub(super) async fn game_positions(
    State(app): State<App>,
    IdPath(id): IdPath<GameId>,
) -> Result<Json<crate::library::Positions>, ServerError> {
    let pgn = pgn4_of(&app, id.0).await?;
    let p = positions(&pgn).map_err(ServerError::internal)?;
    Ok(Json(p))
}
