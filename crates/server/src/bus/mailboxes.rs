//! The outgoing queues of this node's connections, by connection id, and the games each one
//! lags behind in.
//!
//! A game's messages to a connection are offered to its bounded queue without waiting. When
//! the queue is full the connection starts to *lag* in that game: its messages are dropped
//! (the game is told, [`Mail::lagging`](super::Mail::lagging)) until
//! the queue has room again ([`Mailboxes::ready`]) and the game sends a snapshot marked as a
//! resync, after which events flow again. The connection keeps its seats meanwhile.

use super::message::Delivery;
use super::ConnId;
use crate::wire::Wire;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};
use tokio::sync::mpsc;
use uuid::Uuid;

/// Room a lagging connection's queue must have again before it is resynced.
pub const RESYNC_ROOM: usize = 64;

struct Mailbox {
    tx: mpsc::Sender<Wire>,
    /// Games this connection lags behind in.
    lagging: Mutex<Vec<Uuid>>,
}

/// This node's connections.
#[derive(Default)]
pub struct Mailboxes {
    map: RwLock<HashMap<ConnId, Arc<Mailbox>>>,
    /// The games its connections play in, with their seats: when a game moves to another node
    /// they join it there again.
    players: Mutex<HashMap<Uuid, HashMap<ConnId, Vec<fourhand_rules::Seat>>>>,
}

impl Mailboxes {
    /// Registers a connection's queue.
    pub fn open(&self, conn: ConnId, tx: mpsc::Sender<Wire>) {
        let mut map = self.map.write().unwrap_or_else(|p| p.into_inner());
        map.insert(
            conn,
            Arc::new(Mailbox {
                tx,
                lagging: Mutex::default(),
            }),
        );
    }

    /// Forgets a closed connection.
    pub fn close(&self, conn: ConnId) {
        let mut map = self.map.write().unwrap_or_else(|p| p.into_inner());
        map.remove(&conn);
        drop(map);
        let mut players = self.players.lock().unwrap_or_else(|p| p.into_inner());
        players.retain(|_, conns| {
            conns.remove(&conn);
            !conns.is_empty()
        });
    }

    /// Records that `conn` plays in `game` with `seats`.
    pub fn plays(&self, conn: ConnId, game: Uuid, seats: Vec<fourhand_rules::Seat>) {
        let mut players = self.players.lock().unwrap_or_else(|p| p.into_inner());
        players.entry(game).or_default().insert(conn, seats);
    }

    /// Records that `conn` left `game`.
    pub fn left(&self, conn: ConnId, game: Uuid) {
        let mut players = self.players.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(conns) = players.get_mut(&game) {
            conns.remove(&conn);
            if conns.is_empty() {
                players.remove(&game);
            }
        }
    }

    /// The connections playing in `game`, with their seats.
    pub fn players_of(&self, game: Uuid) -> Vec<(ConnId, Vec<fourhand_rules::Seat>)> {
        let players = self.players.lock().unwrap_or_else(|p| p.into_inner());
        players
            .get(&game)
            .map(|c| c.iter().map(|(k, v)| (*k, v.clone())).collect())
            .unwrap_or_default()
    }

    /// Offers `d` to its connections; returns those that began to lag in its game now.
    pub fn deliver(&self, d: &Delivery) -> Vec<ConnId> {
        let map = self.map.read().unwrap_or_else(|p| p.into_inner());
        let mut began = Vec::new();
        for conn in &d.conns {
            let Some(m) = map.get(conn) else { continue };
            if d.game.is_nil() {
                // Not a game's message: no lag to keep track of.
                let _ = m.tx.try_send(d.wire.clone());
                continue;
            }
            let mut lagging = m.lagging.lock().unwrap_or_else(|p| p.into_inner());
            let lags = lagging.contains(&d.game);
            if lags && !d.resync {
                continue;
            }
            match m.tx.try_send(d.wire.clone()) {
                Ok(()) => {
                    if lags {
                        lagging.retain(|g| *g != d.game);
                    }
                }
                Err(mpsc::error::TrySendError::Full(_)) => {
                    if !lags {
                        lagging.push(d.game);
                        began.push(*conn);
                    }
                }
                Err(mpsc::error::TrySendError::Closed(_)) => {}
            }
        }
        began
    }

    /// The (connection, game) pairs that lag but whose queue has room again.
    pub fn ready(&self) -> Vec<(ConnId, Uuid)> {
        let map = self.map.read().unwrap_or_else(|p| p.into_inner());
        let mut out = Vec::new();
        for (conn, m) in map.iter() {
            let lagging = m.lagging.lock().unwrap_or_else(|p| p.into_inner());
            if !lagging.is_empty() && m.tx.capacity() >= RESYNC_ROOM {
                out.extend(lagging.iter().map(|g| (*conn, *g)));
            }
        }
        out
    }

    /// Whether any connection lags (the node then looks for room every 250 ms).
    pub fn any_lagging(&self) -> bool {
        let map = self.map.read().unwrap_or_else(|p| p.into_inner());
        map.values().any(|m| {
            !m.lagging
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .is_empty()
        })
    }
}
