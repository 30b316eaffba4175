//! The lobby as a document the lobby node keeps in the store (at most once a second, when
//! something changed): the node that takes the lobby over after it reads it back, so open
//! tables, their seated people and the pairing queues survive the loss of the lobby node.

use super::pairing::WaiterDoc;
use super::{Lobby, Occupant, Table, TableSettings};
use crate::bus::ConnAddr;
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};
use uuid::Uuid;

/// The store setting that holds the document.
pub const LOBBY_SETTING: &str = "cluster_lobby";

/// The whole lobby.
#[derive(Default, Serialize, Deserialize)]
pub struct LobbyDoc {
    tables: Vec<TableDoc>,
    waiters: Vec<WaiterDoc>,
    /// Who has each arena open, and its followers.
    #[serde(default)]
    arenas: crate::tournament::room::ArenaRoomDoc,
}

#[derive(Serialize, Deserialize)]
struct TableDoc {
    id: Uuid,
    settings: TableSettings,
    seats: [Option<Occupant>; 4],
    /// How long ago it opened (or its last person left), ms.
    idle_ms: u64,
    /// The connection that opened it.
    #[serde(default)]
    creator: Option<ConnAddr>,
}

fn ago(ms: u64) -> Instant {
    let now = Instant::now();
    now.checked_sub(Duration::from_millis(ms)).unwrap_or(now)
}

impl Lobby {
    /// The lobby as a document.
    pub fn export(&self) -> LobbyDoc {
        let tables = self.with(|t| {
            t.iter()
                .map(|(id, tb)| TableDoc {
                    id: *id,
                    settings: tb.settings.clone(),
                    seats: tb.seats.clone(),
                    idle_ms: tb.since.elapsed().as_millis() as u64,
                    creator: tb.creator.clone(),
                })
                .collect()
        });
        LobbyDoc {
            tables,
            waiters: self.pairing.all(),
            arenas: self.arenas.export(),
        }
    }

    /// Replaces the lobby's tables and queues with `doc`'s.
    pub fn import(&self, doc: LobbyDoc) {
        self.with(|t| {
            t.clear();
            for d in doc.tables {
                t.insert(
                    d.id,
                    Table {
                        settings: d.settings,
                        seats: d.seats,
                        since: ago(d.idle_ms),
                        opened: ago(d.idle_ms),
                        creator: d.creator,
                    },
                );
            }
        });
        self.pairing.import(doc.waiters, ago);
        self.arenas.import(doc.arenas);
    }
}

/// Whether the lobby changed since it was last saved.
pub(super) fn changed(lobby: &Lobby) -> bool {
    lobby.dirty.swap(false, std::sync::atomic::Ordering::AcqRel)
}
