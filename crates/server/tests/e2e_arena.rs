//! An FFA arena over real sockets (spec §1, §5.1 at a small scale): a moderator makes it over
//! HTTP, eight players enter and are paired again and again by the director's waves; every
//! finished game is scored exactly once; the standings equal a recomputation from the stored
//! games; nobody plays two games at once; each bad request gets its documented error and
//! changes nothing.

mod support;

use axum::http::StatusCode;
use fourhand_protocol::{ClientMsg, TournamentId};
use fourhand_server::store::Store;
use fourhand_server::Config;
use serde_json::{json, Value};
use std::collections::HashMap;
use support::arena::{each_on_four_sheets, entrants, play_games, play_round, scored, standings};
use support::call;
use support::{account, Client, TestServer};

/// The players play `games_each` games each in arena `id`; then every finished game is checked
/// scored exactly once (on its four players' sheets once), the points handed out, the standings
/// equal to a recomputation from the stored games, and nobody in two games at once. Returns the
/// players and the stored games.
async fn play_and_check(
    app: &fourhand_server::state::App,
    id: TournamentId,
    players: Vec<Client>,
    games_each: usize,
    someone: &str,
) -> (Vec<Client>, Vec<fourhand_server::store::TournamentGameRow>) {
    let n = players.len();
    let handles: Vec<_> = players
        .into_iter()
        .map(|c| {
            tokio::spawn(async move {
                // Done: no new pairings (a game paired meanwhile runs out on its clocks).
                let mut c = play_games(c, games_each).await;
                c.send(ClientMsg::ArenaPause { tournament: id }).await;
                c
            })
        })
        .collect();
    let mut players = Vec::new();
    for h in handles {
        players.push(h.await.unwrap());
    }
    // The director scores what ended (within a tick or two).
    let stored = scored(&app.store, id, n * games_each / 4).await;
    // Every game: four players, scored once, each on its players' sheets once.
    let (_, one) = call(
        app,
        "GET",
        &format!("/api/tournaments/{id}"),
        someone,
        Value::Null,
    )
    .await;
    let rows = one["standings"]["rows"].as_array().unwrap().clone();
    assert_eq!(rows.len(), n);
    each_on_four_sheets(&rows, &stored);
    // Games count: none was aborted, and points were handed out.
    let total: f64 = rows.iter().map(|r| r["points"].as_f64().unwrap()).sum();
    assert!(
        total >= 7.0 * stored.len() as f64,
        "every game hands out 4 + 2 + 1 + 0 at least: {total}"
    );
    // The standings add up: each row's points are its sheet's, and equal a recomputation.
    let recomputed = fourhand_server::tournament::standings::standings_of(
        &app.store.entries(id).await.unwrap(),
        &stored,
    );
    let names: HashMap<_, _> = app
        .store
        .entries(id)
        .await
        .unwrap()
        .into_iter()
        .map(|e| (e.player, e.name))
        .collect();
    for r in recomputed.rows() {
        let row = rows.iter().find(|x| x["name"] == names[&r.player]).unwrap();
        assert_eq!(row["points"].as_f64().unwrap(), r.points.value(), "{row}");
        let sheet: f64 = row["sheet"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["points"].as_f64().unwrap())
            .sum();
        assert!((sheet - r.points.value()).abs() < 1e-9);
    }
    // Nobody in two games at once: each player's games one after another.
    let mut by_player: HashMap<String, Vec<(i64, i64)>> = HashMap::new();
    for g in &stored {
        let ended = app
            .store
            .game(g.game)
            .await
            .unwrap()
            .unwrap()
            .end
            .unwrap()
            .ended_ms;
        for p in fourhand_server::tournament::standings::players_of(g) {
            by_player
                .entry(p.name)
                .or_default()
                .push((g.started_ms, ended));
        }
    }
    for (name, mut spans) in by_player {
        spans.sort_unstable();
        for w in spans.windows(2) {
            assert!(
                w[0].1 <= w[1].0,
                "{name} played two games at once: {spans:?}"
            );
        }
    }
    (players, stored)
}

