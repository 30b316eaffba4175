//! Persistence behind one interface: SQLite (the default, a file under `./data`), Postgres
//! (`DATABASE_URL=postgres://…`), or memory (for tests with paused time).
//!
//! Every game action is appended with its ply number before the game applies it; a finished
//! game keeps its result, points, placings and PGN4.

mod accounts;
mod alive;
mod analysis;
mod leases;
mod memory;
mod memory_analysis;
mod memory_playbans;
mod memory_tournaments;
mod moderation;
mod moderation_action;
mod playbans;
mod ratings;
mod records;
mod sql;
mod tournaments;

pub use accounts::Retag;
pub use analysis::{CachedLines, ReviewRow};
pub use leases::{LeaderLock, Lease};
pub use moderation_action::{ModerationAction, UnknownAction};
pub use ratings::{
    settle, ArchiveFilter, BoardRule, RatingChange, RatingJob, RatingRow, Settled, Settlement,
};
pub use records::{
    ActionRecord, ModerationRow, NewGame, ReportRow, SessionRow, StoredAction, StoredGame,
    StoredSeat, User,
};
pub use tournaments::{EntryRow, TournamentGameRow, TournamentRow};

use fourhand_protocol::{GameId, PlayerId};
use std::sync::Arc;
use thiserror::Error;

/// A store failure.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The database said no.
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    /// Applying migrations failed.
    #[error("migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// A stored value did not decode.
    #[error("corrupt record: {0}")]
    Corrupt(String),
    /// A unique value exists already (user name, action ply).
    #[error("already exists")]
    Conflict,
    /// The store did not answer in time.
    #[error("the store did not answer in time")]
    Timeout,
    /// A write whose outcome is unknown (the connection was lost mid-statement): it may have
    /// been committed.
    #[error("the write may or may not have been stored: {0}")]
    Ambiguous(String),
    /// The writer's lease of the game is no longer current: another node owns it now.
    #[error("another node owns this game now")]
    Fenced,
    /// This store cannot do that (a cluster role on SQLite or in memory).
    #[error("{0}")]
    Unsupported(&'static str),
}

impl StoreError {
    /// Whether a failed write is known not to have been committed: the database refused it,
    /// or no connection was had. A timeout or a connection lost mid-statement may have
    /// committed all the same.
    pub fn never_written(&self) -> bool {
        match self {
            StoreError::Db(e) => matches!(
                e,
                sqlx::Error::Database(_) | sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed
            ),
            StoreError::Conflict
            | StoreError::Corrupt(_)
            | StoreError::Migrate(_)
            | StoreError::Fenced
            | StoreError::Unsupported(_) => true,
            StoreError::Timeout | StoreError::Ambiguous(_) => false,
        }
    }
}

/// Result of store operations.
pub type StoreResult<T> = Result<T, StoreError>;

/// Where data lives.
#[derive(Clone)]
pub struct Store {
    backend: Arc<Backend>,
    /// SQL stores write game actions in groups (see `sql/batch.rs`).
    actions: Option<sql::batch::Batcher>,
}

enum Backend {
    Memory(Box<memory::MemoryStore>),
    Sql(sql::SqlStore),
}

impl Store {
    /// A store that keeps everything in memory (tests).
    pub fn memory() -> Store {
        Store {
            backend: Arc::new(Backend::Memory(Box::default())),
            actions: None,
        }
    }

    /// Connects to `url` (`sqlite://path` or `postgres://…`) and applies the migrations.
    pub async fn connect(url: &str) -> StoreResult<Store> {
        let sql = sql::SqlStore::connect(url).await?;
        Ok(Store {
            actions: Some(sql::batch::Batcher::start(sql.clone())),
            backend: Arc::new(Backend::Sql(sql)),
        })
    }

