//! What the browser client's play features rest on: premoves (played at the seat's turn, dropped
//! when illegal then, cancelled), a table with its creator and bots in one message, rematches,
//! the record slot by slot, contiguous numbers for every follower, and finished games leaving
//! the lobby's live games at once.

mod support;

use fourhand_protocol::{ClientMsg, NewTable, SeatName};
use serde_json::{json, Value};
use support::msg;
use support::{account, four_at, four_players, play, Client, TestServer};

fn premove_msg(m: &Value) -> bool {
    m["type"] == "premove"
}

#[tokio::test]
async fn a_premove_is_played_the_moment_the_seats_turn_comes() {
    let server = TestServer::memory().await;
    let (game, mut c, _) = four_players(&server, "teams", None, None).await;
    // West queues b7-c7 while South is to move; only West's connections hear of it.
    c[1].send(msg::premove(&game, SeatName::W, "b7", "c7"))
        .await;
    let q = c[1].expect(premove_msg).await;
    assert_eq!(q["premove"], json!({"from": "b7", "to": "c7"}));
    play(&mut c, &game, 0, "h2-h3").await;
    // South's move, then West's queued move at once: both reach everyone, in order.
    let west = c[0]
        .expect(|m| {
            m["type"] == "event" && m["event"]["kind"] == "moved" && m["event"]["seat"] == "W"
        })
        .await;
    assert_eq!(west["event"]["text"], "b7-c7");
    // The clock was charged as for an instant move: West's bank is untouched (1 min + delay).
    assert_eq!(west["event"]["clocks_ms"][1], 60_000);
    let cleared = c[1]
        .expect(|m| premove_msg(m) && m["premove"].is_null())
        .await;
    assert!(cleared.get("dropped").is_none(), "{cleared}");
    // Nobody else was told of West's queued move (North's log up to West's move as barrier).
    c[2].expect(|m| m["type"] == "event" && m["event"]["seat"] == "W")
        .await;
    assert!(
        !c[2].seen.iter().any(premove_msg),
        "a premove is private to its seat"
    );
}

#[tokio::test]
async fn a_premove_that_became_illegal_is_dropped_and_one_can_be_cancelled() {
    let server = TestServer::memory().await;
    let (game, mut c, _) = four_players(&server, "teams", None, None).await;
    // North queues the pawn g13-g12, then South and West move; the pawn's square is still free
    // so it is legal — cancel it instead, and queue one that will be illegal.
    c[2].send(msg::premove(&game, SeatName::N, "g13", "g12"))
        .await;
    c[2].expect(|m| premove_msg(m) && !m["premove"].is_null())
        .await;
    c[2].send(ClientMsg::CancelPremove {
        game: msg::game(&game),
        seat: SeatName::N,
    })
    .await;
    c[2].expect(|m| premove_msg(m) && m["premove"].is_null())
        .await;
    // A queen move through its own pawns is never legal: dropped at North's turn.
    c[2].send(msg::premove(&game, SeatName::N, "g14", "g10"))
        .await;
    c[2].expect(|m| premove_msg(m) && !m["premove"].is_null())
        .await;
    play(&mut c, &game, 0, "h2-h3").await;
    play(&mut c, &game, 1, "b7-c7").await;
    let dropped = c[2]
        .expect(|m| premove_msg(m) && m["dropped"] == "illegal")
        .await;
    assert!(dropped["premove"].is_null());
    // North is still to move and plays normally.
    play(&mut c, &game, 2, "g13-g12").await;
    // A premove from a square without one's own piece is refused at once.
    c[0].send(msg::premove(&game, SeatName::S, "b7", "b6"))
        .await;
    assert_eq!(c[0].error().await["code"], "illegal_move");
}

