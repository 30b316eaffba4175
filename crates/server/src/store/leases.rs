//! Ownership of live games between nodes: a lease per game (the owner node and an epoch),
//! held while its node beats, and actions written only under the current epoch (fencing).
//!
//! Each node beats once a second ([`Store::renew_node_leases`]: one row per node, whatever
//! the number of its games). A lease is *held* while its node's beat is fresh and it was not
//! given up. A node takes a game's lease when none exists, when its holder stopped beating or
//! gave it up (the epoch is then raised), or again its own. Writing an action checks the
//! epoch in the same statement, so an owner that was paused past its beat (or cut off from
//! the store) and then resumes cannot write once another node has taken the game over: its
//! write is [`StoreError::Fenced`](super::StoreError::Fenced).

use super::{Backend, Store, StoreResult, StoredAction};
use fourhand_protocol::GameId;
use uuid::Uuid;

/// A held lease's `expires_ms`: it never lapses by itself (only its node's beat does).
pub(super) const HELD: i64 = i64::MAX;

/// A game's lease as taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    /// The game.
    pub game: Uuid,
    /// The owner node.
    pub node: String,
    /// Raised at every change of owner (and after a lapse).
    pub epoch: i64,
}

impl Store {
    /// Takes the lease of `game` for `node` (and records `node`'s beat until
    /// `now_ms + ttl_ms`): a new lease has epoch 1; one whose node stopped beating or gave it up
    /// passes to `node` with the epoch raised; `node`'s own held lease keeps its epoch. `None`
    /// while another node holds it.
    pub async fn acquire_lease(
        &self,
        game: GameId,
        node: &str,
        now_ms: i64,
        ttl_ms: i64,
    ) -> StoreResult<Option<Lease>> {
        let game = game.0;
        let epoch = match &*self.backend {
            Backend::Memory(m) => m.acquire_lease(game, node, now_ms, ttl_ms),
            Backend::Sql(s) => s.acquire_lease(game, node, now_ms, ttl_ms).await?,
        };
        Ok(epoch.map(|epoch| Lease {
            game,
            node: node.to_string(),
            epoch,
        }))
    }

    /// `node`'s beat: its leases are held until `now_ms + ttl_ms`. Returns the (game, epoch) of
    /// every lease it holds of an unfinished game; one missing from the answer has passed to
    /// another node (or ended).
    pub async fn renew_node_leases(
        &self,
        node: &str,
        now_ms: i64,
        ttl_ms: i64,
    ) -> StoreResult<Vec<(Uuid, i64)>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.renew_node_leases(node, now_ms, ttl_ms)),
            Backend::Sql(s) => s.renew_node_leases(node, now_ms, ttl_ms).await,
        }
    }

    /// Gives up every lease `node` holds and its beat (a graceful stop): other nodes may take
    /// its games now.
    pub async fn release_node_leases(&self, node: &str, now_ms: i64) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(m) => {
                m.release_node_leases(node, now_ms);
                Ok(())
            }
            Backend::Sql(s) => s.release_node_leases(node, now_ms).await,
        }
    }

    /// Whether `game` exists and has not ended.
    pub async fn is_unfinished(&self, game: GameId) -> StoreResult<bool> {
        let game = game.0;
        match &*self.backend {
            Backend::Memory(m) => Ok(m.is_unfinished(game)),
            Backend::Sql(s) => s.is_unfinished(game).await,
        }
    }

    /// Live (unfinished) games whose node stopped beating by `now_ms` or gave them up, or that
    /// have no lease: the games a node may take over, each with the node that held it last.
    pub async fn orphaned_games(&self, now_ms: i64) -> StoreResult<Vec<(Uuid, Option<String>)>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.orphaned_games(now_ms)),
            Backend::Sql(s) => s.orphaned_games(now_ms).await,
        }
    }

    /// Appends an action at its ply only while `lease` is the game's current one (same node,
    /// same epoch), in one statement: [`StoreError::Fenced`](super::StoreError::Fenced) once another node has taken the
    /// game, `Conflict` if the ply exists.
    pub async fn append_action_fenced(&self, lease: &Lease, a: &StoredAction) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(m) => m.append_action_fenced(lease, a),
            Backend::Sql(s) => s.append_action_fenced(lease, a).await,
        }
    }
}

pub use super::sql::leader::LeaderLock;

impl Store {
    /// Takes the cluster-wide role `key` (a Postgres advisory lock, on `key` and the schema,
    /// held on a connection of its own) if no node holds it: `None` while another does.
    pub async fn try_leader_lock(&self, key: i32) -> StoreResult<Option<LeaderLock>> {
        match &*self.backend {
            Backend::Memory(_) => Err(super::StoreError::Unsupported(
                "a cluster role needs Postgres",
            )),
            Backend::Sql(s) => s.try_leader_lock(key).await,
        }
    }
}
