//! Timing over real sockets with short settings: no reconnect means a forfeit when the window
//! closes; aborts for early resignations; a game nobody joined is cancelled.

mod support;

use fourhand_protocol::{ClientMsg, GameId, NewTable, SeatName};
use fourhand_server::store::Store;
use fourhand_server::Config;
use serde_json::json;
use support::msg;
use support::{four_players, play, TestServer};

async fn quick_server() -> TestServer {
    let mut config = Config::for_tests();
    config.reconnect_secs = 1;
    config.start_secs = 1;
    TestServer::start(config, Store::memory()).await
}

#[tokio::test]
async fn no_reconnect_within_the_window_forfeits() {
    let server = quick_server().await;
    let (game, mut c, _) = four_players(&server, "teams", None, None).await;
    for (i, mv) in ["h2-h3", "b7-c7", "g13-g12", "m8-l8"].iter().enumerate() {
        play(&mut c, &game, i, mv).await;
    }
    let west = c.remove(1);
    drop(west);
    let over = c[0]
        .expect(|m| m["type"] == "event" && m["event"]["kind"] == "over")
        .await;
    assert_eq!(over["event"]["result"], "1-0");
    assert_eq!(over["event"]["termination"], "Blue disconnected");
    // The record says so too: a forfeit by disconnection, not a loss on time.
    let id: uuid::Uuid = game.parse().unwrap();
    let end = loop {
        if let Some(end) = server
            .app
            .store
            .game(GameId(id))
            .await
            .unwrap()
            .unwrap()
            .end
        {
            break end;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert_eq!(end.termination, "Blue disconnected");
    assert!(
        end.pgn4
            .contains("[Termination \"Blue forfeit by disconnection. 1-0\"]"),
        "{}",
        end.pgn4
    );
    server.stop().await;
}

#[tokio::test]
async fn early_resignations_abort() {
    let server = TestServer::memory().await;
    let (game, mut c, _) = four_players(&server, "teams", None, None).await;
    play(&mut c, &game, 0, "h2-h3").await;
    c[1].send(msg::resign(&game, SeatName::W)).await;
    let over = c[0].expect(|m| m["event"]["kind"] == "over").await;
    assert_eq!(over["event"]["result"], "aborted");
    // FFA: Yellow resigns during Blue's turn; it takes effect in his own slot, before he has
    // made three moves and out of check, so the game is aborted.
    let (game, mut c, _) = four_players(&server, "ffa", None, None).await;
    play(&mut c, &game, 0, "h2-h3").await;
    c[2].send(msg::resign(&game, SeatName::N)).await;
    play(&mut c, &game, 1, "b7-c7").await;
    let over = c[0].expect(|m| m["event"]["kind"] == "over").await;
    assert_eq!(over["event"]["result"], "aborted");
    assert_eq!(over["event"]["termination"], "aborted by Yellow");
    assert_eq!(
        over["event"]["ending"],
        json!({"kind": "aborted", "cause": "player", "by": "N"})
    );
    server.stop().await;
}

#[tokio::test]
async fn an_ffa_resignation_before_three_moves_aborts() {
    let server = TestServer::memory().await;
    let (game, mut c, _) = four_players(&server, "ffa", None, None).await;
    c[0].send(msg::resign(&game, SeatName::S)).await;
    let over = c[3].expect(|m| m["event"]["kind"] == "over").await;
    assert_eq!(over["event"]["result"], "aborted");
    assert_eq!(over["event"]["termination"], "aborted by Red");
    server.stop().await;
}

#[tokio::test]
async fn a_game_not_everyone_joins_is_cancelled() {
    let server = quick_server().await;
    let mut c = Vec::new();
    for n in ["a", "b", "c"] {
        c.push(server.client(n).await);
    }
    c[0].send(ClientMsg::CreateTable(NewTable::of("ffa"))).await;
    let table = c[0].expect(|m| m["type"] == "table").await["table"]["id"].clone();
    c[0].send(msg::sit(&table, SeatName::S)).await;
    let tok = c[0].expect(|m| m["type"] == "seated").await["seat_token"].clone();
    c[1].send(msg::sit(&table, SeatName::W)).await;
    c[1].expect(|m| m["type"] == "seated").await;
    // A seated player puts the bots in.
    c[1].send(ClientMsg::AddBot {
        table: msg::table(&table),
        seat: SeatName::N,
        level: None,
    })
    .await;
    c[1].send(ClientMsg::AddBot {
        table: msg::table(&table),
        seat: SeatName::E,
        level: None,
    })
    .await;
    let game = c[0].expect(|m| m["type"] == "game_started").await["game"].clone();
    c[0].send(msg::join(&game, &tok)).await;
    // West never joins: after the start timeout the game is cancelled.
    let over = c[0].expect(|m| m["event"]["kind"] == "over").await;
    assert_eq!(over["event"]["result"], "aborted");
    server.stop().await;
}

#[tokio::test]
async fn a_finished_game_leaves_the_live_list_and_answers_with_its_summary() {
    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt;
    let server = TestServer::memory().await;
    let get = |uri: String| {
        let app = server.app.clone();
        async move {
            let req = Request::get(uri).body(Body::empty()).unwrap();
            let r = fourhand_server::app(app).oneshot(req).await.unwrap();
            let b = axum::body::to_bytes(r.into_body(), 1 << 20).await.unwrap();
            serde_json::from_slice::<serde_json::Value>(&b).unwrap()
        }
    };
    let (game, mut c, _) = four_players(&server, "teams", None, None).await;
    let live = get("/api/games".into()).await;
    assert_eq!(live.as_array().unwrap().len(), 1, "{live}");
    assert!(get(format!("/api/games/{game}")).await["fen4"].is_string());
    play(&mut c, &game, 0, "h2-h3").await;
    c[1].send(msg::resign(&game, SeatName::W)).await;
    c[0].expect(|m| m["event"]["kind"] == "over").await;
    // The result is stored right after the over event; from then on the game is not live.
    let end = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while !get("/api/games".into())
        .await
        .as_array()
        .unwrap()
        .is_empty()
    {
        assert!(std::time::Instant::now() < end, "still listed as live");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let summary = get(format!("/api/games/{game}")).await;
    assert_eq!(summary["result"], "aborted", "{summary}");
    assert_eq!(summary["plies"], 2, "{summary}");
    assert!(
        summary.get("fen4").is_none(),
        "a summary, not a live state: {summary}"
    );
    server.stop().await;
}
