//! No engine for a game in progress: its analysis board and its review wait until it has
//! ended, and engine lines are refused for a position a game being played stands in now
//! (a spectator could otherwise relay them to a player).

use crate::error::ServerError;
use crate::state::App;
use crate::store::StoredGame;
use fourhand_protocol::{ErrorCode, GameId};
use fourhand_rules::game::Game;

/// The stored record of a game that has ended; a game still being played, or unknown, is
/// refused.
pub async fn finished_game(app: &App, id: GameId) -> Result<StoredGame, ServerError> {
    let g = app
        .store
        .game(id)
        .await?
        .ok_or_else(|| ServerError::new(ErrorCode::UnknownGame, "no such game"))?;
    if g.end.is_none() {
        return Err(in_progress());
    }
    Ok(g)
}

/// Refuses `game`'s position when a game being played on this node stands in it now (the
/// pieces on their squares and the seat to move).
pub fn not_live(app: &App, game: &Game) -> Result<(), ServerError> {
    if app.games.playing_at(game.position().placement_key()) {
        return Err(in_progress());
    }
    Ok(())
}

fn in_progress() -> ServerError {
    ServerError::new(
        ErrorCode::GameInProgress,
        "no engine for a game in progress: this is open to analysis when the game has ended",
    )
}
