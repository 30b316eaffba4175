//! Ids in request paths, parsed once at the edge into their types: a handler takes
//! `IdPath<GameId>` and never sees the text. A path whose id does not parse is answered with
//! the error the protocol documents for an unknown one (`404 unknown_game`, …).

use crate::error::ServerError;
use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use fourhand_protocol::{ErrorCode, GameId, TableId, TournamentId};
use std::str::FromStr;
use uuid::Uuid;

/// An id taken from the request's path (its only parameter).
pub struct IdPath<T>(pub T);

/// An id a path may carry, and how a path that names none is refused.
pub trait PathId: FromStr + Send {
    /// The error code and words for a path whose id does not parse.
    const UNKNOWN: (ErrorCode, &'static str);
}

impl PathId for GameId {
    const UNKNOWN: (ErrorCode, &'static str) = (ErrorCode::UnknownGame, "no such game");
}

impl PathId for TableId {
    const UNKNOWN: (ErrorCode, &'static str) = (ErrorCode::UnknownTable, "no such table");
}

impl PathId for TournamentId {
    const UNKNOWN: (ErrorCode, &'static str) = (ErrorCode::UnknownTournament, "no such tournament");
}

/// A report's id (the moderators' API).
impl PathId for Uuid {
    const UNKNOWN: (ErrorCode, &'static str) = (ErrorCode::BadRequest, "no such id");
}

impl<S: Send + Sync, T: PathId> FromRequestParts<S> for IdPath<T> {
    type Rejection = ServerError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ServerError> {
        let unknown = || ServerError::new(T::UNKNOWN.0, T::UNKNOWN.1);
        let Path(text) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| unknown())?;
        text.parse().map(IdPath).map_err(|_| unknown())
    }
}
