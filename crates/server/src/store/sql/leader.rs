//! A role only one node of a cluster plays at a time (the lobby and its pairing), held as a
//! Postgres session advisory lock on a connection of its own: it is released when the holder
//! gives it up, or when its connection ends (the node died).

use super::SqlStore;
use crate::store::{StoreError, StoreResult};

/// A held advisory lock and the connection that holds it.
pub struct LeaderLock {
    conn: sqlx::pool::PoolConnection<sqlx::Postgres>,
}

impl SqlStore {
    pub(in crate::store) async fn try_leader_lock(
        &self,
        key: i32,
    ) -> StoreResult<Option<LeaderLock>> {
        let SqlStore::Postgres(pool) = self else {
            return Err(StoreError::Unsupported("a cluster role needs Postgres"));
        };
        let mut conn = pool.acquire().await?;
        // Advisory locks belong to the whole database: the key is paired with the schema, so
        // that clusters on different schemas of one database (tests, staging) do not share it.
        let (got,): (bool,) =
            sqlx::query_as("SELECT pg_try_advisory_lock($1, hashtext(current_schema()))")
                .bind(key)
                .fetch_one(&mut *conn)
                .await?;
        // Without the lock the connection goes back to the pool as it was.
        Ok(got.then_some(LeaderLock { conn }))
    }
}

impl LeaderLock {
    /// Gives the role up now (a node shutting down): the lock is released on its connection,
    /// which would otherwise go back to the pool still holding it.
    pub async fn release(mut self) {
        let unlock = sqlx::query("SELECT pg_advisory_unlock_all()").execute(&mut *self.conn);
        if !matches!(
            tokio::time::timeout(std::time::Duration::from_secs(2), unlock).await,
            Ok(Ok(_))
        ) {
            // Unanswered: close the connection rather than pool it with the lock.
            self.conn.close_on_drop();
        }
    }

    /// Whether the lock is still held: its connection still answers.
    pub async fn held(&mut self) -> bool {
        let ping = sqlx::query("SELECT 1").execute(&mut *self.conn);
        matches!(
            tokio::time::timeout(std::time::Duration::from_secs(2), ping).await,
            Ok(Ok(_))
        )
    }
}
