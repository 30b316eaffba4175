//! HTTP endpoints by resource: health and metrics, lobby and game listings with their records
//! (PGN4, positions), imports, the built-in library, accounts and sessions, player records
//! (profiles, archive, leaderboards), moderation, and analysis (the analysis board, reviews).

pub mod accounts;
mod analysis;
mod games;
mod health;
mod id_path;
mod import;
mod library;
mod moderation;
mod records;
mod tournaments;

pub use id_path::{IdPath, PathId};

use crate::state::App;
use axum::extract::DefaultBodyLimit;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

/// The HTTP routes.
pub fn routes() -> Router<App> {
    Router::new()
        .route("/healthz", get(health::healthz))
        .route("/metrics", get(health::metrics))
        .route("/api/tables", get(games::tables))
        .route("/api/games", get(games::games))
        .route("/api/games/{id}", get(games::game))
        .route("/api/games/{id}/pgn4", get(games::game_pgn4))
        .route("/api/games/{id}/positions", get(games::game_positions))
        .route(
            "/api/import",
            post(import::import).layer(DefaultBodyLimit::max(256 * 1024)),
        )
        .route("/api/library", get(library::library))
        .route("/api/library/{id}/pgn4", get(library::library_pgn4))
        .route(
            "/api/library/{id}/positions",
            get(library::library_positions),
        )
        .merge(accounts::routes())
        .merge(records::routes())
        .merge(moderation::routes())
        .merge(tournaments::routes())
        .merge(analysis::routes())
}

/// A plain-text (PGN4) answer.
fn text(body: String) -> Response {
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response()
}
