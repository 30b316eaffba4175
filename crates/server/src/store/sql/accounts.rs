//! Sessions and name keys in SQL.

use super::super::records::{SessionRow, User};
use super::super::StoreResult;
use super::SqlStore;
use uuid::Uuid;

impl SqlStore {
    pub(crate) async fn create_session(&self, s: &SessionRow) -> StoreResult<()> {
        let q = "INSERT INTO sessions (id, player_id, created_ms, expires_ms, revoked_ms) \
                 VALUES ($1, $2, $3, $4, $5)";
        on_pool!(self, p => sqlx::query(q).bind(s.id).bind(s.player).bind(s.created_ms)
            .bind(s.expires_ms).bind(s.revoked_ms).execute(p).await.map(|_| ())?);
        Ok(())
    }

    pub(crate) async fn session(&self, id: Uuid) -> StoreResult<Option<SessionRow>> {
        let q =
            "SELECT id, player_id, created_ms, expires_ms, revoked_ms FROM sessions WHERE id = $1";
        let row: Option<(Uuid, Uuid, i64, i64, Option<i64>)> =
            on_pool!(self, p => sqlx::query_as(q).bind(id).fetch_optional(p).await?);
        Ok(row.map(
            |(id, player, created_ms, expires_ms, revoked_ms)| SessionRow {
                id,
                player,
                created_ms,
                expires_ms,
                revoked_ms,
            },
        ))
    }

    pub(crate) async fn extend_session(&self, id: Uuid, expires_ms: i64) -> StoreResult<()> {
        let q = "UPDATE sessions SET expires_ms = $1 WHERE id = $2";
        on_pool!(self, p => sqlx::query(q).bind(expires_ms).bind(id).execute(p).await.map(|_| ())?);
        Ok(())
    }

    /// Revokes one session (`player` none) or every session of `player` but `id`.
    pub(crate) async fn revoke_sessions(
        &self,
        id: Option<Uuid>,
        player: Option<Uuid>,
        at: i64,
    ) -> StoreResult<()> {
        match player {
            None => {
                let q = "UPDATE sessions SET revoked_ms = $1 WHERE id = $2 AND revoked_ms IS NULL";
                on_pool!(self, p => sqlx::query(q).bind(at).bind(id).execute(p).await.map(|_| ())?);
            }
            Some(player) => {
                let q = "UPDATE sessions SET revoked_ms = $1 WHERE player_id = $2 \
                         AND revoked_ms IS NULL AND id <> $3";
                let keep = id.unwrap_or(Uuid::nil());
                on_pool!(self, p => sqlx::query(q).bind(at).bind(player).bind(keep)
                    .execute(p).await.map(|_| ())?);
            }
        }
        Ok(())
    }

    pub(crate) async fn sweep_sessions(&self, before: i64) -> StoreResult<u64> {
        let q = "DELETE FROM sessions WHERE expires_ms < $1 OR revoked_ms < $1";
        let n = on_pool!(self, p => sqlx::query(q).bind(before).execute(p).await?.rows_affected());
        Ok(n)
    }

    pub(crate) async fn user_by_key(&self, key: &str) -> StoreResult<Option<User>> {
        self.user_where("name_key", key).await
    }

    pub(crate) async fn fill_name_keys(&self, key: fn(&str) -> String) -> StoreResult<()> {
        let rows: Vec<(Uuid, String)> = on_pool!(self, p => sqlx::query_as(
            "SELECT id, name FROM users WHERE name_key IS NULL").fetch_all(p).await?);
        for (id, name) in rows {
            let k = key(&name);
            let r = on_pool!(self, p => sqlx::query("UPDATE users SET name_key = $1 WHERE id = $2")
                .bind(&k).bind(id).execute(p).await.map(|_| ()));
            if let Err(e) = r {
                tracing::warn!(%name, error = %e, "an older account's name looks like another's; it keeps no key");
            }
        }
        Ok(())
    }
}
