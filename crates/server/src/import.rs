//! Imported games: a PGN4 that replayed to its end, stored as a finished game of the archive
//! with the text as it came (variations and comments kept).

use crate::error::ServerError;
use crate::state::App;
use crate::store::{GameEnd, NewGame};
use crate::time::epoch_ms;
use fourhand_protocol::{GameId, TimeControl};
use fourhand_rules::notation::pgn4::Replay;
use fourhand_rules::notation::{fen4, pgn4};
use uuid::Uuid;

/// Stores replay `r` of `text` (which replayed without an error) as a finished, unrated game;
/// returns its id and its result tag.
pub async fn store(app: &App, r: &Replay, text: &str) -> Result<(Uuid, String), ServerError> {
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
        berserk: false,
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
        pgn4: text.to_string(),
        ended_ms: epoch_ms(),
    };
    app.store.finish_game(GameId(id), &end, None).await?;
    Ok((id, result))
}
