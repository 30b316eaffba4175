//! The ratings shown beside the players' names: each human's in the game's pool (when he has
//! one there), each bot's fixed rating.

use super::Actor;
use fourhand_protocol::PlayerId;
use std::time::Duration;

/// How long a starting game waits for the store to read its players' ratings (they are only
/// shown, so a slow store leaves them out rather than hold the game up).
const RATINGS_WAIT: Duration = Duration::from_millis(500);

impl Actor {
    pub(super) async fn load_ratings(&mut self) {
        let pool = self.env.rating.pool.clone();
        for i in 0..4 {
            let seat = &self.core.seat_states().0[i];
            let rating = match (seat.bot, seat.player) {
                (Some(level), _) => Some(fourhand_rating::bot_rating(&level.name()).rating),
                (None, Some(p)) => {
                    let rows =
                        tokio::time::timeout(RATINGS_WAIT, self.env.store.ratings_of(PlayerId(p)))
                            .await;
                    match rows {
                        Ok(Ok(rows)) => rows
                            .into_iter()
                            .find(|r| r.pool == pool)
                            .map(|r| r.rating.rating),
                        _ => None,
                    }
                }
                (None, None) => None,
            };
            self.core.set_rating(
                fourhand_rules::Seat::from_index(i),
                rating.map(|r| r.round() as i32),
            );
        }
    }
}
