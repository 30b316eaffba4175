//! Game leases in SQL: one upsert takes or renews a lease, and an action is inserted only
//! while the writer's epoch is current (the same statement checks it).

use super::{json, unique_violation, SqlStore};
use crate::store::leases::HELD;
use crate::store::{Lease, StoreError, StoreResult, StoredAction};
use uuid::Uuid;

impl SqlStore {
    async fn beat(&self, node: &str, until: i64) -> StoreResult<()> {
        let q = "INSERT INTO cluster_nodes (node, alive_until_ms) VALUES ($1, $2) \
                 ON CONFLICT (node) DO UPDATE SET alive_until_ms = excluded.alive_until_ms";
        on_pool!(self, p => sqlx::query(q).bind(node).bind(until).execute(p).await.map(|_| ()))?;
        Ok(())
    }

    pub(in crate::store) async fn acquire_lease(
        &self,
        game: Uuid,
        node: &str,
        now: i64,
        ttl: i64,
    ) -> StoreResult<Option<i64>> {
        self.beat(node, now + ttl).await?;
        // A new lease starts at epoch 1; the same node's held lease keeps its epoch; one whose
        // node stopped beating, or that was given up, is taken with the epoch raised; a lease
        // another node holds is left alone (no row).
        let q = "INSERT INTO game_leases (game_id, node, epoch, expires_ms) VALUES ($1, $2, 1, $3) \
                 ON CONFLICT (game_id) DO UPDATE SET \
                   epoch = CASE WHEN game_leases.node = excluded.node AND game_leases.expires_ms > $4 \
                                THEN game_leases.epoch ELSE game_leases.epoch + 1 END, \
                   node = excluded.node, expires_ms = excluded.expires_ms \
                 WHERE game_leases.node = excluded.node OR game_leases.expires_ms <= $4 \
                    OR NOT EXISTS (SELECT 1 FROM cluster_nodes n \
                                   WHERE n.node = game_leases.node AND n.alive_until_ms > $4) \
                 RETURNING epoch";
        let row: Option<(i64,)> = on_pool!(self, p => sqlx::query_as(q)
            .bind(game).bind(node).bind(HELD).bind(now)
            .fetch_optional(p).await?);
        Ok(row.map(|(e,)| e))
    }

    pub(in crate::store) async fn renew_node_leases(
        &self,
        node: &str,
        now: i64,
        ttl: i64,
    ) -> StoreResult<Vec<(Uuid, i64)>> {
        self.beat(node, now + ttl).await?;
        // Finished games' leases no longer matter (nor does their number).
        let q = "SELECT l.game_id, l.epoch FROM game_leases l JOIN games g ON g.id = l.game_id \
                 WHERE l.node = $1 AND l.expires_ms > $2 AND g.ended_ms IS NULL";
        let rows: Vec<(Uuid, i64)> = on_pool!(self, p => sqlx::query_as(q)
            .bind(node).bind(now).fetch_all(p).await?);
        Ok(rows)
    }

    pub(in crate::store) async fn release_node_leases(
        &self,
        node: &str,
        now: i64,
    ) -> StoreResult<()> {
        let q = "UPDATE game_leases SET expires_ms = $1 WHERE node = $2";
        on_pool!(self, p => sqlx::query(q).bind(now).bind(node).execute(p).await.map(|_| ()))?;
        let q = "DELETE FROM cluster_nodes WHERE node = $1";
        on_pool!(self, p => sqlx::query(q).bind(node).execute(p).await.map(|_| ()))?;
        Ok(())
    }

    pub(in crate::store) async fn is_unfinished(&self, game: Uuid) -> StoreResult<bool> {
        let q = "SELECT 1 FROM games WHERE id = $1 AND ended_ms IS NULL";
        let row: Option<(i32,)> = on_pool!(self, p => sqlx::query_as(q)
            .bind(game).fetch_optional(p).await?);
        Ok(row.is_some())
    }

    pub(in crate::store) async fn orphaned_games(
        &self,
        now: i64,
    ) -> StoreResult<Vec<(Uuid, Option<String>)>> {
        let q = "SELECT g.id, l.node FROM games g LEFT JOIN game_leases l ON l.game_id = g.id \
                 LEFT JOIN cluster_nodes n ON n.node = l.node \
                 WHERE g.ended_ms IS NULL AND g.imported = $1 \
                   AND (l.game_id IS NULL OR l.expires_ms <= $2 OR n.node IS NULL OR n.alive_until_ms <= $2) \
                 ORDER BY g.id";
        let rows: Vec<(Uuid, Option<String>)> = on_pool!(self, p => sqlx::query_as(q)
            .bind(false).bind(now).fetch_all(p).await?);
        Ok(rows)
    }

    pub(in crate::store) async fn append_action_fenced(
        &self,
        l: &Lease,
        a: &StoredAction,
    ) -> StoreResult<()> {
        let q = "INSERT INTO actions (game_id, ply, action, clocks, at_ms) \
                 SELECT $1, $2, $3, $4, $5 WHERE EXISTS \
                   (SELECT 1 FROM game_leases WHERE game_id = $1 AND node = $6 AND epoch = $7)";
        let r = on_pool!(self, p => sqlx::query(q)
            .bind(l.game).bind(a.ply).bind(json(&a.action)).bind(json(&a.clocks)).bind(a.at_ms)
            .bind(&l.node).bind(l.epoch)
            .execute(p).await.map(|r| r.rows_affected()));
        match r {
            Ok(1) => Ok(()),
            Ok(_) => Err(StoreError::Fenced),
            Err(e) if unique_violation(&e) => Err(StoreError::Conflict),
            Err(e) => Err(e.into()),
        }
    }
}
