//! The lobby over real sockets: tables pushed to subscribers, bots in seats, quick pairing that
//! forms tables of four and fills with bots after the wait, Dead King Walking played by the
//! server, and the close code at shutdown.

mod support;

use fourhand_protocol::{ClientMsg, NewTable, SeatName};
use fourhand_server::store::Store;
use fourhand_server::Config;
use serde_json::json;
use support::msg;
use support::{four_players, play, TestServer};

#[tokio::test]
async fn tables_are_pushed_and_bots_fill_seats() {
    let server = TestServer::memory().await;
    let mut watcher = server.client("watcher").await;
    watcher.send(ClientMsg::LobbySubscribe).await;
    assert_eq!(
        watcher.expect(|m| m["type"] == "tables").await["tables"],
        json!([])
    );
    let mut host = server.client("host").await;
    host.send(ClientMsg::CreateTable(NewTable {
        time: Some(msg::increment(300000, 5000)),
        ..NewTable::of("verney1881")
    }))
    .await;
    let t = host.expect(|m| m["type"] == "table").await["table"].clone();
    assert_eq!(t["setup"], "4PCo");
    let pushed = watcher.expect(|m| m["type"] == "table").await;
    assert_eq!(pushed["table"]["id"], t["id"]);
    host.send(msg::sit(&t["id"], SeatName::S)).await;
    let token = host.expect(|m| m["type"] == "seated").await["seat_token"].clone();
    host.send(msg::sit(&t["id"], SeatName::S)).await;
    assert_eq!(host.error().await["code"], "seat_taken");
    for seat in ["W", "N", "E"] {
        host.send(ClientMsg::AddBot {
            table: msg::table(&t["id"]),
            seat: msg::seat(seat),
            level: Some("random".into()),
        })
        .await;
    }
    let game = host.expect(|m| m["type"] == "game_started").await["game"].clone();
    watcher.expect(|m| m["type"] == "table_closed").await;
    host.send(msg::join(&game, &token)).await;
    let snap = host.expect(|m| m["type"] == "snapshot").await;
    assert_eq!(snap["state"]["rules"], "verney1881");
    assert_eq!(snap["state"]["seats"][1]["bot"], true);
    assert_eq!(
        snap["state"]["seats"][1]["level"], "random",
        "a bot's level as data"
    );
    assert!(
        snap["state"]["seats"][0].get("level").is_none(),
        "no level for a person"
    );
    // South moves; the three bots answer.
    host.expect(|m| m["type"] == "legal").await;
    host.send(msg::play(&game, SeatName::S, "h2", "h3")).await;
    host.expect(|m| m["event"]["kind"] == "moved" && m["event"]["seat"] == "E")
        .await;
    let legal = host.expect(|m| m["type"] == "legal").await;
    assert_eq!(legal["seat"], "S");
    let moved = host
        .seen
        .iter()
        .filter(|m| m["event"]["kind"] == "moved")
        .count();
    assert_eq!(moved, 4, "one move each around the table");
    server.stop().await;
}

#[tokio::test]
async fn quick_pairing_forms_tables_of_people_and_offers_bots_only_to_the_one_left() {
    let mut config = Config::for_tests();
    config.pair_wait_secs = 1;
    let server = TestServer::start(config, Store::memory()).await;
    let mut players = Vec::new();
    for n in ["a", "b", "c", "d", "e"] {
        let mut c = server.client(n).await;
        c.send(ClientMsg::QuickPair {
            rules: "ffa".into(),
            time: None,
            rated: false,
        })
        .await;
        c.expect(|m| m["type"] == "queued").await;
        players.push(c);
    }
    // Four form a table at once, of people only.
    let mut games = std::collections::HashSet::new();
    for p in players.iter_mut().take(4) {
        p.expect(|m| m["type"] == "seated").await;
        let g = p.expect(|m| m["type"] == "game_started").await["game"].clone();
        games.insert(g.as_str().unwrap().to_string());
    }
    assert_eq!(games.len(), 1);
    let game = games.into_iter().next().unwrap();
    let stored = server
        .app
        .store
        .game(game.parse().unwrap())
        .await
        .unwrap()
        .expect("stored");
    assert!(stored.game.seats.iter().all(|s| s.bot.is_none()));
    // The fifth waits on: told he is alone, then offered bots — never seated by the server.
    let fifth = &mut players[4];
    fifth
        .expect(|m| m["type"] == "queued" && m["waiting"] == 1 && m["bots_offered"] == true)
        .await;
    assert!(fifth.seen.iter().all(|m| m["type"] != "seated"));
    // He takes the offer: a game with bots in the three other seats, unrated.
    fifth.send(ClientMsg::FillWithBots).await;
    fifth.expect(|m| m["type"] == "seated").await;
    let g = fifth.expect(|m| m["type"] == "game_started").await["game"]
        .as_str()
        .unwrap()
        .to_string();
    let stored = server
        .app
        .store
        .game(g.parse().unwrap())
        .await
        .unwrap()
        .expect("stored");
    assert!(!stored.game.rated);
    assert_eq!(
        stored.game.seats.iter().filter(|s| s.bot.is_some()).count(),
        3
    );
    server.stop().await;
}

