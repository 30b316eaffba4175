//! Accounts and sessions as a stranger would try them: rate limits per address on the costly
//! requests, look-alike names and common passwords refused, and sessions that expire, renew on
//! use and can be revoked. (That a login takes as long for a name that does not exist is
//! measured by `cargo bench -p fourhand-server --bench login`.)

mod support;

use axum::http::StatusCode;
use fourhand_protocol::{ClientMsg, GameId, NewTable, SeatName};
use fourhand_server::store::{SessionRow, Store};
use fourhand_server::{App, Config};
use serde_json::{json, Value};
use support::msg;
use support::{Client, TestServer};
use uuid::Uuid;

async fn app_with(f: impl FnOnce(&mut Config)) -> App {
    let mut config = Config::for_tests();
    config.trust_proxy = true;
    f(&mut config);
    fourhand_server::state(config, Store::memory())
        .await
        .unwrap()
}

/// A request from `ip` (through a trusted proxy), with an optional bearer session.
async fn call(
    app: &App,
    method: &str,
    uri: &str,
    ip: &str,
    body: Option<Value>,
    bearer: Option<&str>,
) -> (StatusCode, Value) {
    support::request(app, method, uri, Some(ip), body, bearer).await
}

fn creds(name: &str, password: &str) -> Option<Value> {
    Some(json!({"name": name, "password": password}))
}

/// POSTs credentials to `/api/{what}` from `ip`.
async fn post_creds(
    app: &App,
    what: &str,
    ip: &str,
    name: &str,
    password: &str,
) -> (StatusCode, Value) {
    call(
        app,
        "POST",
        &format!("/api/{what}"),
        ip,
        creds(name, password),
        None,
    )
    .await
}

#[tokio::test]
async fn logins_are_rate_limited_per_address() {
    let app = app_with(|c| c.logins_per_minute = 3).await;
    for _ in 0..3 {
        let (s, _) = post_creds(&app, "login", "203.0.113.1", "nobody", "wrong pass").await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
    }
    let (s, b) = post_creds(&app, "login", "203.0.113.1", "nobody", "wrong pass").await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(b["code"], "rate_limited", "{b}");
    // Another address is not affected; nor is a spoofed earlier X-Forwarded-For entry.
    let (s, _) = post_creds(&app, "login", "203.0.113.2", "nobody", "wrong pass").await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, _) = post_creds(&app, "login", "198.51.100.9, 203.0.113.1", "nobody", "x").await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn guests_registrations_and_imports_are_rate_limited_too() {
    let app = app_with(|c| {
        c.guests_per_minute = 2;
        c.registers_per_minute = 1;
        c.imports_per_minute = 1;
    })
    .await;
    let ip = "192.0.2.7";
    for _ in 0..2 {
        assert_eq!(
            call(&app, "POST", "/api/guest", ip, None, None).await.0,
            StatusCode::OK
        );
    }
    assert_eq!(
        call(&app, "POST", "/api/guest", ip, None, None).await.0,
        StatusCode::TOO_MANY_REQUESTS
    );
    let (s, _) = call(
        &app,
        "POST",
        "/api/register",
        ip,
        creds("first_one", "a long secret 1"),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::CREATED);
    let (s, _) = call(
        &app,
        "POST",
        "/api/register",
        ip,
        creds("second_one", "a long secret 2"),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS);
    let (s, _) = call(&app, "POST", "/api/import", ip, Some(json!("x")), None).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "not a game, but counted");
    let (s, _) = call(&app, "POST", "/api/import", ip, Some(json!("x")), None).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn look_alike_names_and_common_passwords_are_refused() {
    let app = app_with(|_| {}).await;
    let (s, _) = post_creds(&app, "register", "192.0.2.1", "ada_x", "a long secret").await;
    assert_eq!(s, StatusCode::CREATED);
    for name in [
        "ADA_x",
        "\u{430}da_x",
        "\u{ff41}\u{ff44}\u{ff41}_x",
        "Ada_X",
    ] {
        let (s, b) = post_creds(&app, "register", "192.0.2.1", name, "a long secret").await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{name}: {b}");
        assert!(
            b["message"].as_str().unwrap().contains("taken"),
            "{name}: {b}"
        );
    }
    let (s, b) = post_creds(&app, "register", "192.0.2.1", "someone", "password123").await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(b["message"].as_str().unwrap().contains("common"), "{b}");
    // The owner logs in with any of the spellings of his name.
    let (s, b) = post_creds(&app, "login", "192.0.2.1", "ADA_X", "a long secret").await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["name"], "ada_x");
}

