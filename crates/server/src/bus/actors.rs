//! The inboxes of the games this node runs, by game id.

use std::collections::HashMap;
use std::sync::RwLock;
use tokio::sync::mpsc;
use uuid::Uuid;

/// This node's game inboxes.
pub struct Actors<C> {
    map: RwLock<HashMap<Uuid, mpsc::Sender<C>>>,
}

impl<C> Default for Actors<C> {
    fn default() -> Actors<C> {
        Actors {
            map: RwLock::new(HashMap::new()),
        }
    }
}

impl<C: Send + 'static> Actors<C> {
    /// Registers the inbox of a game started here.
    pub fn insert(&self, game: Uuid, tx: mpsc::Sender<C>) {
        let mut map = self.map.write().unwrap_or_else(|p| p.into_inner());
        map.retain(|_, tx| !tx.is_closed());
        map.insert(game, tx);
    }

    /// The inbox of `game`, if it runs here.
    pub fn get(&self, game: Uuid) -> Option<mpsc::Sender<C>> {
        let map = self.map.read().unwrap_or_else(|p| p.into_inner());
        map.get(&game).filter(|tx| !tx.is_closed()).cloned()
    }

    /// Forgets `game` (its actor stopped or handed it over).
    pub fn remove(&self, game: Uuid) {
        let mut map = self.map.write().unwrap_or_else(|p| p.into_inner());
        map.remove(&game);
    }

    /// The games running here.
    pub fn ids(&self) -> Vec<Uuid> {
        let map = self.map.read().unwrap_or_else(|p| p.into_inner());
        map.iter()
            .filter(|(_, tx)| !tx.is_closed())
            .map(|(id, _)| *id)
            .collect()
    }

    /// Queues `cmd` for `game` without waiting: false when no such game runs here. A full
    /// inbox is waited for on a task of its own.
    pub fn send_now(&self, game: Uuid, cmd: C) -> bool {
        self.send_here(game, cmd).is_ok()
    }

    /// [`Actors::send_now`], giving `cmd` back when `game` does not run here.
    pub fn send_here(&self, game: Uuid, cmd: C) -> Result<(), C> {
        let Some(tx) = self.get(game) else {
            return Err(cmd);
        };
        match tx.try_send(cmd) {
            Ok(()) => Ok(()),
            Err(mpsc::error::TrySendError::Full(cmd)) => {
                tokio::spawn(async move {
                    let _ = tx.send(cmd).await;
                });
                Ok(())
            }
            Err(mpsc::error::TrySendError::Closed(cmd)) => Err(cmd),
        }
    }
}
