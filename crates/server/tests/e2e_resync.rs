//! Resync over real sockets: a catch-up larger than a connection's queue is a snapshot, a
//! spectator that falls behind gets a snapshot and then no gap, and a player that stops reading
//! keeps his seat (he is resynced when he reads again, never forfeited while connected).

mod support;

use fourhand_protocol::{ChatTarget, ClientMsg, SeatName};
use fourhand_server::store::Store;
use fourhand_server::Config;
use serde_json::{json, Value};
use std::time::Duration;
use support::msg;
use support::{four_players, play, Client, TestServer};

async fn server(reconnect_secs: u64) -> TestServer {
    let mut config = Config::for_tests();
    config.rate_limit = 1_000_000;
    config.reconnect_secs = reconnect_secs;
    TestServer::start(config, Store::memory()).await
}

/// Seat `i` says `text` to the table (or its partner) and waits for its own echo.
async fn say(c: &mut Client, game: &str, seat: &str, to: ChatTarget, text: &str) {
    c.send(ClientMsg::Chat {
        game: msg::game(game),
        seat: msg::seat(seat),
        to,
        text: text.into(),
    })
    .await;
    c.expect(|m| {
        m["type"] == "event" && m["event"]["kind"] == "chat" && m["event"]["text"] == text
    })
    .await;
}

/// Checks that a stream of messages has no gap: every event follows the last number seen,
/// which a snapshot resets. Returns the number of snapshots.
fn assert_contiguous(msgs: &[Value], mut last: u64) -> usize {
    let mut snapshots = 0;
    for m in msgs {
        match m["type"].as_str() {
            Some("snapshot") => {
                snapshots += 1;
                last = m["state"]["seq"].as_u64().unwrap();
            }
            Some("event") => {
                let seq = m["seq"].as_u64().unwrap();
                assert_eq!(seq, last + 1, "a gap after {last}: {m}");
                last = seq;
            }
            _ => {}
        }
    }
    snapshots
}

#[tokio::test]
async fn a_catch_up_larger_than_the_queue_is_a_snapshot() {
    let server = server(60).await;
    let (game, mut c, _) = four_players(&server, "ffa", None, None).await;
    let mut watcher = server.client("watcher").await;
    watcher.send(msg::spectate(&game)).await;
    let first = watcher.expect(|m| m["type"] == "snapshot").await;
    let since = first["state"]["seq"].as_u64().unwrap();
    drop(watcher);

    // A short gap is caught up event by event.
    for k in 0..10 {
        say(
            &mut c[0],
            &game,
            "S",
            ChatTarget::Table,
            &format!("line {k}"),
        )
        .await;
    }
    let mut back = server.client("watcher").await;
    back.send(ClientMsg::Join {
        game: msg::game(&game),
        seat_token: None,
        since: Some(since),
    })
    .await;
    let m = back.next().await.unwrap();
    assert_eq!(m["type"], "event", "{m}");
    assert_eq!(m["seq"].as_u64(), Some(since + 1));
    drop(back);

    // More than a connection's queue holds (1024) is a snapshot, not a truncated stream.
    for k in 10..1200 {
        say(
            &mut c[0],
            &game,
            "S",
            ChatTarget::Table,
            &format!("line {k}"),
        )
        .await;
    }
    let mut late = server.client("watcher").await;
    late.send(ClientMsg::Join {
        game: msg::game(&game),
        seat_token: None,
        since: Some(since),
    })
    .await;
    let m = late.next().await.unwrap();
    assert_eq!(m["type"], "snapshot", "{m}");
    let last = m["state"]["seq"].as_u64().unwrap();
    assert!(last >= since + 1200, "{last}");
    // Barrier: the next public event follows the snapshot directly.
    say(&mut c[0], &game, "S", ChatTarget::Table, "after").await;
    let m = late.expect(|m| m["type"] == "event").await;
    assert_eq!(m["seq"].as_u64(), Some(last + 1));
    server.stop().await;
}

