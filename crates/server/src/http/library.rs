//! The built-in library of historical and sample games.

use super::text;
use crate::error::ServerError;
use crate::library::{positions, LIBRARY};
use axum::extract::Path;
use axum::response::Response;
use axum::Json;
use fourhand_protocol::ErrorCode;
use serde::Serialize;

/// A library game as listed.
#[derive(Serialize)]
pub(super) struct LibraryEntry {
    id: &'static str,
    title: &'static str,
}

pub(super) async fn library() -> Json<Vec<LibraryEntry>> {
    Json(
        LIBRARY
            .iter()
            .map(|b| LibraryEntry {
                id: b.id,
                title: b.title,
            })
            .collect(),
    )
}

fn builtin(id: &str) -> Result<&'static crate::library::Builtin, ServerError> {
    LIBRARY
        .iter()
        .find(|b| b.id == id)
        .ok_or_else(|| ServerError::new(ErrorCode::UnknownGame, "no such library game"))
}

pub(super) async fn library_pgn4(Path(id): Path<String>) -> Result<Response, ServerError> {
    Ok(text(builtin(&id)?.pgn4.to_string()))
}

pub(super) async fn library_positions(
    Path(id): Path<String>,
) -> Result<Json<crate::library::Positions>, ServerError> {
    let p = positions(builtin(&id)?.pgn4).map_err(ServerError::internal)?;
    Ok(Json(p))
}
