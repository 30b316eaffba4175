//! Analysis in SQL (see `store/analysis.rs`). A review is claimed by one `UPDATE … RETURNING`
//! whose condition is checked again on the row it takes: on Postgres a second node's update of
//! the same row waits for the first and then finds it no longer waiting (and `SKIP LOCKED`
//! lets it pick another); SQLite has one writer at a time.

use super::super::analysis::{CachedLines, ReviewRow};
use super::super::{StoreError, StoreResult};
use super::{unique_violation, SqlStore};
use fourhand_protocol::{GameId, PlayerId, ReviewStatus};
use uuid::Uuid;

type ReviewTuple = (
    Uuid,
    Uuid,
    String,
    Option<String>,
    i64,
    i64,
    i64,
    Option<String>,
    i64,
    Option<i64>,
);

const REVIEW_COLUMNS: &str = "game, requested_by, status, node, lease_until, done_positions, \
     total_positions, result, created_ms, finished_ms";

/// Reviews a worker may take: waiting, or running under a lease that ran out (`$3`: now).
const CLAIMABLE: &str = "(status = 'queued' OR (status = 'running' AND lease_until < $3))";

fn review_of(t: ReviewTuple) -> StoreResult<ReviewRow> {
    Ok(ReviewRow {
        game: GameId(t.0),
        requested_by: PlayerId(t.1),
        status: ReviewStatus::parse(&t.2)
            .ok_or_else(|| StoreError::Corrupt(format!("review status {:?}", t.2)))?,
        node: t.3,
        lease_until: t.4,
        done_positions: t.5 as u32,
        total_positions: t.6 as u32,
        result: t.7,
        created_ms: t.8,
        finished_ms: t.9,
    })
}

impl SqlStore {
    pub(crate) async fn cached_lines(
        &self,
        position: &str,
        lines: u32,
    ) -> StoreResult<Option<CachedLines>> {
        let q = "SELECT asked, depth, nodes, result FROM analysis_cache \
                 WHERE position = $1 AND lines >= $2 \
                 ORDER BY CASE WHEN asked > depth THEN asked ELSE depth END DESC, depth DESC LIMIT 1";
        let row: Option<(i64, i64, i64, String)> = on_pool!(self, p => sqlx::query_as(q)
            .bind(position).bind(i64::from(lines)).fetch_optional(p).await?);
        Ok(row.map(|r| CachedLines {
            asked: r.0 as u32,
            depth: r.1 as u32,
            nodes: r.2 as u64,
            result: r.3,
        }))
    }

    pub(crate) async fn cache_lines(
        &self,
        position: &str,
        lines: u32,
        c: &CachedLines,
    ) -> StoreResult<()> {
        let q = "INSERT INTO analysis_cache (position, lines, asked, depth, nodes, result) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (position, lines) DO UPDATE SET \
                 asked = excluded.asked, depth = excluded.depth, nodes = excluded.nodes, \
                 result = excluded.result WHERE analysis_cache.asked <= excluded.asked";
        on_pool!(self, p => sqlx::query(q).bind(position).bind(i64::from(lines))
            .bind(i64::from(c.asked)).bind(i64::from(c.depth)).bind(c.nodes as i64)
            .bind(&c.result).execute(p).await.map(|_| ())?);
        Ok(())
    }

    pub(crate) async fn create_review(&self, r: &ReviewRow) -> StoreResult<()> {
        let q = format!(
            "INSERT INTO reviews ({REVIEW_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"
        );
        let done = on_pool!(self, p => sqlx::query(&q).bind(r.game.0).bind(r.requested_by.0)
            .bind(r.status.as_str()).bind(&r.node).bind(r.lease_until)
            .bind(i64::from(r.done_positions)).bind(i64::from(r.total_positions))
            .bind(&r.result).bind(r.created_ms).bind(r.finished_ms)
            .execute(p).await.map(|_| ()));
        match done {
            Err(e) if unique_violation(&e) => Err(StoreError::Conflict),
            r => Ok(r?),
        }
    }

    pub(crate) async fn review(&self, game: GameId) -> StoreResult<Option<ReviewRow>> {
        let q = format!("SELECT {REVIEW_COLUMNS} FROM reviews WHERE game = $1");
        let row: Option<ReviewTuple> =
            on_pool!(self, p => sqlx::query_as(&q).bind(game.0).fetch_optional(p).await?);
        row.map(review_of).transpose()
    }

    pub(crate) async fn open_reviews_of(&self, player: PlayerId) -> StoreResult<u32> {
        let q = "SELECT COUNT(*) FROM reviews WHERE requested_by = $1 \
                 AND status IN ('queued', 'running')";
        let (n,): (i64,) =
            on_pool!(self, p => sqlx::query_as(q).bind(player.0).fetch_one(p).await?);
        Ok(n as u32)
    }

    pub(crate) async fn claim_review(
        &self,
        node: &str,
        now: i64,
        lease_until: i64,
    ) -> StoreResult<Option<ReviewRow>> {
        let lock = match self {
            SqlStore::Postgres(_) => " FOR UPDATE SKIP LOCKED",
            SqlStore::Sqlite(_) => "",
        };
        let q = format!(
            "UPDATE reviews SET status = 'running', node = $1, lease_until = $2 \
             WHERE game = (SELECT game FROM reviews WHERE {CLAIMABLE} \
             ORDER BY created_ms LIMIT 1{lock}) AND {CLAIMABLE} RETURNING {REVIEW_COLUMNS}"
        );
        let row: Option<ReviewTuple> = on_pool!(self, p => sqlx::query_as(&q).bind(node)
            .bind(lease_until).bind(now).fetch_optional(p).await?);
        row.map(review_of).transpose()
    }

    pub(crate) async fn renew_review(
        &self,
        game: GameId,
        node: &str,
        lease_until: i64,
        done: u32,
        total: u32,
    ) -> StoreResult<bool> {
        let q = "UPDATE reviews SET lease_until = $3, done_positions = $4, total_positions = $5 \
                 WHERE game = $1 AND node = $2 AND status = 'running'";
        let n = on_pool!(self, p => sqlx::query(q).bind(game.0).bind(node).bind(lease_until)
            .bind(i64::from(done)).bind(i64::from(total)).execute(p).await?.rows_affected());
        Ok(n == 1)
    }

    pub(crate) async fn finish_review(
        &self,
        game: GameId,
        node: &str,
        status: ReviewStatus,
        result: Option<&str>,
        now: i64,
    ) -> StoreResult<bool> {
        let q = "UPDATE reviews SET status = $3, result = $4, finished_ms = $5, \
                 done_positions = CASE WHEN $3 = 'done' THEN total_positions ELSE done_positions END \
                 WHERE game = $1 AND node = $2 AND status = 'running'";
        let n = on_pool!(self, p => sqlx::query(q).bind(game.0).bind(node).bind(status.as_str())
            .bind(result).bind(now).execute(p).await?.rows_affected());
        Ok(n == 1)
    }
}
