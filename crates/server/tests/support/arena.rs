//! Arena helpers: an HTTP call through the router, and a socket player as a simple bot.

use super::{msg, Client};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use fourhand_protocol::SeatName;
use serde_json::{json, Value};
use std::collections::HashMap;
use tower::ServiceExt;

/// Calls the HTTP API of `app` with a bearer session; the status and the JSON body.
pub async fn call(
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
