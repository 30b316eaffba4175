//! FFA's chat rule over sockets: a line that helps or spares a player, hints at the board or asks
//! for points is not delivered in an FFA game's table chat (its sender told why), the same line
//! reaches a partner in Teams, a third refusal turns the seat's chat off for the game and files
//! the chat filter's report in the moderators' queue; slurs are masked in every chat.

mod support;

use fourhand_server::store::Store;
use serde_json::{json, Value};
use support::{Client, TestServer};

async fn say(c: &mut Client, game: &str, seat: &str, to: &str, text: &str) {
    c.send_json(json!({"type": "chat", "game": game, "seat": seat, "to": to, "text": text}))
        .await;
}

/// The next chat event `c` receives.
async fn heard(c: &mut Client) -> Value {
    c.expect(|m| m["type"] == "event" && m["event"]["kind"] == "chat")
        .await["event"]
        .clone()
}

#[tokio::test]
async fn ffa_table_chat_refuses_teaming_hints_and_points_and_turns_chat_off_after_three() {
    let server = TestServer::fast(Store::memory()).await;
    let (game, mut c, _) = support::four_players(&server, "ffa", None, None).await;
    // Refused, and told why; nobody hears it: the next line Blue hears is the clean one after.
    for (line, code) in [("check Red", "chat_teaming"), ("mate in 2", "chat_hint")] {
        say(&mut c[2], &game, "N", "table", line).await;
        let e = c[2].error().await;
        assert_eq!(e["code"], code, "{line}: {e}");
    }
    say(&mut c[2], &game, "N", "table", "good luck everyone").await;
    let e = heard(&mut c[1]).await;
    assert_eq!(
        e["text"], "good luck everyone",
        "the refused lines never arrived"
    );
    // The third refusal turns Yellow's chat off for the game; ordinary lines too are refused now.
    say(&mut c[2], &game, "N", "table", "дай мне 7 очков и я сдамся").await;
    assert_eq!(c[2].error().await["code"], "chat_points");
    say(&mut c[2], &game, "N", "table", "gg").await;
    assert_eq!(c[2].error().await["code"], "chat_banned");
    // Others chat on.
    say(&mut c[0], &game, "S", "table", "nice move").await;
    assert_eq!(heard(&mut c[1]).await["text"], "nice move");
    // The moderators' queue holds the chat filter's report with the three lines.
    let mut report = None;
    for _ in 0..100 {
        let open = server.app.store.open_reports(50).await.unwrap();
        if let Some(r) = open.into_iter().find(|r| r.reporter_name == "chat filter") {
            report = Some(r);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let report = report.expect("the chat filter's report");
    assert_eq!(report.game.to_string(), game);
    assert_eq!(report.chat.len(), 3, "{:?}", report.chat);
    assert!(
        report.chat[0].contains("check Red") && report.chat[0].contains("[en: check {colour}]")
    );
    assert!(report.reason.contains("Yellow"), "{}", report.reason);
    server.stop().await;
}

#[tokio::test]
async fn teams_partners_may_say_it_and_slurs_are_masked_in_every_chat() {
    let server = TestServer::fast(Store::memory()).await;
    let (game, mut c, _) = support::four_players(&server, "teams", None, None).await;
    for line in ["check Red", "watch your rook", "mate in 2", "don't resign"] {
        say(&mut c[0], &game, "S", "partner", line).await;
        assert_eq!(
            heard(&mut c[2]).await["text"],
            line,
            "Yellow hears his partner"
        );
    }
    // Table chat in Teams is not FFA's: the rule does not apply.
    say(&mut c[1], &game, "W", "table", "check Red").await;
    assert_eq!(heard(&mut c[3]).await["text"], "check Red");
    say(&mut c[0], &game, "S", "partner", "you are a retard").await;
    let masked = c[2]
        .expect(|m| {
            m["type"] == "event" && m["event"]["kind"] == "chat" && m["event"]["to"] == "partner"
        })
        .await["event"]
        .clone();
    let text = masked["text"].as_str().unwrap();
    assert_eq!(text, "you are a r*****");
    server.stop().await;
}
