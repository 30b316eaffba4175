//! Berserk in an arena over real sockets (spec §1, §5.3): before his first move a player
//! halves his own clock — the server runs the halved bank and increment, stores it and tells
//! everyone; a berserk after one's first move, a second one, or one where the arena does not
//! allow it is refused with its documented error; a top result with at least 7 moves of one's
//! own gives 1 point more, and one with fewer does not.

mod support;

use fourhand_protocol::{ClientMsg, SeatName, TournamentId};
use fourhand_server::store::{ActionRecord, Store};
use fourhand_server::Config;
use serde_json::{json, Value};
use support::arena::{entrants, scored, standings};
use support::{account, call, msg, Client, TestServer};

/// A time control of a minute and a 2-second increment: a berserk leaves 30 s and 1 s.
const BASE_MS: u64 = 60_000;
const INCREMENT_MS: u64 = 2_000;

/// What one player did and saw in one game.
#[derive(Debug, Default)]
struct Seen {
    seat: String,
    /// The `berserk` event's clocks (S's own berserk).
    berserk_clocks: Option<Vec<u64>>,
    /// The codes of the refusals he was sent.
    refused: Vec<String>,
}

/// Plays one arena game for this player: Red (S) berserks before his first move and again
/// after it, Yellow (N) after his first move; everyone plays a legal move, and Blue
/// (W) resigns at his turn number `blue_resigns_at` (Red and Yellow win).
async fn one_game(c: &mut Client, blue_resigns_at: u32) -> Seen {
    let seated = c.expect(|m| m["type"] == "seated").await;
    let seat = seated["seat"].as_str().unwrap().to_string();
    let token = seated["seat_token"].as_str().unwrap().to_string();
    let started = c.expect(|m| m["type"] == "game_started").await;
    let game = started["game"].as_str().unwrap().to_string();
    c.send(msg::join(game.as_str(), token.as_str())).await;
    let s: SeatName = serde_json::from_value(json!(seat)).unwrap();
    let mut seen = Seen {
        seat: seat.clone(),
        ..Seen::default()
    };
    let mut turns = 0u32;
    // A move sent for the turn now running (`legal` may come again within one turn).
    let mut sent = false;
    let mut asked_again = false;
    if seat == "S" {
        c.send(ClientMsg::Berserk {
            game: msg::game(game.as_str()),
            seat: s,
        })
        .await;
    }
    loop {
        let m = c.next().await.expect("open");
        match m["type"].as_str().unwrap_or("") {
            "error" => seen.refused.push(m["code"].as_str().unwrap().to_string()),
            "event" if m["game"] == game.as_str() => {
                let e = &m["event"];
                if e["kind"] == "berserk" && e["seat"] == seat.as_str() {
                    seen.berserk_clocks = Some(
                        e["clocks_ms"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|v| v.as_u64().unwrap())
                            .collect(),
                    );
                }
                if e["kind"] == "moved" && e["seat"] == seat.as_str() {
                    sent = false;
                }
                if e["kind"] == "moved" && e["seat"] == seat.as_str() && !asked_again {
                    // After his first move: a berserk now is too late.
                    if seat == "S" || seat == "N" {
                        asked_again = true;
                        c.send(ClientMsg::Berserk {
                            game: msg::game(game.as_str()),
                            seat: s,
                        })
                        .await;
                    }
                }
                if e["kind"] == "over" {
                    return seen;
                }
            }
            "legal" if m["game"] == game.as_str() && m["seat"] == seat.as_str() && !sent => {
                sent = true;
                turns += 1;
                if seat == "W" && turns == blue_resigns_at {
                    c.send(msg::resign(game.as_str(), s)).await;
                    continue;
                }
                // A different move each turn (the first legal one again and again repeats the
                // position: a draw). Every seat plays the same way: the game is the same each
                // run, whoever sits where.
                let moves = m["moves"].as_array().unwrap();
                let mv = moves[(turns as usize * 5) % moves.len()]
                    .as_str()
                    .unwrap()
                    .to_string();
                let (from, to) = mv.split_once('-').unwrap();
                let to = &to[..to.find('=').unwrap_or(to.len())];
                c.send(msg::play(game.as_str(), s, from, to)).await;
            }
            _ => {}
        }
    }
}

