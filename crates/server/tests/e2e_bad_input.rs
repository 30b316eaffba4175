//! Bad input over real sockets: every malformed, oversized, unauthorised, out-of-turn or illegal
//! message gets an error with a stable code and changes nothing; abuse closes with 1008.

mod support;

use fourhand_protocol::{ClientMsg, NewTable, SeatName};
use fourhand_server::store::Store;
use fourhand_server::Config;
use serde_json::json;
use support::msg;
use support::{four_players, Client, TestServer};

#[tokio::test]
async fn the_first_message_must_be_a_valid_hello() {
    let server = TestServer::memory().await;
    let mut c = Client::raw(server.addr).await;
    c.send(ClientMsg::Ping).await;
    assert_eq!(c.error().await["code"], "not_authenticated");
    let mut c = Client::raw(server.addr).await;
    c.send(ClientMsg::Hello {
        session: "forged.token".into(),
        protocol: 1,
    })
    .await;
    assert_eq!(c.error().await["code"], "not_authenticated");
    let closed = c.expect(|m| m["type"] == "_closed").await;
    assert_eq!(closed["code"], 1008);
    let mut c = Client::raw(server.addr).await;
    c.send(ClientMsg::Hello {
        session: msg::text(&server.session("x").await),
        protocol: 99,
    })
    .await;
    assert_eq!(c.error().await["code"], "unsupported_version");
    let closed = c.expect(|m| m["type"] == "_closed").await;
    assert_eq!(closed["code"], 1008);
    // A malformed hello is an authentication failure too, and closes.
    for hello in [
        json!({"type": "hello"}),
        json!({"type": "hello", "session": server.session("x").await, "protocol": "1"}),
        json!("hello"),
    ] {
        let mut c = Client::raw(server.addr).await;
        c.send_json(hello.clone()).await;
        assert_eq!(c.error().await["code"], "not_authenticated", "{hello}");
        let closed = c.expect(|m| m["type"] == "_closed").await;
        assert_eq!(closed["code"], 1008, "{hello}");
    }
    server.stop().await;
}

#[tokio::test]
async fn a_frame_over_64_kib_closes_with_1009() {
    let server = TestServer::memory().await;
    let mut c = server.client("big").await;
    // Up to 64 KiB: refused with an error, the socket stays open.
    c.send_text(&format!(
        "{{\"type\":\"ping\",\"x\":\"{}\"}}",
        "x".repeat(20_000)
    ))
    .await;
    assert_eq!(c.error().await["code"], "too_large");
    c.send(ClientMsg::Ping).await;
    c.expect(|m| m["type"] == "pong").await;
    // Over 64 KiB: closed with 1009 (message too big).
    c.send_text(&"x".repeat(70 * 1024)).await;
    let closed = c.expect(|m| m["type"] == "_closed").await;
    assert_eq!(closed["code"], 1009);
    server.stop().await;
}

#[tokio::test]
async fn the_bad_input_matrix() {
    let server = TestServer::memory().await;
    let (game, mut c, tokens) = four_players(&server, "teams", None, None).await;
    let before = server
        .app
        .store
        .game(game.parse().unwrap())
        .await
        .unwrap()
        .unwrap()
        .actions
        .len();
    let big = "x".repeat(17 * 1024);
    let cases: Vec<(serde_json::Value, &str)> = vec![
        (json!("not an object"), "bad_message"),
        (json!({"type": "fly"}), "bad_message"),
        (json!({"type": "play", "game": game}), "bad_message"),
        (
            json!({"type": "play", "game": game, "seat": "W", "from": "b7", "to": "c7"}),
            "not_your_seat",
        ),
        (
            json!({"type": "play", "game": game, "seat": "S", "from": "h2", "to": "h5"}),
            "illegal_move",
        ),
        (
            // A square that is none of the board's: malformed (squares are typed at parse).
            json!({"type": "play", "game": game, "seat": "S", "from": "z9", "to": "h3"}),
            "bad_message",
        ),
        (
            json!({"type": "play", "game": game, "seat": "S", "from": "h2", "to": "h3", "promotion": "K"}),
            "bad_request",
        ),
        (
            // An id that is no UUID: the message is malformed (ids are typed at parse).
            json!({"type": "play", "game": "nonsense", "seat": "S", "from": "h2", "to": "h3"}),
            "bad_message",
        ),
        (
            json!({"type": "join", "game": uuid::Uuid::now_v7().to_string()}),
            "unknown_game",
        ),
        (
            json!({"type": "join", "game": game, "seat_token": "0000"}),
            "bad_seat_token",
        ),
        (
            json!({"type": "join", "game": game, "seat_token": tokens[1]}),
            "",
        ),
        (
            json!({"type": "sit", "table": "nope", "seat": "S"}),
            "bad_message",
        ),
        (
            json!({"type": "sit", "table": uuid::Uuid::now_v7().to_string(), "seat": "S"}),
            "unknown_table",
        ),
        (
            json!({"type": "create_table", "rules": "atomic"}),
            "bad_request",
        ),
        (
            json!({"type": "create_table", "rules": "conquest KotH"}),
            "bad_request",
        ),
        // Chaturaji starts from its own 8×8 setup only, takes no options, and its setup belongs
        // to no other rule set.
        (
            json!({"type": "create_table", "rules": "chaturaji", "setup": "4PC"}),
            "bad_request",
        ),
        (
            json!({"type": "create_table", "rules": "chaturaji KotH"}),
            "bad_request",
        ),
        (
            json!({"type": "create_table", "rules": "teams", "setup": "Chaturaji"}),
            "bad_request",
        ),
        (
            json!({"type": "create_table", "rules": "verney1881", "setup": "4PC"}),
            "bad_request",
        ),
        (
            json!({"type": "create_table", "rules": "teams", "rated": true}),
            "account_required",
        ),
        (
            json!({"type": "chat", "game": game, "seat": "S", "to": "partner", "text": ""}),
            "bad_request",
        ),
        (
            json!({"type": "claim_win", "game": game, "seat": "S"}),
            "cannot_claim",
        ),
        (json!({"type": "hello", "session": "x"}), "bad_request"),
        (
            json!({"type": "chat", "game": game, "seat": "S", "to": "table", "text": big}),
            "too_large",
        ),
    ];
    for (msg, code) in cases {
        let text = match &msg {
            serde_json::Value::String(s) => s.clone(),
            v => v.to_string(),
        };
        c[0].send_text(&text).await;
        if code.is_empty() {
            // South's connection may hold West's seat as well (hot-seat); that is allowed.
            c[0].expect(|m| m["type"] == "snapshot" || m["type"] == "event")
                .await;
            continue;
        }
        let e = c[0].error().await;
        assert_eq!(e["code"], code, "{}", &text[..text.len().min(120)]);
        assert!(!e["message"].as_str().unwrap().is_empty());
    }
    // Out of turn, from a connection that holds the seat.
    c[1].send(msg::play(&game, SeatName::W, "b7", "c7")).await;
    assert_eq!(c[1].error().await["code"], "not_your_turn");
    // Nothing was stored, and the connection is still usable.
    let after = server
        .app
        .store
        .game(game.parse().unwrap())
        .await
        .unwrap()
        .unwrap()
        .actions
        .len();
    assert_eq!(before, after);
    c[0].send(ClientMsg::Ping).await;
    c[0].expect(|m| m["type"] == "pong").await;
    server.stop().await;
}

