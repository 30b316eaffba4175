//! Several nodes on one Postgres and one NATS (a `nats-server` of the test's own): players and
//! spectators connected to different nodes play and watch one game; partner chat stays between
//! the partners wherever they are connected.

mod support;

use fourhand_protocol::{ChatTarget, ClientMsg, NewTable, SeatName};
use support::cluster::{node, services};
use support::msg;
use support::{play, Client};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_on_three_nodes_play_a_game_a_spectator_on_another_sees_every_event() {
    let Some((nats, db)) = services().await else {
        return;
    };
    let a = node("node-a", &db, &nats).await;
    let b = node("node-b", &db, &nats).await;
    let c = node("node-c", &db, &nats).await;
    // The table fills on node A (the game is A's); the players then follow it from A, B, C, B.
    let names = ["south", "west", "north", "east"];
    let mut sessions = Vec::new();
    for n in names {
        sessions.push(a.session(n).await);
    }
    let mut at_a = Vec::new();
    for s in &sessions {
        at_a.push(Client::connect(a.addr, s).await);
    }
    at_a[0]
        .send(ClientMsg::CreateTable(NewTable::of("teams")))
        .await;
    let table = at_a[0].expect(|m| m["type"] == "table").await["table"]["id"].clone();
    let mut tokens = Vec::new();
    for (i, seat) in ["S", "W", "N", "E"].iter().enumerate() {
        at_a[i].send(msg::sit(&table, msg::seat(seat))).await;
        tokens.push(at_a[i].expect(|m| m["type"] == "seated").await["seat_token"].clone());
    }
    let game = at_a[0].expect(|m| m["type"] == "game_started").await["game"]
        .as_str()
        .unwrap()
        .to_string();
    drop(at_a);
    let homes = [a.addr, b.addr, c.addr, b.addr];
    let mut players = Vec::new();
    for (i, s) in sessions.iter().enumerate() {
        let mut p = Client::connect(homes[i], s).await;
        p.send(msg::join(&game, &tokens[i])).await;
        p.expect(|m| m["type"] == "snapshot").await;
        players.push(p);
    }
    let watcher_home = support::cluster::node("node-d", &db, &nats).await;
    let mut watcher = watcher_home.client("watcher").await;
    watcher.send(msg::spectate(&game)).await;
    watcher.expect(|m| m["type"] == "snapshot").await;

    // A spectator of node D that loses its socket and comes back with `since` gets exactly the
    // events it missed, from a game that runs on A.
    let mut early = watcher_home.client("early").await;
    early.send(msg::spectate(&game)).await;
    let seen_seq = early.expect(|m| m["type"] == "snapshot").await["state"]["seq"]
        .as_u64()
        .unwrap();
    drop(early);

    // Partner chat between South (A) and North (C); West (B) and the spectator must not see it.
    players[0]
        .send(ClientMsg::Chat {
            game: msg::game(&game),
            seat: SeatName::S,
            to: ChatTarget::Partner,
            text: "push the h-pawn".into(),
        })
        .await;
    let line = players[2]
        .expect(|m| m["type"] == "event" && m["event"]["kind"] == "chat")
        .await;
    assert_eq!(line["event"]["text"], "push the h-pawn");

    let moves = [
        "h2-h3", "b7-c7", "g13-g12", "m8-l8", "h3-h4", "b9-c9", "g12-g11", "m9-l9",
    ];
    for (n, mv) in moves.iter().enumerate() {
        play(&mut players, &game, n % 4, mv).await;
    }
    players[1].send(msg::resign(&game, SeatName::W)).await;
    let over = players[0]
        .expect(|m| m["type"] == "event" && m["event"]["kind"] == "over")
        .await;
    assert_eq!(over["event"]["result"], "1-0");

    // The spectator saw every public event, numbered without a gap, and no partner chat.
    let mut seen = Vec::new();
    loop {
        let m = watcher.next().await.expect("open");
        if m["type"] == "event" {
            seen.push(m.clone());
            if m["event"]["kind"] == "over" {
                break;
            }
        }
    }
    for w in seen.windows(2) {
        assert_eq!(
            w[1]["seq"].as_u64().unwrap(),
            w[0]["seq"].as_u64().unwrap() + 1,
            "the spectator's stream has no gap: {} then {}",
            w[0],
            w[1]
        );
    }
    let played: Vec<String> = seen
        .iter()
        .filter(|m| m["event"]["kind"] == "moved")
        .map(|m| {
            format!(
                "{}-{}",
                m["event"]["from"].as_str().unwrap(),
                m["event"]["to"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(played, moves);
    assert!(
        !seen.iter().any(|m| m["event"]["kind"] == "chat"),
        "the spectator saw no partner chat"
    );
    let mut back = watcher_home.client("early").await;
    back.send(ClientMsg::Join {
        game: msg::game(&game),
        seat_token: None,
        since: Some(seen_seq),
    })
    .await;
    // (Partner chat is numbered too, but a spectator's catch-up leaves it out.)
    let first = back.expect(|m| m["type"] == "event").await;
    let mut resumed = vec![first];
    while resumed.last().unwrap()["event"]["kind"] != "over" {
        resumed.push(back.expect(|m| m["type"] == "event").await);
    }
    let tail: Vec<&serde_json::Value> = seen
        .iter()
        .filter(|m| m["seq"].as_u64().unwrap() > seen_seq)
        .collect();
    assert_eq!(
        resumed.iter().collect::<Vec<_>>(),
        tail,
        "the resumed stream is the live one"
    );
    // West (node B), an opponent, never saw it either: the game's end is the barrier.
    players[1]
        .expect(|m| m["type"] == "event" && m["event"]["kind"] == "over")
        .await;
    assert!(
        !players[1].seen.iter().any(|m| m["event"]["kind"] == "chat"),
        "an opponent saw no partner chat"
    );
    // The result is stored (just after the last event went out), read through another node.
    let id = game.parse().unwrap();
    let mut end = None;
    for _ in 0..100 {
        end = b.app.store.game(id).await.unwrap().unwrap().end;
        if end.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(end.expect("a stored result").result, "1-0");
    for n in [a, b, c, watcher_home] {
        n.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_on_different_nodes_sit_at_one_table_and_pair_with_each_other() {
    let Some((nats, db)) = services().await else {
        return;
    };
    let nodes = [
        node("lobby-a", &db, &nats).await,
        node("lobby-b", &db, &nats).await,
        node("lobby-c", &db, &nats).await,
    ];
    // One table, opened on A, seen from every node; four players on A, B, C, B sit at it.
    let homes = [0, 1, 2, 1];
    let mut players = Vec::new();
    for (i, h) in homes.iter().enumerate() {
        players.push(nodes[*h].client(&format!("p{i}")).await);
    }
    players[0]
        .send(ClientMsg::CreateTable(NewTable::of("teams")))
        .await;
    let table = players[0].expect(|m| m["type"] == "table").await["table"]["id"]
        .as_str()
        .unwrap()
        .to_string();
    for n in &nodes {
        let listed = n.app.lobby.tables().await.unwrap();
        assert!(
            listed.iter().any(|t| t.id.to_string() == table),
            "every node lists it"
        );
    }
    for (i, seat) in ["S", "W", "N", "E"].iter().enumerate() {
        players[i].send(msg::sit(&table, msg::seat(seat))).await;
        players[i].expect(|m| m["type"] == "seated").await;
    }
    let mut games = Vec::new();
    for p in players.iter_mut() {
        games.push(
            p.expect(|m| m["type"] == "game_started" && m["table"] == table.as_str())
                .await["game"]
                .clone(),
        );
    }
    assert!(
        games.windows(2).all(|w| w[0] == w[1]),
        "one game: {games:?}"
    );

    // Quick pairing: four players queued on three nodes are paired into one game.
    let mut queued = Vec::new();
    for (i, h) in homes.iter().enumerate() {
        let mut c = nodes[*h].client(&format!("q{i}")).await;
        c.send(ClientMsg::QuickPair {
            rules: "ffa".into(),
            time: None,
            rated: false,
        })
        .await;
        c.expect(|m| m["type"] == "queued").await;
        queued.push(c);
    }
    let mut paired = Vec::new();
    for c in queued.iter_mut() {
        let seated = c.expect(|m| m["type"] == "seated").await;
        let started = c.expect(|m| m["type"] == "game_started").await;
        paired.push((seated["seat"].clone(), started["game"].clone()));
        c.send(msg::join(&started["game"], &seated["seat_token"]))
            .await;
        c.expect(|m| m["type"] == "snapshot").await;
    }
    assert!(
        paired.windows(2).all(|w| w[0].1 == w[1].1),
        "one paired game"
    );
    let mut seats: Vec<String> = paired
        .iter()
        .map(|p| p.0.as_str().unwrap().to_string())
        .collect();
    seats.sort();
    assert_eq!(seats, ["E", "N", "S", "W"]);
    // Every node lists the cluster's live games.
    for n in &nodes {
        let live: serde_json::Value =
            serde_json::from_str(&http_get(n.addr, "/api/games").await).unwrap();
        let ids: Vec<&serde_json::Value> =
            live.as_array().unwrap().iter().map(|g| &g["id"]).collect();
        assert!(
            ids.contains(&&games[0]) && ids.contains(&&paired[0].1),
            "{live}"
        );
    }
    // Each node reports its store, its bus, its games; one of them runs the lobby.
    let mut lobbies = 0;
    for n in &nodes {
        let h: serde_json::Value =
            serde_json::from_str(&http_get(n.addr, "/healthz").await).unwrap();
        assert_eq!(
            (
                h["status"].as_str(),
                h["store"].as_bool(),
                h["bus"].as_bool()
            ),
            (Some("ok"), Some(true), Some(true)),
            "{h}"
        );
        lobbies += usize::from(h["lobby"] == true);
    }
    assert_eq!(lobbies, 1, "one node runs the lobby");
    for n in nodes {
        n.stop().await;
    }
}

async fn http_get(addr: std::net::SocketAddr, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = String::new();
    s.read_to_string(&mut buf).await.unwrap();
    buf.split_once("\r\n\r\n").unwrap().1.to_string()
}

#[tokio::test]
async fn a_cluster_node_refuses_sqlite() {
    let mut config = fourhand_server::Config::for_tests();
    config.nats_url = Some("nats://127.0.0.1:1".into());
    let store = fourhand_server::store::Store::connect(&support::sqlite_url())
        .await
        .unwrap();
    let err = fourhand_server::state(config, store)
        .await
        .err()
        .expect("refused");
    assert!(
        err.to_string().contains("needs a Postgres --database-url"),
        "{err}"
    );
}

/// Spec §5.6: the node that directs an arena goes away mid-arena; the other node takes the
/// lobby over and directs on — the same standings, players still connected to it paired again,
/// every game counted once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_node_directs_an_arena_on_when_its_director_goes() {
    use fourhand_protocol::TournamentId;
    use serde_json::{json, Value};
    use support::arena::{entrants, play_round, scored, standings};
    use support::call;
    let Some((nats, db)) = services().await else {
        return;
    };
    let start = |name: &'static str| {
        let mut c = support::cluster::node_config(name, &db, &nats);
        c.admins = vec!["arbiter".into()];
        let db = db.clone();
        async move {
            let store = fourhand_server::store::Store::connect(&db)
                .await
                .expect("postgres");
            support::TestServer::start(c, store).await
        }
    };
    let nodes = vec![start("arena-a").await, start("arena-b").await];
    // Which one runs the lobby (and so directs arenas)?
    let leader = loop {
        if let Some(i) = nodes.iter().position(|n| n.app.lobby.leads()) {
            break i;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    let mut nodes = nodes;
    let director = nodes.remove(leader);
    let other = nodes.remove(0);
    let (_, arbiter) = support::account(&other, "arbiter").await;
    let arena = json!({"name": "Cluster arena", "rules": "ffa", "time": {"base_ms": 60000, "delay_ms": 0, "increment_ms": 0}, "minutes": 30, "rated": false});
    let (_, made) = call(&other.app, "POST", "/api/tournaments", &arbiter, arena).await;
    let id: TournamentId = serde_json::from_value(made["id"].clone()).unwrap();
    // Eight players, all connected to the node that does not direct.
    let players = entrants(&other, id, "c", 8).await;
    let players = play_round(players, 1).await;
    scored(&other.app.store, id, 2).await;
    let rows_of = |v: &Value| -> Vec<Value> {
        v["standings"]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| json!([r["name"], r["points"], r["sheet"]]))
            .collect()
    };
    let before = standings(&other.app, id).await;
    // The director goes; the other node takes the lobby over within seconds.
    director.stop().await;
    let t0 = std::time::Instant::now();
    while !other.app.lobby.leads() {
        assert!(
            t0.elapsed() < std::time::Duration::from_secs(15),
            "nobody took the lobby over"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let after = standings(&other.app, id).await;
    assert_eq!(rows_of(&after), rows_of(&before), "the same standings");
    // The players, still connected, are paired again by the new director.
    let players = play_round(players, 1).await;
    let games = scored(&other.app.store, id, 4).await;
    assert_eq!(games.len(), 4);
    let later = standings(&other.app, id).await;
    let rows = later["standings"]["rows"].as_array().unwrap();
    support::arena::each_on_four_sheets(rows, &games);
    drop(players);
    other.stop().await;
}
