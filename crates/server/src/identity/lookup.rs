//! Finding who is who from what a client sends: the player behind a session token, and the
//! account behind a name in any of its spellings.

use crate::error::ServerError;
use crate::identity::names::name_key;
use crate::identity::{session, Player};
use crate::state::App;
use crate::store::User;
use crate::time::epoch_ms;
use uuid::Uuid;

/// The session lifetime in force, in milliseconds (`--session-days`).
pub fn lifetime_ms(app: &App) -> i64 {
    (app.config.session_days.max(1) as i64) * 86_400_000
}

/// The player and session of a token whose session holds now (renewing it when due).
pub async fn authenticate(app: &App, token: &str) -> Result<Option<(Player, Uuid)>, ServerError> {
    let lifetime = lifetime_ms(app);
    Ok(session::authenticate(&app.store, &app.sessions, token, lifetime, epoch_ms()).await?)
}

/// The account of `name` in any of its spellings: the name itself, else its look-alike key.
pub async fn find_account(app: &App, name: &str) -> Result<Option<User>, ServerError> {
    match app.store.user_by_name(name).await? {
        Some(u) => Ok(Some(u)),
        None => Ok(app.store.user_by_key(&name_key(name)).await?),
    }
}
