//! Accounts and sessions: what a guest session, a registration, a login, a logout, a password
//! change and a closed account do, with the rules that keep them safe — look-alike names
//! refused, common passwords refused, password hashing off the async threads, and logins that
//! take as long whether or not the name exists. The HTTP routes (`http/accounts.rs`) add the
//! rate limits per address and translate.

use super::lookup::{find_account, lifetime_ms};
use super::names::{is_common_password, name_key};
use super::{guest_name, hash_password, session, verify_password, Player};
use crate::error::ServerError;
use crate::state::App;
use crate::store::{StoreError, User};
use crate::time::epoch_ms;
use fourhand_protocol::{ErrorCode, PlayerId};
use uuid::Uuid;

/// A session just opened: its token and whose it is.
pub struct Opened {
    /// The bearer token.
    pub token: String,
    /// The player it authenticates.
    pub player: Player,
}

/// Opens a session for `player`.
async fn open(app: &App, player: Player) -> Result<Opened, ServerError> {
    let token = session::open(
        &app.store,
        &app.sessions,
        &player,
        lifetime_ms(app),
        epoch_ms(),
    )
    .await?;
    Ok(Opened { token, player })
}

/// A new guest with a session.
pub async fn guest(app: &App) -> Result<Opened, ServerError> {
    let p = Player {
        id: Uuid::now_v7(),
        name: guest_name(),
        registered: false,
    };
    open(app, p).await
}

/// Whether `n` may name an account: 3 to 24 letters, digits, `-` or `_`, not starting with
/// `guest`, `bot` or `deleted` (nor anything that looks like them).
pub fn valid_name(n: &str) -> bool {
    (3..=24).contains(&n.chars().count())
        && n.chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        && !name_key(n).starts_with("guest")
        && !name_key(n).starts_with("bot")
        && !name_key(n).starts_with("deleted")
}

/// Runs argon2 on a blocking thread, a few at a time.
async fn off_thread<T: Send + 'static>(
    app: &App,
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ServerError> {
    let _permit = app.hashing.acquire().await.map_err(ServerError::internal)?;
    tokio::task::spawn_blocking(f)
        .await
        .map_err(ServerError::internal)
}

/// Registers an account named `name` with `password`, and opens its first session. A name
/// that is taken, or looks like one that is, is refused.
pub async fn register(app: &App, name: &str, password: &str) -> Result<Opened, ServerError> {
    if !valid_name(name) {
        return Err(ServerError::new(
            ErrorCode::BadRequest,
            "names are 3 to 24 letters, digits, '-' or '_', not starting with 'guest', 'bot' or 'deleted'",
        ));
    }
    acceptable_password(password)?;
    let key = name_key(name);
    let taken = || {
        ServerError::new(
            ErrorCode::BadRequest,
            "that name is taken (or looks like one that is)",
        )
    };
    if app.store.user_by_key(&key).await?.is_some() {
        return Err(taken());
    }
    let password = password.to_string();
    let hash = off_thread(app, move || hash_password(&password))
        .await?
        .ok_or_else(|| ServerError::internal("argon2 failed"))?;
    let user = User {
        id: Uuid::now_v7(),
        name: name.to_string(),
        name_key: key,
        password_hash: hash,
        created_ms: epoch_ms(),
    };
    match app.store.create_user(&user).await {
        Ok(()) => {}
        Err(StoreError::Conflict) => return Err(taken()),
        Err(e) => return Err(e.into()),
    }
    let p = Player {
        id: user.id,
        name: user.name,
        registered: true,
    };
    open(app, p).await
}

/// A hash of a password nobody has, with the default parameters: a login for a name that does
/// not exist checks against it, so that it takes as long as one that does.
const NOBODY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$xQCJFrPNQkVFvO22I3n8bw$KW4MGC0dudd3av9h2rpCBimzFLIjDl1xOeBUiZXJty8";