#[tokio::test]
async fn dead_king_walking_moves_are_played_by_the_server() {
    let server = TestServer::memory().await;
    let (game, mut c, _) = four_players(&server, "ffa", None, None).await;
    let line = [
        "j1-i3", "a10-c9", "j14-i12", "n10-l9", "e1-f3", "a5-c6", "e14-f12", "n5-l6", "i3-j5",
        "c9-e10", "i12-j10", "l9-j8", "f3-g5",
    ];
    for (k, mv) in line.iter().enumerate() {
        play(&mut c, &game, k % 4, mv).await;
    }
    c[1].send(msg::resign(&game, SeatName::W)).await;
    let z = c[0]
        .expect(|m| {
            m["type"] == "event" && m["event"]["kind"] == "moved" && m["event"]["zombie"] == true
        })
        .await;
    assert_eq!(z["event"]["seat"], "W");
    assert!(z["event"]["text"].as_str().unwrap().starts_with('K'));
    server.stop().await;
}

#[tokio::test]
async fn shutdown_closes_connections_with_1012() {
    let server = TestServer::memory().await;
    let mut c = server.client("x").await;
    let addr = server.addr;
    server.stop().await;
    let closed = c.expect(|m| m["type"] == "_closed").await;
    assert_eq!(closed["code"], 1012);
    assert!(
        tokio::net::TcpStream::connect(addr).await.is_err(),
        "no longer accepting"
    );
}

#[tokio::test]
async fn a_player_who_leaves_before_the_start_is_stood_up() {
    let server = TestServer::memory().await;
    let mut watcher = server.client("watcher").await;
    watcher.send(ClientMsg::LobbySubscribe).await;
    watcher.expect(|m| m["type"] == "tables").await;
    let mut host = server.client("host").await;
    let mut guest = server.client("guest").await;
    host.send(ClientMsg::CreateTable(NewTable::of("teams")))
        .await;
    let t = host.expect(|m| m["type"] == "table").await["table"]["id"].clone();
    host.send(msg::sit(&t, SeatName::S)).await;
    host.expect(|m| m["type"] == "seated").await;
    host.send(ClientMsg::AddBot {
        table: msg::table(&t),
        seat: SeatName::W,
        level: None,
    })
    .await;
    let with_bot = host
        .expect(|m| m["type"] == "table" && m["table"]["seats"][1]["bot"] == true)
        .await;
    assert_eq!(with_bot["table"]["seats"][1]["level"], "greedy");
    guest.send(msg::sit(&t, SeatName::N)).await;
    guest.expect(|m| m["type"] == "seated").await;
    // The guest's socket closes: his seat is free again, the host is told.
    drop(guest);
    let m = host
        .expect(|m| m["type"] == "table" && m["table"]["seats"][2]["name"].is_null())
        .await;
    assert_eq!(m["table"]["seats"][0]["name"], "host");
    // The host leaves too: only a bot is left, and the table closes.
    drop(host);
    let closed = watcher
        .expect(|m| m["type"] == "table_closed" && m["id"] == t)
        .await;
    assert_eq!(closed["id"], t);
    let tables = server.app.lobby.tables().await.unwrap();
    assert!(tables.is_empty(), "{tables:?}");
    server.stop().await;
}

