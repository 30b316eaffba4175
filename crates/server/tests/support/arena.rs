//! Arena helpers: players entering an arena, a socket player as a simple bot, and waiting
//! until an arena's games are scored.

use super::{msg, Client, TestServer};
use fourhand_protocol::{ClientMsg, SeatName, TournamentId};
use fourhand_server::store::{Store, TournamentGameRow};
use serde_json::json;
use std::collections::HashMap;

/// `n` new players (`<prefix>0` …) who enter arena `id`.
pub async fn entrants(
    server: &TestServer,
    id: TournamentId,
    prefix: &str,
    n: usize,
) -> Vec<Client> {
    let mut players = Vec::new();
    for i in 0..n {
        let mut c = server.client(&format!("{prefix}{i}")).await;
        c.send(ClientMsg::ArenaJoin { tournament: id }).await;
        c.expect(|m| m["type"] == "arena_entry").await;
        players.push(c);
    }
    players
}

/// Every player plays `games` games (each his own task); returns them.
pub async fn play_round(players: Vec<Client>, games: usize) -> Vec<Client> {
    let handles: Vec<_> = players
        .into_iter()
        .map(|c| tokio::spawn(play_games(c, games)))
        .collect();
    let mut back = Vec::new();
    for h in handles {
        back.push(h.await.unwrap());
    }
    back
}

/// One arena's standings as `GET /api/tournaments/{id}` gives them.
pub async fn standings(app: &fourhand_server::App, id: TournamentId) -> serde_json::Value {
    super::call(
        app,
        "GET",
        &format!("/api/tournaments/{id}"),
        "",
        serde_json::Value::Null,
    )
    .await
    .1
}

/// Asserts that each of `games` is on its four players' sheets once each in the standings
/// `rows` (a game counted once, whoever scored it).
pub fn each_on_four_sheets(rows: &[serde_json::Value], games: &[TournamentGameRow]) {
    for g in games {
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
}

/// Waits until arena `id` has at least `n` games, every one scored; returns them.
pub async fn scored(store: &Store, id: TournamentId, n: usize) -> Vec<TournamentGameRow> {
    loop {
        let games = store.tournament_games(id).await.unwrap();
        if games.len() >= n && games.iter().all(|g| g.scored.is_some()) {
            return games;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
}

/// A player as a simple bot: sits where he is seated, plays the first legal move at each of
/// his first three turns (an earlier resignation aborts an FFA game), then resigns; returns
/// after `games` games ended.
pub async fn play_games(mut c: Client, games: usize) -> Client {
    struct Mine {
        seat: String,
        moved: u32,
        sent: bool,
    }
    let mut tokens: HashMap<String, (String, String)> = HashMap::new(); // table -> (seat, token)
    let mut mine: HashMap<String, Mine> = HashMap::new(); // game -> his seat and moves
    let mut ended = 0;
    while ended < games {
        let m = c.next().await.expect("open");
        let game = m["game"].as_str().unwrap_or("").to_string();
        match m["type"].as_str().unwrap_or("") {
            "seated" => {
                let seat = m["seat"].as_str().unwrap().to_string();
                let token = m["seat_token"].as_str().unwrap().to_string();
                tokens.insert(m["table"].as_str().unwrap().into(), (seat, token));
            }
            "game_started" => {
                if let Some((seat, token)) = tokens.remove(m["table"].as_str().unwrap()) {
                    c.send(msg::join(game.as_str(), token.as_str())).await;
                    mine.insert(
                        game,
                        Mine {
                            seat,
                            moved: 0,
                            sent: false,
                        },
                    );
                }
            }
            "event" if m["event"]["kind"] == "moved" => {
                if let Some(me) = mine.get_mut(&game) {
                    if m["event"]["seat"] == me.seat.as_str() {
                        me.moved += 1;
                        me.sent = false;
                    }
                }
            }
            "event" if m["event"]["kind"] == "over" && mine.remove(&game).is_some() => {
                ended += 1;
            }
            "legal" => {
                let Some(me) = mine.get_mut(&game) else {
                    continue;
                };
                if m["seat"] != me.seat.as_str() || me.sent {
                    continue;
                }
                me.sent = true;
                let s: SeatName = serde_json::from_value(json!(me.seat)).unwrap();
                if me.moved < 3 {
                    let mv = m["moves"][0].as_str().unwrap().to_string();
                    let (from, to) = mv.split_once('-').unwrap();
                    let to = &to[..to.find('=').unwrap_or(to.len())];
                    c.send(msg::play(game.as_str(), s, from, to)).await;
                } else {
                    c.send(msg::resign(game.as_str(), s)).await;
                }
            }
            _ => {}
        }
    }
    c
}
