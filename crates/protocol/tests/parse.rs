//! The one parse function: sizes, shapes and the exact JSON forms documented in proto-docs.

use fourhand_protocol::{
    parse, to_text, ChatTarget, ClientMsg, ErrorCode, GameId, SeatName, ServerMsg,
    MAX_MESSAGE_BYTES,
};

/// A game id as the examples write it.
const GAME: &str = "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

#[test]
fn client_messages_parse_as_documented() {
    assert_eq!(
        parse(r#"{"type":"hello","session":"abc"}"#).unwrap(),
        ClientMsg::Hello {
            session: "abc".into(),
            protocol: 1
        }
    );
    assert_eq!(
        parse(&format!(
            r#"{{"type":"play","game":"{GAME}","seat":"N","from":"h13","to":"h12"}}"#
        ))
        .unwrap(),
        ClientMsg::Play {
            game: GAME.parse::<GameId>().unwrap(),
            seat: SeatName::N,
            from: "h13".parse().unwrap(),
            to: "h12".parse().unwrap(),
            promotion: None
        }
    );
    assert_eq!(
        parse(&format!(
            r#"{{"type":"chat","game":"{GAME}","seat":"south","to":"partner","text":"hi"}}"#
        ))
        .unwrap(),
        ClientMsg::Chat {
            game: GAME.parse::<GameId>().unwrap(),
            seat: SeatName::S,
            to: ChatTarget::Partner,
            text: "hi".into()
        }
    );
    assert!(matches!(
        parse(r#"{"type":"create_table","rules":"ffa"}"#).unwrap(),
        ClientMsg::CreateTable(fourhand_protocol::NewTable {
            table_chat: true,
            rated: false,
            ..
        })
    ));
}

#[test]
fn bad_messages_get_codes() {
    for bad in [
        "",
        "[]",
        "{}",
        r#"{"type":"nope"}"#,
        r#"{"type":"play"}"#,
        r#"{"type":"play","game":"g","seat":"S","from":"a","to":"b","extra":1}"#,
        r#"{"type":"sit","table":"t","seat":"X"}"#,
        // An id that is no UUID is a malformed message.
        r#"{"type":"play","game":"g","seat":"S","from":"h2","to":"h3"}"#,
        r#"{"type":"sit","table":"t","seat":"S"}"#,
        // So is a square that is none of the board's, or a promotion that is no piece.
        &format!(r#"{{"type":"play","game":"{GAME}","seat":"S","from":"a1","to":"h3"}}"#),
        &format!(r#"{{"type":"play","game":"{GAME}","seat":"S","from":"h2","to":"zz"}}"#),
        &format!(
            r#"{{"type":"play","game":"{GAME}","seat":"S","from":"h13","to":"h14","promotion":"X"}}"#
        ),
        &format!(r#"{{"type":"arrow","game":"{GAME}","seat":"S","from":"h2","to":7}}"#),
    ] {
        assert_eq!(parse(bad).unwrap_err().code, ErrorCode::BadMessage, "{bad}");
    }
    let big = format!(
        r#"{{"type":"ping","pad":"{}"}}"#,
        "x".repeat(MAX_MESSAGE_BYTES)
    );
    assert_eq!(parse(&big).unwrap_err().code, ErrorCode::TooLarge);
}

#[test]
fn server_messages_serialise_with_their_tags() {
    let t = to_text(&ServerMsg::Error {
        code: ErrorCode::NotYourTurn,
        message: "wait".into(),
    });
    assert_eq!(
        t,
        r#"{"type":"error","code":"not_your_turn","message":"wait"}"#
    );
    assert_eq!(to_text(&ServerMsg::Pong), r#"{"type":"pong"}"#);
}
