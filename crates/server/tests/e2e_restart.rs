//! Restart recovery: stop the server mid-game, start it again on the same database, and the
//! game continues with the same moves, the clocks as they were, and the players' seat tokens.

mod support;

use fourhand_protocol::SeatName;
use fourhand_server::store::Store;
use fourhand_server::Config;
use support::msg;
use support::{four_players, play, Client, TestServer};

async fn restart_keeps_the_game(url: String) {
    let mut config = Config::for_tests();
    config.database_url = Some(url.clone());
    let server = TestServer::start(config.clone(), Store::connect(&url).await.unwrap()).await;
    let (game, mut c, tokens) = four_players(&server, "teams", None, None).await;
    let line = ["h2-h3", "b7-c7", "g13-g12", "m8-l8", "g1-j4", "a8-d5"];
    for (k, mv) in line.iter().enumerate() {
        play(&mut c, &game, k % 4, mv).await;
    }
    c[0].send(msg::spectate(&game)).await;
    let before = c[0].expect(|m| m["type"] == "snapshot").await["state"].clone();
    drop(c);
    server.stop().await;

    // Some time passes while the server is down; it is not charged to anyone.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let server = TestServer::start(config, Store::connect(&url).await.unwrap()).await;
    let mut north = Client::connect(server.addr, &server.session("north").await).await;
    north.send(msg::join(&game, &tokens[2])).await;
    let after = north.expect(|m| m["type"] == "snapshot").await["state"].clone();
    assert_eq!(after["moves"], before["moves"], "the same moves");
    assert_eq!(after["fen4"], before["fen4"]);
    assert_eq!(after["to_move"], "N");
    let (b, a) = (&before["clocks_ms"], &after["clocks_ms"]);
    for i in 0..4 {
        let (x, y) = (b[i].as_i64().unwrap(), a[i].as_i64().unwrap());
        assert!((x - y).abs() <= 1_000, "clock {i}: {x} before, {y} after");
    }
    // The game goes on with the same seat token.
    north
        .send(msg::play(&game, SeatName::N, "h14", "e11"))
        .await;
    let m = north
        .expect(|m| m["type"] == "event" && m["event"]["kind"] == "moved")
        .await;
    assert_eq!(m["event"]["text"], "Qh14-e11");
    server.stop().await;
}

#[tokio::test]
async fn restart_recovery_on_sqlite() {
    restart_keeps_the_game(support::sqlite_url()).await;
}

#[tokio::test]
async fn restart_recovery_on_postgres() {
    let Some(url) = support::postgres_url().await else {
        return;
    };
    restart_keeps_the_game(url).await;
}