#[tokio::test]
async fn an_ffa_arena_pairs_scores_once_and_its_standings_match_the_stored_games() {
    let mut config = Config::for_tests();
    config.admins = vec!["arbiter".into()];
    let server = TestServer::start(config, Store::memory()).await;
    let app = server.app.clone();
    let (_, arbiter) = account(&server, "arbiter").await;
    let (_, someone) = account(&server, "someone").await;
    let arena = json!({"name": "Test arena", "rules": "ffa", "time": {"base_ms": 60000, "delay_ms": 0, "increment_ms": 0}, "minutes": 10, "rated": false});
    // Only a moderator makes one, and only with sane settings.
    let (s, e) = call(&app, "POST", "/api/tournaments", &someone, arena.clone()).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("not_admin"))
    );
    let mut short = arena.clone();
    short["minutes"] = json!(5);
    let (s, e) = call(&app, "POST", "/api/tournaments", &arbiter, short).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_request")),
        "{e}"
    );
    let (s, made) = call(&app, "POST", "/api/tournaments", &arbiter, arena).await;
    assert_eq!(s, StatusCode::CREATED, "{made}");
    let id: TournamentId = serde_json::from_value(made["id"].clone()).unwrap();

    // Eight players follow it and enter.
    let mut players = Vec::new();
    for i in 0..8 {
        let mut c = server.client(&format!("p{i}")).await;
        c.send(ClientMsg::ArenaFollow { tournament: id }).await;
        let st = c.expect(|m| m["type"] == "standings").await;
        assert_eq!(st["standings"]["tournament"], json!(id));
        c.send(ClientMsg::ArenaJoin { tournament: id }).await;
        let e = c.expect(|m| m["type"] == "arena_entry").await;
        assert_eq!(
            (e["entered"].as_bool(), e["paused"].as_bool()),
            (Some(true), Some(false))
        );
        players.push(c);
    }
    // Bad requests: each its error, nothing changed.
    players[0]
        .send(ClientMsg::ArenaJoin { tournament: id })
        .await;
    assert_eq!(players[0].error().await["code"], "already_entered");
    let mut lurker = server.client("lurker").await;
    lurker.send(ClientMsg::ArenaPause { tournament: id }).await;
    assert_eq!(lurker.error().await["code"], "not_entered");
    lurker
        .send(ClientMsg::ArenaJoin {
            tournament: TournamentId(uuid::Uuid::now_v7()),
        })
        .await;
    assert_eq!(lurker.error().await["code"], "unknown_tournament");
    assert_eq!(app.store.entries(id).await.unwrap().len(), 8);

    // Each plays three games.
    let (players, stored) = play_and_check(&app, id, players, 3, &someone).await;
    // The arena's games download as one PGN4.
    let pgn = support::http_get(&format!("http://{}/api/tournaments/{id}/pgn4", server.addr)).await;
    assert!(pgn.matches("[Variant ").count() >= stored.len(), "{pgn}");
    drop(players);
    server.stop().await;
}

/// The standings' rows without what a restart may change (who plays now).
fn settled(one: &Value) -> Vec<Value> {
    one["standings"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| json!([r["name"], r["points"], r["sheet"], r["performance"]]))
        .collect()
}

