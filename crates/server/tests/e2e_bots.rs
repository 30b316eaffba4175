//! Bots cost CPU, so they are rationed: only a player seated at a table puts bots in it, engine
//! games are limited per player and in all, a seat's bot keeps its table between moves, and a
//! search stops when its game ends.

mod support;

use fourhand_protocol::{ClientMsg, NewTable, SeatName};
use fourhand_server::store::Store;
use fourhand_server::Config;
use serde_json::Value;
use std::time::Duration;
use support::msg;
use support::{against_bots, Client, TestServer};

async fn server_with(f: impl FnOnce(&mut Config)) -> TestServer {
    let mut config = Config::for_tests();
    f(&mut config);
    TestServer::start(config, Store::memory()).await
}

async fn new_table(c: &mut Client) -> Value {
    c.send(ClientMsg::CreateTable(NewTable::of("teams"))).await;
    c.expect(|m| m["type"] == "table").await["table"]["id"].clone()
}

async fn add_bot(c: &mut Client, table: &Value, seat: &str, level: &str) -> Value {
    c.send(ClientMsg::AddBot {
        table: msg::table(table),
        seat: msg::seat(seat),
        level: Some(msg::text(level)),
    })
    .await;
    c.expect(|m| {
        m["type"] == "error"
            || (m["type"] == "table"
                && m["table"]["id"] == *table
                && m["table"]["seats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|s| s["seat"] == seat && s["bot"] == true))
            || m["type"] == "game_started"
    })
    .await
}

#[tokio::test]
async fn only_a_seated_player_puts_bots_in_a_table() {
    let server = TestServer::memory().await;
    let mut host = server.client("host").await;
    let mut stranger = server.client("stranger").await;
    let table = new_table(&mut host).await;
    let m = add_bot(&mut stranger, &table, "W", "engine3").await;
    assert_eq!(m["code"], "not_seated", "{m}");
    let m = add_bot(&mut host, &table, "W", "greedy").await;
    assert_eq!(
        m["code"], "not_seated",
        "the creator too must sit first: {m}"
    );
    host.send(msg::sit(&table, SeatName::S)).await;
    host.expect(|m| m["type"] == "seated").await;
    let m = add_bot(&mut host, &table, "W", "engine3").await;
    assert_eq!(m["type"], "table", "{m}");
    // The stranger still may not fill the other seats.
    let m = add_bot(&mut stranger, &table, "N", "engine3").await;
    assert_eq!(m["code"], "not_seated", "{m}");
    server.stop().await;
}

#[tokio::test]
async fn engine_games_are_limited_per_player_and_in_all() {
    let server = server_with(|c| {
        c.max_engine_games_per_player = 2;
        c.max_engine_games = 3;
    })
    .await;
    let mut ann = server.client("ann").await;
    against_bots(&mut ann, "engine1").await;
    // An open table with an engine bot counts as an engine game too.
    let second = new_table(&mut ann).await;
    ann.send(msg::sit(&second, SeatName::S)).await;
    ann.expect(|m| m["type"] == "seated").await;
    assert_eq!(
        add_bot(&mut ann, &second, "W", "engine2").await["type"],
        "table"
    );
    // More engine bots at the same table are fine; a third engine game is not.
    assert_eq!(
        add_bot(&mut ann, &second, "N", "engine3").await["type"],
        "table"
    );
    let third = new_table(&mut ann).await;
    ann.send(msg::sit(&third, SeatName::S)).await;
    ann.expect(|m| m["type"] == "seated").await;
    let m = add_bot(&mut ann, &third, "W", "engine1").await;
    assert_eq!(m["code"], "bot_limit", "{m}");
    // Greedy and random bots are not rationed.
    assert_eq!(
        add_bot(&mut ann, &third, "W", "greedy").await["type"],
        "table"
    );
    // The server's limit: Ann's two and Bob's one make three; Cleo gets none.
    let mut bob = server.client("bob").await;
    against_bots(&mut bob, "engine1").await;
    let mut cleo = server.client("cleo").await;
    let t = new_table(&mut cleo).await;
    cleo.send(msg::sit(&t, SeatName::S)).await;
    cleo.expect(|m| m["type"] == "seated").await;
    let m = add_bot(&mut cleo, &t, "W", "engine1").await;
    assert_eq!(m["code"], "bot_limit", "{m}");
    server.stop().await;
}

#[tokio::test]
async fn a_seat_bot_keeps_its_table_between_moves() {
    let server = TestServer::memory().await;
    let mut south = server.client("south").await;
    let (game, _) = against_bots(&mut south, "engine1").await;
    for _ in 0..3 {
        // South plays the first of its legal moves (what the bots played decides which).
        let legal = south.expect(|m| m["type"] == "legal").await;
        let mv = legal["moves"][0]
            .as_str()
            .expect("South has a move")
            .to_string();
        let (from, to) = mv.split_once('-').unwrap();
        south.send(msg::play(&game, SeatName::S, from, to)).await;
        // The three bots answer before South may move again.
        for _ in 0..3 {
            south
                .expect(|m| m["event"]["kind"] == "moved" && m["event"]["seat"] != "S")
                .await;
        }
    }
    assert_eq!(
        support::metric(&server.app, "fourhand_bots_created_total"),
        3.0,
        "nine bot moves by three bots made once each"
    );
    server.stop().await;
}

#[tokio::test]
async fn a_search_stops_when_its_game_ends() {
    let server = server_with(|c| c.bot_threads = 1).await;
    let mut south = server.client("south").await;
    let (game, _) = against_bots(&mut south, "engine3").await;
    south.send(msg::play(&game, SeatName::S, "h2", "h3")).await;
    south
        .expect(|m| m["event"]["kind"] == "moved" && m["event"]["seat"] == "S")
        .await;
    // West's engine3 bot now thinks for up to 1.5 s; once its search has begun, South resigns
    // and the game ends.
    let bots = &server.app.bots;
    while bots.started_searches() == 0 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    south.send(msg::resign(&game, SeatName::S)).await;
    south.expect(|m| m["event"]["kind"] == "over").await;
    // The barrier: the search has answered. It must have been cut short by the game's end,
    // not run out its own time.
    while bots.answered() == 0 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(
        bots.stopped_searches(),
        1,
        "the search went on after the game ended"
    );
    server.stop().await;
}
