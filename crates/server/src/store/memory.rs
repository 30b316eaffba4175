//! The in-memory store (tests; also what paused-time tests need, as a real pool would time out).

use super::records::{GameEnd, NewGame, StoredAction, StoredGame, User};
use super::{StoreError, StoreResult};
use std::collections::HashMap;
use std::sync::Mutex;
use uuid::Uuid;

#[derive(Default)]
struct State {
    settings: HashMap<String, String>,
    users: HashMap<String, User>,
    games: HashMap<Uuid, StoredGame>,
}

/// Everything in a mutex-guarded map.
#[derive(Default)]
pub(super) struct MemoryStore {
    state: Mutex<State>,
}

impl MemoryStore {
    fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        let mut s = self.state.lock().unwrap_or_else(|p| p.into_inner());
        f(&mut s)
    }

    pub(super) fn setting(&self, key: &str) -> Option<String> {
        self.with(|s| s.settings.get(key).cloned())
    }

    pub(super) fn init_setting(&self, key: &str, value: &str) -> String {
        self.with(|s| {
            s.settings
                .entry(key.to_string())
                .or_insert_with(|| value.to_string())
                .clone()
        })
    }

    pub(super) fn create_user(&self, u: &User) -> StoreResult<()> {
        self.with(|s| {
            if s.users.contains_key(&u.name) {
                return Err(StoreError::Conflict);
            }
            s.users.insert(u.name.clone(), u.clone());
            Ok(())
        })
    }

    pub(super) fn user_by_name(&self, name: &str) -> Option<User> {
        self.with(|s| s.users.get(name).cloned())
    }

    pub(super) fn create_game(&self, g: &NewGame) -> StoreResult<()> {
        self.with(|s| {
            if s.games.contains_key(&g.id) {
                return Err(StoreError::Conflict);
            }
            s.games.insert(
                g.id,
                StoredGame {
                    game: g.clone(),
                    actions: Vec::new(),
                    clocks: None,
                    end: None,
                },
            );
            Ok(())
        })
    }

    pub(super) fn append_action(&self, id: Uuid, a: &StoredAction) -> StoreResult<()> {
        self.with(|s| {
            let g = s
                .games
                .get_mut(&id)
                .ok_or_else(|| StoreError::Corrupt(format!("no game {id}")))?;
            if g.actions.iter().any(|x| x.ply == a.ply) {
                return Err(StoreError::Conflict);
            }
            g.actions.push(a.clone());
            Ok(())
        })
    }

    pub(super) fn save_clocks(&self, id: Uuid, clocks: [u64; 4]) -> StoreResult<()> {
        self.with(|s| {
            if let Some(g) = s.games.get_mut(&id) {
                g.clocks = Some(clocks);
            }
            Ok(())
        })
    }

    pub(super) fn finish_game(&self, id: Uuid, end: &GameEnd) -> StoreResult<()> {
        self.with(|s| {
            if let Some(g) = s.games.get_mut(&id) {
                g.end = Some(end.clone());
            }
            Ok(())
        })
    }

    pub(super) fn game(&self, id: Uuid) -> Option<StoredGame> {
        self.with(|s| s.games.get(&id).cloned())
    }

    pub(super) fn live_games(&self) -> Vec<StoredGame> {
        self.with(|s| {
            s.games
                .values()
                .filter(|g| g.end.is_none() && !g.game.imported)
                .cloned()
                .collect()
        })
    }

    pub(super) fn finished_games(&self, limit: i64) -> Vec<StoredGame> {
        self.with(|s| {
            let mut v: Vec<StoredGame> = s
                .games
                .values()
                .filter(|g| g.end.is_some())
                .cloned()
                .collect();
            v.sort_by_key(|g| std::cmp::Reverse(g.end.as_ref().map(|e| e.ended_ms)));
            v.truncate(limit.max(0) as usize);
            v
        })
    }
}
