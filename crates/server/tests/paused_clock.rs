//! Clocks in the real actor under tokio's paused time, with the memory store: the flag falls
//! exactly when delay + bank (or the bank under increment) run out.

use fourhand_protocol::{ServerMsg, TimeControl};
use fourhand_rules::{RuleSet, Setup};
use fourhand_server::bus::ConnAddr;
use fourhand_server::game::calls;
use fourhand_server::game::core::Input;
use fourhand_server::game::registry::{GameSpec, SeatSpec};
use fourhand_server::store::Store;
use fourhand_server::{state, Config};
use std::time::Duration;
use tokio::sync::mpsc;

async fn game_with(time: TimeControl) -> (Game, mpsc::Receiver<std::sync::Arc<str>>) {
    let app = state(Config::for_tests(), Store::memory()).await.unwrap();
    let tokens: Vec<String> = (0..4).map(|i| format!("token-{i}")).collect();
    let spec = GameSpec {
        rules: RuleSet::TEAMS,
        setup: Setup::Modern,
        time,
        table_chat: true,
        berserk: false,
        rated: false,
        seats: tokens
            .iter()
            .enumerate()
            .map(|(i, t)| SeatSpec {
                name: format!("p{i}"),
                player: None,
                bot: None,
                token: Some(t.clone()),
            })
            .collect(),
    };
    let id = app.games.start(spec).await.unwrap();
    let mut seats = Vec::new();
    for t in tokens {
        seats.push(calls::authorize(&*app.bus, id, t).await.unwrap().unwrap());
    }
    // A connection of this node, as a socket would register itself.
    let (tx, rx) = mpsc::channel(4096);
    app.bus.node().mailboxes.open(1, tx);
    let conn = ConnAddr {
        node: app.bus.node().id.clone(),
        conn: 1,
    };
    calls::follow(&*app.bus, id, conn, &seats, None)
        .await
        .unwrap();
    (Game { app, id }, rx)
}

struct Game {
    app: fourhand_server::App,
    id: fourhand_protocol::GameId,
}

async fn play(g: &Game, seat: usize, mv: &str) {
    let (f, t) = mv.split_once('-').unwrap();
    let input = Input::Play {
        seat: fourhand_rules::Seat::from_index(seat),
        from: f.parse().unwrap(),
        to: t.parse().unwrap(),
        promotion: None,
    };
    calls::input(&*g.app.bus, g.id, input).await.unwrap();
}

/// Waits (in virtual time) for the game-over event; returns its result and when it came.
async fn over(
    rx: &mut mpsc::Receiver<std::sync::Arc<str>>,
) -> (String, String, tokio::time::Instant) {
    loop {
        let m = rx.recv().await.expect("events");
        if let Ok(ServerMsg::Event {
            event:
                fourhand_protocol::GameEvent::Over {
                    result,
                    termination,
                    ..
                },
            ..
        }) = serde_json::from_str(&m)
        {
            return (result, termination, tokio::time::Instant::now());
        }
    }
}

#[tokio::test(start_paused = true)]
async fn the_flag_falls_under_simple_delay() {
    let (h, mut rx) = game_with(TimeControl::DEFAULT).await;
    for (i, mv) in ["h2-h3", "b7-c7", "g13-g12", "m8-l8"].iter().enumerate() {
        play(&h, i, mv).await;
    }
    let t0 = tokio::time::Instant::now();
    let (result, termination, at) = over(&mut rx).await;
    assert_eq!(
        (result.as_str(), termination.as_str()),
        ("0-1", "Red timed out")
    );
    assert_eq!(
        at - t0,
        Duration::from_secs(75),
        "15 s delay, then the 60 s bank"
    );
    // The flagged clock reads 0:00 in the state a client draws, the others as they stood.
    let (state, over) = calls::snapshot(&*h.app.bus, h.id).await.unwrap();
    assert!(over);
    assert_eq!(state.clocks_ms, [0, 60_000, 60_000, 60_000]);
}

#[tokio::test(start_paused = true)]
async fn the_flag_falls_under_increment() {
    let tc = TimeControl {
        base_ms: 120_000,
        increment_ms: 10_000,
        delay_ms: 0,
    };
    let (h, mut rx) = game_with(tc).await;
    let t0 = tokio::time::Instant::now();
    tokio::time::sleep(Duration::from_secs(30)).await;
    play(&h, 0, "h2-h3").await;
    for (i, mv) in ["b7-c7", "g13-g12", "m8-l8"].iter().enumerate() {
        play(&h, i + 1, mv).await;
    }
    // South used 30 s of 120 and gained 10: 100 s left, all of it now.
    let (result, _, at) = over(&mut rx).await;
    assert_eq!(result, "0-1");
    assert_eq!(at - t0, Duration::from_secs(130));
}
