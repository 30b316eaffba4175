//! `POST /api/import`: a PGN4 (a chess.com export or a historical game) replayed move by move,
//! stored as a finished game.

use crate::error::ServerError;
use crate::state::App;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use fourhand_protocol::ErrorCode;
use fourhand_rules::notation::pgn4;
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
    let (id, result) = crate::import::store(&app, &r, &body).await?;
    let body = Imported {
        id,
        plies: r.plies,
        result,
        positions: format!("/api/games/{id}/positions"),
    };
    Ok((StatusCode::CREATED, Json(body)).into_response())
}
