//! The public streams of games that this node's spectators follow: one broadcast channel per
//! game, fed by the bus (in-process, or from the game's NATS subject).

use super::PublicEvent;
use crate::wire::Wire;
use std::collections::HashMap;
use std::sync::Mutex;
use tokio::sync::broadcast;
use uuid::Uuid;

/// The followed games' streams.
#[derive(Default)]
pub struct Hubs {
    map: Mutex<HashMap<Uuid, broadcast::Sender<PublicEvent>>>,
}

impl Hubs {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Uuid, broadcast::Sender<PublicEvent>>> {
        self.map.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A receiver of `game`'s stream, and whether the stream is new on this node (the bus
    /// must then start feeding it).
    pub fn subscribe(&self, game: Uuid) -> (broadcast::Receiver<PublicEvent>, bool) {
        let mut map = self.lock();
        if let Some(tx) = map.get(&game) {
            return (tx.subscribe(), false);
        }
        let (tx, rx) = broadcast::channel(crate::capacity::SPECTATOR_STREAM);
        map.insert(game, tx);
        (rx, true)
    }

    /// Passes an event of `game` to its spectators here, if any follow it.
    pub fn publish(&self, game: Uuid, seq: u64, wire: &Wire) {
        if let Some(tx) = self.lock().get(&game) {
            let _ = tx.send((seq, wire.clone()));
        }
    }

    /// Drops the streams nobody follows any more; returns their games.
    pub fn sweep(&self) -> Vec<Uuid> {
        let mut map = self.lock();
        let idle: Vec<Uuid> = map
            .iter()
            .filter(|(_, tx)| tx.receiver_count() == 0)
            .map(|(g, _)| *g)
            .collect();
        for g in &idle {
            map.remove(g);
        }
        idle
    }
}