#[tokio::test]
async fn abuse_beyond_the_rate_limit_closes_with_1008() {
    let mut config = Config::for_tests();
    config.rate_limit = 5;
    let server = TestServer::start(config, Store::memory()).await;
    let mut c = server.client("spammer").await;
    for _ in 0..200 {
        c.send(ClientMsg::Ping).await;
    }
    let limited = c.expect(|m| m["type"] == "error").await;
    assert_eq!(limited["code"], "rate_limited");
    let closed = c.expect(|m| m["type"] == "_closed").await;
    assert_eq!(closed["code"], 1008);
    // Other connections are unaffected.
    let mut other = server.client("calm").await;
    other.send(ClientMsg::Ping).await;
    other.expect(|m| m["type"] == "pong").await;
    server.stop().await;
}

#[tokio::test]
async fn rule_options_the_server_does_not_play_are_refused_by_name() {
    let server = TestServer::memory().await;
    let mut c = server.client("opts").await;
    for (rules, says) in [
        ("teams Takeover", "'Takeover' is not played here"),
        ("teams Chess960=961", "Chess960= takes 1 to 960"),
        ("ffa Chess960Rotational", "needs a Chess960=N"),
        ("ffa 12-check", "N-check takes N from 1 to 9"),
        ("ffa Teammate=1", "'Teammate=1' is not a FFA option"),
        ("teams Teammate=7", "Teammate= takes 1, 2 or 3"),
        ("verney1881 Prom=8", "takes no options"),
        ("chaturaji KotH", "Chaturaji takes only OldChecks"),
        ("teams Play4Mate", "'Play4Mate' is not a Teams option"),
    ] {
        c.send(ClientMsg::CreateTable(NewTable::of(rules))).await;
        let e = c.error().await;
        assert_eq!(e["code"], "bad_request", "{rules}: {e}");
        assert!(
            e["message"].as_str().unwrap().contains(says),
            "{rules}: {e}"
        );
    }
    // Chaturaji's setup is its own.
    c.send(ClientMsg::CreateTable(NewTable {
        setup: Some("Chaturaji".into()),
        ..NewTable::of("teams")
    }))
    .await;
    let e = c.error().await;
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("the Chaturaji setup is for chaturaji only"),
        "{e}"
    );
    // A table with options opens, and says its rules by their canonical name.
    c.send(ClientMsg::CreateTable(NewTable::of(
        "teams  Teammate=3 Prom=8",
    )))
    .await;
    let t = c.expect(|m| m["type"] == "table").await;
    assert_eq!(t["table"]["rules"], "teams Prom=8 Teammate=3", "{t}");
    // Chess960=random draws the arrangement's number; the table says which.
    c.send(ClientMsg::CreateTable(NewTable::of("ffa Chess960=random")))
        .await;
    let t = c.expect(|m| m["type"] == "table").await;
    let name = t["table"]["rules"].as_str().unwrap();
    let n: u16 = name
        .strip_prefix("ffa Chess960=")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{t}"));
    assert!((1..=960).contains(&n), "{t}");
    assert_eq!(t["table"]["setup"], "Chess960", "{t}");
    // Another setup is refused: the arrangement is the start.
    c.send(ClientMsg::CreateTable(NewTable {
        setup: Some("4PC".into()),
        ..NewTable::of("teams Chess960=5")
    }))
    .await;
    let e = c.error().await;
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("played from the Chess960=5 setup only"),
        "{e}"
    );
    server.stop().await;
}