/// Four players play one game each on their own tasks; returns them with what they saw.
async fn game_round(players: Vec<Client>, blue_resigns_at: u32) -> Vec<(Client, Seen)> {
    let handles: Vec<_> = players
        .into_iter()
        .map(|mut c| {
            tokio::spawn(async move {
                let seen = one_game(&mut c, blue_resigns_at).await;
                (c, seen)
            })
        })
        .collect();
    let mut back = Vec::new();
    for h in handles {
        back.push(h.await.unwrap());
    }
    back
}

/// A player's sheet in the standings `GET /api/tournaments/{id}` gave.
fn sheet_of(v: &Value, name: &str) -> Vec<Value> {
    v["standings"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == name)
        .unwrap()["sheet"]
        .as_array()
        .unwrap()
        .clone()
}

#[tokio::test]
async fn a_berserk_halves_the_clock_the_server_runs_and_pays_only_with_seven_moves() {
    let mut config = Config::for_tests();
    config.admins = vec!["arbiter".into()];
    let server = TestServer::start(config, Store::memory()).await;
    let app = server.app.clone();
    let (_, arbiter) = account(&server, "arbiter").await;
    let time = json!({"base_ms": BASE_MS, "delay_ms": 0, "increment_ms": INCREMENT_MS});
    let arena = json!({"name": "Berserk arena", "rules": "teams", "time": time, "minutes": 30, "rated": false, "berserk": true});
    let (_, made) = call(&app, "POST", "/api/tournaments", &arbiter, arena).await;
    let id: TournamentId = serde_json::from_value(made["id"].clone()).unwrap();
    assert_eq!(made["berserk"], true, "{made}");
    // Eight players: two tables a wave (four alone could never meet again: a wave never
    // groups the same four twice in a row).
    let players = entrants(&server, id, "b", 8).await;

    // Game 1: Blue resigns at his 9th turn — Red has made 9 moves.
    let round = game_round(players, 9).await;
    let reds: Vec<&(Client, Seen)> = round.iter().filter(|(_, s)| s.seat == "S").collect();
    assert_eq!(reds.len(), 2);
    for (_, red) in &reds {
        let clocks = red.berserk_clocks.clone().expect("Red saw his berserk");
        assert!(
            clocks[0] <= BASE_MS / 2 && clocks[0] > BASE_MS / 2 - 5_000,
            "Red's bank halved: {clocks:?}"
        );
        assert_eq!(&clocks[1..], &[BASE_MS; 3], "the others keep theirs");
        assert_eq!(
            red.refused,
            ["berserk_too_late"],
            "a second berserk is refused"
        );
    }
    for (_, s) in round.iter().filter(|(_, s)| s.seat == "N") {
        assert_eq!(
            s.refused,
            ["berserk_too_late"],
            "a berserk after one's first move is refused"
        );
    }
    for (_, s) in round.iter().filter(|(_, s)| s.seat == "W" || s.seat == "E") {
        assert!(s.refused.is_empty(), "{s:?}");
    }
    // What the server ran: the stored banks after each first move.
    let games = scored(&app.store, id, 2).await;
    for g in &games {
        let stored = app.store.game(g.game).await.unwrap().unwrap();
        let berserks = stored
            .actions
            .iter()
            .filter(|a| matches!(a.action, ActionRecord::Berserk { .. }))
            .count();
        assert_eq!(berserks, 1, "one berserk stored, the refused ones not");
        let after_first = |seat: u8| {
            stored
                .actions
                .iter()
                .find(|a| matches!(&a.action, ActionRecord::Move { seat: s, .. } if *s == seat))
                .unwrap()
                .clocks[usize::from(seat)]
        };
        assert!(
            after_first(0) <= BASE_MS / 2 + INCREMENT_MS / 2,
            "Red ran on 30 s and a 1 s increment: {}",
            after_first(0)
        );
        assert!(
            after_first(1) > BASE_MS / 2 + INCREMENT_MS,
            "Blue ran on his whole minute: {}",
            after_first(1)
        );
    }
    let one = standings(&app, id).await;
    for (i, (_, s)) in round.iter().enumerate() {
        let x = &sheet_of(&one, &format!("b{i}"))[0];
        let want = match s.seat.as_str() {
            // A win's 2, and 1 for the berserk with 9 moves of his own.
            "S" => ("W", 3.0, true, true),
            "N" => ("W", 2.0, false, false),
            _ => ("L", 0.0, false, false),
        };
        assert_eq!(
            (
                x["mark"].as_str().unwrap(),
                x["points"].as_f64().unwrap(),
                x["berserk"].as_bool().unwrap_or(false),
                x["berserk_point"].as_bool().unwrap_or(false)
            ),
            want,
            "{} at {}: {x}",
            i,
            s.seat
        );
    }

    // Game 2: Blue resigns at his 3rd turn — Red berserked but made only 3 moves.
    let players: Vec<Client> = round.into_iter().map(|(c, _)| c).collect();
    let round = game_round(players, 3).await;
    scored(&app.store, id, 4).await;
    let two = standings(&app, id).await;
    for (i, _) in round.iter().enumerate().filter(|(_, (_, s))| s.seat == "S") {
        let sheet = sheet_of(&two, &format!("b{i}"));
        let last = sheet.last().unwrap();
        assert_eq!(
            (
                last["mark"].as_str(),
                last["berserk"].as_bool().unwrap_or(false),
                last["berserk_point"].as_bool().unwrap_or(false)
            ),
            (Some("W"), true, false),
            "no extra point with fewer than 7 moves of his own: {last}"
        );
        assert_eq!(
            last["points"].as_f64(),
            Some(2.0),
            "a win's 2 (a first or second win: no streak yet; no berserk point): {sheet:?}"
        );
    }
    server.stop().await;
}

