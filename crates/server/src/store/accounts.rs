//! Sessions (open, read, renew, revoke, sweep) and the look-alike keys of account names.

use super::records::{SessionRow, User};
use super::{Backend, Store, StoreResult};
use fourhand_protocol::PlayerId;
use uuid::Uuid;

/// Rewrites a game's PGN4 so that `old` no longer names a player there: `(pgn4, rules, old,
/// new) -> pgn4`.
pub type Retag = fn(&str, &str, &str, &str) -> String;

impl Store {
    /// Records a new session.
    pub async fn create_session(&self, s: &SessionRow) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(m) => m.create_session(s),
            Backend::Sql(q) => q.create_session(s).await,
        }
    }

    /// A session by id.
    pub async fn session(&self, id: Uuid) -> StoreResult<Option<SessionRow>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.session(id)),
            Backend::Sql(q) => q.session(id).await,
        }
    }

    /// Moves a session's expiry (renewal on use).
    pub async fn extend_session(&self, id: Uuid, expires_ms: i64) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(m) => {
                m.extend_session(id, expires_ms);
                Ok(())
            }
            Backend::Sql(q) => q.extend_session(id, expires_ms).await,
        }
    }

    /// Revokes one session.
    pub async fn revoke_session(&self, id: Uuid, at_ms: i64) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(m) => {
                m.revoke_sessions(Some(id), None, at_ms);
                Ok(())
            }
            Backend::Sql(q) => q.revoke_sessions(Some(id), None, at_ms).await,
        }
    }

    /// Revokes every session of a player but `keep`.
    pub async fn revoke_sessions_of(
        &self,
        player: PlayerId,
        keep: Option<Uuid>,
        at_ms: i64,
    ) -> StoreResult<()> {
        let player = player.0;
        match &*self.backend {
            Backend::Memory(m) => {
                m.revoke_sessions(keep, Some(player), at_ms);
                Ok(())
            }
            Backend::Sql(q) => q.revoke_sessions(keep, Some(player), at_ms).await,
        }
    }

    /// Deletes sessions that expired (or were revoked) before `before_ms`.
    pub async fn sweep_sessions(&self, before_ms: i64) -> StoreResult<u64> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.sweep_sessions(before_ms)),
            Backend::Sql(q) => q.sweep_sessions(before_ms).await,
        }
    }

    /// The account with this id.
    pub async fn user_by_id(&self, id: PlayerId) -> StoreResult<Option<User>> {
        let id = id.0;
        match &*self.backend {
            Backend::Memory(m) => Ok(m.user_by_id(id)),
            Backend::Sql(q) => q.user_by_id(id).await,
        }
    }

    /// Replaces an account's password hash.
    pub async fn set_password(&self, id: PlayerId, hash: &str) -> StoreResult<()> {
        let id = id.0;
        match &*self.backend {
            Backend::Memory(m) => {
                m.set_password(id, hash);
                Ok(())
            }
            Backend::Sql(q) => q.set_password(id, hash).await,
        }
    }

    /// Deletes an account, in one transaction: its name becomes `placeholder` everywhere it is
    /// stored (the account row, which can no longer log in, the seats of its games and their
    /// PGN4, retagged by `retag(pgn4, rules, old, new)`), its sessions are revoked and its
    /// ratings leave the leaderboards. Its games stay in the archive. False when there is no
    /// such account.
    pub async fn delete_account(
        &self,
        id: PlayerId,
        placeholder: &str,
        retag: Retag,
        now_ms: i64,
    ) -> StoreResult<bool> {
        let id = id.0;
        match &*self.backend {
            Backend::Memory(m) => Ok(m.delete_account(id, placeholder, retag, now_ms)),
            Backend::Sql(q) => q.delete_account(id, placeholder, retag, now_ms).await,
        }
    }

    /// The account whose name has this look-alike key.
    pub async fn user_by_key(&self, key: &str) -> StoreResult<Option<User>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.user_by_key(key)),
            Backend::Sql(q) => q.user_by_key(key).await,
        }
    }

    /// Gives accounts made before look-alike keys existed their key, computed by `key`; an
    /// account whose key another has already stays without one (and is logged).
    pub async fn fill_name_keys(&self, key: fn(&str) -> String) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(_) => Ok(()),
            Backend::Sql(q) => q.fill_name_keys(key).await,
        }
    }
}
