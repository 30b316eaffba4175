//! Results, ratings, aborts and the archive on SQL. A game's result and its rating changes are
//! written in one transaction, and only by the call that ends the game: a game is rated once.

use super::{decode, json, GameRow, SqlStore, GAME_COLUMNS};
use crate::store::ratings::{settle, ArchiveFilter, RatingChange, RatingJob, RatingRow, Settled};
use crate::store::records::{GameEnd, StoredGame};
use crate::store::StoreResult;
use fourhand_rating::abort::PENALTY_WINDOW_MS;
use fourhand_rating::Rating;
use uuid::Uuid;

type RatingTuple = (Uuid, String, f64, f64, f64, i64, i64);
type ChangeTuple = (Uuid, Uuid, i64, String, String, f64, f64, f64, i64);

const RATING_COLUMNS: &str = "player_id, pool, rating, rd, volatility, games, last_ms";
const CHANGE_COLUMNS: &str =
    "game_id, player_id, seat, pool, kind, rating_before, rating_after, rd_after, at_ms";

fn rating_row(t: RatingTuple) -> RatingRow {
    RatingRow {
        player: t.0,
        pool: t.1,
        rating: Rating {
            rating: t.2,
            rd: t.3,
            volatility: t.4,
        },
        games: t.5,
        last_ms: t.6,
    }
}

fn change_row(t: ChangeTuple) -> RatingChange {
    RatingChange {
        game: t.0,
        player: t.1,
        seat: t.2 as u8,
        pool: t.3,
        kind: t.4,
        before: t.5,
        after: t.6,
        rd_after: t.7,
        at_ms: t.8,
    }
}

/// The advisory-lock key of a player's ratings (a fold of the id; a shared key between two
/// players only makes them wait for each other).
fn lock_key(player: Uuid) -> i64 {
    let (hi, lo) = player.as_u64_pair();
    (hi ^ lo) as i64
}

impl SqlStore {
    /// Ends a game: its result and, in the same transaction, its abort record and rating
    /// changes. Returns false (and writes nothing) when the game had ended already.
    pub(in crate::store) async fn finish_game(
        &self,
        game: Uuid,
        e: &GameEnd,
        job: Option<&RatingJob>,
    ) -> StoreResult<bool> {
        let end = "UPDATE games SET result = $1, termination = $2, points = $3, placings = $4, \
                   pgn4 = $5, ended_ms = $6 WHERE id = $7 AND ended_ms IS NULL";
        let get =
            format!("SELECT {RATING_COLUMNS} FROM ratings WHERE player_id = $1 AND pool = $2");
        let put = format!(
            "INSERT INTO ratings ({RATING_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7) \
             ON CONFLICT (player_id, pool) DO UPDATE SET rating = $3, rd = $4, volatility = $5, \
             games = $6, last_ms = $7"
        );
        let log = format!(
            "INSERT INTO rating_changes ({CHANGE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
        );
        let abort = "INSERT INTO aborts (player_id, game_id, at_ms) VALUES ($1, $2, $3) \
                     ON CONFLICT (player_id, game_id) DO NOTHING";
        let count =
            "SELECT COUNT(*) FROM aborts WHERE player_id = $1 AND at_ms >= $2 AND game_id <> $3";
        let now = e.ended_ms;
        // SQLite has one connection: its transactions never overlap.
        let postgres = matches!(self, SqlStore::Postgres(_));
        let ended: bool = on_pool!(self, p => {
            let mut tx = p.begin().await?;
            let n = sqlx::query(end)
                .bind(&e.result).bind(&e.termination).bind(json(&e.points))
                .bind(e.placings.map(|x| json(&x))).bind(&e.pgn4).bind(now).bind(game)
                .execute(&mut *tx).await?.rows_affected();
            if n == 0 {
                tx.rollback().await?;
                false
            } else {
                if let Some(job) = job {
                    let mut earlier = 0u32;
                    if let Settled::Aborted { seat } = job.finish {
                        if let Some(player) = job.players[seat] {
                            sqlx::query(abort).bind(player).bind(game).bind(now).execute(&mut *tx).await?;
                            let (c,): (i64,) = sqlx::query_as(count).bind(player)
                                .bind(now - PENALTY_WINDOW_MS).bind(game).fetch_one(&mut *tx).await?;
                            earlier = c as u32;
                        }
                    }
                    if postgres && job.rated {
                        // Two games of one player ending at once must not both start from the
                        // same rating: lock the players (in one order, so two such games wait
                        // for each other rather than deadlock) until this transaction ends.
                        let mut keys: Vec<i64> = job.players.iter().flatten().map(|p| lock_key(*p)).collect();
                        keys.sort_unstable();
                        keys.dedup();
                        for k in keys {
                            sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(k).execute(&mut *tx).await?;
                        }
                    }
                    let mut current: [Option<RatingRow>; 4] = Default::default();
                    for (seat, player) in job.players.iter().enumerate() {
                        if let (Some(player), true) = (player, job.rated) {
                            let row: Option<RatingTuple> = sqlx::query_as(&get).bind(player)
                                .bind(&job.pool).fetch_optional(&mut *tx).await?;
                            current[seat] = row.map(rating_row);
                        }
                    }
                    let s = settle(game, job, &current, earlier, now);
                    for r in &s.rows {
                        sqlx::query(&put).bind(r.player).bind(&r.pool).bind(r.rating.rating)
                            .bind(r.rating.rd).bind(r.rating.volatility).bind(r.games).bind(r.last_ms)
                            .execute(&mut *tx).await?;
                    }
                    for c in &s.changes {
                        sqlx::query(&log).bind(c.game).bind(c.player).bind(c.seat as i64).bind(&c.pool)
                            .bind(&c.kind).bind(c.before).bind(c.after).bind(c.rd_after).bind(c.at_ms)
                            .execute(&mut *tx).await?;
                    }
                }
                tx.commit().await?;
                true
            }
        });
        Ok(ended)
    }

