//! Identity over HTTP: guest sessions, accounts (register, log in, log out, change the
//! password, close the account), and the rules that keep them safe — rate limits per address, look-alike names refused, common passwords
//! refused, password hashing off the async threads, and logins that take as long whether or
//! not the name exists.

use crate::error::ServerError;
use crate::http_limits::Costly;
use crate::identity::lookup::{find_account, lifetime_ms};
use crate::identity::names::{is_common_password, name_key};
use crate::identity::{guest_name, hash_password, session, verify_password, Player};
use crate::peer::ClientIp;
use crate::state::App;
use crate::store::{StoreError, User};
use crate::time::epoch_ms;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use fourhand_protocol::ErrorCode;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// The identity routes.
pub fn routes() -> Router<App> {
    Router::new()
        .route("/api/guest", post(guest))
        .route("/api/register", post(register))
        .route("/api/login", post(login))
        .route("/api/logout", post(logout))
        .route("/api/password", post(change_password))
        .route("/api/account", axum::routing::delete(delete_account))
}

/// A session handed to a client.
#[derive(Serialize)]
struct SessionBody {
    session: String,
    player: Uuid,
    name: String,
    registered: bool,
}

async fn open(app: &App, p: &Player) -> Result<SessionBody, ServerError> {
    let token = session::open(&app.store, &app.sessions, p, lifetime_ms(app), epoch_ms()).await?;
    Ok(SessionBody {
        session: token,
        player: p.id,
        name: p.name.clone(),
        registered: p.registered,
    })
}

async fn guest(State(app): State<App>, ClientIp(ip): ClientIp) -> Result<Response, ServerError> {
    app.http_limits.check(Costly::Guest, ip)?;
    let p = Player {
        id: Uuid::now_v7(),
        name: guest_name(),
        registered: false,
    };
    Ok(Json(open(&app, &p).await?).into_response())
}

#[derive(Deserialize)]
struct Credentials {
    name: String,
    password: String,
}

