//! Tournaments in SQL (see `store/tournaments.rs`).

use super::super::tournaments::{EntryRow, TournamentGameRow, TournamentRow};
use super::super::{StoreError, StoreResult};
use super::{unique_violation, SqlStore};
use fourhand_protocol::{GameId, TournamentId};
use uuid::Uuid;

type TournamentTuple = (Uuid, String, String, String, i64, i64, String, i64);
type EntryTuple = (
    Uuid,
    Uuid,
    String,
    f64,
    i64,
    bool,
    bool,
    bool,
    Option<Uuid>,
    Option<String>,
);
type GameTuple = (Uuid, Uuid, String, i64, Option<String>, Option<i64>);

const TOURNAMENT_COLUMNS: &str =
    "id, kind, settings, status, starts_ms, ends_ms, created_by, created_ms";

fn tournament_of(t: TournamentTuple) -> TournamentRow {
    TournamentRow {
        id: TournamentId(t.0),
        kind: t.1,
        settings: t.2,
        status: t.3,
        starts_ms: t.4,
        ends_ms: t.5,
        created_by: t.6,
        created_ms: t.7,
    }
}

impl SqlStore {
    pub(crate) async fn create_tournament(&self, t: &TournamentRow) -> StoreResult<()> {
        let q =
            "INSERT INTO tournaments (id, kind, settings, status, starts_ms, ends_ms, created_by, \
                 created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";
        let r = on_pool!(self, p => sqlx::query(q).bind(t.id.0).bind(&t.kind).bind(&t.settings)
            .bind(&t.status).bind(t.starts_ms).bind(t.ends_ms).bind(&t.created_by).bind(t.created_ms)
            .execute(p).await.map(|_| ()));
        match r {
            Err(e) if unique_violation(&e) => Err(StoreError::Conflict),
            r => Ok(r?),
        }
    }

    pub(crate) async fn tournament(&self, id: TournamentId) -> StoreResult<Option<TournamentRow>> {
        let q = format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1");
        let row: Option<TournamentTuple> =
            on_pool!(self, p => sqlx::query_as(&q).bind(id.0).fetch_optional(p).await?);
        Ok(row.map(tournament_of))
    }

    pub(crate) async fn tournaments(
        &self,
        since_ms: i64,
        limit: i64,
    ) -> StoreResult<Vec<TournamentRow>> {
        let q = format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE starts_ms >= $1 \
             OR status IN ('created', 'running') ORDER BY starts_ms, id LIMIT $2"
        );
        let rows: Vec<TournamentTuple> =
            on_pool!(self, p => sqlx::query_as(&q).bind(since_ms).bind(limit).fetch_all(p).await?);
        Ok(rows.into_iter().map(tournament_of).collect())
    }

    pub(crate) async fn update_tournament(&self, t: &TournamentRow) -> StoreResult<()> {
        let q = "UPDATE tournaments SET settings = $2, status = $3, starts_ms = $4, ends_ms = $5 \
                 WHERE id = $1";
        on_pool!(self, p => sqlx::query(q).bind(t.id.0).bind(&t.settings).bind(&t.status)
            .bind(t.starts_ms).bind(t.ends_ms).execute(p).await.map(|_| ())?);
        Ok(())
    }

    pub(crate) async fn put_entry(&self, e: &EntryRow) -> StoreResult<()> {
        // A new entry keeps the time it came; a changed one keeps its first time.
        let q = "INSERT INTO tournament_entries (tournament_id, player_id, name, rating, joined_ms, \
                 paused, withdrawn, removed, partner, partner_name) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
                 ON CONFLICT (tournament_id, player_id) DO UPDATE SET name = excluded.name, \
                 rating = excluded.rating, paused = excluded.paused, withdrawn = excluded.withdrawn, \
                 removed = excluded.removed, partner = excluded.partner, \
                 partner_name = excluded.partner_name";
        on_pool!(self, p => sqlx::query(q).bind(e.tournament.0).bind(e.player.0).bind(&e.name)
            .bind(e.rating).bind(e.joined_ms).bind(e.paused).bind(e.withdrawn).bind(e.removed)
            .bind(e.partner.map(|p| p.0)).bind(&e.partner_name).execute(p).await.map(|_| ())?);
        Ok(())
    }

    pub(crate) async fn entries(&self, t: TournamentId) -> StoreResult<Vec<EntryRow>> {
        let q = "SELECT tournament_id, player_id, name, rating, joined_ms, paused, withdrawn, \
                 removed, partner, partner_name FROM tournament_entries WHERE tournament_id = $1 ORDER BY joined_ms, player_id";
        let rows: Vec<EntryTuple> =
            on_pool!(self, p => sqlx::query_as(q).bind(t.0).fetch_all(p).await?);
        Ok(rows
            .into_iter()
            .map(|r| EntryRow {
                tournament: TournamentId(r.0),
                player: fourhand_protocol::PlayerId(r.1),
                name: r.2,
                rating: r.3,
                joined_ms: r.4,
                paused: r.5,
                withdrawn: r.6,
                removed: r.7,
                partner: r.8.map(fourhand_protocol::PlayerId),
                partner_name: r.9,
            })
            .collect())
    }

    pub(crate) async fn add_tournament_game(&self, g: &TournamentGameRow) -> StoreResult<()> {
        let q =
            "INSERT INTO tournament_games (game_id, tournament_id, players, started_ms, scored, \
                 scored_ms) VALUES ($1, $2, $3, $4, $5, $6)";
        let r = on_pool!(self, p => sqlx::query(q).bind(g.game.0).bind(g.tournament.0).bind(&g.players)
            .bind(g.started_ms).bind(&g.scored).bind(g.scored_ms).execute(p).await.map(|_| ()));
        match r {
            Err(e) if unique_violation(&e) => Err(StoreError::Conflict),
            r => Ok(r?),
        }
    }

    pub(crate) async fn tournament_games(
        &self,
        t: TournamentId,
    ) -> StoreResult<Vec<TournamentGameRow>> {
        let q = "SELECT game_id, tournament_id, players, started_ms, scored, scored_ms \
                 FROM tournament_games WHERE tournament_id = $1 ORDER BY started_ms, game_id";
        let rows: Vec<GameTuple> =
            on_pool!(self, p => sqlx::query_as(q).bind(t.0).fetch_all(p).await?);
        Ok(rows
            .into_iter()
            .map(|r| TournamentGameRow {
                game: GameId(r.0),
                tournament: TournamentId(r.1),
                players: r.2,
                started_ms: r.3,
                scored: r.4,
                scored_ms: r.5,
            })
            .collect())
    }

    pub(crate) async fn score_tournament_game(
        &self,
        game: GameId,
        scored: &str,
        at_ms: i64,
    ) -> StoreResult<bool> {
        // Only while unscored: of two scorers (a director taking over from another) one writes.
        let q = "UPDATE tournament_games SET scored = $2, scored_ms = $3 WHERE game_id = $1 AND scored IS NULL";
        let n = on_pool!(self, p => sqlx::query(q).bind(game.0).bind(scored).bind(at_ms)
            .execute(p).await?.rows_affected());
        Ok(n == 1)
    }
}
