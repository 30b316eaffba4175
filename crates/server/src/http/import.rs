//! `POST /api/import`: a PGN4 (a chess.com export or a historical game) replayed move by move,
//! stored as a finished game.

use crate::error::ServerError;
use crate::state::App;
use crate::store::{GameEnd, NewGame};
use crate::time::epoch_ms;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use fourhand_protocol::{ErrorCode, TimeControl};
use fourhand_rules::notation::{fen4, pgn4};
use serde::Serialize;

/// A record refused at its first entry that does not replay.
#[derive(Serialize)]
struct ImportRefused {
    code: ErrorCode,
    message: String,
    round: u32,
    seat: Option<String>,
    #[serde(rename = "move")]
    mv: String,
    reason: String,
    plies: usize,
}

/// A record stored.
#[derive(Serialize)]
struct Imported {
    id: Uuid,
    plies: usize,
    result: String,
    positions: String,
}
use uuid::Uuid;

/// Imports a PGN4 (chess.com export or historical game): replays it, stores it, returns its id.
pub(super) async fn import(
    State(app): State<App>,
    crate::peer::ClientIp(ip): crate::peer::ClientIp,
    body: String,
) -> Result<Response, ServerError> {
    app.http_limits
        .check(crate::http_limits::Costly::Import, ip)?;
    let r =
        pgn4::replay(&body).map_err(|e| ServerError::new(ErrorCode::BadRequest, e.to_string()))?;
    if let Some(e) = &r.error {
        let body = ImportRefused {
            code: ErrorCode::BadRequest,
            message: e.to_string(),
            round: e.round,
            seat: e.colour.clone(),
            mv: e.text.clone(),
            reason: e.reason.to_string(),
            plies: r.plies,
        };
        return Ok((StatusCode::BAD_REQUEST, Json(body)).into_response());
    }
    let g = &r.game;
    let id = Uuid::now_v7();
    let names = r.tags.players(g.rules());
    let new = NewGame {
        id,
        rules: g.rules().name(),
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
    // The record is the text as it came, variations and comments kept (it replays: the main
    // line was just played through).
    let result = pgn4::result_tag(g, &r.tags);
    let end = GameEnd {
        result: result.clone(),
        termination: r.tags.get("Termination").unwrap_or("").to_string(),
        points: g.points().0,
        placings: (!g.rules().sides()).then(|| g.placings().0),
        pgn4: body.clone(),
        ended_ms: epoch_ms(),
    };
    app.store.finish_game(id, &end, None).await?;
    let body = Imported {
        id,
        plies: r.plies,
        result,
        positions: format!("/api/games/{id}/positions"),
    };
    Ok((StatusCode::CREATED, Json(body)).into_response())
}