#[tokio::test]
async fn a_connection_follows_a_bounded_number_of_games() {
    let mut config = Config::for_tests();
    config.rate_limit = 10_000;
    let server = TestServer::start(config, Store::memory()).await;
    let mut host = server.client("host").await;
    let mut games = Vec::new();
    for _ in 0..33 {
        host.send(ClientMsg::CreateTable(NewTable::of("teams")))
            .await;
        let t = host.expect(|m| m["type"] == "table").await["table"]["id"].clone();
        host.send(msg::sit(&t, SeatName::S)).await;
        host.expect(|m| m["type"] == "seated").await;
        for seat in ["W", "N", "E"] {
            host.send(ClientMsg::AddBot {
                table: msg::table(&t),
                seat: msg::seat(seat),
                level: None,
            })
            .await;
        }
        let g = host
            .expect(|m| m["type"] == "game_started" && m["table"] == t)
            .await["game"]
            .clone();
        games.push(g);
    }
    let mut watcher = server.client("watcher").await;
    for g in &games[..32] {
        watcher.send(msg::spectate(g)).await;
        watcher.expect(|m| m["type"] == "snapshot").await;
    }
    watcher.send(msg::spectate(&games[32])).await;
    let e = watcher.error().await;
    assert_eq!(e["code"], "bad_request", "{e}");
    // Leaving one makes room.
    watcher
        .send(ClientMsg::LeaveGame {
            game: msg::game(&games[0]),
        })
        .await;
    watcher.send(msg::spectate(&games[32])).await;
    watcher.expect(|m| m["type"] == "snapshot").await;
    server.stop().await;
}

#[tokio::test]
async fn quick_pairing_under_options_pairs_only_the_same_rules() {
    let mut config = Config::for_tests();
    config.pair_wait_secs = 1;
    let server = TestServer::start(config, Store::memory()).await;
    // Four ask for King of the Hill (written two ways), one for plain Teams: the four form a
    // table; the one who asked for Teams waits on alone until he is offered bots.
    let mut players = Vec::new();
    for (n, rules) in [
        ("k1", "teams KotH"),
        ("k2", "teams  KotH"),
        ("k3", "teams KotH"),
        ("t1", "teams"),
        ("k4", "teams KotH"),
    ] {
        let mut c = server.client(n).await;
        c.send(ClientMsg::QuickPair {
            rules: msg::text(rules),
            time: None,
            rated: false,
        })
        .await;
        let q = c.expect(|m| m["type"] == "queued").await;
        assert_eq!(
            q["rules"],
            rules.split_whitespace().collect::<Vec<_>>().join(" "),
            "{q}"
        );
        players.push(c);
    }
    let mut games = std::collections::HashSet::new();
    for (i, p) in players.iter_mut().enumerate() {
        if i == 3 {
            continue;
        }
        let g = p.expect(|m| m["type"] == "game_started").await["game"].clone();
        games.insert(g.to_string());
    }
    assert_eq!(games.len(), 1, "one table of King of the Hill");
    let t1 = &mut players[3];
    t1.expect(|m| m["type"] == "queued" && m["bots_offered"] == true)
        .await;
    assert!(t1.seen.iter().all(|m| m["type"] != "game_started"));
    // Rated pairing under options queues too: the game counts in its family's pool.
    let (_, session) = support::account(&server, "member").await;
    let mut m = support::Client::connect(server.addr, &session).await;
    m.send(ClientMsg::QuickPair {
        rules: "teams KotH".into(),
        time: None,
        rated: true,
    })
    .await;
    let q = m.expect(|m| m["type"] == "queued").await;
    assert_eq!(q["rules"], "teams KotH", "{q}");
    server.stop().await;
}

