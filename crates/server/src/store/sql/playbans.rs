//! Playbans in SQL (see `store/playbans.rs`).

use super::super::{StoreError, StoreResult};
use super::SqlStore;
use fourhand_protocol::{GameId, PlayerId};
use fourhand_rating::playban::Conduct;

impl SqlStore {
    pub(crate) async fn record_conduct(
        &self,
        player: PlayerId,
        game: GameId,
        conduct: Conduct,
        at_ms: i64,
    ) -> StoreResult<()> {
        let q = "INSERT INTO conduct (player_id, game_id, conduct, at_ms) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (player_id, game_id) DO NOTHING";
        on_pool!(self, p => sqlx::query(q).bind(player.0).bind(game.0).bind(conduct.as_str())
            .bind(at_ms).execute(p).await.map(|_| ())?);
        Ok(())
    }

    pub(crate) async fn latest_conduct(
        &self,
        player: PlayerId,
        limit: i64,
    ) -> StoreResult<Vec<Conduct>> {
        let q = "SELECT conduct FROM conduct WHERE player_id = $1 ORDER BY at_ms DESC LIMIT $2";
        let rows: Vec<(String,)> =
            on_pool!(self, p => sqlx::query_as(q).bind(player.0).bind(limit).fetch_all(p).await?);
        rows.into_iter()
            .map(|(c,)| {
                Conduct::parse(&c).ok_or_else(|| StoreError::Corrupt(format!("conduct {c:?}")))
            })
            .collect()
    }

    pub(crate) async fn add_playban(
        &self,
        player: PlayerId,
        at_ms: i64,
        until_ms: i64,
    ) -> StoreResult<()> {
        let q = "INSERT INTO playbans (player_id, at_ms, until_ms) VALUES ($1, $2, $3)";
        on_pool!(self, p => sqlx::query(q).bind(player.0).bind(at_ms).bind(until_ms)
            .execute(p).await.map(|_| ())?);
        Ok(())
    }

    pub(crate) async fn playbans_since(&self, player: PlayerId, since_ms: i64) -> StoreResult<u32> {
        let q = "SELECT COUNT(*) FROM playbans WHERE player_id = $1 AND at_ms >= $2";
        let (n,): (i64,) = on_pool!(self, p => sqlx::query_as(q).bind(player.0).bind(since_ms).fetch_one(p).await?);
        Ok(n as u32)
    }

    pub(crate) async fn playban_until(
        &self,
        player: PlayerId,
        now_ms: i64,
    ) -> StoreResult<Option<i64>> {
        let q = "SELECT MAX(until_ms) FROM playbans WHERE player_id = $1 AND at_ms <= $2 \
                 AND until_ms > $2";
        let (until,): (Option<i64>,) =
            on_pool!(self, p => sqlx::query_as(q).bind(player.0).bind(now_ms).fetch_one(p).await?);
        Ok(until)
    }
}