#[tokio::test]
async fn a_spectator_that_falls_behind_gets_a_snapshot_and_no_gap() {
    let server = server(60).await;
    let (game, mut c, _) = four_players(&server, "ffa", None, None).await;
    let session = server.session("slow watcher").await;
    let mut watcher = Client::connect_small_buffer(server.addr, &session).await;
    watcher.send(msg::spectate(&game)).await;
    let first = watcher.expect(|m| m["type"] == "snapshot").await;
    let start = first["state"]["seq"].as_u64().unwrap();
    // The spectator reads nothing while 12,000 long lines (6 MB) go by: more than its socket,
    // its queue (1024) and the game's stream (256) hold together.
    let long = "x".repeat(480);
    for batch in 0..60 {
        for k in 0..200 {
            let text = format!("{batch}.{k} {long}");
            c[0].send(ClientMsg::Chat {
                game: msg::game(&game),
                seat: SeatName::S,
                to: ChatTarget::Table,
                text: msg::text(&text),
            })
            .await;
        }
        let last = format!("{batch}.199 {long}");
        c[0].expect(|m| m["event"]["text"] == last.as_str()).await;
    }
    say(&mut c[0], &game, "S", ChatTarget::Table, "the end").await;
    let end = c[0].seen.last().unwrap()["seq"].as_u64().unwrap();
    watcher.grow_buffer();
    let mut msgs = Vec::new();
    loop {
        let m = watcher.next().await.expect("open");
        let seq = m["seq"].as_u64().or(m["state"]["seq"].as_u64());
        msgs.push(m);
        if seq.is_some_and(|s| s >= end) {
            break;
        }
    }
    let snapshots = assert_contiguous(&msgs, start);
    assert!(snapshots >= 1, "the spectator fell behind and was resynced");
    server.stop().await;
}

#[tokio::test]
async fn a_player_who_stops_reading_is_resynced_not_forfeited() {
    let server = server(1).await;
    let (game, mut c, tokens) = four_players(&server, "teams", None, None).await;
    // South joins again on a socket with a tiny buffer, moves, then stops reading.
    let session = server.session("south").await;
    let mut south = Client::connect_small_buffer(server.addr, &session).await;
    south.send(msg::join(&game, &tokens[0])).await;
    let snap = south.expect(|m| m["type"] == "snapshot").await;
    let start = snap["state"]["seq"].as_u64().unwrap();
    drop(std::mem::replace(&mut c[0], south));
    c[0].send(msg::play(&game, SeatName::S, "h2", "h3")).await;
    // North talks to his partner until South's queue is full.
    let long = "y".repeat(450);
    let mut k = 0;
    while support::metric(&server.app, "fourhand_player_queue_full_total") == 0.0 {
        say(
            &mut c[2],
            &game,
            "N",
            ChatTarget::Partner,
            &format!("{k} {long}"),
        )
        .await;
        k += 1;
        assert!(k < 100_000, "South's queue never filled");
    }
    // Longer than the reconnect window passes; South's socket is still open.
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    // Barrier: West moves, and North sees it after everything the actor did before.
    play(&mut c, &game, 1, "b7-c7").await;
    c[2].expect(|m| m["type"] == "event" && m["event"]["from"] == "b7")
        .await;
    for m in &c[2].seen {
        assert!(
            !(m["event"]["kind"] == "connection" && m["event"]["seat"] == "S"),
            "South was never away: {m}"
        );
        assert_ne!(m["event"]["kind"], "over", "{m}");
    }
    // South reads again: the events up to the full queue, then a snapshot, then no gap.
    let mut msgs = Vec::new();
    loop {
        let m = c[0].next().await.expect("South's socket stays open");
        let resynced = m["type"] == "snapshot";
        msgs.push(m.clone());
        if resynced {
            assert_eq!(m["state"]["statuses"][0], "active");
            assert_eq!(m["state"]["seats"][0]["connected"], true);
            assert_eq!(m["state"]["result"], Value::Null);
            assert_eq!(m["state"]["moves"], json!(["h2-h3", "b7-c7"]));
            break;
        }
    }
    c[0].grow_buffer();
    assert_contiguous(&msgs, start);
    assert!(support::metric(&server.app, "fourhand_player_resyncs_total") >= 1.0);
    // South plays on when his turn comes.
    play(&mut c, &game, 2, "g13-g12").await;
    play(&mut c, &game, 3, "m8-l8").await;
    play(&mut c, &game, 0, "h3-h4").await;
    server.stop().await;
}
