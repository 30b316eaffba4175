//! SQLite and Postgres through sqlx, with one set of queries (numbered parameters work on both)
//! and one set of migrations per backend.

use super::records::{ActionRecord, GameEnd, NewGame, StoredAction, StoredGame, StoredSeat, User};
use super::{StoreError, StoreResult};
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use std::str::FromStr;
use std::time::Duration;
use uuid::Uuid;

#[derive(Clone)]
pub(super) enum SqlStore {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs the same expression against whichever pool this is.
macro_rules! on_pool {
    ($self:expr, $p:ident => $body:expr) => {
        match $self {
            SqlStore::Sqlite($p) => $body,
            SqlStore::Postgres($p) => $body,
        }
    };
}

mod accounts;
mod analysis;
pub(super) mod batch;
pub(super) mod leader;
mod leases;
mod moderation;
mod playbans;
mod ratings;
mod tournaments;

#[derive(sqlx::FromRow)]
pub(super) struct GameRow {
    id: Uuid,
    rules: String,
    start_fen4: String,
    time_control: String,
    seed: i64,
    seats: String,
    table_chat: bool,
    rated: bool,
    imported: bool,
    berserk: bool,
    created_ms: i64,
    stream: i64,
    result: Option<String>,
    termination: Option<String>,
    points: Option<String>,
    placings: Option<String>,
    pgn4: Option<String>,
    ended_ms: Option<i64>,
}

#[derive(sqlx::FromRow)]
struct ActionRow {
    ply: i64,
    action: String,
    clocks: String,
    at_ms: i64,
}

/// A `users` row: id, name, password hash, created, look-alike key.
pub(super) type UserTuple = (Uuid, String, String, i64, Option<String>);

/// The account of a `users` row.
pub(super) fn user_of((id, name, password_hash, created_ms, name_key): UserTuple) -> User {
    User {
        id,
        name,
        password_hash,
        created_ms,
        name_key: name_key.unwrap_or_default(),
    }
}

pub(super) fn corrupt(e: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(e.to_string())
}

pub(super) fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

pub(super) fn unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

pub(super) const GAME_COLUMNS: &str =
    "id, rules, start_fen4, time_control, seed, seats, table_chat, rated, \
     imported, berserk, created_ms, stream, result, termination, points, placings, pgn4, ended_ms";

impl SqlStore {
    pub(super) async fn connect(url: &str) -> StoreResult<SqlStore> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let pool = PgPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(Duration::from_secs(10))
                .connect(url)
                .await?;
            sqlx::migrate!("../../migrations/postgres")
                .run(&pool)
                .await?;
            return Ok(SqlStore::Postgres(pool));
        }
        let opts = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // WAL with NORMAL sync: a committed move survives a crash of the server process;
            // only a power loss of the machine can lose the last moments.
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(10));
        // The writer's own (automatic) checkpoints stall every game's write behind them; a
        // second connection copies the WAL back meanwhile (`batch::checkpoints`), so that
        // little is left for them to do, and they still restart the WAL.
        if let Some(parent) = opts.get_filename().parent() {
            if !parent.as_os_str().is_empty() {
                std::fs::create_dir_all(parent)
                    .map_err(|e| corrupt(format!("{}: {e}", parent.display())))?;
            }
        }
        // One connection: SQLite takes one writer at a time, and writers on several
        // connections collide and back off in the busy handler; one queue is faster.
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(opts)
            .await?;
        sqlx::migrate!("../../migrations/sqlite").run(&pool).await?;
        Ok(SqlStore::Sqlite(pool))
    }

    pub(super) fn kind(&self) -> &'static str {
        match self {
            SqlStore::Sqlite(_) => "sqlite",
            SqlStore::Postgres(_) => "postgres",
        }
    }

    pub(super) async fn health(&self) -> StoreResult<()> {
        on_pool!(self, p => sqlx::query("SELECT 1").execute(p).await.map(|_| ())?);
        Ok(())
    }

    pub(super) async fn setting(&self, key: &str) -> StoreResult<Option<String>> {
        let row: Option<(String,)> = on_pool!(self, p => sqlx::query_as("SELECT value FROM settings WHERE key = $1").bind(key).fetch_optional(p).await?);
        Ok(row.map(|r| r.0))
    }

    pub(super) async fn set_setting(&self, key: &str, value: &str) -> StoreResult<()> {
        on_pool!(self, p => sqlx::query("INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
            .bind(key).bind(value).execute(p).await.map(|_| ())?);
        Ok(())
    }

    pub(super) async fn init_setting(&self, key: &str, value: &str) -> StoreResult<String> {
        on_pool!(self, p => sqlx::query("INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING")
            .bind(key).bind(value).execute(p).await.map(|_| ())?);
        Ok(self
            .setting(key)
            .await?
            .unwrap_or_else(|| value.to_string()))
    }

    pub(super) async fn create_user(&self, u: &User) -> StoreResult<()> {
        let r = on_pool!(self, p => sqlx::query("INSERT INTO users (id, name, password_hash, created_ms, name_key) VALUES ($1, $2, $3, $4, $5)")
            .bind(u.id).bind(&u.name).bind(&u.password_hash).bind(u.created_ms).bind(&u.name_key).execute(p).await.map(|_| ()));
        match r {
            Ok(_) => Ok(()),
            Err(e) if unique_violation(&e) => Err(StoreError::Conflict),
            Err(e) => Err(e.into()),
        }
    }

    pub(super) async fn user_by_name(&self, name: &str) -> StoreResult<Option<User>> {
        self.user_where("name", name).await
    }

    /// The account whose `column` (`name` or `name_key`) is `value`.
    pub(super) async fn user_where(&self, column: &str, value: &str) -> StoreResult<Option<User>> {
        let q = format!(
            "SELECT id, name, password_hash, created_ms, name_key FROM users WHERE {column} = $1"
        );
        let row: Option<UserTuple> =
            on_pool!(self, p => sqlx::query_as(&q).bind(value).fetch_optional(p).await?);
        Ok(row.map(user_of))
    }

    pub(super) async fn create_game(&self, g: &NewGame) -> StoreResult<()> {
        let q = "INSERT INTO games (id, rules, start_fen4, time_control, seed, seats, table_chat, \
                 rated, imported, berserk, created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)";
        let players =
            "INSERT INTO game_players (game_id, seat, player_id, name) VALUES ($1, $2, $3, $4)";
        let r: Result<(), sqlx::Error> = on_pool!(self, p => async {
            let mut tx = p.begin().await?;
            sqlx::query(q)
                .bind(g.id).bind(&g.rules).bind(&g.start_fen4).bind(json(&g.time)).bind(g.seed)
                .bind(json(&g.seats)).bind(g.table_chat).bind(g.rated).bind(g.imported).bind(g.berserk).bind(g.created_ms)
                .execute(&mut *tx).await?;
            for (i, seat) in g.seats.iter().enumerate() {
                sqlx::query(players).bind(g.id).bind(i as i64).bind(seat.player).bind(&seat.name)
                    .execute(&mut *tx).await?;
            }
            tx.commit().await
        }.await);
        match r {
            Ok(_) => Ok(()),
            Err(e) if unique_violation(&e) => Err(StoreError::Conflict),
            Err(e) => Err(e.into()),
        }
    }

    pub(super) async fn append_action(&self, game: Uuid, a: &StoredAction) -> StoreResult<()> {
        let q =
            "INSERT INTO actions (game_id, ply, action, clocks, at_ms) VALUES ($1, $2, $3, $4, $5)";
        let r = on_pool!(self, p => sqlx::query(q)
            .bind(game).bind(a.ply).bind(json(&a.action)).bind(json(&a.clocks)).bind(a.at_ms)
            .execute(p).await.map(|_| ()));
        match r {
            Ok(_) => Ok(()),
            Err(e) if unique_violation(&e) => Err(StoreError::Conflict),
            Err(e) => Err(e.into()),
        }
    }

    pub(super) async fn has_action(&self, game: Uuid, ply: i64) -> StoreResult<bool> {
        let q = "SELECT COUNT(*) FROM actions WHERE game_id = $1 AND ply = $2";
        let (n,): (i64,) =
            on_pool!(self, p => sqlx::query_as(q).bind(game).bind(ply).fetch_one(p).await?);
        Ok(n > 0)
    }

    pub(super) async fn next_stream(&self, game: Uuid) -> StoreResult<u32> {
        let q = "UPDATE games SET stream = stream + 1 WHERE id = $1 RETURNING stream";
        let (n,): (i64,) = on_pool!(self, p => sqlx::query_as(q).bind(game).fetch_one(p).await?);
        u32::try_from(n).map_err(corrupt)
    }

    async fn actions(&self, game: Uuid) -> StoreResult<Vec<StoredAction>> {
        let rows: Vec<ActionRow> = on_pool!(self, p => sqlx::query_as(
            "SELECT ply, action, clocks, at_ms FROM actions WHERE game_id = $1 ORDER BY ply")
            .bind(game).fetch_all(p).await?);
        rows.into_iter()
            .map(|r| {
                Ok(StoredAction {
                    ply: r.ply,
                    action: serde_json::from_str::<ActionRecord>(&r.action).map_err(corrupt)?,
                    clocks: serde_json::from_str(&r.clocks).map_err(corrupt)?,
                    at_ms: r.at_ms,
                })
            })
            .collect()
    }

    async fn complete(&self, row: GameRow) -> StoreResult<StoredGame> {
        let actions = self.actions(row.id).await?;
        Ok(StoredGame {
            actions,
            ..decode(row)?
        })
    }

    async fn complete_all(&self, rows: Vec<GameRow>) -> StoreResult<Vec<StoredGame>> {
        let mut out = Vec::with_capacity(rows.len());
        for r in rows {
            out.push(self.complete(r).await?);
        }
        Ok(out)
    }
    pub(super) async fn game(&self, id: Uuid) -> StoreResult<Option<StoredGame>> {
        let q = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
        let row: Option<GameRow> =
            on_pool!(self, p => sqlx::query_as(&q).bind(id).fetch_optional(p).await?);
        match row {
            Some(r) => Ok(Some(self.complete(r).await?)),
            None => Ok(None),
        }
    }

    pub(super) async fn live_games(&self) -> StoreResult<Vec<StoredGame>> {
        let q = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE ended_ms IS NULL AND imported = $1 ORDER BY created_ms"
        );
        let rows: Vec<GameRow> =
            on_pool!(self, p => sqlx::query_as(&q).bind(false).fetch_all(p).await?);
        self.complete_all(rows).await
    }

    pub(super) async fn live_headers(&self) -> StoreResult<Vec<StoredGame>> {
        let q = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE ended_ms IS NULL AND imported = $1 ORDER BY created_ms"
        );
        let rows: Vec<GameRow> =
            on_pool!(self, p => sqlx::query_as(&q).bind(false).fetch_all(p).await?);
        rows.into_iter().map(decode).collect()
    }

    pub(super) async fn finished_games(&self, limit: i64) -> StoreResult<Vec<StoredGame>> {
        let q = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE ended_ms IS NOT NULL ORDER BY ended_ms DESC LIMIT $1"
        );
        let rows: Vec<GameRow> =
            on_pool!(self, p => sqlx::query_as(&q).bind(limit).fetch_all(p).await?);
        self.complete_all(rows).await
    }
}