#[tokio::test]
async fn a_restarted_server_continues_a_running_arena_where_it_was() {
    let url = support::sqlite_url();
    let mut config = Config::for_tests();
    config.admins = vec!["arbiter".into()];
    config.database_url = Some(url.clone());
    let server = TestServer::start(config.clone(), Store::connect(&url).await.unwrap()).await;
    let (_, arbiter) = account(&server, "arbiter").await;
    let arena = json!({"name": "Restart arena", "rules": "ffa", "time": {"base_ms": 60000, "delay_ms": 0, "increment_ms": 0}, "minutes": 30, "rated": false});
    let (_, made) = call(&server.app, "POST", "/api/tournaments", &arbiter, arena).await;
    let id: TournamentId = serde_json::from_value(made["id"].clone()).unwrap();
    let mut sessions = Vec::new();
    let mut players = Vec::new();
    // Eight: four who played together last are never grouped again alone.
    for i in 0..8 {
        let s = server.session(&format!("r{i}")).await;
        let mut c = Client::connect(server.addr, &s).await;
        c.send(ClientMsg::ArenaJoin { tournament: id }).await;
        c.expect(|m| m["type"] == "arena_entry").await;
        sessions.push(s);
        players.push(c);
    }
    drop(play_round(players, 1).await);
    assert_eq!(scored(&server.app.store, id, 2).await.len(), 2);
    let before = standings(&server.app, id).await;
    server.stop().await;

    // The same store, a new process: the arena runs on with the same standings …
    let server = TestServer::start(config, Store::connect(&url).await.unwrap()).await;
    let after = standings(&server.app, id).await;
    assert_eq!(after["status"], "running");
    assert_eq!(settled(&after), settled(&before));
    // … and the players, back on new connections, are paired again from where they were.
    let mut players = Vec::new();
    for s in &sessions {
        let mut c = Client::connect(server.addr, s).await;
        c.send(ClientMsg::ArenaFollow { tournament: id }).await;
        c.expect(|m| m["type"] == "standings").await;
        players.push(c);
    }
    drop(play_round(players, 1).await);
    assert_eq!(scored(&server.app.store, id, 4).await.len(), 4);
    let later = standings(&server.app, id).await;
    for r in later["standings"]["rows"].as_array().unwrap() {
        assert_eq!(r["sheet"].as_array().unwrap().len(), 2, "{r}");
    }
    server.stop().await;
}

#[tokio::test]
async fn a_schedule_in_the_configuration_makes_its_arena_an_hour_ahead_once() {
    let now = fourhand_server::time::epoch_ms();
    let minute = (now / 60_000 + 30) % 60;
    let mut config = Config::for_tests();
    config.schedules = vec![format!(
        "hourly :{minute:02} ffa+KotH 1+15d 55m Hourly KotH"
    )];
    let server = TestServer::start(config, Store::memory()).await;
    let (_, someone) = account(&server, "someone").await;
    let listed = |app: fourhand_server::state::App| async move {
        loop {
            let (_, l) = call(&app, "GET", "/api/tournaments", "", Value::Null).await;
            let ours: Vec<Value> = l
                .as_array()
                .unwrap()
                .iter()
                .filter(|t| t["name"] == "Hourly KotH")
                .cloned()
                .collect();
            if !ours.is_empty() {
                return ours;
            }
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        }
    };
    let ours = listed(server.app.clone()).await;
    assert_eq!(ours.len(), 1, "{ours:?}");
    let t = &ours[0];
    assert_eq!(
        (
            t["status"].as_str(),
            t["rules"].as_str(),
            t["minutes"].as_u64()
        ),
        (Some("created"), Some("ffa KotH"), Some(55))
    );
    let starts = t["starts_ms"].as_i64().unwrap();
    assert_eq!(starts % 3_600_000 / 60_000, minute);
    assert!(starts > now && starts <= now + 3_600_000);
    // Ticks later, still one.
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    assert_eq!(listed(server.app.clone()).await.len(), 1);
    // A schedule that does not read stops the server at its start.
    let mut bad = Config::for_tests();
    bad.schedules = vec!["weekly ffa".into()];
    let e = fourhand_server::app::state(bad, Store::memory())
        .await
        .err()
        .expect("refused");
    assert!(e.to_string().contains("schedule"), "{e}");
    drop(someone);
    server.stop().await;
}

