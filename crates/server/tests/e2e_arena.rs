//! An FFA arena over real sockets (spec §1, §5.1 at a small scale): a moderator makes it over
//! HTTP, eight players enter and are paired again and again by the director's waves; every
//! finished game is scored exactly once; the standings equal a recomputation from the stored
//! games; nobody plays two games at once; each bad request gets its documented error and
//! changes nothing.

mod support;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use fourhand_protocol::{ClientMsg, SeatName, TournamentId};
use fourhand_server::store::Store;
use fourhand_server::Config;
use serde_json::{json, Value};
use std::collections::HashMap;
use support::{account, msg, Client, TestServer};
use tower::ServiceExt;

async fn call(
    app: &fourhand_server::state::App,
    method: &str,
    uri: &str,
    bearer: &str,
    body: Value,
) -> (StatusCode, Value) {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .header("authorization", format!("Bearer {bearer}"))
        .body(Body::from(body.to_string()))
        .unwrap();
    let r = fourhand_server::app(app.clone())
        .oneshot(req)
        .await
        .unwrap();
    let status = r.status();
    let bytes = axum::body::to_bytes(r.into_body(), 1 << 22).await.unwrap();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// A player as a simple bot: sits where he is seated, plays the first legal move twice in each
/// game, then resigns on his third turn; returns after `games` games ended.
async fn play_games(mut c: Client, games: usize) -> Client {
    let mut tokens: HashMap<String, (String, String)> = HashMap::new(); // table -> (seat, token)
    let mut mine: HashMap<String, (String, u32)> = HashMap::new(); // game -> (seat, moves made)
    let mut ended = 0;
    while ended < games {
        let m = c.next().await.expect("open");
        match m["type"].as_str().unwrap_or("") {
            "seated" => {
                tokens.insert(
                    m["table"].as_str().unwrap().into(),
                    (
                        m["seat"].as_str().unwrap().into(),
                        m["seat_token"].as_str().unwrap().into(),
                    ),
                );
            }
            "game_started" => {
                if let Some((seat, token)) = tokens.remove(m["table"].as_str().unwrap()) {
                    let game = m["game"].as_str().unwrap().to_string();
                    c.send(msg::join(game.as_str(), token.as_str())).await;
                    mine.insert(game, (seat, 0));
                }
            }
            "legal" => {
                let game = m["game"].as_str().unwrap().to_string();
                if let Some((seat, made)) = mine.get_mut(&game) {
                    if m["seat"] != seat.as_str() {
                        continue;
                    }
                    let s: SeatName = serde_json::from_value(json!(seat)).unwrap();
                    if *made < 2 {
                        let mv = m["moves"][0].as_str().unwrap().to_string();
                        let (from, to) = mv.split_once('-').unwrap();
                        *made += 1;
                        c.send(msg::play(
                            game.as_str(),
                            s,
                            from,
                            &to[..to.find('=').unwrap_or(to.len())],
                        ))
                        .await;
                    } else {
                        c.send(msg::resign(game.as_str(), s)).await;
                    }
                }
            }
            "event"
                if m["event"]["kind"] == "over"
                    && mine.remove(m["game"].as_str().unwrap()).is_some() =>
            {
                ended += 1;
            }
            _ => {}
        }
    }
    c
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
    let handles: Vec<_> = players
        .into_iter()
        .map(|c| tokio::spawn(play_games(c, 3)))
        .collect();
    let mut players = Vec::new();
    for h in handles {
        players.push(h.await.unwrap());
    }
    // The director scores what ended (within a tick or two).
    let stored = loop {
        let games = app.store.tournament_games(id).await.unwrap();
        if games.len() >= 6 && games.iter().all(|g| g.scored.is_some()) {
            break games;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    };
    // Every game: four players, scored once, each on its players' sheets once.
    let (_, one) = call(
        &app,
        "GET",
        &format!("/api/tournaments/{id}"),
        &someone,
        Value::Null,
    )
    .await;
    let rows = one["standings"]["rows"].as_array().unwrap().clone();
    assert_eq!(rows.len(), 8);
    for g in &stored {
        let on: usize = rows
            .iter()
            .map(|r| {
                r["sheet"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|x| x["game"] == json!(g.game))
                    .count()
            })
            .sum();
        assert_eq!(on, 4, "game {} on four sheets once each", g.game);
    }
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
    // The arena's games download as one PGN4.
    let pgn = support::http_get(&format!("http://{}/api/tournaments/{id}/pgn4", server.addr)).await;
    assert!(pgn.matches("[Variant ").count() >= stored.len(), "{pgn}");
    drop(players);
    server.stop().await;
}
