//! Cluster nodes as processes on one Postgres and a `nats-server` of the test's own: the owner
//! of a game is killed (`kill -9`), paused past its lease (`SIGSTOP`) or stopped (`SIGTERM`),
//! and another node goes on with the game — no acknowledged move lost or doubled, the clients
//! resumed, the result stored once.

mod common;

use common::cluster::{nats, node_args, postgres_url};
use common::*;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Two nodes A and B; a Teams game whose table filled on A (so A owns it), South and a
/// spectator following it from B, the other players from A, four moves played.
struct Scene {
    /// A, B (killed when the scene is dropped, even by a failed assertion).
    nodes: Procs,
    pa: u16,
    pb: u16,
    game: Value,
    tokens: Vec<Value>,
    /// S (on B), W, N, E (on A).
    c: Vec<Ws>,
    watcher: Ws,
    _nats: common::cluster::Nats,
}

async fn scene(name: &str) -> Option<Scene> {
    scene_with(name, false).await
}

/// [`scene`]; `rated`: the four are accounts at a rated table.
async fn scene_with(name: &str, rated: bool) -> Option<Scene> {
    let db = postgres_url().await?;
    let nats = nats()?;
    let (pa, pb) = (free_port(), free_port());
    let (na, nb) = (format!("{name}-a"), format!("{name}-b"));
    // Killed when dropped, a failure while setting up included.
    let nodes = Procs(vec![
        start_with(pa, &data_dir(&na), &node_args(&na, &db, &nats)),
        start_with(pb, &data_dir(&nb), &node_args(&nb, &db, &nats)),
    ]);
    let create = json!({"type": "create_table", "rules": "teams", "rated": rated});
    let (mut c, game, tokens) = if rated {
        let mut c = Vec::new();
        for seat in ["s", "w", "n", "e"] {
            c.push(account(pa, &format!("{name}_{seat}")).await);
        }
        table_of(pa, create, c).await
    } else {
        table(pa, create).await
    };
    // South moves to node B.
    drop(c.remove(0));
    let (south, _) = rejoin(pb, &game, &tokens[0]).await;
    c.insert(0, south);
    for (i, mv) in ["h2-h3", "b7-c7", "g13-g12", "m8-l8"].iter().enumerate() {
        play(&mut c, &game, i, mv).await;
    }
    let mut watcher = client(pb).await;
    send(&mut watcher, json!({"type": "join", "game": game})).await;
    expect(&mut watcher, |m| m["type"] == "snapshot").await;
    Some(Scene {
        nodes,
        pa,
        pb,
        game,
        tokens,
        c,
        watcher,
        _nats: nats,
    })
}

/// The moves of the game as the store has them, read through node `port`.
fn stored_moves(port: u16, game: &Value) -> Value {
    let id = game.as_str().unwrap();
    http(port, "GET", &format!("/api/games/{id}/positions"))["moves"].clone()
}

/// A metric's value in a node's `/metrics` (0 when absent).
fn metric(port: u16, name: &str) -> f64 {
    http_text(port, "GET", "/metrics")
        .lines()
        .find(|l| l.starts_with(name) && l[name.len()..].starts_with(' '))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0)
}

/// Waits until South (on B) is resynced by B, which took the game over; the time it took.
async fn resynced(s: &mut Scene, since: Instant) -> (Value, Duration) {
    let state = expect(&mut s.c[0], |m| m["type"] == "snapshot").await["state"].clone();
    (state, since.elapsed())
}