#[tokio::test]
async fn quick_pairing_for_a_random_chess960_draws_the_number_when_the_table_forms() {
    let mut config = Config::for_tests();
    config.pair_wait_secs = 1;
    let server = TestServer::start(config, Store::memory()).await;
    // Four ask for FFA Chess960 with a drawn arrangement: they queue together under that name,
    // and their table plays one drawn number.
    let mut players = Vec::new();
    for n in ["r1", "r2", "r3", "r4"] {
        let mut c = server.client(n).await;
        c.send(ClientMsg::QuickPair {
            rules: "ffa  Chess960=random".into(),
            time: None,
            rated: false,
        })
        .await;
        let q = c.expect(|m| m["type"] == "queued").await;
        assert_eq!(q["rules"], "ffa Chess960=random", "{q}");
        players.push(c);
    }
    let mut seen = Vec::new();
    for p in players.iter_mut() {
        let token = p.expect(|m| m["type"] == "seated").await["seat_token"].clone();
        let game = p.expect(|m| m["type"] == "game_started").await["game"].clone();
        p.send(msg::join(&game, &token)).await;
        let snap = p.expect(|m| m["type"] == "snapshot").await;
        let rules = snap["state"]["rules"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        seen.push((game.to_string(), rules, snap));
    }
    assert!(seen.iter().all(|s| s.0 == seen[0].0), "one table");
    let (_, rules, snap) = &seen[0];
    let n: u16 = rules
        .strip_prefix("ffa Chess960=")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{snap}"));
    assert!((1..=960).contains(&n));
    // The start is that number's arrangement (bots may have moved since).
    let r = fourhand_rules::RuleSet::from_name(rules).unwrap().shared();
    let start = fourhand_rules::Position::start(r, r.default_setup);
    assert_eq!(
        snap["state"]["start_fen4"].as_str().unwrap(),
        fourhand_rules::notation::fen4::write(&start),
        "{snap}"
    );
    server.stop().await;
}

#[tokio::test]
async fn quick_pairing_for_three_player_conquest_seats_three() {
    let server = TestServer::start(Config::for_tests(), Store::memory()).await;
    // Three ask: their table forms at once, South, West and North; East holds no army.
    let mut players = Vec::new();
    for n in ["q1", "q2", "q3"] {
        let mut c = server.client(n).await;
        c.send(ClientMsg::QuickPair {
            rules: "conquest Players=3".into(),
            time: None,
            rated: false,
        })
        .await;
        c.expect(|m| m["type"] == "queued").await;
        players.push(c);
    }
    let mut seats = Vec::new();
    for p in players.iter_mut() {
        seats.push(p.expect(|m| m["type"] == "seated").await["seat"].clone());
        p.expect(|m| m["type"] == "game_started").await;
    }
    seats.sort_by_key(|s| s.to_string());
    assert_eq!(seats, vec![json!("N"), json!("S"), json!("W")]);
    server.stop().await;
}

#[tokio::test]
async fn a_table_whose_creator_leaves_without_sitting_closes() {
    let server = TestServer::memory().await;
    let mut watcher = server.client("watcher").await;
    watcher.send(ClientMsg::LobbySubscribe).await;
    watcher.expect(|m| m["type"] == "tables").await;
    // One creator sits at his table, the other does not; both leave the site.
    let mut empty = server.client("opener").await;
    empty
        .send(ClientMsg::CreateTable(NewTable::of("ffa")))
        .await;
    let left = empty.expect(|m| m["type"] == "table").await["table"]["id"].clone();
    let mut seated = server.client("sitter").await;
    seated
        .send(ClientMsg::CreateTable(NewTable {
            sit: vec![SeatName::S],
            ..NewTable::of("teams")
        }))
        .await;
    let kept = seated.expect(|m| m["type"] == "table").await["table"]["id"].clone();
    seated.expect(|m| m["type"] == "seated").await;
    drop(empty);
    watcher
        .expect(|m| m["type"] == "table_closed" && m["id"] == left)
        .await;
    // The other table is still listed: a new subscriber sees it, and not the closed one.
    let mut late = server.client("late").await;
    late.send(ClientMsg::LobbySubscribe).await;
    let tables = late.expect(|m| m["type"] == "tables").await["tables"].clone();
    let ids: Vec<_> = tables
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].clone())
        .collect();
    assert_eq!(ids, vec![kept]);
    server.stop().await;
}