    /// A player's ratings, one per pool he has played in.
    pub(in crate::store) async fn ratings_of(&self, player: Uuid) -> StoreResult<Vec<RatingRow>> {
        let q = format!("SELECT {RATING_COLUMNS} FROM ratings WHERE player_id = $1 ORDER BY pool");
        let rows: Vec<RatingTuple> =
            on_pool!(self, p => sqlx::query_as(&q).bind(player).fetch_all(p).await?);
        Ok(rows.into_iter().map(rating_row).collect())
    }

    /// A player's rating changes, oldest first (at most `limit`, the newest).
    pub(in crate::store) async fn rating_history(
        &self,
        player: Uuid,
        limit: i64,
    ) -> StoreResult<Vec<RatingChange>> {
        let q = format!(
            "SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE player_id = $1 \
             ORDER BY at_ms DESC LIMIT $2"
        );
        let rows: Vec<ChangeTuple> =
            on_pool!(self, p => sqlx::query_as(&q).bind(player).bind(limit).fetch_all(p).await?);
        let mut v: Vec<RatingChange> = rows.into_iter().map(change_row).collect();
        v.reverse();
        Ok(v)
    }

    /// The rating changes of one game.
    pub(in crate::store) async fn game_rating_changes(
        &self,
        game: Uuid,
    ) -> StoreResult<Vec<RatingChange>> {
        let q =
            format!("SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE game_id = $1 ORDER BY seat");
        let rows: Vec<ChangeTuple> =
            on_pool!(self, p => sqlx::query_as(&q).bind(game).fetch_all(p).await?);
        Ok(rows.into_iter().map(change_row).collect())
    }

    /// The best-rated accounts of a pool whose deviation is at most `max_rd`, with names.
    pub(in crate::store) async fn leaderboard(
        &self,
        pool: &str,
        who: &crate::store::BoardRule,
        limit: i64,
    ) -> StoreResult<Vec<(String, RatingRow)>> {
        let q =
            "SELECT u.name, r.player_id, r.pool, r.rating, r.rd, r.volatility, r.games, r.last_ms \
                 FROM ratings r JOIN users u ON u.id = r.player_id \
                 WHERE r.pool = $1 AND r.rd <= $2 AND r.games >= $3 AND r.last_ms >= $4 \
                 AND NOT EXISTS (SELECT 1 FROM moderation m WHERE m.player_id = r.player_id \
                     AND m.action IN ('ban', 'ban_rated') AND m.at_ms <= $5 \
                     AND (m.until_ms IS NULL OR m.until_ms > $5)) \
                 ORDER BY r.rating DESC, u.name LIMIT $6";
        type Row = (String, Uuid, String, f64, f64, f64, i64, i64);
        let rows: Vec<Row> = on_pool!(self, p => sqlx::query_as(q).bind(pool).bind(who.max_rd)
            .bind(who.min_games).bind(who.since_ms).bind(who.now_ms).bind(limit)
            .fetch_all(p).await?);
        Ok(rows
            .into_iter()
            .map(|r| (r.0, rating_row((r.1, r.2, r.3, r.4, r.5, r.6, r.7))))
            .collect())
    }

    /// Finished games played here (not imported), newest first, without their actions.
    pub(in crate::store) async fn archive(
        &self,
        f: &ArchiveFilter,
    ) -> StoreResult<Vec<StoredGame>> {
        let q = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE ended_ms IS NOT NULL AND imported = $1 \
             AND ($2 IS NULL OR EXISTS (SELECT 1 FROM game_players gp \
                  WHERE gp.game_id = games.id AND gp.name = $2)) \
             AND ($3 IS NULL OR rules = $3) AND ($4 IS NULL OR ended_ms >= $4) \
             AND ($5 IS NULL OR ended_ms < $5) ORDER BY ended_ms DESC LIMIT $6"
        );
        let rows: Vec<GameRow> = on_pool!(self, p => sqlx::query_as(&q).bind(false)
            .bind(&f.player).bind(&f.rules).bind(f.from_ms).bind(f.to_ms).bind(f.limit)
            .fetch_all(p).await?);
        rows.into_iter().map(decode).collect()
    }

    /// How many games `player` aborted since `since_ms`, and when the latest was.
    pub(in crate::store) async fn aborts_since(
        &self,
        player: Uuid,
        since_ms: i64,
    ) -> StoreResult<(u32, Option<i64>)> {
        let q = "SELECT COUNT(*), MAX(at_ms) FROM aborts WHERE player_id = $1 AND at_ms >= $2";
        let (n, last): (i64, Option<i64>) =
            on_pool!(self, p => sqlx::query_as(q).bind(player).bind(since_ms).fetch_one(p).await?);
        Ok((n.max(0) as u32, last))
    }
}
