//! Partner chat and arrows reach the partner and nobody else; table chat and moves reach
//! spectators; reconnecting with a sequence number returns what was missed.

mod support;

use fourhand_protocol::{ChatTarget, ClientMsg, SeatName};
use serde_json::Value;
use support::msg;
use support::{four_players, play, Client, TestServer};

fn private(msgs: &[Value]) -> Vec<&Value> {
    msgs.iter()
        .filter(|m| {
            m["type"] == "event"
                && (m["event"]["kind"] == "arrow"
                    || (m["event"]["kind"] == "chat" && m["event"]["to"] == "partner"))
        })
        .collect()
}

#[tokio::test]
async fn partner_chat_and_arrows_reach_only_the_partner() {
    let server = TestServer::memory().await;
    let (game, mut c, _) = four_players(&server, "teams", None, None).await;
    let mut watcher = server.client("watcher").await;
    watcher.send(msg::spectate(&game)).await;
    watcher.expect(|m| m["type"] == "snapshot").await;
    c[0].send(ClientMsg::Chat {
        game: msg::game(&game),
        seat: SeatName::S,
        to: ChatTarget::Partner,
        text: "go for blue's queen".into(),
    })
    .await;
    c[0].send(ClientMsg::Arrow {
        game: msg::game(&game),
        seat: SeatName::S,
        from: msg::square("g1"),
        to: msg::square("j4"),
    })
    .await;
    c[0].send(ClientMsg::Chat {
        game: msg::game(&game),
        seat: SeatName::S,
        to: ChatTarget::Table,
        text: "good luck all".into(),
    })
    .await;
    let north = c[2]
        .expect(|m| m["type"] == "event" && m["event"]["kind"] == "arrow")
        .await;
    assert_eq!(north["event"]["from"], "g1");
    let table_line = |m: &Value| {
        m["type"] == "event" && m["event"]["kind"] == "chat" && m["event"]["to"] == "table"
    };
    c[2].expect(table_line).await;
    watcher.expect(table_line).await;
    for i in [1, 3] {
        c[i].expect(table_line).await;
    }
    let north_seen = c[2].seen.clone();
    assert_eq!(
        private(&north_seen).len(),
        2,
        "North got the chat line and the arrow"
    );
    // The table line was sent after the partner messages, and a game delivers its events to
    // each connection in order: whoever has it has had everything before it.
    for (who, i) in [("West", 1), ("East", 3)] {
        assert!(
            private(&c[i].seen).is_empty(),
            "{who} must not see partner messages"
        );
    }
    assert!(
        private(&watcher.seen).is_empty(),
        "spectators must not see partner messages"
    );
    // East's arrow reaches West only: Red has East's table line after it, and no arrow.
    c[3].send(ClientMsg::Arrow {
        game: msg::game(&game),
        seat: SeatName::E,
        from: msg::square("m8"),
        to: msg::square("k8"),
    })
    .await;
    c[3].send(ClientMsg::Chat {
        game: msg::game(&game),
        seat: SeatName::E,
        to: ChatTarget::Table,
        text: "gl".into(),
    })
    .await;
    c[1].expect(|m| m["event"]["kind"] == "arrow").await;
    let east_line = |m: &Value| table_line(m) && m["event"]["seat"] == "E";
    c[0].expect(east_line).await;
    assert!(!c[0]
        .seen
        .iter()
        .any(|m| m["event"]["seat"] == "E" && m["event"]["kind"] == "arrow"));
    server.stop().await;
}

#[tokio::test]
async fn reconnecting_with_a_sequence_number_returns_the_missed_events() {
    let server = TestServer::memory().await;
    let (game, mut c, tokens) = four_players(&server, "teams", None, None).await;
    play(&mut c, &game, 0, "h2-h3").await;
    let last = c[2]
        .expect(|m| m["type"] == "event" && m["event"]["kind"] == "moved")
        .await["seq"]
        .as_u64()
        .unwrap();
    // North drops; the others go on.
    let north = c.remove(2);
    drop(north);
    c[0].expect(|m| {
        m["event"]["kind"] == "connection"
            && m["event"]["connected"] == false
            && m["event"]["seat"] == "N"
    })
    .await;
    let mut rest: Vec<Client> = c;
    play(&mut rest, &game, 1, "b7-c7").await;
    let mut north = server.client("north").await;
    north
        .send(ClientMsg::Join {
            game: msg::game(&game),
            seat_token: Some(msg::text(&tokens[2])),
            since: Some(last),
        })
        .await;
    let missed = north
        .expect(|m| m["type"] == "event" && m["event"]["kind"] == "moved")
        .await;
    assert_eq!(missed["event"]["from"], "b7");
    assert!(missed["seq"].as_u64().unwrap() > last);
    let legal = north.expect(|m| m["type"] == "legal").await;
    assert_eq!(legal["seat"], "N");
    assert!(legal["moves"].as_array().unwrap().len() == 20);
    server.stop().await;
}