#[tokio::test]
async fn a_teams_arena_never_gives_anyone_the_same_partner_twice_in_a_row() {
    let mut config = Config::for_tests();
    config.admins = vec!["arbiter".into()];
    let server = TestServer::start(config, Store::memory()).await;
    let app = server.app.clone();
    let (_, arbiter) = account(&server, "arbiter").await;
    let arena = json!({"name": "Teams arena", "rules": "teams", "time": {"base_ms": 60000, "delay_ms": 0, "increment_ms": 0}, "minutes": 30, "rated": false});
    let (_, made) = call(&app, "POST", "/api/tournaments", &arbiter, arena).await;
    let id: TournamentId = serde_json::from_value(made["id"].clone()).unwrap();
    let players = entrants(&server, id, "t", 8).await;
    // Three games each (the bots resign on their fourth turn: one side loses).
    drop(play_round(players, 3).await);
    let games = scored(&app.store, id, 6).await;
    // Partners sit opposite (S+N, W+E); each player's partners game by game.
    let mut partners: HashMap<String, Vec<String>> = HashMap::new();
    for g in &games {
        let table = fourhand_server::tournament::standings::players_of(g);
        assert_eq!(table.len(), 4);
        for p in &table {
            let partner = table.iter().find(|q| q.seat == (p.seat + 2) % 4).unwrap();
            partners
                .entry(p.name.clone())
                .or_default()
                .push(partner.name.clone());
        }
    }
    for (name, list) in &partners {
        for w in list.windows(2) {
            assert_ne!(
                w[0], w[1],
                "{name} had {} as partner twice in a row: {list:?}",
                w[0]
            );
        }
    }
    // Sides' points: a win 2 each, a loss 0; every game counted.
    let one = standings(&app, id).await;
    for r in one["standings"]["rows"].as_array().unwrap() {
        for x in r["sheet"].as_array().unwrap() {
            assert!(
                ["W", "L", "D"].contains(&x["mark"].as_str().unwrap()),
                "{r}"
            );
        }
    }
    server.stop().await;
}