#[tokio::test]
async fn sessions_expire_renew_on_use_and_can_be_revoked() {
    let server = TestServer::memory().await;
    let app = server.app.clone();
    let (_, g) = call(&app, "POST", "/api/guest", "192.0.2.1", None, None).await;
    let token = g["session"].as_str().unwrap().to_string();
    // A good session opens a socket.
    Client::connect(server.addr, &token).await;
    // An expired one does not.
    let p = fourhand_server::identity::Player {
        id: Uuid::now_v7(),
        name: "old".into(),
        registered: false,
    };
    let now = fourhand_server::time::epoch_ms();
    let old = Uuid::now_v7();
    app.store
        .create_session(&SessionRow {
            id: old,
            player: p.id,
            created_ms: now - 40 * 86_400_000,
            expires_ms: now - 1,
            revoked_ms: None,
        })
        .await
        .unwrap();
    let expired = app.sessions.issue(&p, old);
    refused(&server, &expired).await;
    // One close to its end is renewed by its use.
    let soon = Uuid::now_v7();
    app.store
        .create_session(&SessionRow {
            id: soon,
            player: p.id,
            created_ms: now - 29 * 86_400_000,
            expires_ms: now + 3_600_000,
            revoked_ms: None,
        })
        .await
        .unwrap();
    Client::connect(server.addr, &app.sessions.issue(&p, soon)).await;
    let renewed = app.store.session(soon).await.unwrap().unwrap().expires_ms;
    assert!(
        renewed > now + 29 * 86_400_000,
        "renewed to a full lifetime"
    );
    // Logging out revokes the session on the server.
    let (s, _) = call(&app, "POST", "/api/logout", "192.0.2.1", None, Some(&token)).await;
    assert_eq!(s, StatusCode::NO_CONTENT);
    refused(&server, &token).await;
    let (s, b) = call(&app, "POST", "/api/logout", "192.0.2.1", None, Some(&token)).await;
    assert_eq!(
        (s, b["code"].clone()),
        (StatusCode::UNAUTHORIZED, json!("not_authenticated"))
    );
    // Everywhere: every session of the account goes.
    let (_, a) = post_creds(&app, "register", "192.0.2.1", "twice_in", "a long secret").await;
    let (_, b) = post_creds(&app, "login", "192.0.2.1", "twice_in", "a long secret").await;
    let (a, b) = (
        a["session"].as_str().unwrap(),
        b["session"].as_str().unwrap(),
    );
    let (s, _) = call(
        &app,
        "POST",
        "/api/logout",
        "192.0.2.1",
        Some(json!({"everywhere": true})),
        Some(b),
    )
    .await;
    assert_eq!(s, StatusCode::NO_CONTENT);
    refused(&server, a).await;
    refused(&server, b).await;
    server.stop().await;
}

/// The socket refuses `token`: not_authenticated, then 1008.
async fn refused(server: &TestServer, token: &str) {
    let mut c = Client::raw(server.addr).await;
    c.send(ClientMsg::Hello {
        session: msg::text(token),
        protocol: 1,
    })
    .await;
    assert_eq!(c.error().await["code"], "not_authenticated");
    let closed = c.expect(|m| m["type"] == "_closed").await;
    assert_eq!(closed["code"], 1008);
}

