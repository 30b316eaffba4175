//! A Swiss for Teams pairs over real sockets (spec §2, §5.5): pairs register by invitation
//! (each bad invitation its documented error, nothing changed); seven pairs play four rounds —
//! no two teams meet twice, one bye a round and no team twice, each game on its board, the
//! table's points and tiebreaks those the pure rules compute from the stored rounds; a team
//! absent when its game is to start loses it by forfeit.

mod support;

use fourhand_protocol::{ClientMsg, SeatName, TournamentId};
use fourhand_server::store::Store;
use fourhand_server::Config;
use serde_json::{json, Value};
use std::collections::HashSet;
use support::{account, call, msg, Client, TestServer};

/// A Swiss made over HTTP by a moderator, with the shortest break.
async fn make_swiss(
    app: &fourhand_server::state::App,
    arbiter: &str,
    starts_ms: i64,
) -> TournamentId {
    let swiss = json!({"kind": "swiss", "name": "Pairs", "rules": "teams", "time": {"base_ms": 60000, "delay_ms": 0, "increment_ms": 0}, "rated": false, "break_secs": 10, "starts_ms": starts_ms});
    let (s, made) = call(app, "POST", "/api/tournaments", arbiter, swiss).await;
    assert_eq!(s, axum::http::StatusCode::CREATED, "{made}");
    assert_eq!(made["kind"], "swiss");
    serde_json::from_value(made["id"].clone()).unwrap()
}

/// A player with an account, connected.
async fn player(server: &TestServer, name: &str) -> Client {
    let (_, session) = account(server, name).await;
    Client::connect(server.addr, &session).await
}

/// `a` invites `b`, `b` accepts: a team.
async fn pair(a: &mut Client, b: &mut Client, id: TournamentId, b_name: &str, a_name: &str) {
    a.send(ClientMsg::SwissInvite {
        tournament: id,
        partner: b_name.into(),
    })
    .await;
    let e = a.expect(|m| m["type"] == "swiss_entry").await;
    assert_eq!(
        (e["partner"].as_str(), e["team"].as_bool()),
        (Some(b_name), Some(false))
    );
    b.send(ClientMsg::SwissAccept {
        tournament: id,
        partner: a_name.into(),
    })
    .await;
    let e = b.expect(|m| m["type"] == "swiss_entry").await;
    assert_eq!(
        (e["partner"].as_str(), e["team"].as_bool()),
        (Some(a_name), Some(true))
    );
}

/// Plays every game this player is seated in until the Swiss is finished: Blue and Green
/// resign at their second turn (the first side wins every game), the others play a legal move.
async fn play_until_finished(c: Client, id: TournamentId) -> Client {
    play_until(c, id, |sw| sw["status"] == "finished").await
}

