//! The analysis board and game reviews over HTTP: `POST /api/analysis/open` (a finished game, a
//! PGN4 with its variations, or a FEN4, as a move tree), `POST /api/analysis/position` (who is to
//! move there and his legal moves), `POST /api/analysis/move` (a move on a
//! position of the board), `POST /api/analysis/pgn4` (the tree written as PGN4), and
//! `POST`/`GET /api/games/{id}/review`.

use super::IdPath;
use crate::analysis::board::{self, BoardFault, BoardTree};
use crate::analysis::review;
use crate::error::ServerError;
use crate::http_limits::Costly;
use crate::peer::ClientIp;
use crate::state::App;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use fourhand_protocol::{ErrorCode, GameId, SeatName, Square};
use fourhand_rules::{Kind, RuleSet};
use serde::{Deserialize, Serialize};

/// The routes.
pub fn routes() -> Router<App> {
    Router::new()
        .route("/api/analysis/open", post(open))
        .route("/api/analysis/position", post(position))
        .route("/api/analysis/move", post(play))
        .route("/api/analysis/pgn4", post(export))
        .route("/api/games/{id}/review", post(ask_review).get(review_state))
        .layer(DefaultBodyLimit::max(board::MAX_TEXT + 64 * 1024))
}

/// What a board opens.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Open {
    /// A finished game.
    #[serde(default)]
    game: Option<GameId>,
    /// A PGN4 (variations and comments kept).
    #[serde(default)]
    pgn4: Option<String>,
    /// A FEN4, with `rules`.
    #[serde(default)]
    fen4: Option<String>,
    /// The rule set of a FEN4 (Teams when absent).
    #[serde(default)]
    rules: Option<RuleSet>,
}

/// A refused PGN4, placed by line and column.
#[derive(Serialize)]
struct Refused {
    code: ErrorCode,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<u32>,
}

/// A board fault as an answer: 400 with the fault's words (and, for a PGN4, where it is).
fn refused(f: BoardFault) -> Response {
    let (code, line, column) = match &f {
        BoardFault::Pgn4(e) => (ErrorCode::BadRequest, Some(e.line), Some(e.column)),
        BoardFault::Illegal => (ErrorCode::IllegalMove, None, None),
        _ => (ErrorCode::BadRequest, None, None),
    };
    // A PGN4's place goes in its own fields; the message says what is wrong there.
    let message = match &f {
        BoardFault::Pgn4(e) => e.message.clone(),
        other => other.to_string(),
    };
    let body = Refused {
        code,
        message,
        line,
        column,
    };
    (StatusCode::BAD_REQUEST, Json(body)).into_response()
}

async fn open(
    State(app): State<App>,
    ClientIp(ip): ClientIp,
    Json(o): Json<Open>,
) -> Result<Response, ServerError> {
    app.http_limits.check(Costly::BoardText, ip)?;
    let tree = match (o.game, o.pgn4, o.fen4) {
        (Some(id), None, None) => {
            let g = crate::analysis::fair_play::finished_game(&app, id).await?;
            let text = g.end.map(|e| e.pgn4).unwrap_or_default();
            board::open_pgn4(&text)
        }
        (None, Some(text), None) => board::open_pgn4(&text),
        (None, None, Some(fen)) => {
            let rules = o.rules.unwrap_or(RuleSet::TEAMS);
            board::open_fen4(rules, &fen)
        }
        (None, None, None) => board::open_start(o.rules.unwrap_or(RuleSet::TEAMS)),
        _ => {
            return Err(ServerError::new(
                ErrorCode::BadRequest,
                "send one of game, pgn4, fen4 (with rules) or rules alone",
            ))
        }
    };
    Ok(match tree {
        Ok(t) => Json(t).into_response(),
        Err(f) => refused(f),
    })
}

/// A position of the board.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct At {
    rules: RuleSet,
    /// The position (FEN4 with points).
    fen4: String,
}

async fn position(
    State(app): State<App>,
    ClientIp(ip): ClientIp,
    Json(p): Json<At>,
) -> Result<Response, ServerError> {
    app.http_limits.check(Costly::Board, ip)?;
    Ok(match board::game_of(p.rules, &p.fen4) {
        Ok(mut g) => {
            board::pass_all(&mut g);
            Json(board::position_of(&g)).into_response()
        }
        Err(f) => refused(f),
    })
}

/// A move asked for on a position of the board.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Play {
    rules: RuleSet,
    /// The position (FEN4 with points).
    fen4: String,
    from: Square,
    to: Square,
    #[serde(default)]
    promotion: Option<Kind>,
    /// The entry the move follows (its seat and round), for the round of the new entries.
    #[serde(default)]
    after: Option<(SeatName, u32)>,
}

/// The entries a move made and the position after them.
#[derive(Serialize)]
struct Played {
    entries: Vec<board::BoardNode>,
    position: board::BoardPosition,
}

async fn play(
    State(app): State<App>,
    ClientIp(ip): ClientIp,
    Json(p): Json<Play>,
) -> Result<Response, ServerError> {
    app.http_limits.check(Costly::Board, ip)?;
    Ok(
        match board::move_entries(p.rules, &p.fen4, (p.from, p.to, p.promotion), p.after) {
            Ok((entries, position)) => Json(Played { entries, position }).into_response(),
            Err(f) => refused(f),
        },
    )
}

async fn export(
    State(app): State<App>,
    ClientIp(ip): ClientIp,
    Json(t): Json<BoardTree>,
) -> Result<Response, ServerError> {
    app.http_limits.check(Costly::BoardText, ip)?;
    Ok(match board::export(&t) {
        Ok(text) => super::text(text),
        Err(f) => refused(f),
    })
}

async fn ask_review(
    State(app): State<App>,
    headers: HeaderMap,
    IdPath(id): IdPath<GameId>,
) -> Result<Response, ServerError> {
    let (player, _) = super::accounts::bearer(&app, &headers).await?;
    let (created, state) = review::ask(&app, &player, id).await?;
    let status = if created {
        StatusCode::ACCEPTED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(state)).into_response())
}

async fn review_state(
    State(app): State<App>,
    IdPath(id): IdPath<GameId>,
) -> Result<Response, ServerError> {
    match app.store.review(id).await? {
        Some(row) => Ok(Json(review::state_of(&row)).into_response()),
        None => {
            // A game still being played has no review to come.
            crate::analysis::fair_play::finished_game(&app, id).await?;
            Err(ServerError::new(
                ErrorCode::NoReview,
                "this game has no review yet",
            ))
        }
    }
}
