//! Playbans in the store: each rated game's conduct per player (written once per game and
//! player), and the waits it brought (see `fourhand_rating::playban`).

use super::{Backend, Store, StoreResult};
use fourhand_protocol::{GameId, PlayerId};
use fourhand_rating::playban::Conduct;

impl Store {
    /// Records `player`'s conduct in rated `game` (once: a second record of the same game is
    /// ignored).
    pub async fn record_conduct(
        &self,
        player: PlayerId,
        game: GameId,
        conduct: Conduct,
        at_ms: i64,
    ) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(m) => {
                m.playbans(|p| p.record(player, game, conduct, at_ms));
                Ok(())
            }
            Backend::Sql(s) => s.record_conduct(player, game, conduct, at_ms).await,
        }
    }

    /// `player`'s conduct in his latest `limit` rated games, newest first.
    pub async fn latest_conduct(&self, player: PlayerId, limit: i64) -> StoreResult<Vec<Conduct>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.playbans(|p| p.latest(player, limit))),
            Backend::Sql(s) => s.latest_conduct(player, limit).await,
        }
    }

    /// Records a playban of `player` from `at_ms` to `until_ms`.
    pub async fn add_playban(
        &self,
        player: PlayerId,
        at_ms: i64,
        until_ms: i64,
    ) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(m) => {
                m.playbans(|p| p.bans.push((player, at_ms, until_ms)));
                Ok(())
            }
            Backend::Sql(s) => s.add_playban(player, at_ms, until_ms).await,
        }
    }

    /// How many playbans `player` got since `since_ms`.
    pub async fn playbans_since(&self, player: PlayerId, since_ms: i64) -> StoreResult<u32> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.playbans(|p| {
                p.bans
                    .iter()
                    .filter(|b| b.0 == player && b.1 >= since_ms)
                    .count() as u32
            })),
            Backend::Sql(s) => s.playbans_since(player, since_ms).await,
        }
    }

    /// Until when `player` waits before a rated game at `now_ms` (none: he may play).
    pub async fn playban_until(&self, player: PlayerId, now_ms: i64) -> StoreResult<Option<i64>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.playbans(|p| {
                p.bans
                    .iter()
                    .filter(|b| b.0 == player && b.1 <= now_ms && b.2 > now_ms)
                    .map(|b| b.2)
                    .max()
            })),
            Backend::Sql(s) => s.playban_until(player, now_ms).await,
        }
    }
}
