//! Kill the server process (SIGKILL, no shutdown) or stop it with SIGTERM mid-game and start it
//! again on the same SQLite file: the game continues with the same moves, the clocks the
//! players last saw (only the time the server was down given back) and the same seat tokens,
//! and a client that resumes with `since` misses no event.

mod common;

use common::*;
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::process::Command;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn a_killed_server_resumes_its_games() {
    let dir = std::env::temp_dir().join(format!("fourhand-crash-{}", std::process::id()));
    let port = free_port();
    let mut server = start(port, &dir);
    let (mut c, game, tokens) = table(port, json!({"type": "create_table", "rules": "ffa"})).await;
    for (i, (f, t)) in [
        ("h2", "h3"),
        ("b7", "c7"),
        ("g13", "g12"),
        ("m8", "l8"),
        ("g1", "j4"),
    ]
    .iter()
    .enumerate()
    {
        let seat = ["S", "W", "N", "E"][i % 4];
        send(
            &mut c[i % 4],
            json!({"type": "play", "game": game, "seat": seat, "from": f, "to": t}),
        )
        .await;
        expect(&mut c[i % 4], |m| {
            m["event"]["kind"] == "moved" && m["event"]["from"] == *f
        })
        .await;
    }
    // Blue thinks 3 s (inside his delay), then the server dies without warning.
    tokio::time::sleep(Duration::from_secs(3)).await;
    server.kill().unwrap();
    server.wait().unwrap();
    drop(c);
    tokio::time::sleep(Duration::from_secs(2)).await;

    let mut server = start(port, &dir);
    let mut blue = client(port).await;
    send(
        &mut blue,
        json!({"type": "join", "game": game, "seat_token": tokens[1]}),
    )
    .await;
    let state = expect(&mut blue, |m| m["type"] == "snapshot").await["state"].clone();
    assert_eq!(
        state["moves"],
        json!(["h2-h3", "b7-c7", "g13-g12", "m8-l8", "Qg1-j4"])
    );
    assert_eq!(state["to_move"], "W");
    // Fair clocks: the banks as they were after the last move; of Blue's turn, the 3 s he
    // thought while the server was up are used (to within the server's 1 s heartbeat), the
    // 2 s it was down are given back.
    assert_eq!(state["clocks_ms"], json!([60000, 60000, 60000, 60000]));
    let delay_left = state["delay_left_ms"].as_u64().unwrap();
    assert!((11_000..=12_600).contains(&delay_left), "{delay_left}");
    send(
        &mut blue,
        json!({"type": "play", "game": game, "seat": "W", "from": "b9", "to": "c9"}),
    )
    .await;
    expect(&mut blue, |m| {
        m["event"]["kind"] == "moved" && m["event"]["from"] == "b9"
    })
    .await;
    server.kill().unwrap();
    server.wait().unwrap();
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn a_client_resuming_after_a_kill_misses_no_event() {
    let dir = data_dir("resume");
    let port = free_port();
    let server = start(port, &dir);
    let (mut c, game, tokens) =
        table(port, json!({"type": "create_table", "rules": "teams"})).await;
    for (i, mv) in ["h2-h3", "b7-c7", "g13-g12", "m8-l8"].iter().enumerate() {
        play(&mut c, &game, i, mv).await;
    }
    // A spectator follows the game and keeps its move list from the events.
    let mut watcher = client(port).await;
    send(&mut watcher, json!({"type": "join", "game": game})).await;
    let first = expect(&mut watcher, |m| m["type"] == "snapshot").await["state"].clone();
    let mut moves: Vec<Value> = first["moves"].as_array().unwrap().clone();
    // Connection events raise the numbers: West goes away and comes back.
    drop(c.remove(1));
    let (west, _) = rejoin(port, &game, &tokens[1]).await;
    c.insert(1, west);
    let last = loop {
        let m = expect(&mut watcher, |m| m["type"] == "event").await;
        assert_eq!(
            m["seq"].as_u64(),
            Some(first["seq"].as_u64().unwrap() + 1 + u64::from(m["event"]["connected"] == true))
        );
        if m["event"]["kind"] == "connection" && m["event"]["connected"] == true {
            break m["seq"].as_u64().unwrap();
        }
    };
    // The spectator loses its socket; a move is played that it does not see; the server dies.
    drop(watcher);
    play(&mut c, &game, 0, "h3-h4").await;
    kill(server);
    drop(c);

    // Back up: the players return and play on, so the game's numbers go past the spectator's.
    let server = start(port, &dir);
    let mut c = Vec::new();
    for t in &tokens {
        c.push(rejoin(port, &game, t).await.0);
    }
    play(&mut c, &game, 1, "b9-c9").await;
    play(&mut c, &game, 2, "i13-i12").await;
    let mut back = client(port).await;
    send(
        &mut back,
        json!({"type": "join", "game": game, "since": last}),
    )
    .await;
    // Whatever the answer (events after `since`, or a snapshot), the list must be whole.
    let m = expect(&mut back, |m| {
        m["type"] == "snapshot" || m["type"] == "event"
    })
    .await;
    if m["type"] == "snapshot" {
        moves = m["state"]["moves"].as_array().unwrap().clone();
    } else {
        assert_eq!(m["seq"].as_u64(), Some(last + 1), "no gap: {m}");
        if m["event"]["kind"] == "moved" {
            moves.push(m["event"]["text"].clone());
        }
    }
    let id = game.as_str().unwrap();
    let stored = http(port, "GET", &format!("/api/games/{id}/positions"));
    assert_eq!(
        Value::from(moves),
        stored["moves"],
        "the resumed list is the store's"
    );
    kill(server);
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn clocks_after_a_kill_keep_the_increment() {
    let dir = data_dir("increment");
    let port = free_port();
    let server = start(port, &dir);
    let time = json!({"base_ms": 60000, "increment_ms": 5000, "delay_ms": 0});
    let (mut c, game, tokens) = table(
        port,
        json!({"type": "create_table", "rules": "teams", "time": time}),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let south = play(&mut c, &game, 0, "h2-h3").await["clocks_ms"].clone();
    let west = play(&mut c, &game, 1, "b7-c7").await["clocks_ms"].clone();
    assert!(
        south[0].as_u64().unwrap() > 60_000,
        "the increment: {south}"
    );
    // North thinks 1.5 s, then the server dies and stays down for 1.5 s.
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    kill(server);
    drop(c);
    tokio::time::sleep(Duration::from_millis(1_500)).await;

    let server = start(port, &dir);
    let (_north, state) = rejoin(port, &game, &tokens[2]).await;
    let clocks = &state["clocks_ms"];
    assert_eq!(
        clocks[0], west[0],
        "South's bank with its increment, as players saw it"
    );
    assert_eq!(clocks[1], west[1], "West's bank with its increment");
    let north = clocks[2].as_u64().unwrap();
    // North is charged what he used while the server was up (to within its 1 s heartbeat),
    // not the downtime.
    assert!(
        (57_400..=59_600).contains(&north),
        "North after 1.5 s up and 1.5 s down: {north}"
    );
    kill(server);
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn sigterm_stops_gracefully_and_a_later_kill_keeps_the_later_clocks() {
    let dir = data_dir("sigterm");
    let port = free_port();
    let server = start(port, &dir);
    let time = json!({"base_ms": 60000, "increment_ms": 0, "delay_ms": 0});
    let (mut c, game, tokens) = table(
        port,
        json!({"type": "create_table", "rules": "teams", "time": time}),
    )
    .await;
    play(&mut c, &game, 0, "h2-h3").await;
    // West thinks 1 s; the server gets SIGTERM (what docker stop and systemd send).
    tokio::time::sleep(Duration::from_millis(1_000)).await;
    let status = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    // Every client is told to come back (1012) and the process ends cleanly.
    for ws in c.iter_mut() {
        let code = loop {
            match tokio::time::timeout(Duration::from_secs(10), ws.next()).await {
                Ok(Some(Ok(Message::Close(f)))) => break f.map(|f| u16::from(f.code)),
                Ok(Some(Ok(_))) => continue,
                other => panic!("expected a close frame, got {other:?}"),
            }
        };
        assert_eq!(code, Some(1012));
    }
    let mut server = server;
    let exit = server.wait().unwrap();
    assert!(exit.success(), "graceful exit: {exit:?}");
    drop(c);

    // Back up: West's turn resumes with the second he had used; he moves.
    let server = start(port, &dir);
    let (west, state) = rejoin(port, &game, &tokens[1]).await;
    let w = state["clocks_ms"][1].as_u64().unwrap();
    assert!((58_500..=59_200).contains(&w), "West after 1 s: {w}");
    let mut c = vec![west];
    tokio::time::sleep(Duration::from_millis(500)).await;
    send(
        &mut c[0],
        json!({"type": "play", "game": game, "seat": "W", "from": "b7", "to": "c7"}),
    )
    .await;
    let moved = expect(&mut c[0], |m| m["event"]["kind"] == "moved").await["event"].clone();
    // Then the server dies: the clocks are those of West's move, not those of the stop.
    tokio::time::sleep(Duration::from_millis(300)).await;
    kill(server);
    drop(c);
    let server = start(port, &dir);
    let (_north, state) = rejoin(port, &game, &tokens[2]).await;
    assert_eq!(state["clocks_ms"][1], moved["clocks_ms"][1]);
    assert_eq!(state["clocks_ms"][0], moved["clocks_ms"][0]);
    kill(server);
    std::fs::remove_dir_all(&dir).ok();
}
