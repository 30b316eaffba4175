//! Sessions and name keys in SQL.

use super::super::records::{SessionRow, StoredSeat, User};
use super::super::StoreResult;
use super::SqlStore;
use super::{corrupt, json};
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

    pub(crate) async fn user_by_id(&self, id: Uuid) -> StoreResult<Option<User>> {
        let q = "SELECT id, name, password_hash, created_ms, name_key FROM users WHERE id = $1";
        let row: Option<super::UserTuple> =
            on_pool!(self, p => sqlx::query_as(q).bind(id).fetch_optional(p).await?);
        Ok(row.map(super::user_of))
    }

    pub(crate) async fn set_password(&self, id: Uuid, hash: &str) -> StoreResult<()> {
        let q = "UPDATE users SET password_hash = $1 WHERE id = $2";
        on_pool!(self, p => sqlx::query(q).bind(hash).bind(id).execute(p).await.map(|_| ())?);
        Ok(())
    }

    pub(crate) async fn delete_account(
        &self,
        id: Uuid,
        placeholder: &str,
        retag: crate::store::Retag,
        now: i64,
    ) -> StoreResult<bool> {
        let done: bool = on_pool!(self, p => {
            let mut tx = p.begin().await?;
            let old: Option<(String,)> = sqlx::query_as("SELECT name FROM users WHERE id = $1")
                .bind(id).fetch_optional(&mut *tx).await?;
            match old {
                None => {
                    tx.rollback().await?;
                    false
                }
                Some((old,)) => {
                    let games: Vec<(Uuid, String, String, Option<String>)> = sqlx::query_as(
                        "SELECT g.id, g.rules, g.seats, g.pgn4 FROM games g WHERE EXISTS \
                         (SELECT 1 FROM game_players gp WHERE gp.game_id = g.id AND gp.player_id = $1)")
                        .bind(id).fetch_all(&mut *tx).await?;
                    for (game, rules, seats, pgn4) in games {
                        let mut seats: Vec<StoredSeat> = serde_json::from_str(&seats).map_err(corrupt)?;
                        for s in seats.iter_mut().filter(|s| s.player == Some(id)) {
                            s.name = placeholder.to_string();
                        }
                        let pgn4 = pgn4.map(|t| retag(&t, &rules, &old, placeholder));
                        sqlx::query("UPDATE games SET seats = $1, pgn4 = $2 WHERE id = $3")
                            .bind(json(&seats)).bind(pgn4).bind(game).execute(&mut *tx).await?;
                    }
                    sqlx::query("UPDATE game_players SET name = $1 WHERE player_id = $2")
                        .bind(placeholder).bind(id).execute(&mut *tx).await?;
                    sqlx::query("UPDATE users SET name = $1, name_key = $1, password_hash = '!' WHERE id = $2")
                        .bind(placeholder).bind(id).execute(&mut *tx).await?;
                    sqlx::query("UPDATE sessions SET revoked_ms = $1 WHERE player_id = $2 AND revoked_ms IS NULL")
                        .bind(now).bind(id).execute(&mut *tx).await?;
                    sqlx::query("DELETE FROM ratings WHERE player_id = $1")
                        .bind(id).execute(&mut *tx).await?;
                    tx.commit().await?;
                    true
                }
            }
        });
        Ok(done)
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
