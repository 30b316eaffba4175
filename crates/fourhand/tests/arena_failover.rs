//! Spec §5.6 with processes: two cluster nodes on one Postgres and a `nats-server` of the test's
//! own; the node that runs the lobby — and so directs the arena — is killed (`kill -9`) in the
//! middle of the arena. The other node takes the lobby over within seconds and directs on: the
//! standings unchanged, the players (connected to it) paired again, every game counted once.

mod common;

use common::cluster::{nats, node_args, postgres_url};
use common::*;
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// A player as a simple bot: sits where he is seated, plays the first legal move at each of his
/// first three turns, then resigns; returns after `games` games ended.
async fn play_games(mut ws: Ws, games: usize) -> Ws {
    let mut tokens: Vec<(Value, Value, Value)> = Vec::new(); // table, seat, token
    let mut mine: Vec<(Value, Value, u32, bool)> = Vec::new(); // game, seat, moves, sent
    let mut ended = 0;
    while ended < games {
        let m = tokio::time::timeout(Duration::from_secs(60), ws.next())
            .await
            .expect("a message within a minute")
            .expect("open")
            .unwrap();
        let Message::Text(t) = m else { continue };
        let m: Value = serde_json::from_str(&t).unwrap();
        match m["type"].as_str().unwrap_or("") {
            "seated" => tokens.push((
                m["table"].clone(),
                m["seat"].clone(),
                m["seat_token"].clone(),
            )),
            "game_started" => {
                if let Some(i) = tokens.iter().position(|t| t.0 == m["table"]) {
                    let (_, seat, token) = tokens.remove(i);
                    send(
                        &mut ws,
                        json!({"type": "join", "game": m["game"], "seat_token": token}),
                    )
                    .await;
                    mine.push((m["game"].clone(), seat, 0, false));
                }
            }
            "event" => {
                let Some(i) = mine.iter().position(|x| x.0 == m["game"]) else {
                    continue;
                };
                let e = &m["event"];
                if e["kind"] == "moved" && e["seat"] == mine[i].1 {
                    mine[i].2 += 1;
                    mine[i].3 = false;
                }
                if e["kind"] == "over" {
                    mine.remove(i);
                    ended += 1;
                }
            }
            "legal" => {
                let Some(x) = mine
                    .iter_mut()
                    .find(|x| x.0 == m["game"] && x.1 == m["seat"])
                else {
                    continue;
                };
                if x.3 {
                    continue;
                }
                x.3 = true;
                let (game, seat) = (x.0.clone(), x.1.clone());
                if x.2 < 3 {
                    let mv = m["moves"][0].as_str().unwrap().to_string();
                    let (from, to) = mv.split_once('-').unwrap();
                    let to = &to[..to.find('=').unwrap_or(to.len())];
                    send(
                        &mut ws,
                        json!({"type": "play", "game": game, "seat": seat, "from": from, "to": to}),
                    )
                    .await;
                } else {
                    send(
                        &mut ws,
                        json!({"type": "resign", "game": game, "seat": seat}),
                    )
                    .await;
                }
            }
            _ => {}
        }
    }
    ws
}

/// Every player plays `games` games on his own task.
async fn round(players: Vec<Ws>, games: usize) -> Vec<Ws> {
    let tasks: Vec<_> = players
        .into_iter()
        .map(|w| tokio::spawn(play_games(w, games)))
        .collect();
    let mut back = Vec::new();
    for t in tasks {
        back.push(t.await.unwrap());
    }
    back
}

