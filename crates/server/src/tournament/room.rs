//! Who is here for each arena, on the node that runs the lobby: the connection of each entrant
//! that has the arena open (he is paired only while it is) and the followers of its standings.
//! Nothing here is stored: a connection that comes back says so again.

use crate::bus::ConnAddr;
use fourhand_protocol::{PlayerId, TournamentId};
use std::collections::HashMap;
use std::sync::Mutex;

/// What the lobby's node is told of arenas by the connections.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ArenaNote {
    /// An entrant's connection has the arena open.
    Present {
        /// The arena.
        tournament: TournamentId,
        /// The entrant.
        player: PlayerId,
        /// His connection.
        conn: ConnAddr,
    },
    /// A connection follows the standings.
    Follow {
        /// The arena.
        tournament: TournamentId,
        /// The connection.
        conn: ConnAddr,
    },
    /// A connection stops following.
    Unfollow {
        /// The arena.
        tournament: TournamentId,
        /// The connection.
        conn: ConnAddr,
    },
}

#[derive(Default)]
struct Inner {
    present: HashMap<(TournamentId, PlayerId), ConnAddr>,
    followers: HashMap<TournamentId, Vec<ConnAddr>>,
}

/// The room as the lobby's saved document keeps it (a node that takes the lobby over reads it:
/// the connections on the other nodes are still there).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ArenaRoomDoc {
    present: Vec<(TournamentId, PlayerId, ConnAddr)>,
    followers: Vec<(TournamentId, Vec<ConnAddr>)>,
}

/// The arenas' presence and followers.
#[derive(Default)]
pub struct ArenaRoom {
    inner: Mutex<Inner>,
}

impl ArenaRoom {
    fn with<T>(&self, f: impl FnOnce(&mut Inner) -> T) -> T {
        let mut i = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        f(&mut i)
    }

    /// Takes a note.
    pub fn note(&self, n: ArenaNote) {
        self.with(|i| match n {
            ArenaNote::Present {
                tournament,
                player,
                conn,
            } => {
                i.present.insert((tournament, player), conn);
            }
            ArenaNote::Follow { tournament, conn } => {
                let f = i.followers.entry(tournament).or_default();
                if !f.contains(&conn) {
                    f.push(conn);
                }
            }
            ArenaNote::Unfollow { tournament, conn } => {
                if let Some(f) = i.followers.get_mut(&tournament) {
                    f.retain(|c| *c != conn);
                }
            }
        });
    }

    /// A connection closed: it is present nowhere and follows nothing.
    pub fn connection_closed(&self, conn: &ConnAddr) {
        self.with(|i| {
            i.present.retain(|_, c| c != conn);
            for f in i.followers.values_mut() {
                f.retain(|c| c != conn);
            }
        });
    }

    /// The connection of an entrant who has the arena open.
    pub fn present(&self, tournament: TournamentId, player: PlayerId) -> Option<ConnAddr> {
        self.with(|i| i.present.get(&(tournament, player)).cloned())
    }

    /// The room as a document.
    pub fn export(&self) -> ArenaRoomDoc {
        self.with(|i| ArenaRoomDoc {
            present: i
                .present
                .iter()
                .map(|((t, p), c)| (*t, *p, c.clone()))
                .collect(),
            followers: i.followers.iter().map(|(t, f)| (*t, f.clone())).collect(),
        })
    }

    /// Replaces the room with a document's.
    pub fn import(&self, doc: ArenaRoomDoc) {
        self.with(|i| {
            i.present = doc
                .present
                .into_iter()
                .map(|(t, p, c)| ((t, p), c))
                .collect();
            i.followers = doc.followers.into_iter().collect();
        });
    }

    /// The followers of an arena's standings.
    pub fn followers(&self, tournament: TournamentId) -> Vec<ConnAddr> {
        self.with(|i| i.followers.get(&tournament).cloned().unwrap_or_default())
    }
}