/// [`play_until_finished`], until the Swiss's view satisfies `done`. Each game's own moves are
/// counted from the server's `moved` events, and one answer is sent a turn (`legal` may come
/// twice for one turn): a resignation sent before one's first move is applied would abort the
/// game and forfeit it.
async fn play_until(mut c: Client, id: TournamentId, done: fn(&Value) -> bool) -> Client {
    struct Mine {
        game: String,
        seat: String,
        moved: u32,
        sent: bool,
    }
    let mut tokens: Vec<(String, String, String)> = Vec::new(); // table, seat, token
    let mut mine: Vec<Mine> = Vec::new();
    c.send(ClientMsg::ArenaFollow { tournament: id }).await;
    loop {
        // A round's break is 10 s with nothing said meanwhile.
        let m = c.next_within(40).await.expect("open");
        let game = m["game"].as_str().unwrap_or("");
        match m["type"].as_str().unwrap_or("") {
            "swiss" if done(&m["swiss"]) => return c,
            "seated" => tokens.push((
                m["table"].as_str().unwrap().into(),
                m["seat"].as_str().unwrap().into(),
                m["seat_token"].as_str().unwrap().into(),
            )),
            "game_started" => {
                let table = m["table"].as_str().unwrap();
                if let Some(i) = tokens.iter().position(|t| t.0 == table) {
                    let (_, seat, token) = tokens.remove(i);
                    c.send(msg::join(game, token.as_str())).await;
                    mine.push(Mine {
                        game: game.to_string(),
                        seat,
                        moved: 0,
                        sent: false,
                    });
                }
            }
            "event" if m["event"]["kind"] == "moved" => {
                if let Some(me) = mine
                    .iter_mut()
                    .find(|x| x.game == game && m["event"]["seat"] == x.seat.as_str())
                {
                    me.moved += 1;
                    me.sent = false;
                }
            }
            "legal" => {
                let Some(me) = mine
                    .iter_mut()
                    .find(|x| x.game == game && m["seat"] == x.seat.as_str())
                else {
                    continue;
                };
                if me.sent {
                    continue;
                }
                me.sent = true;
                let s: SeatName = serde_json::from_value(json!(me.seat)).unwrap();
                if (me.seat == "W" || me.seat == "E") && me.moved > 0 {
                    c.send(msg::resign(game, s)).await;
                } else {
                    let mv = m["moves"][0].as_str().unwrap().to_string();
                    let (from, to) = mv.split_once('-').unwrap();
                    c.send(msg::play(
                        game,
                        s,
                        from,
                        &to[..to.find('=').unwrap_or(to.len())],
                    ))
                    .await;
                }
            }
            _ => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seven_pairs_play_four_rounds_without_a_rematch_and_one_bye_a_round() {
    let mut config = Config::for_tests();
    config.admins = vec!["arbiter".into()];
    let server = TestServer::start(config, Store::memory()).await;
    let app = server.app.clone();
    let (_, arbiter) = account(&server, "arbiter").await;
    let starts = fourhand_server::time::epoch_ms() + 60_000;
    let id = make_swiss(&app, &arbiter, starts).await;
    let names: Vec<String> = (0..14).map(|i| format!("sw{i}")).collect();
    let mut players = Vec::new();
    for n in &names {
        players.push(player(&server, n).await);
    }
    for k in 0..7 {
        let (a, b) = players.split_at_mut(2 * k + 1);
        pair(
            &mut a[2 * k],
            &mut b[0],
            id,
            &names[2 * k + 1],
            &names[2 * k],
        )
        .await;
    }
    // Bad invitations: each its error, nothing changed.
    let mut loner = player(&server, "loner").await;
    let mut guest = server.client("a_guest").await;
    let invite = |partner: &str| ClientMsg::SwissInvite {
        tournament: id,
        partner: partner.into(),
    };
    let accept = |partner: &str| ClientMsg::SwissAccept {
        tournament: id,
        partner: partner.into(),
    };
    for (who, ask, code, why) in [
        (0, invite("sw0"), "invite_self", "himself"),
        (0, invite("sw3"), "already_paired", "he is in a pair"),
        (1, invite("sw3"), "already_paired", "sw3 is in a pair"),
        (
            1,
            accept("sw2"),
            "already_paired",
            "sw2 invited someone else",
        ),
        (
            1,
            invite("nobody_here"),
            "unknown_player",
            "no such account",
        ),
        (2, invite("loner"), "entry_conditions", "accounts only"),
    ] {
        let who = match who {
            0 => &mut players[0],
            1 => &mut loner,
            _ => &mut guest,
        };
        who.send(ask).await;
        assert_eq!(who.error().await["code"], code, "{why}");
    }
    players[1]
        .send(ClientMsg::ArenaJoin { tournament: id })
        .await;
    assert_eq!(
        players[1].error().await["code"],
        "unknown_tournament",
        "no arena of that id"
    );
    let (_, one) = call(
        &app,
        "GET",
        &format!("/api/tournaments/{id}"),
        "",
        Value::Null,
    )
    .await;
    assert_eq!(one["swiss"]["teams"].as_array().unwrap().len(), 7, "{one}");
    assert_eq!(one["swiss"]["rounds"], 4, "⌈log₂ 7⌉ + 1");
    assert!(
        one["swiss"]["invitations"].as_array().unwrap().is_empty(),
        "{one}"
    );

    // It starts now (a moderator's edit), and is played to its end.
    let mut edit = json!({"name": "Pairs", "rules": "teams", "time": {"base_ms": 60000, "delay_ms": 0, "increment_ms": 0}, "rated": false, "break_secs": 10});
    edit["starts_ms"] = json!(fourhand_server::time::epoch_ms());
    let (s, _) = call(
        &app,
        "PATCH",
        &format!("/api/tournaments/{id}"),
        &arbiter,
        edit,
    )
    .await;
    assert_eq!(s, axum::http::StatusCode::OK);
    let handles: Vec<_> = players
        .into_iter()
        .map(|c| tokio::spawn(play_until_finished(c, id)))
        .collect();
    let mut players = Vec::new();
    for h in handles {
        players.push(h.await.unwrap());
    }
    // Too late to register.
    loner
        .send(ClientMsg::SwissInvite {
            tournament: id,
            partner: "sw0".into(),
        })
        .await;
    assert_eq!(loner.error().await["code"], "tournament_over");

    let (_, one) = call(
        &app,
        "GET",
        &format!("/api/tournaments/{id}"),
        "",
        Value::Null,
    )
    .await;
    let swiss = &one["swiss"];
    let rounds = swiss["played"].as_array().unwrap();
    assert_eq!(rounds.len(), 4, "{swiss}");
    let mut met: HashSet<(String, String)> = HashSet::new();
    let mut byes: HashSet<String> = HashSet::new();
    for r in rounds {
        let boards = r["boards"].as_array().unwrap();
        assert_eq!(boards.len(), 4, "three games and a bye: {r}");
        let mut seen = HashSet::new();
        for b in boards {
            let first = b["first"].to_string();
            assert!(
                seen.insert(first.clone()),
                "a team on one board a round: {r}"
            );
            match b["second"].as_array() {
                None => {
                    assert!(byes.insert(first.clone()), "a second bye for {first}");
                    assert_eq!(b["result"], "first_wins", "a bye is a win");
                }
                Some(_) => {
                    let second = b["second"].to_string();
                    assert!(seen.insert(second.clone()));
                    let pair = if first < second {
                        (first, second)
                    } else {
                        (second, first)
                    };
                    assert!(met.insert(pair.clone()), "a rematch: {pair:?}");
                    assert_eq!(b["result"], "first_wins", "Blue and Green resign: {b}");
                    if b["forfeit"] == true {
                        let g: fourhand_protocol::GameId =
                            serde_json::from_value(b["game"].clone()).unwrap();
                        let stored = app.store.game(g).await.unwrap().unwrap();
                        panic!("{b}: {:?} {:?}", stored.actions, stored.end);
                    }
                    assert!(b["game"].is_string() && b["forfeit"] == false, "{b}");
                }
            }
        }
    }
    assert_eq!(byes.len(), 4, "one bye a round, four teams");
    // The table: each team's points are its wins; the tiebreaks those of the stored rounds.
    let teams = swiss["teams"].as_array().unwrap();
    let total: f64 = teams.iter().map(|t| t["points"].as_f64().unwrap()).sum();
    assert_eq!(total, 16.0, "12 games and 4 byes, a point each");
    for w in teams.windows(2) {
        let key = |t: &Value| {
            (
                t["points"].as_f64().unwrap(),
                t["buchholz_cut1"].as_f64().unwrap(),
                t["sonneborn_berger"].as_f64().unwrap(),
            )
        };
        assert!(
            key(&w[0]) >= key(&w[1]),
            "ranked by points, then the tiebreaks: {teams:?}"
        );
    }
    // Buchholz cut 1 by hand from the rounds: the opponents' points less the lowest (a bye
    // counts as an opponent with none).
    let points_of = |team: &Value| {
        teams.iter().find(|t| t["players"] == *team).unwrap()["points"]
            .as_f64()
            .unwrap()
    };
    for t in teams {
        let mut opp = Vec::new();
        let mut sb = 0.0;
        for r in rounds {
            for b in r["boards"].as_array().unwrap() {
                let (first, second) = (&b["first"], &b["second"]);
                if *first == t["players"] {
                    if second.is_null() {
                        opp.push(0.0);
                    } else {
                        opp.push(points_of(second));
                        sb += points_of(second);
                    }
                } else if *second == t["players"] {
                    opp.push(points_of(first));
                }
            }
        }
        let cut = opp.iter().cloned().fold(f64::INFINITY, f64::min);
        let buchholz: f64 = opp.iter().sum::<f64>() - cut;
        assert_eq!(t["buchholz_cut1"].as_f64().unwrap(), buchholz, "{t}");
        assert_eq!(t["sonneborn_berger"].as_f64().unwrap(), sb, "{t}");
    }
    assert_eq!(swiss["status"], "finished");
    drop(players);
    server.stop().await;
}

#[tokio::test]
async fn a_team_absent_when_its_game_is_to_start_loses_it_by_forfeit() {
    let mut config = Config::for_tests();
    config.admins = vec!["arbiter".into()];
    let server = TestServer::start(config, Store::memory()).await;
    let app = server.app.clone();
    let (_, arbiter) = account(&server, "arbiter").await;
    let id = make_swiss(&app, &arbiter, fourhand_server::time::epoch_ms() + 60_000).await;
    let mut ps = Vec::new();
    for n in ["fa", "fb", "fc", "fd"] {
        ps.push(player(&server, n).await);
    }
    {
        let (a, b) = ps.split_at_mut(1);
        pair(&mut a[0], &mut b[0], id, "fb", "fa").await;
        let (c, d) = b.split_at_mut(2);
        pair(&mut c[1], &mut d[0], id, "fd", "fc").await;
    }
    // fd leaves the page: his team is absent when the round starts.
    let fd = ps.pop().unwrap();
    drop(fd);
    let mut edit = json!({"name": "Pairs", "rules": "teams", "time": {"base_ms": 60000, "delay_ms": 0, "increment_ms": 0}, "rated": false, "break_secs": 10});
    edit["starts_ms"] = json!(fourhand_server::time::epoch_ms());
    call(
        &app,
        "PATCH",
        &format!("/api/tournaments/{id}"),
        &arbiter,
        edit,
    )
    .await;
    let mut watcher = ps.remove(0);
    watcher
        .send(ClientMsg::ArenaFollow { tournament: id })
        .await;
    let done = watcher
        .expect(|m| m["type"] == "swiss" && m["swiss"]["status"] == "finished")
        .await;
    let board = &done["swiss"]["played"][0]["boards"][0];
    assert_eq!(board["forfeit"], true, "{done}");
    assert!(board["game"].is_null(), "no game was played: {board}");
    let winner = if board["first"].to_string().contains("fa") {
        "first_wins"
    } else {
        "second_wins"
    };
    assert_eq!(board["result"], winner, "fa and fb were there: {board}");
    let top = &done["swiss"]["teams"][0];
    assert_eq!(top["points"], 1.0);
    assert!(top["players"].to_string().contains("fa"), "{top}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_continues_a_running_swiss_where_it_was() {
    let url = support::sqlite_url();
    let mut config = Config::for_tests();
    config.admins = vec!["arbiter".into()];
    config.database_url = Some(url.clone());
    let server = TestServer::start(config.clone(), Store::connect(&url).await.unwrap()).await;
    let (_, arbiter) = account(&server, "arbiter").await;
    let id = make_swiss(
        &server.app,
        &arbiter,
        fourhand_server::time::epoch_ms() + 60_000,
    )
    .await;
    let names: Vec<String> = (0..8).map(|i| format!("rs{i}")).collect();
    let mut sessions = Vec::new();
    let mut players = Vec::new();
    for n in &names {
        let (_, s) = account(&server, n).await;
        players.push(Client::connect(server.addr, &s).await);
        sessions.push(s);
    }
    for k in 0..4 {
        let (a, b) = players.split_at_mut(2 * k + 1);
        pair(
            &mut a[2 * k],
            &mut b[0],
            id,
            &names[2 * k + 1],
            &names[2 * k],
        )
        .await;
    }
    let edit = json!({"name": "Pairs", "rules": "teams", "time": {"base_ms": 60000, "delay_ms": 0, "increment_ms": 0}, "rated": false, "rounds": 2, "break_secs": 15, "starts_ms": fourhand_server::time::epoch_ms()});
    call(
        &server.app,
        "PATCH",
        &format!("/api/tournaments/{id}"),
        &arbiter,
        edit,
    )
    .await;
    // Round 1 is played; during the break (15 s: longer than the restart) the server stops.
    let handles: Vec<_> = players
        .into_iter()
        .map(|c| {
            tokio::spawn(play_until(c, id, |sw| {
                sw["round"] == 1 && sw["next_round_ms"].is_number()
            }))
        })
        .collect();
    for h in handles {
        drop(h.await.unwrap());
    }
    let (_, before) = call(
        &server.app,
        "GET",
        &format!("/api/tournaments/{id}"),
        "",
        Value::Null,
    )
    .await;
    server.stop().await;

    // The same store, a new process: the same table, and round 2 is paired after the break
    // for the players back on new connections.
    let server = TestServer::start(config, Store::connect(&url).await.unwrap()).await;
    let (_, after) = call(
        &server.app,
        "GET",
        &format!("/api/tournaments/{id}"),
        "",
        Value::Null,
    )
    .await;
    assert_eq!(after["swiss"]["teams"], before["swiss"]["teams"]);
    assert_eq!(after["swiss"]["status"], "running");
    let mut players = Vec::new();
    for s in &sessions {
        players.push(Client::connect(server.addr, s).await);
    }
    let handles: Vec<_> = players
        .into_iter()
        .map(|c| tokio::spawn(play_until_finished(c, id)))
        .collect();
    for h in handles {
        drop(h.await.unwrap());
    }
    let (_, done) = call(
        &server.app,
        "GET",
        &format!("/api/tournaments/{id}"),
        "",
        Value::Null,
    )
    .await;
    let swiss = &done["swiss"];
    assert_eq!(swiss["played"].as_array().unwrap().len(), 2, "{swiss}");
    // Round 2 after the restart: no rematch, and each team's sides within one (both round-1
    // winners had the first side, so they do not meet: one would have it twice).
    let mut met = HashSet::new();
    let mut sides: std::collections::HashMap<String, i32> = Default::default();
    for r in swiss["played"].as_array().unwrap() {
        for b in r["boards"].as_array().unwrap() {
            let (f, s) = (b["first"].to_string(), b["second"].to_string());
            assert!(
                met.insert(if f < s {
                    (f.clone(), s.clone())
                } else {
                    (s.clone(), f.clone())
                }),
                "a rematch: {b}"
            );
            *sides.entry(f).or_default() += 1;
            *sides.entry(s).or_default() -= 1;
            assert_eq!(b["result"], "first_wins", "{b}");
        }
    }
    assert!(sides.values().all(|d| d.abs() <= 1), "{sides:?}");
    let total: f64 = swiss["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["points"].as_f64().unwrap())
        .sum();
    assert_eq!(total, 4.0, "two rounds of two games");
    server.stop().await;
}
