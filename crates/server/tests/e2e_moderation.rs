//! Moderation end to end: a report keeps the chat its reporter saw; a moderator (named by
//! `--admins`) mutes (the muted player's chat is refused with its code and reason), bans
//! (quick pairing and sitting refused), closes a table and aborts a game; every action is
//! stored with who did it and why, and each is refused to a player who is no moderator.

mod support;

use axum::http::StatusCode;
use fourhand_protocol::{ChatTarget, ClientMsg, NewTable, SeatName};
use fourhand_server::store::Store;
use fourhand_server::Config;
use serde_json::{json, Value};
use support::msg;
use support::{account, call, four_at, TestServer};

#[tokio::test]
async fn reports_mutes_bans_closed_tables_and_aborted_games() {
    let mut config = Config::for_tests();
    config.admins = vec!["mod_ann".into()];
    let server = TestServer::start(config, Store::memory()).await;
    let app = server.app.clone();
    let (_, moderator) = account(&server, "mod_ann").await;
    let (_, bob) = account(&server, "rude_bob").await;
    let mut sessions = vec![bob.clone()];
    for n in ["w", "n", "e"] {
        sessions.push(server.session(n).await);
    }
    let (game, mut c, _) = four_at(
        &server,
        ClientMsg::CreateTable(NewTable::of("teams")),
        &sessions,
    )
    .await;
    // Bob begs for points at the table; his partner answers him privately.
    let say = |seat: &str, to: ChatTarget, text: &str| ClientMsg::Chat {
        game: msg::game(&game),
        seat: msg::seat(seat),
        to,
        text: text.into(),
    };
    c[0].send(say(
        "S",
        ChatTarget::Table,
        "resign and give me your points",
    ))
    .await;
    c[1].expect(|m| m["event"]["kind"] == "chat").await;
    c[2].send(say("N", ChatTarget::Partner, "stop it")).await;
    c[0].expect(|m| m["event"]["text"] == "stop it").await;

    // West reports the chat he saw: the table line, not the partners' one.
    let (s, r) = call(
        &app,
        "POST",
        &format!("/api/games/{game}/report"),
        &sessions[1],
        json!({"reason": "point begging"}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{r}");
    assert_eq!(
        r["chat"],
        json!(["Red (rude_bob) to table: resign and give me your points"])
    );

    // None of the moderators' doors open for Bob.
    for (method, uri, body) in [
        ("GET", "/api/admin/reports".to_string(), Value::Null),
        (
            "POST",
            "/api/admin/mute".to_string(),
            json!({"name": "w", "minutes": 5, "reason": "x"}),
        ),
        (
            "POST",
            "/api/admin/ban".to_string(),
            json!({"name": "w", "reason": "x"}),
        ),
        (
            "POST",
            format!("/api/admin/games/{game}/abort"),
            json!({"reason": "x"}),
        ),
        (
            "POST",
            format!("/api/admin/tables/{}/close", uuid::Uuid::now_v7()),
            json!({"reason": "x"}),
        ),
        ("GET", "/api/admin/log".to_string(), Value::Null),
    ] {
        let (s, b) = call(&app, method, &uri, &bob, body).await;
        assert_eq!(
            (s, b["code"].clone()),
            (StatusCode::FORBIDDEN, json!("not_admin")),
            "{uri}"
        );
    }

    // The moderator sees the report and mutes Bob for ten minutes.
    let (s, list) = call(&app, "GET", "/api/admin/reports", &moderator, Value::Null).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(list[0]["reason"], "point begging");
    assert_eq!(list[0]["chat"], r["chat"]);
    let (s, _) = call(
        &app,
        "POST",
        "/api/admin/mute",
        &moderator,
        json!({"name": "rude_bob", "minutes": 10, "reason": "point begging"}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED);
    c[0].send(say("S", ChatTarget::Table, "one more time"))
        .await;
    let e = c[0].error().await;
    assert_eq!(e["code"], "muted", "{e}");
    let msg = e["message"].as_str().unwrap();
    assert!(
        msg.contains("10 more minutes") && msg.contains("point begging"),
        "{msg}"
    );
    // Others still talk.
    c[1].send(say("W", ChatTarget::Table, "thanks")).await;
    c[1].expect(|m| m["event"]["text"] == "thanks").await;

    // The game is aborted by the moderator: everyone sees it end without a result.
    let (s, _) = call(
        &app,
        "POST",
        &format!("/api/admin/games/{game}/abort"),
        &moderator,
        json!({"reason": "collusion"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let over = c[2].expect(|m| m["event"]["kind"] == "over").await;
    assert_eq!(over["event"]["result"], "aborted");
    assert_eq!(
        over["event"]["ending"],
        json!({"kind": "aborted", "cause": "moderator"})
    );
    assert_eq!(
        over["event"]["termination"],
        "aborted by a moderator: collusion"
    );

    // Banned for good: Bob may neither pair nor sit.
    let (s, _) = call(
        &app,
        "POST",
        "/api/admin/ban",
        &moderator,
        json!({"name": "rude_bob", "reason": "repeated collusion"}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED);
    c[0].send(ClientMsg::QuickPair {
        rules: "teams".into(),
        time: None,
        rated: false,
    })
    .await;
    let e = c[0].error().await;
    assert_eq!(e["code"], "banned");
    assert!(e["message"].as_str().unwrap().contains("for good"), "{e}");
    c[1].send(ClientMsg::CreateTable(NewTable::of("ffa"))).await;
    let table = c[1].expect(|m| m["type"] == "table").await["table"]["id"].clone();
    c[0].send(msg::sit(&table, SeatName::S)).await;
    assert_eq!(c[0].error().await["code"], "banned");

    // The moderator closes that table; its creator... sat nowhere, the lobby is told.
    c[1].send(ClientMsg::LobbySubscribe).await;
    c[1].expect(|m| m["type"] == "tables").await;
    let (s, _) = call(
        &app,
        "POST",
        &format!("/api/admin/tables/{}/close", table.as_str().unwrap()),
        &moderator,
        json!({"reason": "spam tables"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    c[1].expect(|m| m["type"] == "table_closed" && m["id"] == table)
        .await;

    // Every action is stored with who did it and why.
    let (_, log) = call(&app, "GET", "/api/admin/log", &moderator, Value::Null).await;
    let actions: Vec<(String, String, String)> = log
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["action"].as_str().unwrap().into(),
                a["admin"].as_str().unwrap().into(),
                a["reason"].as_str().unwrap().into(),
            )
        })
        .collect();
    for (action, reason) in [
        ("mute", "point begging"),
        ("abort_game", "collusion"),
        ("ban", "repeated collusion"),
        ("close_table", "spam tables"),
    ] {
        assert!(
            actions.contains(&(action.into(), "mod_ann".into(), reason.into())),
            "{action} in {actions:?}"
        );
    }
    server.stop().await;
}

#[tokio::test]
async fn reports_are_rationed_per_player_and_an_unknown_game_is_refused() {
    let server = TestServer::start(Config::for_tests(), Store::memory()).await;
    let app = server.app.clone();
    let (game, _c, _) = support::four_players(&server, "teams", None, None).await;
    let reporter = server.session("eager").await;
    for k in 0..fourhand_server::moderation::report_quota::BURST {
        let (s, r) = call(
            &app,
            "POST",
            &format!("/api/games/{game}/report"),
            &reporter,
            json!({"reason": format!("report {k}")}),
        )
        .await;
        assert_eq!(s, StatusCode::CREATED, "{r}");
    }
    let (s, r) = call(
        &app,
        "POST",
        &format!("/api/games/{game}/report"),
        &reporter,
        json!({"reason": "one more"}),
    )
    .await;
    assert_eq!(
        (s, r["code"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited"))
    );
    // Another player is not held back; a game nobody plays is refused.
    let other = server.session("calm").await;
    let (s, r) = call(
        &app,
        "POST",
        &format!("/api/games/{}/report", uuid::Uuid::now_v7()),
        &other,
        json!({"reason": "nothing"}),
    )
    .await;
    assert_eq!(
        (s, r["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("unknown_game")),
        "{r}"
    );
    assert_eq!(app.store.open_reports(50).await.unwrap().len(), 5);
    server.stop().await;
}

#[tokio::test]
async fn a_ban_from_rated_play_refuses_rated_games_alone_and_lands_in_the_log() {
    let mut config = Config::for_tests();
    config.admins = vec!["mod_ann".into()];
    let server = TestServer::start(config, Store::memory()).await;
    let app = server.app.clone();
    let (_, moderator) = account(&server, "mod_ann").await;
    let (_, cheat) = account(&server, "sly_sam").await;
    let (s, row) = call(
        &app,
        "POST",
        "/api/admin/ban_rated",
        &moderator,
        json!({"name": "sly_sam", "minutes": 60, "reason": "teaming in rated FFA"}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{row}");
    assert_eq!(row["action"], "ban_rated");
    let mut c = support::Client::connect(server.addr, &cheat).await;
    c.send_json(json!({"type": "quick_pair", "rules": "ffa", "rated": true}))
        .await;
    let e = c.error().await;
    assert_eq!(e["code"], "rated_banned", "{e}");
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("teaming in rated FFA"),
        "{e}"
    );
    c.send_json(json!({"type": "create_table", "rules": "teams", "rated": true}))
        .await;
    assert_eq!(c.error().await["code"], "rated_banned");
    // Unrated play goes on.
    c.send_json(json!({"type": "quick_pair", "rules": "ffa", "rated": false}))
        .await;
    c.expect(|m| m["type"] == "queued").await;
    // An unknown player cannot be banned; the log shows the ban.
    let (s, e) = call(
        &app,
        "POST",
        "/api/admin/ban_rated",
        &moderator,
        json!({"name": "nobody_here", "minutes": 60, "reason": "x"}),
    )
    .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("unknown_player"))
    );
    let (_, log) = call(&app, "GET", "/api/admin/log", &moderator, Value::Null).await;
    assert_eq!(log[0]["action"], "ban_rated");
    assert_eq!(log[0]["target"], "sly_sam");
    server.stop().await;
}
