//! Tournaments in the store: the tournament (its settings as JSON, opaque here), its entries,
//! and its games — each game scored once: the first scoring writes its points, any later one
//! finds them there and changes nothing (whichever node directs).

use super::{Backend, Store, StoreResult};
use fourhand_protocol::{GameId, PlayerId, TournamentId};
use serde::{Deserialize, Serialize};

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentRow {
    /// Its id.
    pub id: TournamentId,
    /// `arena` or `swiss`.
    pub kind: String,
    /// Its settings, as the server's JSON.
    pub settings: String,
    /// `created`, `running`, `finished` or `cancelled`.
    pub status: String,
    /// When it starts (ms since the epoch).
    pub starts_ms: i64,
    /// When it ends (an arena; a Swiss: when its last round ended, else its start).
    pub ends_ms: i64,
    /// The moderator (or schedule) that made it.
    pub created_by: String,
    /// When it was made.
    pub created_ms: i64,
}

/// A player's entry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EntryRow {
    /// The tournament.
    pub tournament: TournamentId,
    /// The player.
    pub player: PlayerId,
    /// His name.
    pub name: String,
    /// His rating in the tournament's pool when he entered.
    pub rating: f64,
    /// When he entered.
    pub joined_ms: i64,
    /// Paused: no new pairings.
    pub paused: bool,
    /// Withdrawn (or removed by a moderator).
    pub withdrawn: bool,
    /// Removed by a moderator: he may not enter again.
    #[serde(default)]
    pub removed: bool,
    /// A Swiss: the partner he invited or accepted (two entries naming each other are a team).
    #[serde(default)]
    pub partner: Option<PlayerId>,
    /// The partner's name.
    #[serde(default)]
    pub partner_name: Option<String>,
}

/// A tournament's game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentGameRow {
    /// The game.
    pub game: GameId,
    /// Its tournament.
    pub tournament: TournamentId,
    /// Who sat where, as the server's JSON.
    pub players: String,
    /// When it started.
    pub started_ms: i64,
    /// The points it gave, as the server's JSON, once scored.
    pub scored: Option<String>,
    /// When it was scored.
    pub scored_ms: Option<i64>,
}

impl Store {
    /// Records a new tournament.
    pub async fn create_tournament(&self, t: &TournamentRow) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(m) => m.tournaments(|x| x.create(t)),
            Backend::Sql(q) => q.create_tournament(t).await,
        }
    }

    /// One tournament.
    pub async fn tournament(&self, id: TournamentId) -> StoreResult<Option<TournamentRow>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.tournaments(|x| x.get(id))),
            Backend::Sql(q) => q.tournament(id).await,
        }
    }

    /// The tournaments starting from `since_ms` on, and those not finished, by start.
    pub async fn tournaments(&self, since_ms: i64, limit: i64) -> StoreResult<Vec<TournamentRow>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.tournaments(|x| x.list(since_ms, limit))),
            Backend::Sql(q) => q.tournaments(since_ms, limit).await,
        }
    }

    /// Sets a tournament's status, settings and end (a moderator's edit, the start, the end).
    pub async fn update_tournament(&self, t: &TournamentRow) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(m) => m.tournaments(|x| x.update(t)),
            Backend::Sql(q) => q.update_tournament(t).await,
        }
    }

    /// Enters a player, or changes his entry (pause, come back, withdraw).
    pub async fn put_entry(&self, e: &EntryRow) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(m) => {
                m.tournaments(|x| x.put_entry(e));
                Ok(())
            }
            Backend::Sql(q) => q.put_entry(e).await,
        }
    }

    /// A tournament's entries, in the order they came.
    pub async fn entries(&self, t: TournamentId) -> StoreResult<Vec<EntryRow>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.tournaments(|x| x.entries(t))),
            Backend::Sql(q) => q.entries(t).await,
        }
    }

    /// Records a tournament's new game.
    pub async fn add_tournament_game(&self, g: &TournamentGameRow) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(m) => m.tournaments(|x| x.add_game(g)),
            Backend::Sql(q) => q.add_tournament_game(g).await,
        }
    }

    /// A tournament's games, in the order they started.
    pub async fn tournament_games(&self, t: TournamentId) -> StoreResult<Vec<TournamentGameRow>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.tournaments(|x| x.games(t))),
            Backend::Sql(q) => q.tournament_games(t).await,
        }
    }

    /// Scores a game once: true when this call wrote `scored`; false when it was scored before
    /// (nothing changes).
    pub async fn score_tournament_game(
        &self,
        game: GameId,
        scored: &str,
        at_ms: i64,
    ) -> StoreResult<bool> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.tournaments(|x| x.score(game, scored, at_ms))),
            Backend::Sql(q) => q.score_tournament_game(game, scored, at_ms).await,
        }
    }
}