/// The arena's standings through `port`, once at least `marks` games are on the sheets.
async fn standings_with(port: u16, id: &str, marks: usize) -> Vec<Value> {
    let end = Instant::now() + Duration::from_secs(60);
    loop {
        let one = http(port, "GET", &format!("/api/tournaments/{id}"));
        let rows = one["standings"]["rows"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let n: usize = rows
            .iter()
            .map(|r| r["sheet"].as_array().map_or(0, Vec::len))
            .sum();
        if n >= marks {
            return rows;
        }
        assert!(Instant::now() < end, "the games were not scored: {one}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killing_the_node_that_directs_an_arena_hands_it_to_another() {
    let Some(db) = postgres_url().await else {
        return;
    };
    let Some(nats) = nats() else {
        return;
    };
    let ports = [free_port(), free_port()];
    let names = ["arena-kill-a", "arena-kill-b"];
    let mut nodes = Procs(
        names
            .iter()
            .zip(ports)
            .map(|(n, p)| {
                let mut args = node_args(n, &db, &nats);
                args.extend(["--admins", "arbiter"]);
                start_with(p, &data_dir(n), &args)
            })
            .collect(),
    );
    let end = Instant::now() + Duration::from_secs(10);
    let lobby = loop {
        if let Some(i) = (0..2).find(|&i| http(ports[i], "GET", "/healthz")["lobby"] == true) {
            break i;
        }
        assert!(Instant::now() < end, "no node took the lobby");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let other = ports[1 - lobby];
    // A moderator makes an FFA arena through the node that does not direct it.
    let body = json!({"name": "arbiter", "password": "a long test password"}).to_string();
    let session = serde_json::from_str::<Value>(&http_body(other, "POST", "/api/register", &body))
        .unwrap()["session"]
        .as_str()
        .unwrap()
        .to_string();
    let arena = json!({"name": "Killed director", "rules": "ffa", "time": {"base_ms": 60000, "delay_ms": 0, "increment_ms": 0}, "minutes": 30, "rated": false});
    let made: Value = serde_json::from_str(&http_as(
        other,
        "POST",
        "/api/tournaments",
        &arena.to_string(),
        Some(&session),
    ))
    .unwrap();
    let id = made["id"].as_str().expect("an arena").to_string();
    // Eight players, connected to the other node, enter and play a game each.
    let mut players = Vec::new();
    for _ in 0..8 {
        let mut ws = client(other).await;
        send(&mut ws, json!({"type": "arena_join", "tournament": id})).await;
        expect(&mut ws, |m| m["type"] == "arena_entry").await;
        players.push(ws);
    }
    let players = round(players, 1).await;
    let before = standings_with(other, &id, 8).await;

    // kill -9 of the director.
    nodes.0[lobby].kill().unwrap();
    nodes.0[lobby].wait().unwrap();
    let killed = Instant::now();
    while http(other, "GET", "/healthz")["lobby"] != true {
        assert!(
            killed.elapsed() < Duration::from_secs(20),
            "the lobby was not taken over"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    eprintln!(
        "arena director taken over after kill -9: {} ms",
        killed.elapsed().as_millis()
    );
    let after = standings_with(other, &id, 8).await;
    let sheets = |rows: &[Value]| -> Vec<Value> {
        let mut v: Vec<Value> = rows
            .iter()
            .map(|r| json!([r["name"], r["points"], r["sheet"][0]]))
            .collect();
        v.sort_by_key(|x| x[0].to_string());
        v
    };
    assert_eq!(sheets(&after), sheets(&before), "the same standings");
    // The players, still connected, are paired again and play on; each game counts once.
    let players = round(players, 1).await;
    let rows = standings_with(other, &id, 16).await;
    let mut games: Vec<Value> = rows
        .iter()
        .flat_map(|r| {
            r["sheet"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x["game"].clone())
        })
        .collect();
    games.sort_by_key(|g| g.to_string());
    let distinct: std::collections::HashSet<String> = games.iter().map(|g| g.to_string()).collect();
    assert_eq!(distinct.len(), 4, "four games: {rows:?}");
    for g in &distinct {
        assert_eq!(
            games.iter().filter(|x| x.to_string() == *g).count(),
            4,
            "game {g} on its four players' sheets once each"
        );
    }
    drop(players);
    drop(nodes);
}