#[tokio::test]
async fn a_table_against_bots_in_one_message_starts_the_game() {
    let server = TestServer::memory().await;
    let mut c = server.client("ann").await;
    c.send(ClientMsg::CreateTable(NewTable {
        sit: vec![SeatName::N],
        bots: [
            (SeatName::S, "random".into()),
            (SeatName::W, "greedy".into()),
            (SeatName::E, "random".into()),
        ]
        .into_iter()
        .collect(),
        ..NewTable::of("ffa")
    }))
    .await;
    let seated = c.expect(|m| m["type"] == "seated").await;
    assert_eq!(seated["seat"], "N");
    let started = c.expect(|m| m["type"] == "game_started").await;
    c.send(msg::join(&started["game"], &seated["seat_token"]))
        .await;
    let snap = c.expect(|m| m["type"] == "snapshot").await;
    let names: Vec<&str> = snap["state"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        [names[0], names[1], names[3]],
        ["bot (random)", "bot (greedy)", "bot (random)"]
    );
    assert_eq!(
        snap["state"]["seats"][1]["rating"], 800,
        "a bot's fixed rating is shown"
    );
    // Bad requests change nothing: a seat both mine and a bot's, an unknown level.
    c.send(ClientMsg::CreateTable(NewTable {
        sit: vec![SeatName::S],
        bots: [(SeatName::S, "random".into())].into_iter().collect(),
        ..NewTable::of("ffa")
    }))
    .await;
    assert_eq!(c.error().await["code"], "bad_request");
    c.send(ClientMsg::CreateTable(NewTable {
        sit: vec![SeatName::S],
        bots: [(SeatName::W, "genius".into())].into_iter().collect(),
        ..NewTable::of("ffa")
    }))
    .await;
    assert_eq!(c.error().await["code"], "bad_request");
    let tables: Vec<Value> = server
        .app
        .lobby
        .tables()
        .await
        .unwrap()
        .into_iter()
        .map(|t| json!(t))
        .collect();
    assert!(
        tables.is_empty(),
        "no table was opened by the refused requests: {tables:?}"
    );
}

#[tokio::test]
async fn the_record_names_each_slot_and_numbers_have_no_gaps_for_anyone() {
    let server = TestServer::memory().await;
    let (game, mut c, tokens) = four_players(&server, "teams", None, None).await;
    play(&mut c, &game, 0, "h2-h3").await;
    // A partner arrow: West and East get a stand-in with its number.
    c[0].send(ClientMsg::Arrow {
        game: msg::game(&game),
        seat: SeatName::S,
        from: msg::square("g1"),
        to: msg::square("j4"),
    })
    .await;
    let hidden = c[1]
        .expect(|m| m["type"] == "event" && m["event"]["kind"] == "hidden")
        .await;
    let seq = hidden["seq"].as_u64().unwrap();

    play(&mut c, &game, 1, "b7-c7").await;
    let next = c[1]
        .seen
        .iter()
        .find(|m| {
            m["type"] == "event" && m["event"]["kind"] == "moved" && m["event"]["seat"] == "W"
        })
        .cloned()
        .unwrap();
    assert_eq!(
        next["seq"].as_u64().unwrap(),
        seq + 1,
        "no gap after the stand-in"
    );
    c[2].send(msg::resign(&game, SeatName::N)).await;
    c[2].expect(|m| m["type"] == "event" && m["event"]["kind"] == "over")
        .await;
    // A rejoin from the start catches up without a gap, and the record names every slot.
    let mut again = Client::connect(server.addr, &server.session("west").await).await;
    again.send(msg::join(&game, &tokens[1])).await;
    let snap = again.expect(|m| m["type"] == "snapshot").await;
    assert_eq!(
        snap["state"]["record"],
        json!([
            {"seat": "S", "text": "h2-h3", "from": "h2", "to": "h3"},
            {"seat": "W", "text": "b7-c7", "from": "b7", "to": "c7"},
            {"seat": "N", "text": "R"}
        ])
    );
    let positions: Value = reqwest_get(&server, &format!("/api/games/{game}/positions")).await;
    assert_eq!(positions["seats"], json!(["S", "W", "N"]));
    assert_eq!(positions["moves"], json!(["h2-h3", "b7-c7", "R"]));
    assert_eq!(
        positions["squares"],
        json!([["h2", "h3"], ["b7", "c7"], null])
    );
}

