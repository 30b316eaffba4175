//! The in-memory store's tournaments (see [`super::tournaments`]).

use super::tournaments::{EntryRow, TournamentGameRow, TournamentRow};
use super::{StoreError, StoreResult};
use fourhand_protocol::{GameId, TournamentId};
use std::collections::HashMap;

/// Tournaments, entries and games, as the SQL tables hold them.
#[derive(Default)]
pub(super) struct TournamentTables {
    tournaments: HashMap<TournamentId, TournamentRow>,
    entries: Vec<EntryRow>,
    games: Vec<TournamentGameRow>,
}

impl TournamentTables {
    pub(super) fn create(&mut self, t: &TournamentRow) -> StoreResult<()> {
        if self.tournaments.contains_key(&t.id) {
            return Err(StoreError::Conflict);
        }
        self.tournaments.insert(t.id, t.clone());
        Ok(())
    }

    pub(super) fn get(&self, id: TournamentId) -> Option<TournamentRow> {
        self.tournaments.get(&id).cloned()
    }

    pub(super) fn list(&self, since_ms: i64, limit: i64) -> Vec<TournamentRow> {
        let mut v: Vec<TournamentRow> = self
            .tournaments
            .values()
            .filter(|t| t.starts_ms >= since_ms || t.status == "created" || t.status == "running")
            .cloned()
            .collect();
        v.sort_by_key(|t| (t.starts_ms, t.id));
        v.truncate(limit.max(0) as usize);
        v
    }

    pub(super) fn update(&mut self, t: &TournamentRow) -> StoreResult<()> {
        match self.tournaments.get_mut(&t.id) {
            Some(x) => {
                *x = t.clone();
                Ok(())
            }
            None => Err(StoreError::Corrupt(format!("no tournament {}", t.id))),
        }
    }

    pub(super) fn put_entry(&mut self, e: &EntryRow) {
        let key = |x: &EntryRow| (x.tournament, x.player);
        match self.entries.iter_mut().find(|x| key(x) == key(e)) {
            Some(x) => {
                let joined = x.joined_ms;
                *x = EntryRow {
                    joined_ms: joined,
                    ..e.clone()
                };
            }
            None => self.entries.push(e.clone()),
        }
    }

    pub(super) fn entries(&self, t: TournamentId) -> Vec<EntryRow> {
        let mut v: Vec<EntryRow> = self
            .entries
            .iter()
            .filter(|e| e.tournament == t)
            .cloned()
            .collect();
        v.sort_by_key(|e| (e.joined_ms, e.player));
        v
    }

    pub(super) fn add_game(&mut self, g: &TournamentGameRow) -> StoreResult<()> {
        if self.games.iter().any(|x| x.game == g.game) {
            return Err(StoreError::Conflict);
        }
        self.games.push(g.clone());
        Ok(())
    }

    pub(super) fn games(&self, t: TournamentId) -> Vec<TournamentGameRow> {
        let mut v: Vec<TournamentGameRow> = self
            .games
            .iter()
            .filter(|g| g.tournament == t)
            .cloned()
            .collect();
        v.sort_by_key(|g| (g.started_ms, g.game));
        v
    }

    pub(super) fn score(&mut self, game: GameId, scored: &str, at_ms: i64) -> bool {
        match self
            .games
            .iter_mut()
            .find(|g| g.game == game && g.scored.is_none())
        {
            Some(g) => {
                g.scored = Some(scored.to_string());
                g.scored_ms = Some(at_ms);
                true
            }
            None => false,
        }
    }
}