#[tokio::test]
async fn a_berserk_where_the_arena_does_not_allow_it_is_refused_and_changes_nothing() {
    let mut config = Config::for_tests();
    config.admins = vec!["arbiter".into()];
    let server = TestServer::start(config, Store::memory()).await;
    let app = server.app.clone();
    let (_, arbiter) = account(&server, "arbiter").await;
    let arena = json!({"name": "Plain arena", "rules": "ffa", "time": {"base_ms": BASE_MS, "delay_ms": 0, "increment_ms": 0}, "minutes": 30, "rated": false});
    let (_, made) = call(&app, "POST", "/api/tournaments", &arbiter, arena).await;
    let id: TournamentId = serde_json::from_value(made["id"].clone()).unwrap();
    let mut players = entrants(&server, id, "p", 4).await;
    let mut games = Vec::new();
    for c in &mut players {
        let seated = c.expect(|m| m["type"] == "seated").await;
        let started = c.expect(|m| m["type"] == "game_started").await;
        let game = started["game"].as_str().unwrap().to_string();
        let token = seated["seat_token"].as_str().unwrap();
        c.send(msg::join(game.as_str(), token)).await;
        let state = c.expect(|m| m["type"] == "snapshot").await;
        assert_eq!(state["state"]["berserk_allowed"], false, "{state}");
        let seat: SeatName = serde_json::from_value(seated["seat"].clone()).unwrap();
        c.send(ClientMsg::Berserk {
            game: msg::game(game.as_str()),
            seat,
        })
        .await;
        assert_eq!(c.error().await["code"], "berserk_not_allowed");
        games.push(game);
    }
    let stored = app
        .store
        .game(msg::game(games[0].as_str()))
        .await
        .unwrap()
        .unwrap();
    assert!(
        stored.actions.is_empty(),
        "nothing stored: {:?}",
        stored.actions
    );
    server.stop().await;
}
