//! Sessions as the server keeps them: a token is good while its session is stored, has not
//! expired (a configurable lifetime, renewed when used) and was not revoked.

use super::{Player, Sessions};
use crate::store::{SessionRow, Store, StoreResult};
use uuid::Uuid;

/// A session is renewed at most this often (a write per use would cost too much).
const RENEW_EVERY_MS: i64 = 3_600_000;

/// Opens a session for `player` lasting `lifetime_ms`; returns its token.
pub async fn open(
    store: &Store,
    signer: &Sessions,
    player: &Player,
    lifetime_ms: i64,
    now_ms: i64,
) -> StoreResult<String> {
    let id = Uuid::now_v7();
    store
        .create_session(&SessionRow {
            id,
            player: player.id,
            created_ms: now_ms,
            expires_ms: now_ms + lifetime_ms,
            revoked_ms: None,
        })
        .await?;
    Ok(signer.issue(player, id))
}

/// The player of a token whose session holds at `now_ms`, with the session's id; renews the
/// session when it was last renewed over an hour ago.
pub async fn authenticate(
    store: &Store,
    signer: &Sessions,
    token: &str,
    lifetime_ms: i64,
    now_ms: i64,
) -> StoreResult<Option<(Player, Uuid)>> {
    let Some((player, id)) = signer.check(token) else {
        return Ok(None);
    };
    let Some(row) = store.session(id).await? else {
        return Ok(None);
    };
    if row.player != player.id || row.revoked_ms.is_some() || row.expires_ms <= now_ms {
        return Ok(None);
    }
    if row.expires_ms < now_ms + lifetime_ms - RENEW_EVERY_MS {
        store.extend_session(id, now_ms + lifetime_ms).await?;
    }
    Ok(Some((player, id)))
}
