//! Scoring a tournament's ended games, once each: every game of the tournament not scored yet
//! and not among the store's running games is read whole, and what `score` makes of it (none:
//! it has not ended) is written only while the game has no points — so of two directors (one
//! taking over from the other) one writes. Arenas and Swisses score this way, each its own
//! points.

use crate::error::ServerError;
use crate::state::App;
use crate::store::{StoredGame, TournamentGameRow};
use crate::time::epoch_ms;
use std::collections::HashSet;

/// Scores every ended game of `games` with `score`; true when one was scored now.
pub async fn score_ended(
    app: &App,
    games: &[TournamentGameRow],
    running: &HashSet<uuid::Uuid>,
    score: impl Fn(&StoredGame, &TournamentGameRow) -> Result<Option<String>, ServerError>,
) -> Result<bool, ServerError> {
    let mut any = false;
    for g in games
        .iter()
        .filter(|g| g.scored.is_none() && !running.contains(&g.game.0))
    {
        let Some(stored) = app.store.game(g.game).await? else {
            continue;
        };
        let Some(text) = score(&stored, g)? else {
            continue;
        };
        any |= app
            .store
            .score_tournament_game(g.game, &text, epoch_ms())
            .await?;
    }
    Ok(any)
}
