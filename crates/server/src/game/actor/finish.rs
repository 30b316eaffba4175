//! The end of a game: its result, PGN4 (tagged with names, ratings and dates) and rating job
//! stored once.

use super::Actor;
use crate::game::{rating, view};
use crate::store::GameEnd;
use crate::time::epoch_ms;
use fourhand_protocol::GameId;
use fourhand_rules::notation::pgn4;

impl Actor {
    pub(super) async fn store_end(&mut self) {
        if self.finished_stored {
            return;
        }
        self.finished_stored = true;
        self.store_result().await;
        self.over.store(true, std::sync::atomic::Ordering::Release);
        // It leaves the lobby's live games at once.
        let ended = fourhand_protocol::ServerMsg::GameEnded {
            game: self.id.into(),
        };
        self.env.bus.publish_lobby(&crate::wire::wire(&ended));
    }

    pub(super) async fn store_result(&mut self) {
        let Some((result, termination)) = self.core.result() else {
            return;
        };
        let g = self.core.game();
        let mut tags = view::record_tags(&self.core, self.id);
        tags.set("TimeControl", self.core.control().label());
        let colours = g.rules().colours;
        let tagged = rating::tag(&self.env.rating, &self.env.store, &mut tags, colours).await;
        if let Err(e) = tagged {
            tracing::warn!(game = %self.id, error = %e, "could not read the ratings for the tags");
        }
        let end = GameEnd {
            result,
            termination,
            points: g.points().0,
            placings: (!g.rules().sides()).then(|| g.placings().0),
            pgn4: pgn4::write(g, &tags),
            ended_ms: epoch_ms(),
        };
        let job = crate::store::RatingJob {
            finish: rating::settled(&self.core),
            ..self.env.rating.clone()
        };
        match self
            .env
            .store
            .finish_game(GameId(self.id), &end, Some(&job))
            .await
        {
            Ok(true) if job.rated => {
                let conduct = crate::lobby::playban::conduct_of(
                    &job.players,
                    &job.finish,
                    &self.core.game().statuses(),
                );
                judge_conduct(self.env.store.clone(), GameId(self.id), conduct).await;
            }
            Ok(_) => {}
            Err(e) => {
                self.env.metrics.store_errors.increment(1);
                tracing::error!(game = %self.id, error = %e, "could not store the result");
            }
        }
    }
}

/// Records each player's `conduct` in rated `game`, and the playbans it brings.
async fn judge_conduct(
    store: crate::store::Store,
    game: GameId,
    conduct: Vec<(
        fourhand_protocol::PlayerId,
        fourhand_rating::playban::Conduct,
    )>,
) {
    match crate::lobby::playban::judge(&store, game, &conduct, epoch_ms()).await {
        Ok(given) => {
            for (player, until) in given {
                tracing::info!(game = %game.0, player = %player.0, until, "playban");
            }
        }
        Err(e) => tracing::warn!(game = %game.0, error = %e, "could not record conduct"),
    }
}
