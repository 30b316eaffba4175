//! Identity over HTTP: guest sessions, accounts (register, log in, log out, change the
//! password, close the account) with the rate limits per address; what each does is in
//! `identity/accounts.rs`.

use crate::error::ServerError;
use crate::http_limits::Costly;
use crate::identity::accounts::{self, Opened};
use crate::identity::Player;
use crate::peer::ClientIp;
use crate::state::App;
use crate::store::User;
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

impl From<Opened> for SessionBody {
    fn from(o: Opened) -> SessionBody {
        SessionBody {
            session: o.token,
            player: o.player.id,
            name: o.player.name,
            registered: o.player.registered,
        }
    }
}

async fn guest(State(app): State<App>, ClientIp(ip): ClientIp) -> Result<Response, ServerError> {
    app.http_limits.check(Costly::Guest, ip)?;
    Ok(Json(SessionBody::from(accounts::guest(&app).await?)).into_response())
}

#[derive(Deserialize)]
struct Credentials {
    name: String,
    password: String,
}

async fn register(
    State(app): State<App>,
    ClientIp(ip): ClientIp,
    Json(c): Json<Credentials>,
) -> Result<Response, ServerError> {
    app.http_limits.check(Costly::Register, ip)?;
    let opened = accounts::register(&app, &c.name, &c.password).await?;
    Ok((StatusCode::CREATED, Json(SessionBody::from(opened))).into_response())
}

async fn login(
    State(app): State<App>,
    ClientIp(ip): ClientIp,
    Json(c): Json<Credentials>,
) -> Result<Response, ServerError> {
    app.http_limits.check(Costly::Login, ip)?;
    let opened = accounts::login(&app, &c.name, &c.password).await?;
    Ok(Json(SessionBody::from(opened)).into_response())
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
    accounts::logout(&app, &player, id, body.everywhere).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// The account of a bearer session whose password is `password`, within the login rate limit.
async fn account_with_password(
    app: &App,
    ip: std::net::IpAddr,
    headers: &HeaderMap,
    password: &str,
) -> Result<(User, Uuid), ServerError> {
    app.http_limits.check(Costly::Login, ip)?;
    let (player, session): (Player, Uuid) = bearer(app, headers).await?;
    Ok((
        accounts::with_password(app, &player, password).await?,
        session,
    ))
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
    accounts::acceptable_password(&c.new)?;
    let (user, session) = account_with_password(&app, ip, &headers, &c.old).await?;
    accounts::change_password(&app, &user, session, &c.new).await?;
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
    accounts::delete(&app, &user).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}