fn signal(child: &std::process::Child, sig: &str) {
    let status = std::process::Command::new("kill")
        .args([sig, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killing_the_owner_hands_its_game_to_another_node() {
    let Some(mut s) = scene_with("kill", true).await else {
        return;
    };
    let killed = Instant::now();
    s.nodes.0[0].kill().unwrap();
    s.nodes.0[0].wait().unwrap();
    let (state, took) = resynced(&mut s, killed).await;
    eprintln!("takeover after kill -9: {} ms", took.as_millis());
    assert!(took < Duration::from_secs(8), "taken over in {took:?}");
    assert_eq!(
        state["moves"],
        json!(["h2-h3", "b7-c7", "g13-g12", "m8-l8"]),
        "no acknowledged move lost"
    );
    assert_eq!(state["to_move"], "S");
    // The spectator on B is resynced too; the players who were on A come back through B.
    expect(&mut s.watcher, |m| m["type"] == "snapshot").await;
    for i in 1..4 {
        let (ws, st) = rejoin(s.pb, &s.game, &s.tokens[i]).await;
        assert_eq!(st["moves"], state["moves"]);
        s.c[i] = ws;
    }
    for (i, mv) in ["h3-h4", "b9-c9", "g12-g11"].iter().enumerate() {
        play(&mut s.c, &s.game, i, mv).await;
    }
    send(
        &mut s.c[3],
        json!({"type": "resign", "game": s.game, "seat": "E"}),
    )
    .await;
    let over = expect(&mut s.watcher, |m| {
        m["type"] == "event" && m["event"]["kind"] == "over"
    })
    .await;
    assert_eq!(over["event"]["result"], "1-0");
    assert_eq!(
        stored_moves(s.pb, &s.game),
        json!(["h2-h3", "b7-c7", "g13-g12", "m8-l8", "h3-h4", "b9-c9", "g12-g11", "R"]),
        "nothing lost, nothing doubled (Green's resignation last)"
    );
    let id = s.game.as_str().unwrap().to_string();
    let summary = http(s.pb, "GET", &format!("/api/games/{id}"));
    assert_eq!(summary["result"], "1-0");
    assert_eq!(metric(s.pb, "fourhand_takeovers_total"), 1.0);
    // Rated exactly once: one change in each player's history.
    for seat in ["s", "w", "n", "e"] {
        let mut history = Value::Null;
        for _ in 0..50 {
            let p = http(s.pb, "GET", &format!("/api/players/kill_{seat}"));
            history = p["history"].clone();
            if history.as_array().is_some_and(|h| !h.is_empty()) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(
            history.as_array().map(Vec::len),
            Some(1),
            "{seat}: {history}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_owner_cannot_write_after_its_lease_passed() {
    let Some(mut s) = scene("pause").await else {
        return;
    };
    let paused = Instant::now();
    signal(&s.nodes.0[0], "-STOP");
    let (state, took) = resynced(&mut s, paused).await;
    eprintln!("takeover of a paused owner: {} ms", took.as_millis());
    assert_eq!(state["to_move"], "S");
    // B runs the game now: South's move is stored under B's lease.
    play(&mut s.c, &s.game, 0, "h3-h4").await;
    // West, still connected to the paused A, sends his move into its socket; A resumes.
    send(
        &mut s.c[1],
        json!({"type": "play", "game": s.game, "seat": "W", "from": "b9", "to": "c9"}),
    )
    .await;
    signal(&s.nodes.0[0], "-CONT");
    // A's copy of the game must stop; whatever it does, it cannot write: West's move is
    // refused (A's write is fenced) or reaches B, the owner, and is played there.
    let end = Instant::now() + Duration::from_secs(10);
    while metric(s.pa, "fourhand_games_owned") != 0.0 {
        assert!(Instant::now() < end, "the paused owner still runs the game");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mut watched = vec![
        json!("h2-h3"),
        json!("b7-c7"),
        json!("g13-g12"),
        json!("m8-l8"),
    ];
    // The spectator on B sees what B stored: a snapshot, then South's move (and West's, if B
    // played it). North's move, played through B, is the barrier.
    let (north, _) = rejoin(s.pb, &s.game, &s.tokens[2]).await;
    s.c[2] = north;
    let (west, st) = rejoin(s.pb, &s.game, &s.tokens[1]).await;
    s.c[1] = west;
    if st["to_move"] == "W" {
        play(&mut s.c, &s.game, 1, "b9-c9").await;
    }
    play(&mut s.c, &s.game, 2, "g12-g11").await;
    loop {
        let m = expect(&mut s.watcher, |m| {
            m["type"] == "event" || m["type"] == "snapshot"
        })
        .await;
        if m["type"] == "snapshot" {
            watched = m["state"]["moves"].as_array().unwrap().clone();
        } else if m["event"]["kind"] == "moved" {
            watched.push(m["event"]["text"].clone());
            if m["event"]["from"] == "g12" {
                break;
            }
        }
    }
    assert_eq!(
        stored_moves(s.pb, &s.game),
        Value::from(watched),
        "the store holds exactly what the owner B played"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_stopped_gracefully_hands_its_game_over() {
    let Some(mut s) = scene("term").await else {
        return;
    };
    let stopped = Instant::now();
    signal(&s.nodes.0[0], "-TERM");
    let (state, took) = resynced(&mut s, stopped).await;
    eprintln!("handover at SIGTERM: {} ms", took.as_millis());
    assert!(took < Duration::from_secs(3), "handed over in {took:?}");
    assert_eq!(
        state["moves"],
        json!(["h2-h3", "b7-c7", "g13-g12", "m8-l8"])
    );
    assert!(s.nodes.0[0].wait().unwrap().success(), "A stopped cleanly");
    for i in 1..4 {
        s.c[i] = rejoin(s.pb, &s.game, &s.tokens[i]).await.0;
    }
    for (i, mv) in ["h3-h4", "b9-c9"].iter().enumerate() {
        play(&mut s.c, &s.game, i, mv).await;
    }
    assert_eq!(
        stored_moves(s.pb, &s.game),
        json!(["h2-h3", "b7-c7", "g13-g12", "m8-l8", "h3-h4", "b9-c9"])
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_tables_outlive_the_lobby_node() {
    let Some(db) = postgres_url().await else {
        return;
    };
    let Some(nats) = nats() else {
        return;
    };
    let ports = [free_port(), free_port()];
    let mut nodes = Procs(
        ["lobby-a", "lobby-b"]
            .iter()
            .zip(ports)
            .map(|(n, p)| start_with(p, &data_dir(n), &node_args(n, &db, &nats)))
            .collect(),
    );
    // Which node runs the lobby (one does, within a couple of seconds).
    let end = Instant::now() + Duration::from_secs(10);
    let lobby = loop {
        let found = (0..2).find(|&i| http(ports[i], "GET", "/healthz")["lobby"] == true);
        if let Some(i) = found {
            break i;
        }
        assert!(Instant::now() < end, "no node took the lobby");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let other = 1 - lobby;
    // A table opened and half filled through the other node.
    let mut c = vec![client(ports[other]).await, client(ports[other]).await];
    send(&mut c[0], json!({"type": "create_table", "rules": "teams"})).await;
    let table = expect(&mut c[0], |m| m["type"] == "table").await["table"]["id"].clone();
    for (i, seat) in ["S", "W"].iter().enumerate() {
        send(
            &mut c[i],
            json!({"type": "sit", "table": table, "seat": seat}),
        )
        .await;
        expect(&mut c[i], |m| m["type"] == "seated").await;
    }
    // Once the lobby node has saved the table with both seats taken, it dies.
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(&db)
        .await
        .unwrap();
    let end = Instant::now() + Duration::from_secs(15);
    loop {
        let saved: Option<(String,)> =
            sqlx::query_as("SELECT value FROM settings WHERE key = 'cluster_lobby'")
                .fetch_optional(&pool)
                .await
                .unwrap();
        let doc: Value = saved.map_or(Value::Null, |(v,)| serde_json::from_str(&v).unwrap());
        let seated = doc["tables"]
            .as_array()
            .and_then(|t| t.iter().find(|t| t["id"] == table))
            .map(|t| {
                t["seats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|s| !s.is_null())
                    .count()
            });
        if seated == Some(2) {
            break;
        }
        assert!(
            Instant::now() < end,
            "the lobby node never saved the table: {doc}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    nodes.0[lobby].kill().unwrap();
    nodes.0[lobby].wait().unwrap();
    // The other node takes the lobby with the table as it was; two more sit and it starts.
    let end = Instant::now() + Duration::from_secs(10);
    while http(ports[other], "GET", "/healthz")["lobby"] != true {
        assert!(Instant::now() < end, "the lobby was not taken over");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let tables = http(ports[other], "GET", "/api/tables");
    let t = tables
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == table)
        .unwrap_or_else(|| panic!("the table survived: {tables}"));
    assert!(t["seats"][0]["name"].is_string() && t["seats"][1]["name"].is_string());
    for seat in ["N", "E"] {
        let mut p = client(ports[other]).await;
        send(&mut p, json!({"type": "sit", "table": table, "seat": seat})).await;
        expect(&mut p, |m| m["type"] == "seated").await;
        c.push(p);
    }
    for p in c.iter_mut() {
        expect(p, |m| m["type"] == "game_started" && m["table"] == table).await;
    }
    drop(nodes);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_stops_even_when_nats_is_gone() {
    let Some(db) = postgres_url().await else {
        return;
    };
    let Some(nats) = nats() else {
        return;
    };
    let port = free_port();
    let mut node = Procs(vec![start_with(
        port,
        &data_dir("nonats"),
        &node_args("nonats", &db, &nats),
    )]);
    let end = Instant::now() + Duration::from_secs(10);
    while http_text(port, "GET", "/healthz").is_empty()
        || http(port, "GET", "/healthz")["status"] != "ok"
    {
        assert!(Instant::now() < end, "the node did not come up");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    drop(nats);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        http(port, "GET", "/healthz")["bus"],
        false,
        "the bus is reported down"
    );
    signal(&node.0[0], "-TERM");
    let end = Instant::now() + Duration::from_secs(15);
    loop {
        if let Some(status) = node.0[0].try_wait().unwrap() {
            assert!(status.success());
            break;
        }
        assert!(Instant::now() < end, "the node did not stop without NATS");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