    /// The backend's name: `memory`, `sqlite` or `postgres`.
    pub fn kind(&self) -> &'static str {
        match &*self.backend {
            Backend::Memory(_) => "memory",
            Backend::Sql(s) => s.kind(),
        }
    }

    /// Answers when the store can be reached.
    pub async fn health(&self) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(_) => Ok(()),
            Backend::Sql(s) => s.health().await,
        }
    }

    /// A setting's value.
    pub async fn setting(&self, key: &str) -> StoreResult<Option<String>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.setting(key)),
            Backend::Sql(s) => s.setting(key).await,
        }
    }

    /// Sets a setting, replacing its value.
    pub async fn set_setting(&self, key: &str, value: &str) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(m) => {
                m.set_setting(key, value);
                Ok(())
            }
            Backend::Sql(s) => s.set_setting(key, value).await,
        }
    }

    /// Sets a setting unless it exists; returns the value in force.
    pub async fn init_setting(&self, key: &str, value: &str) -> StoreResult<String> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.init_setting(key, value)),
            Backend::Sql(s) => s.init_setting(key, value).await,
        }
    }

    /// Creates an account; `Conflict` when the name is taken.
    pub async fn create_user(&self, user: &User) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(m) => m.create_user(user),
            Backend::Sql(s) => s.create_user(user).await,
        }
    }

    /// The account with this name.
    pub async fn user_by_name(&self, name: &str) -> StoreResult<Option<User>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.user_by_name(name)),
            Backend::Sql(s) => s.user_by_name(name).await,
        }
    }

    /// Records a new game.
    pub async fn create_game(&self, g: &NewGame) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(m) => m.create_game(g),
            Backend::Sql(s) => s.create_game(g).await,
        }
    }

    /// Appends an action at its ply; `Conflict` if that ply exists. Returns once it is
    /// committed: on SQL stores together with the other games' actions of the moment, in one
    /// statement.
    pub async fn append_action(&self, game: GameId, a: &StoredAction) -> StoreResult<()> {
        let game = game.0;
        match (&*self.backend, &self.actions) {
            (Backend::Memory(m), _) => m.append_action(game, a),
            (Backend::Sql(_), Some(batcher)) => batcher.append(game, a).await,
            (Backend::Sql(s), None) => s.append_action(game, a).await,
        }
    }

    /// Whether the action of `ply` of `game` is stored (to settle a write that failed or timed
    /// out: it may have been committed all the same).
    pub async fn has_action(&self, game: GameId, ply: i64) -> StoreResult<bool> {
        let game = game.0;
        match &*self.backend {
            Backend::Memory(m) => Ok(m.has_action(game, ply)),
            Backend::Sql(s) => s.has_action(game, ply).await,
        }
    }

    /// Starts a new event stream for a live game being restored; returns its number (the
    /// stored one plus one), which the game's event numbers are then based on.
    pub async fn next_stream(&self, game: GameId) -> StoreResult<u32> {
        let game = game.0;
        match &*self.backend {
            Backend::Memory(m) => m.next_stream(game),
            Backend::Sql(s) => s.next_stream(game).await,
        }
    }

    /// Records the end of a game and, in the same transaction, what it does to ratings (the
    /// aborter's penalty and abort record; every rated player's change). Only the first call
    /// for a game writes anything; it returns whether this call ended the game.
    pub async fn finish_game(
        &self,
        game: GameId,
        end: &records::GameEnd,
        job: Option<&RatingJob>,
    ) -> StoreResult<bool> {
        let game = game.0;
        match &*self.backend {
            Backend::Memory(m) => m.finish_game(game, end, job),
            Backend::Sql(s) => s.finish_game(game, end, job).await,
        }
    }

    /// A player's ratings, one per pool he has played in.
    pub async fn ratings_of(&self, player: PlayerId) -> StoreResult<Vec<RatingRow>> {
        let player = player.0;
        match &*self.backend {
            Backend::Memory(m) => Ok(m.ratings_of(player)),
            Backend::Sql(s) => s.ratings_of(player).await,
        }
    }

    /// A player's latest `limit` rating changes, oldest first.
    pub async fn rating_history(
        &self,
        player: PlayerId,
        limit: i64,
    ) -> StoreResult<Vec<RatingChange>> {
        let player = player.0;
        match &*self.backend {
            Backend::Memory(m) => Ok(m.rating_history(player, limit)),
            Backend::Sql(s) => s.rating_history(player, limit).await,
        }
    }

    /// The rating changes one game made, by seat.
    pub async fn game_rating_changes(&self, game: GameId) -> StoreResult<Vec<RatingChange>> {
        let game = game.0;
        match &*self.backend {
            Backend::Memory(m) => Ok(m.game_rating_changes(game)),
            Backend::Sql(s) => s.game_rating_changes(game).await,
        }
    }

    /// The best ratings of a pool among the accounts `who` admits.
    pub async fn leaderboard(
        &self,
        pool: &str,
        who: &ratings::BoardRule,
        limit: i64,
    ) -> StoreResult<Vec<(String, RatingRow)>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.leaderboard(pool, who, limit)),
            Backend::Sql(s) => s.leaderboard(pool, who, limit).await,
        }
    }

    /// Finished games played here, newest first, without their actions.
    pub async fn archive(&self, filter: &ArchiveFilter) -> StoreResult<Vec<StoredGame>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.archive(filter)),
            Backend::Sql(s) => s.archive(filter).await,
        }
    }

    /// How many games `player` aborted since `since_ms`, and when the latest was.
    pub async fn aborts_since(
        &self,
        player: PlayerId,
        since_ms: i64,
    ) -> StoreResult<(u32, Option<i64>)> {
        let player = player.0;
        match &*self.backend {
            Backend::Memory(m) => Ok(m.aborts_since(player, since_ms)),
            Backend::Sql(s) => s.aborts_since(player, since_ms).await,
        }
    }

    /// One game with its actions.
    pub async fn game(&self, id: GameId) -> StoreResult<Option<StoredGame>> {
        let id = id.0;
        match &*self.backend {
            Backend::Memory(m) => Ok(m.game(id)),
            Backend::Sql(s) => s.game(id).await,
        }
    }

    /// Every game that has not ended, without its actions (a cluster's list of live games).
    pub async fn live_headers(&self) -> StoreResult<Vec<StoredGame>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.live_headers()),
            Backend::Sql(s) => s.live_headers().await,
        }
    }

    /// Every game that has not ended, with its actions.
    pub async fn live_games(&self) -> StoreResult<Vec<StoredGame>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.live_games()),
            Backend::Sql(s) => s.live_games().await,
        }
    }

    /// The most recent finished games (newest first).
    pub async fn finished_games(&self, limit: i64) -> StoreResult<Vec<StoredGame>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.finished_games(limit)),
            Backend::Sql(s) => s.finished_games(limit).await,
        }
    }
}

pub use records::GameEnd;
