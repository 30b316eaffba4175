//! Ownership of live games between nodes: a lease per game (the owner node, an epoch, an
//! expiry) that the owner renews, and actions written only under the current epoch (fencing).
//!
//! A node takes a game's lease when none exists, when it has expired (the epoch is raised), or
//! to renew its own. Writing an action checks the epoch in the same statement, so an owner that
//! was paused past its lease (or cut off from the store) and then resumes cannot write once
//! another node has taken the game over: its write is [`StoreError::Fenced`](super::StoreError::Fenced).

use super::{Backend, Store, StoreResult, StoredAction};
use uuid::Uuid;

/// A game's lease as taken or renewed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    /// The game.
    pub game: Uuid,
    /// The owner node.
    pub node: String,
    /// Raised at every change of owner (and after an expiry).
    pub epoch: i64,
    /// When it lapses unless renewed (epoch ms).
    pub expires_ms: i64,
}

impl Store {
    /// Takes the lease of `game` for `node` until `now_ms + ttl_ms`: a new lease has epoch 1; an
    /// expired one passes to `node` with the epoch raised; `node`'s own live lease is renewed
    /// with its epoch. `None` while another node holds a live lease.
    pub async fn acquire_lease(
        &self,
        game: Uuid,
        node: &str,
        now_ms: i64,
        ttl_ms: i64,
    ) -> StoreResult<Option<Lease>> {
        let epoch = match &*self.backend {
            Backend::Memory(m) => m.acquire_lease(game, node, now_ms, ttl_ms),
            Backend::Sql(s) => s.acquire_lease(game, node, now_ms, ttl_ms).await?,
        };
        Ok(epoch.map(|epoch| Lease {
            game,
            node: node.to_string(),
            epoch,
            expires_ms: now_ms + ttl_ms,
        }))
    }

    /// Extends `lease` to `now_ms + ttl_ms` if its node still holds it under its epoch; false
    /// when the game has passed to another node (the caller must stop running it).
    pub async fn renew_lease(
        &self,
        lease: &mut Lease,
        now_ms: i64,
        ttl_ms: i64,
    ) -> StoreResult<bool> {
        let until = now_ms + ttl_ms;
        let kept = match &*self.backend {
            Backend::Memory(m) => m.renew_lease(lease, until),
            Backend::Sql(s) => s.renew_lease(lease, until).await?,
        };
        if kept {
            lease.expires_ms = until;
        }
        Ok(kept)
    }

    /// Gives a lease up at once (a graceful handover): another node may take it now, under a
    /// higher epoch.
    pub async fn release_lease(&self, lease: &Lease, now_ms: i64) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(m) => {
                m.release_lease(lease, now_ms);
                Ok(())
            }
            Backend::Sql(s) => s.release_lease(lease, now_ms).await,
        }
    }

    /// Extends every lease `node` holds to `until_ms`, in one statement: the (game, epoch) of
    /// each lease it still holds. A game missing from the answer has passed to another node.
    pub async fn renew_node_leases(
        &self,
        node: &str,
        until_ms: i64,
    ) -> StoreResult<Vec<(Uuid, i64)>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.renew_node_leases(node, until_ms)),
            Backend::Sql(s) => s.renew_node_leases(node, until_ms).await,
        }
    }

    /// Gives up every lease `node` holds (a graceful stop): other nodes may take its games now.
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
    pub async fn is_unfinished(&self, game: Uuid) -> StoreResult<bool> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.is_unfinished(game)),
            Backend::Sql(s) => s.is_unfinished(game).await,
        }
    }

    /// Live (unfinished) games whose lease has lapsed by `now_ms`, or that have none: the games
    /// a node may take over, each with the node that held it last (if any).
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
    /// Takes the cluster-wide role `key` (a Postgres advisory lock held on a connection of its
    /// own) if no node holds it: `None` while another does.
    pub async fn try_leader_lock(&self, key: i64) -> StoreResult<Option<LeaderLock>> {
        match &*self.backend {
            Backend::Memory(_) => Err(super::StoreError::Unsupported(
                "a cluster role needs Postgres",
            )),
            Backend::Sql(s) => s.try_leader_lock(key).await,
        }
    }
}