fn valid_name(n: &str) -> bool {
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

async fn register(
    State(app): State<App>,
    ClientIp(ip): ClientIp,
    Json(c): Json<Credentials>,
) -> Result<Response, ServerError> {
    app.http_limits.check(Costly::Register, ip)?;
    if !valid_name(&c.name) {
        return Err(ServerError::new(
            ErrorCode::BadRequest,
            "names are 3 to 24 letters, digits, '-' or '_', not starting with 'guest', 'bot' or 'deleted'",
        ));
    }
    acceptable_password(&c.password)?;
    let key = name_key(&c.name);
    let taken = || {
        ServerError::new(
            ErrorCode::BadRequest,
            "that name is taken (or looks like one that is)",
        )
    };
    if app.store.user_by_key(&key).await?.is_some() {
        return Err(taken());
    }
    let password = c.password.clone();
    let hash = off_thread(&app, move || hash_password(&password))
        .await?
        .ok_or_else(|| ServerError::internal("argon2 failed"))?;
    let user = User {
        id: Uuid::now_v7(),
        name: c.name.clone(),
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
    Ok((StatusCode::CREATED, Json(open(&app, &p).await?)).into_response())
}

/// A hash of a password nobody has, with the default parameters: a login for a name that does
/// not exist checks against it, so that it takes as long as one that does.
const NOBODY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$xQCJFrPNQkVFvO22I3n8bw$KW4MGC0dudd3av9h2rpCBimzFLIjDl1xOeBUiZXJty8";

async fn login(
    State(app): State<App>,
    ClientIp(ip): ClientIp,
    Json(c): Json<Credentials>,
) -> Result<Response, ServerError> {
    app.http_limits.check(Costly::Login, ip)?;
    let user = find_account(&app, &c.name).await?;
    let hash = user
        .as_ref()
        .map_or(NOBODY_HASH.to_string(), |u| u.password_hash.clone());
    let password = c.password.clone();
    let good = off_thread(&app, move || verify_password(&password, &hash)).await?;
    match user {
        Some(u) if good => {
            let p = Player {
                id: u.id,
                name: u.name,
                registered: true,
            };
            Ok(Json(open(&app, &p).await?).into_response())
        }
        _ => Err(ServerError::new(
            ErrorCode::NotAuthenticated,
            "wrong name or password",
        )),
    }
}

#[derive(Deserialize, Default)]
struct Logout {
    /// Every session of the player, not only this one.
    #[serde(default)]
    everywhere: bool,
}

/// The session named by `Authorization: Bearer <token>`, if it holds.
pub async fn bearer(app: &App, headers: &HeaderMap) -> Result<(Player, Uuid), ServerError> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .ok_or_else(|| {
            ServerError::new(
                ErrorCode::NotAuthenticated,
                "send Authorization: Bearer <session>",
            )
        })?;
    crate::identity::lookup::authenticate(app, token)
        .await?
        .ok_or_else(|| {
            ServerError::new(
                ErrorCode::NotAuthenticated,
                "that session has expired or was revoked",
            )
        })
}

async fn logout(
    State(app): State<App>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Response, ServerError> {
    let (player, id) = bearer(&app, &headers).await?;
    let body: Logout = if body.iter().all(u8::is_ascii_whitespace) {
        Logout::default()
    } else {
        serde_json::from_slice(&body)
            .map_err(|e| ServerError::new(ErrorCode::BadMessage, format!("not a logout: {e}")))?
    };
    let everywhere = body.everywhere;
    let now = epoch_ms();
    if everywhere {
        app.store.revoke_sessions_of(player.id, None, now).await?;
    } else {
        app.store.revoke_session(id, now).await?;
    }
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// A new password must be 8 to 256 characters and not among the most common ones.
fn acceptable_password(password: &str) -> Result<(), ServerError> {
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

/// The account of a bearer session whose password is `password` (checked off the async
/// threads, within the login rate limit).
async fn account_with_password(
    app: &App,
    ip: std::net::IpAddr,
    headers: &HeaderMap,
    password: &str,
) -> Result<(User, Uuid), ServerError> {
    app.http_limits.check(Costly::Login, ip)?;
    let (player, session) = bearer(app, headers).await?;
    let user =
        app.store.user_by_id(player.id).await?.ok_or_else(|| {
            ServerError::new(ErrorCode::AccountRequired, "guests have no password")
        })?;
    let (password, hash) = (password.to_string(), user.password_hash.clone());
    if !off_thread(app, move || verify_password(&password, &hash)).await? {
        return Err(ServerError::new(
            ErrorCode::NotAuthenticated,
            "wrong password",
        ));
    }
    Ok((user, session))
}

#[derive(Deserialize)]
struct NewPassword {
    old: String,
    new: String,
}

/// Changes the password and revokes every other session of the account.
async fn change_password(
    State(app): State<App>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Json(c): Json<NewPassword>,
) -> Result<Response, ServerError> {
    acceptable_password(&c.new)?;
    let (user, session) = account_with_password(&app, ip, &headers, &c.old).await?;
    let new = c.new.clone();
    let hash = off_thread(&app, move || hash_password(&new))
        .await?
        .ok_or_else(|| ServerError::internal("argon2 failed"))?;
    app.store.set_password(user.id, &hash).await?;
    app.store
        .revoke_sessions_of(user.id, Some(session), epoch_ms())
        .await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[derive(Deserialize)]
struct Confirm {
    password: String,
}

/// Deletes the account: its games stay in the archive under a placeholder name.
async fn delete_account(
    State(app): State<App>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Json(c): Json<Confirm>,
) -> Result<Response, ServerError> {
    let (user, _) = account_with_password(&app, ip, &headers, &c.password).await?;
    let placeholder = format!("deleted-{}", &user.id.simple().to_string()[24..]);
    app.store
        .delete_account(user.id, &placeholder, retag, epoch_ms())
        .await?;
    tracing::info!(account = %user.id, "account deleted");
    Ok(StatusCode::NO_CONTENT.into_response())
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