/// A player's points game by game as the spec's streak rule gives them from his marks (Teams:
/// a win 2, a draw 1, a loss 0; the third win in a row and each further one doubled; a void
/// game 0 and the end of the streak), with the doubled ones marked.
fn streak_points(marks: &[&str]) -> Vec<(f64, bool)> {
    let mut wins = 0;
    marks
        .iter()
        .map(|m| match *m {
            "W" => {
                wins += 1;
                if wins >= 3 {
                    (4.0, true)
                } else {
                    (2.0, false)
                }
            }
            "D" => {
                wins = 0;
                (1.0, false)
            }
            _ => {
                wins = 0;
                (0.0, false)
            }
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_streak_doubles_the_third_win_in_a_row_and_not_the_loss_that_ends_it() {
    // Spec §5.2 over sockets, in Teams (win, win, win, loss → 2, 2, 4, 0): the bots resign at
    // their fourth turn, so Blue and Green win every game and each player's results follow the
    // seats the waves draw; rounds are played until someone has won three in a row and then
    // lost, and every sheet is checked against the rule after each round.
    let mut config = Config::for_tests();
    config.admins = vec!["arbiter".into()];
    let server = TestServer::start(config, Store::memory()).await;
    let app = server.app.clone();
    let (_, arbiter) = account(&server, "arbiter").await;
    let arena = json!({"name": "Streaks", "rules": "teams", "time": {"base_ms": 60000, "delay_ms": 0, "increment_ms": 0}, "minutes": 60, "rated": false});
    let (_, made) = call(&app, "POST", "/api/tournaments", &arbiter, arena).await;
    let id: TournamentId = serde_json::from_value(made["id"].clone()).unwrap();
    let mut players = entrants(&server, id, "k", 8).await;
    let mut seen = false;
    for round in 1..=24 {
        players = play_round(players, 1).await;
        scored(&app.store, id, 2 * round).await;
        let one = standings(&app, id).await;
        for r in one["standings"]["rows"].as_array().unwrap() {
            let sheet = r["sheet"].as_array().unwrap();
            let marks: Vec<&str> = sheet.iter().map(|x| x["mark"].as_str().unwrap()).collect();
            let got: Vec<(f64, bool)> = sheet
                .iter()
                .map(|x| {
                    (
                        x["points"].as_f64().unwrap(),
                        x["doubled"].as_bool().unwrap_or(false),
                    )
                })
                .collect();
            assert_eq!(got, streak_points(&marks), "{}: {marks:?}", r["name"]);
            let total: f64 = got.iter().map(|g| g.0).sum();
            assert_eq!(r["points"].as_f64().unwrap(), total, "{r}");
            seen |= marks.windows(4).any(|w| w == ["W", "W", "W", "L"]);
        }
        if seen {
            break;
        }
    }
    assert!(seen, "in 24 rounds nobody won three in a row and then lost");
    drop(players);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forty_players_in_an_ffa_arena_are_scored_once_and_never_in_two_games() {
    // Spec §5.1 at its size: forty socket players, two games each, a fast clock.
    let mut config = Config::for_tests();
    config.admins = vec!["arbiter".into()];
    let server = TestServer::start(config, Store::memory()).await;
    let app = server.app.clone();
    let (_, arbiter) = account(&server, "arbiter").await;
    let arena = json!({"name": "Forty", "rules": "ffa", "time": {"base_ms": 30000, "delay_ms": 0, "increment_ms": 0}, "minutes": 10, "rated": false});
    let (_, made) = call(&app, "POST", "/api/tournaments", &arbiter, arena).await;
    let id: TournamentId = serde_json::from_value(made["id"].clone()).unwrap();
    let players = entrants(&server, id, "f", 40).await;
    let (players, stored) = play_and_check(&app, id, players, 2, &arbiter).await;
    assert!(stored.len() >= 20);
    drop(players);
    server.stop().await;
}

#[tokio::test]
async fn entry_conditions_are_checked_and_refused_with_their_reason() {
    let mut config = Config::for_tests();
    config.admins = vec!["arbiter".into()];
    let server = TestServer::start(config, Store::memory()).await;
    let app = server.app.clone();
    let (_, arbiter) = account(&server, "arbiter").await;
    let base = json!({"name": "Club night", "rules": "teams", "time": {"base_ms": 180000, "delay_ms": 0, "increment_ms": 2000}, "minutes": 60, "rated": false});
    // A floor above the ceiling is no arena.
    let mut wrong = base.clone();
    wrong["min_rating"] = json!(1600);
    wrong["max_rating"] = json!(1400);
    let (s, e) = call(&app, "POST", "/api/tournaments", &arbiter, wrong).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_request")),
        "{e}"
    );
    // Veterans only: ten rated games in the pool; and a ceiling of 1400.
    let mut veterans = base.clone();
    veterans["min_games"] = json!(10);
    let (_, v) = call(&app, "POST", "/api/tournaments", &arbiter, veterans).await;
    assert_eq!(
        v["accounts_only"], true,
        "a condition on the record is for accounts"
    );
    let v: TournamentId = serde_json::from_value(v["id"].clone()).unwrap();
    let mut low = base.clone();
    low["max_rating"] = json!(1400);
    let (_, l) = call(&app, "POST", "/api/tournaments", &arbiter, low).await;
    let l: TournamentId = serde_json::from_value(l["id"].clone()).unwrap();
    let mut guest = server.client("guest").await;
    guest.send(ClientMsg::ArenaJoin { tournament: v }).await;
    assert_eq!(guest.error().await["code"], "entry_conditions");
    let (_, newcomer) = account(&server, "newcomer").await;
    let mut c = Client::connect(server.addr, &newcomer).await;
    c.send(ClientMsg::ArenaJoin { tournament: v }).await;
    let e = c.error().await;
    assert_eq!(e["code"], "entry_conditions");
    assert!(
        e["message"].as_str().unwrap().contains("10 rated games"),
        "{e}"
    );
    // A new account is rated 1500: above the ceiling.
    c.send(ClientMsg::ArenaJoin { tournament: l }).await;
    let e = c.error().await;
    assert!(
        e["message"].as_str().unwrap().contains("1400 or less"),
        "{e}"
    );
    assert!(app.store.entries(v).await.unwrap().is_empty());
    assert!(app.store.entries(l).await.unwrap().is_empty());
    server.stop().await;
}

#[tokio::test]
async fn a_moderator_removes_a_player_who_may_not_enter_again() {
    let mut config = Config::for_tests();
    config.admins = vec!["arbiter".into()];
    let server = TestServer::start(config, Store::memory()).await;
    let app = server.app.clone();
    let (_, arbiter) = account(&server, "arbiter").await;
    let (_, someone) = account(&server, "someone").await;
    let arena = json!({"name": "Clean arena", "rules": "ffa", "time": {"base_ms": 60000, "delay_ms": 0, "increment_ms": 0}, "minutes": 30, "rated": false});
    let (_, made) = call(&app, "POST", "/api/tournaments", &arbiter, arena).await;
    let id: TournamentId = serde_json::from_value(made["id"].clone()).unwrap();
    let mut players = entrants(&server, id, "rude", 1).await;
    let uri = format!("/api/admin/tournaments/{id}/remove");
    let (s, e) = call(
        &app,
        "POST",
        &uri,
        &someone,
        json!({"name": "rude0", "reason": "abuse"}),
    )
    .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("not_admin"))
    );
    let (s, e) = call(
        &app,
        "POST",
        &uri,
        &arbiter,
        json!({"name": "nobody", "reason": "abuse"}),
    )
    .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("unknown_player"))
    );
    let (s, row) = call(
        &app,
        "POST",
        &uri,
        &arbiter,
        json!({"name": "RUDE0", "reason": "abuse in chat"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{row}");
    assert_eq!(row["action"], "remove_from_tournament");
    let e = app.store.entries(id).await.unwrap();
    assert!(e[0].withdrawn && e[0].removed);
    players[0]
        .send(ClientMsg::ArenaJoin { tournament: id })
        .await;
    let refused = players[0].error().await;
    assert_eq!(refused["code"], "banned", "{refused}");
    assert!(
        app.store.entries(id).await.unwrap()[0].removed,
        "nothing changed"
    );
    server.stop().await;
}

#[tokio::test]
async fn a_moderator_edits_an_arena_before_it_starts_and_not_after() {
    let mut config = Config::for_tests();
    config.admins = vec!["arbiter".into()];
    let server = TestServer::start(config, Store::memory()).await;
    let app = server.app.clone();
    let (_, arbiter) = account(&server, "arbiter").await;
    let later = fourhand_server::time::epoch_ms() + 3_600_000;
    let arena = json!({"name": "Tomorrow", "rules": "ffa", "time": {"base_ms": 60000, "delay_ms": 15000, "increment_ms": 0}, "minutes": 30, "rated": false, "starts_ms": later});
    let (_, made) = call(&app, "POST", "/api/tournaments", &arbiter, arena).await;
    let id: TournamentId = serde_json::from_value(made["id"].clone()).unwrap();
    let edit = json!({"name": "Tomorrow, longer", "rules": "teams", "time": {"base_ms": 180000, "delay_ms": 0, "increment_ms": 2000}, "minutes": 90, "rated": false, "starts_ms": later});
    let uri = format!("/api/tournaments/{id}");
    let (s, e) = call(&app, "PATCH", &uri, &arbiter, edit.clone()).await;
    assert_eq!(s, StatusCode::OK, "{e}");
    assert_eq!(
        (
            e["name"].as_str(),
            e["rules"].as_str(),
            e["minutes"].as_u64()
        ),
        (Some("Tomorrow, longer"), Some("teams"), Some(90))
    );
    assert_eq!(e["ends_ms"].as_i64(), Some(later + 90 * 60_000));
    // Started (now): no more edits.
    let mut now = edit.clone();
    now["starts_ms"] = json!(fourhand_server::time::epoch_ms());
    call(&app, "PATCH", &uri, &arbiter, now).await;
    loop {
        let (_, t) = call(&app, "GET", &uri, "", Value::Null).await;
        if t["status"] == "running" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    let (s, e) = call(&app, "PATCH", &uri, &arbiter, edit).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_request")),
        "{e}"
    );
    server.stop().await;
}