#[tokio::test]
async fn a_password_change_revokes_other_sessions_and_a_deleted_account_keeps_its_games() {
    let server = TestServer::memory().await;
    let app = server.app.clone();
    let ip = "192.0.2.1";
    let (s, reg) = post_creds(&app, "register", ip, "ada_l", "a long secret").await;
    assert_eq!(s, StatusCode::CREATED);
    let here = reg["session"].as_str().unwrap().to_string();
    let (_, other) = post_creds(&app, "login", ip, "ada_l", "a long secret").await;
    let other = other["session"].as_str().unwrap().to_string();
    // Ada (South) plays a whole game with three guests.
    let mut sessions = vec![here.clone()];
    for n in ["w", "n", "e"] {
        sessions.push(server.session(n).await);
    }
    let (game, mut c, _) = support::four_at(
        &server,
        ClientMsg::CreateTable(NewTable::of("teams")),
        &sessions,
    )
    .await;
    for (i, mv) in ["h2-h3", "b7-c7", "g13-g12", "m8-l8"].iter().enumerate() {
        support::play(&mut c, &game, i, mv).await;
    }
    c[1].send(msg::resign(&game, SeatName::W)).await;
    c[0].expect(|m| m["event"]["kind"] == "over").await;
    let id: Uuid = game.parse().unwrap();
    while app
        .store
        .game(GameId(id))
        .await
        .unwrap()
        .unwrap()
        .end
        .is_none()
    {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    // A guest has no password to change; a wrong old password changes nothing.
    let guest = server.session("guest").await;
    let body = json!({"old": "whatever it is", "new": "another long secret"});
    let (s, _) = call(
        &app,
        "POST",
        "/api/password",
        ip,
        Some(body.clone()),
        Some(&guest),
    )
    .await;
    assert_ne!(s, StatusCode::NO_CONTENT);
    let wrong = json!({"old": "not the secret", "new": "another long secret"});
    let (s, b) = call(&app, "POST", "/api/password", ip, Some(wrong), Some(&here)).await;
    assert_eq!(
        (s, b["code"].clone()),
        (StatusCode::UNAUTHORIZED, json!("not_authenticated"))
    );
    // The change: this session stays, the other is revoked, the new password logs in.
    let change = json!({"old": "a long secret", "new": "another long secret"});
    let (s, _) = call(&app, "POST", "/api/password", ip, Some(change), Some(&here)).await;
    assert_eq!(s, StatusCode::NO_CONTENT);
    refused(&server, &other).await;
    Client::connect(server.addr, &here).await;
    assert_eq!(
        post_creds(&app, "login", ip, "ada_l", "a long secret")
            .await
            .0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        post_creds(&app, "login", ip, "ada_l", "another long secret")
            .await
            .0,
        StatusCode::OK
    );
    // Deletion: no login, no profile, no session; the game stays under a placeholder name.
    let (s, _) = call(
        &app,
        "DELETE",
        "/api/account",
        ip,
        Some(json!({"password": "another long secret"})),
        Some(&here),
    )
    .await;
    assert_eq!(s, StatusCode::NO_CONTENT);
    refused(&server, &here).await;
    assert_eq!(
        post_creds(&app, "login", ip, "ada_l", "another long secret")
            .await
            .0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        call(&app, "GET", "/api/players/ada_l", ip, None, None)
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    let stored = app.store.game(GameId(id)).await.unwrap().unwrap();
    let placeholder = stored.game.seats[0].name.clone();
    assert!(placeholder.starts_with("deleted-"), "{placeholder}");
    let pgn4 = stored.end.unwrap().pgn4;
    assert!(pgn4.contains(&format!("[Red \"{placeholder}\"]")), "{pgn4}");
    assert!(!pgn4.contains("ada_l"), "{pgn4}");
    let (s, archive) = call(
        &app,
        "GET",
        &format!("/api/archive?player={placeholder}"),
        ip,
        None,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(archive.as_array().unwrap().len(), 1, "{archive}");
    assert_eq!(archive[0]["id"], game);
    // The name is free again.
    assert_eq!(
        post_creds(&app, "register", ip, "ada_l", "a third long secret")
            .await
            .0,
        StatusCode::CREATED
    );
    server.stop().await;
}