/// Logs in as `name` with `password`: a new session, or `not_authenticated` for a wrong name
/// or password alike (checked against a hash either way, so both take as long).
pub async fn login(app: &App, name: &str, password: &str) -> Result<Opened, ServerError> {
    let user = find_account(app, name).await?;
    let hash = user
        .as_ref()
        .map_or(NOBODY_HASH.to_string(), |u| u.password_hash.clone());
    let password = password.to_string();
    let good = off_thread(app, move || verify_password(&password, &hash)).await?;
    match user {
        Some(u) if good => {
            let p = Player {
                id: u.id,
                name: u.name,
                registered: true,
            };
            open(app, p).await
        }
        _ => Err(ServerError::new(
            ErrorCode::NotAuthenticated,
            "wrong name or password",
        )),
    }
}

/// Ends session `session` of `player`, or with `everywhere` every session of his.
pub async fn logout(
    app: &App,
    player: &Player,
    session: Uuid,
    everywhere: bool,
) -> Result<(), ServerError> {
    let now = epoch_ms();
    if everywhere {
        app.store
            .revoke_sessions_of(PlayerId(player.id), None, now)
            .await?;
    } else {
        app.store.revoke_session(session, now).await?;
    }
    Ok(())
}

/// A new password must be 8 to 256 characters and not among the most common ones.
pub fn acceptable_password(password: &str) -> Result<(), ServerError> {
    if password.chars().count() < 8 || password.len() > 256 {
        return Err(ServerError::new(
            ErrorCode::BadRequest,
            "passwords are 8 to 256 characters",
        ));
    }
    if is_common_password(password) {
        return Err(ServerError::new(
            ErrorCode::BadRequest,
            "that password is one of the most common ones; choose another",
        ));
    }
    Ok(())
}

/// `player`'s account if `password` is its password (checked off the async threads); a guest
/// has none.
pub async fn with_password(
    app: &App,
    player: &Player,
    password: &str,
) -> Result<User, ServerError> {
    let user = app
        .store
        .user_by_id(PlayerId(player.id))
        .await?
        .ok_or_else(|| ServerError::new(ErrorCode::AccountRequired, "guests have no password"))?;
    let (password, hash) = (password.to_string(), user.password_hash.clone());
    if !off_thread(app, move || verify_password(&password, &hash)).await? {
        return Err(ServerError::new(
            ErrorCode::NotAuthenticated,
            "wrong password",
        ));
    }
    Ok(user)
}

/// Sets `user`'s password to `new` and revokes every session of his but `keep`.
pub async fn change_password(
    app: &App,
    user: &User,
    keep: Uuid,
    new: &str,
) -> Result<(), ServerError> {
    acceptable_password(new)?;
    let new = new.to_string();
    let hash = off_thread(app, move || hash_password(&new))
        .await?
        .ok_or_else(|| ServerError::internal("argon2 failed"))?;
    app.store.set_password(PlayerId(user.id), &hash).await?;
    app.store
        .revoke_sessions_of(PlayerId(user.id), Some(keep), epoch_ms())
        .await?;
    Ok(())
}

/// Closes `user`'s account: its games stay in the archive under a placeholder name.
pub async fn delete(app: &App, user: &User) -> Result<(), ServerError> {
    let placeholder = format!("deleted-{}", &user.id.simple().to_string()[24..]);
    app.store
        .delete_account(PlayerId(user.id), &placeholder, retag, epoch_ms())
        .await?;
    tracing::info!(account = %user.id, "account deleted");
    Ok(())
}

/// Replaces `old` by `new` in the player tags (`[Red "old"]` …) of a game of `rules`.
fn retag(pgn4: &str, rules: &str, old: &str, new: &str) -> String {
    let Ok(rules) = fourhand_rules::RuleSet::from_name(rules) else {
        return pgn4.to_string();
    };
    let mut out = pgn4.to_string();
    for colour in rules.colours {
        out = out.replace(
            &format!("[{colour} \"{old}\"]"),
            &format!("[{colour} \"{new}\"]"),
        );
    }
    out
}