/// A game row without its actions.
pub(super) fn decode(row: GameRow) -> StoreResult<StoredGame> {
    let seats: Vec<StoredSeat> = serde_json::from_str(&row.seats).map_err(corrupt)?;
    let end = match (row.result, row.ended_ms) {
        (Some(result), Some(ended_ms)) => Some(GameEnd {
            result,
            termination: row.termination.unwrap_or_default(),
            points: row
                .points
                .map(|p| serde_json::from_str(&p))
                .transpose()
                .map_err(corrupt)?
                .unwrap_or_default(),
            placings: row
                .placings
                .map(|p| serde_json::from_str(&p))
                .transpose()
                .map_err(corrupt)?,
            pgn4: row.pgn4.unwrap_or_default(),
            ended_ms,
        }),
        _ => None,
    };
    Ok(StoredGame {
        game: NewGame {
            id: row.id,
            rules: row.rules,
            start_fen4: row.start_fen4,
            time: serde_json::from_str(&row.time_control).map_err(corrupt)?,
            seed: row.seed,
            seats,
            table_chat: row.table_chat,
            rated: row.rated,
            imported: row.imported,
            berserk: row.berserk,
            created_ms: row.created_ms,
        },
        actions: Vec::new(),
        stream: u32::try_from(row.stream).map_err(corrupt)?,
        end,
    })
}