#[tokio::test]
async fn a_finished_game_leaves_the_live_games_at_once() {
    let server = TestServer::memory().await;
    let mut watcher = server.client("watcher").await;
    watcher.send(ClientMsg::LobbySubscribe).await;
    watcher.expect(|m| m["type"] == "tables").await;
    let (game, mut c, _) = four_players(&server, "teams", None, None).await;
    play(&mut c, &game, 0, "h2-h3").await;
    c[1].send(msg::resign(&game, SeatName::W)).await;
    let ended = watcher.expect(|m| m["type"] == "game_ended").await;
    assert_eq!(ended["game"], game.as_str());
    let live: Value = reqwest_get(&server, "/api/games").await;
    assert_eq!(live, json!([]), "the ended game is no longer listed");
}

#[tokio::test]
async fn a_rematch_keeps_the_players_seats_and_starts_when_they_sit() {
    let server = TestServer::memory().await;
    let mut sessions = Vec::new();
    for n in ["rm_s", "rm_w", "rm_n", "rm_e"] {
        sessions.push(account(&server, n).await.1);
    }
    let create = ClientMsg::CreateTable(NewTable {
        rated: true,
        ..NewTable::of("teams")
    });
    let (game, mut c, _) = four_at(&server, create, &sessions).await;
    play(&mut c, &game, 0, "h2-h3").await;
    play(&mut c, &game, 1, "b7-c7").await;
    c[1].send(msg::resign(&game, SeatName::W)).await;
    for x in c.iter_mut() {
        x.expect(|m| m["type"] == "event" && m["event"]["kind"] == "over")
            .await;
    }
    // The result (and the ratings) are stored before the summary says so.
    let mut summary = Value::Null;
    for _ in 0..50 {
        summary = reqwest_get(&server, &format!("/api/games/{game}")).await;
        if summary["ratings"].as_array().is_some_and(|r| r.len() == 4) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let south = &summary["ratings"][0];
    assert_eq!(south["seat"], "S");
    assert!(
        south["after"].as_i64() > south["before"].as_i64(),
        "{summary}"
    );

    // East asks for a rematch: a rated table, East seated, the other seats kept.
    for x in c.iter_mut() {
        x.send(ClientMsg::LobbySubscribe).await;
    }
    c[3].send(ClientMsg::CreateTable(NewTable {
        rematch_of: Some(msg::text(&game)),
        ..NewTable::of("teams")
    }))
    .await;
    let table = c[3]
        .expect(|m| m["type"] == "table" && m["table"]["rematch_of"] == game.as_str())
        .await;
    let id = table["table"]["id"].as_str().unwrap().to_string();
    assert_eq!(table["table"]["rated"], true);
    c[3].expect(|m| m["type"] == "seated" && m["seat"] == "E")
        .await;
    let kept = c[0]
        .expect(|m| {
            m["type"] == "table"
                && m["table"]["id"] == id.as_str()
                && m["table"]["seats"][3]["name"] == "rm_e"
        })
        .await;
    assert_eq!(kept["table"]["seats"][0]["reserved"], "rm_s");
    // A stranger may not take a kept seat.
    let mut stranger = Client::connect(server.addr, &account(&server, "rm_x").await.1).await;
    stranger.send(msg::sit(&id, SeatName::S)).await;
    assert_eq!(stranger.error().await["code"], "seat_taken");
    for (i, seat) in ["S", "W", "N"].iter().enumerate() {
        c[i].send(msg::sit(&id, msg::seat(seat))).await;
        c[i].expect(|m| m["type"] == "seated").await;
    }
    for x in c.iter_mut() {
        x.expect(|m| m["type"] == "game_started" && m["table"] == id.as_str())
            .await;
    }
    // Only a player of the game may ask.
    stranger
        .send(ClientMsg::CreateTable(NewTable {
            rematch_of: Some(msg::text(&game)),
            ..NewTable::of("teams")
        }))
        .await;
    assert_eq!(stranger.error().await["code"], "not_seated");
}

async fn reqwest_get(server: &TestServer, path: &str) -> Value {
    let url = format!("http://{}{}", server.addr, path);
    let body = support::http_get(&url).await;
    serde_json::from_str(&body).unwrap_or(Value::Null)
}
