//! Analysis end to end: the analysis board over HTTP (a PGN4 with variations opened, a move
//! played, the tree written back; bad PGN4, FEN4 and moves refused clearly), engine lines over
//! the socket (mates in one found in Teams and FFA, a repeated position answered from the store
//! without a search), a review of a short game (a planted blunder judged a blunder, the
//! refutation best), and no engine for a game in progress.

mod support;

use axum::http::StatusCode;
use fourhand_server::store::Store;
use serde_json::{json, Value};
use support::{request, Client, TestServer};

/// Blue's rook to e1 mates Red (Teams).
const TEAMS_MATE_IN_ONE: &str = "B-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/14/14/bK,12,gK/14/14/4,bR,9/14/x,x,x,8,x,x,x/x,x,x,3,rP,rP,rP,2,x,x,x/x,x,x,4,rK,rN,2,x,x,x";
/// Red's knight to e12 mates Yellow (FFA).
const FFA_MATE_IN_ONE: &str = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,2,yP,1,yP,3,x,x,x/x,x,x,5,gN,2,x,x,x/14/3,rN,2,gR,7/14/13,gK/bK,13/14/14/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";

/// A short Teams game: Red opens the queen's diagonal, then puts the queen on c5 where Blue's
/// pawns take it (the planted blunder), Blue takes, and the game ends with Red's resignation.
const BLUNDER: &str = "[Variant \"Teams\"]\n[RuleVariants \"\"]\n\n1. f2-f4 .. b7-c7 .. i13-i12 .. m8-l8\n2. Qg1-c5 .. b6xQc5 .. R\n";

/// The same game with a variation and comments, for the board.
const WITH_VARIATION: &str = "[Variant \"Teams\"]\n[RuleVariants \"\"]\n\n1. f2-f4 { opens the diagonal } .. b7-c7 ( .. b9-c9 .. i13-i12 ) .. i13-i12 .. m8-l8\n";

async fn analyse(c: &mut Client, id: u32, rules: &str, fen4: &str, lines: u8) -> Value {
    c.send_json(json!({"type": "analyse", "id": id, "rules": rules, "fen4": fen4, "lines": lines}))
        .await;
    c.expect(|m| {
        (m["type"] == "analysis" && m["id"] == id && m["done"] == true) || m["type"] == "error"
    })
    .await
}

#[tokio::test]
async fn engine_lines_find_mates_and_a_repeated_position_is_answered_from_the_store() {
    let server = TestServer::fast(Store::memory()).await;
    let mut c = server.client("ana").await;
    let a = analyse(&mut c, 1, "teams", TEAMS_MATE_IN_ONE, 3).await;
    assert_eq!(a["type"], "analysis", "{a}");
    let best = &a["lines"][0];
    assert_eq!(best["moves"][0]["from"], "e5");
    assert_eq!(best["moves"][0]["to"], "e1");
    assert_eq!(best["moves"][0]["seat"], "W");
    // Blue and Green mate: a mate in one for them, against Red and Yellow.
    assert_eq!(best["scores"][1]["mate"], 1, "{best}");
    assert_eq!(best["scores"][0]["mate"], -1);
    assert_eq!(a["lines"].as_array().unwrap().len(), 3);
    assert_eq!(a["cached"], false);
    let f = analyse(&mut c, 2, "ffa", FFA_MATE_IN_ONE, 2).await;
    assert_eq!(f["lines"][0]["moves"][0]["text"], "Nd10-e12#", "{f}");
    assert!(
        f["lines"][0]["scores"][0]["centi"].as_i64().unwrap() >= 2000,
        "{f}"
    );
    // The same position again: from the store, no search.
    let searches = server.app.analysis.pool.searches();
    let again = analyse(&mut c, 3, "teams", TEAMS_MATE_IN_ONE, 2).await;
    assert_eq!(again["cached"], true, "{again}");
    assert_eq!(again["lines"].as_array().unwrap().len(), 2);
    assert_eq!(again["lines"][0]["moves"][0]["to"], "e1");
    assert_eq!(
        server.app.analysis.pool.searches(),
        searches,
        "no new search"
    );
    assert_eq!(
        support::metric(&server.app, "fourhand_analysis_cached_total"),
        1.0
    );
    // Bad requests are answered clearly.
    c.send_json(json!({"type": "analyse", "id": 4, "rules": "teams", "fen4": "R-0,0", "lines": 1}))
        .await;
    let e = c.error().await;
    assert_eq!(e["code"], "bad_request", "{e}");
    assert!(e["message"].as_str().unwrap().contains("FEN4"), "{e}");
    c.send_json(json!({"type": "analyse", "id": 5, "rules": "teams", "fen4": TEAMS_MATE_IN_ONE, "lines": 9}))
        .await;
    assert_eq!(c.error().await["code"], "bad_request");
    server.stop().await;
}

#[tokio::test]
async fn the_board_opens_a_pgn4_with_variations_plays_moves_and_writes_it_back() {
    let server = TestServer::fast(Store::memory()).await;
    let app = &server.app;
    let (s, tree) = open(app, json!({ "pgn4": WITH_VARIATION })).await;
    assert_eq!(s, StatusCode::OK, "{tree}");
    let nodes = tree["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 6);
    let f4 = &nodes[tree["first"][0].as_u64().unwrap() as usize];
    assert_eq!(f4["text"], "f2-f4");
    assert_eq!(f4["comment"], "opens the diagonal");
    assert_eq!(
        f4["children"].as_array().unwrap().len(),
        2,
        "the main move and a variation"
    );
    // A move on the last position of the main line: Red's queen to c5.
    let last = nodes.iter().find(|n| n["text"] == "m8-l8").unwrap();
    let (s, played) = play(
        app,
        json!({"rules": "teams", "fen4": last["fen"], "from": "g1", "to": "c5", "after": ["E", 1]}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{played}");
    let entry = &played["entries"][0];
    assert_eq!(entry["text"], "Qg1-c5");
    assert_eq!(entry["round"], 2);
    assert_eq!(played["position"]["turn"], "W");
    assert!(played["position"]["legal"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m == "b6-c5"));
    // The tree with the new entry, written as PGN4 and read back the same.
    let mut t = tree.clone();
    let li = nodes.iter().position(|n| n["text"] == "m8-l8").unwrap();
    let mut new_node = entry.clone();
    new_node["comment"] = json!("the blunder");
    t["nodes"].as_array_mut().unwrap().push(new_node);
    let ni = t["nodes"].as_array().unwrap().len() - 1;
    t["nodes"][li]["children"] = json!([ni]);
    let (s, text) = export(app, &t).await;
    assert_eq!(s, StatusCode::OK, "{text}");
    assert!(text.contains("( .. b9-c9 .. i13-i12 )"), "{text}");
    assert!(text.contains("2. Qg1-c5 { the blunder }"), "{text}");
    let (_, back) = open(app, json!({ "pgn4": text })).await;
    assert_eq!(back["nodes"].as_array().unwrap().len(), 7);
    let (_, text2) = export(app, &back).await;
    assert_eq!(text2, text, "read back identically");
    // An illegal move, a bad PGN4 (with its line and column), an illegal variation.
    let (s, e) = play(
        app,
        json!({"rules": "teams", "fen4": last["fen"], "from": "g1", "to": "g9"}),
    )
    .await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("illegal_move"))
    );
    let bad = "[Variant \"Teams\"]\n\n1. f2-f4 .. b7-c7\n( .. b9-c9 .. i13-i10 )\n";
    let (s, e) = open(app, json!({ "pgn4": bad })).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(4), Some(15)),
        "{e}"
    );
    let (s, e) = open(app, json!({ "fen4": "nonsense" })).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{e}");
    let mut wrong = back.clone();
    let ix = wrong["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .position(|n| n["text"] == "Qg1-c5")
        .unwrap();
    wrong["nodes"][ix]["text"] = json!("Qg1-g9");
    let (s, e) = export(app, &wrong).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{e}");
    server.stop().await;
}

/// `POST /api/analysis/open` with `body`.
async fn open(app: &fourhand_server::App, body: Value) -> (StatusCode, Value) {
    request(app, "POST", "/api/analysis/open", None, Some(body), None).await
}

/// `POST /api/analysis/move` with `body`.
async fn play(app: &fourhand_server::App, body: Value) -> (StatusCode, Value) {
    request(app, "POST", "/api/analysis/move", None, Some(body), None).await
}

async fn export(app: &fourhand_server::App, tree: &Value) -> (StatusCode, String) {
    use tower::ServiceExt;
    let req = axum::http::Request::builder()
        .method("POST")
        .uri("/api/analysis/pgn4")
        .header("content-type", "application/json")
        .body(axum::body::Body::from(tree.to_string()))
        .unwrap();
    let r = fourhand_server::app(app.clone())
        .oneshot(req)
        .await
        .unwrap();
    let s = r.status();
    let b = axum::body::to_bytes(r.into_body(), 1 << 22).await.unwrap();
    (s, String::from_utf8_lossy(&b).into_owned())
}

/// Imports `pgn4`, returning the game's id.
async fn import(app: &fourhand_server::App, pgn4: &str) -> String {
    use tower::ServiceExt;
    let req = axum::http::Request::builder()
        .method("POST")
        .uri("/api/import")
        .body(axum::body::Body::from(pgn4.to_string()))
        .unwrap();
    let r = fourhand_server::app(app.clone())
        .oneshot(req)
        .await
        .unwrap();
    let b = axum::body::to_bytes(r.into_body(), 1 << 20).await.unwrap();
    let v: Value = serde_json::from_slice(&b).unwrap();
    v["id"]
        .as_str()
        .unwrap_or_else(|| panic!("{v}"))
        .to_string()
}

/// Polls the review of `game` until it is done.
async fn review_done(app: &fourhand_server::App, game: &str) -> Value {
    for _ in 0..600 {
        let (s, v) = request(
            app,
            "GET",
            &format!("/api/games/{game}/review"),
            None,
            None,
            None,
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        if v["status"] == "done" {
            return v;
        }
        assert_ne!(v["status"], "failed", "{v}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the review did not complete");
}

#[tokio::test]
async fn a_review_judges_a_planted_blunder_a_blunder_and_the_refutation_best() {
    let server = TestServer::fast(Store::memory()).await;
    let app = &server.app;
    let game = import(app, BLUNDER).await;
    let token = server.session("reviewer").await;
    let uri = format!("/api/games/{game}/review");
    let (s, v) = request(app, "GET", &uri, None, None, None).await;
    assert_eq!(
        (s, v["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("no_review"))
    );
    let (s, v) = request(app, "POST", &uri, None, None, Some(&token)).await;
    assert_eq!(s, StatusCode::ACCEPTED, "{v}");
    let done = review_done(app, &game).await;
    let r = &done["review"];
    assert_eq!(r["sides"], true);
    // Entries: 4 of round 1, Red's queen, Blue's capture, Yellow's resignation.
    let moves = r["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 7, "{r}");
    assert_eq!(r["scores"].as_array().unwrap().len(), 8);
    let queen = &moves[4];
    assert_eq!(queen["seat"], "S");
    assert_eq!(queen["judgement"], "blunder", "{queen}");
    assert!(queen["loss"].as_i64().unwrap() >= 400);
    assert!(
        queen["better"]["text"].is_string(),
        "the better move is shown: {queen}"
    );
    let capture = &moves[5];
    assert_eq!(capture["judgement"], "best", "{capture}");
    assert!(capture.get("better").is_none());
    assert!(moves[6].is_null(), "a resignation is no move");
    // Red's accuracy suffers; every seat with moves has one.
    let red = r["accuracy"][0].as_f64().unwrap();
    let blue = r["accuracy"][1].as_f64().unwrap();
    assert!(red < blue, "{red} {blue}");
    assert!(
        r["counts"][0][4].as_u64().unwrap() >= 1,
        "Red's blunder counted: {}",
        r["moves"]
    );
    assert_eq!(
        r["counts"][1],
        json!([2, 0, 0, 0, 0]),
        "Blue's two moves best"
    );
    // Asked again: the same review, no new work.
    let (s, v) = request(app, "POST", &uri, None, None, Some(&token)).await;
    assert_eq!((s, v["status"].as_str()), (StatusCode::OK, Some("done")));
    // Unknown games and unauthenticated requests are refused.
    let unknown = format!("/api/games/{}/review", uuid::Uuid::now_v7());
    let (s, v) = request(app, "POST", &unknown, None, None, Some(&token)).await;
    assert_eq!(
        (s, v["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("unknown_game"))
    );
    let (s, _) = request(app, "POST", &uri, None, None, None).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    server.stop().await;
}

#[tokio::test]
async fn no_engine_for_a_game_in_progress() {
    let server = TestServer::fast(Store::memory()).await;
    let app = &server.app;
    let (game, mut clients, _) = support::four_players(&server, "teams", None, None).await;
    support::play(&mut clients, &game, 0, "h2-h3").await;
    let token = server.session("spectator").await;
    let uri = format!("/api/games/{game}/review");
    let (s, v) = request(app, "POST", &uri, None, None, Some(&token)).await;
    assert_eq!(
        (s, v["code"].as_str()),
        (StatusCode::CONFLICT, Some("game_in_progress")),
        "{v}"
    );
    let (s, v) = request(app, "GET", &uri, None, None, None).await;
    assert_eq!(
        (s, v["code"].as_str()),
        (StatusCode::CONFLICT, Some("game_in_progress"))
    );
    let (s, v) = open(app, json!({ "game": game })).await;
    assert_eq!(
        (s, v["code"].as_str()),
        (StatusCode::CONFLICT, Some("game_in_progress"))
    );
    // The live position, pasted as a FEN4 by a spectator: refused.
    let (_, state) = request(app, "GET", &format!("/api/games/{game}"), None, None, None).await;
    let fen = state["fen4"]
        .as_str()
        .unwrap_or_else(|| panic!("{state}"))
        .to_string();
    let mut spectator = server.client("spectator").await;
    let a = analyse(&mut spectator, 1, "teams", &fen, 1).await;
    assert_eq!(a["code"], "game_in_progress", "{a}");
    // Once the game is over (Blue resigns), the same position is analysed and the game reviewed.
    clients[1]
        .send(fourhand_protocol::ClientMsg::Resign {
            game: support::msg::game(&game),
            seat: support::msg::seat("W"),
        })
        .await;
    clients[0]
        .expect(|m| m["type"] == "event" && m["event"]["kind"] == "over")
        .await;
    let mut stored = false;
    for _ in 0..100 {
        let (_, g) = request(app, "GET", &format!("/api/games/{game}"), None, None, None).await;
        if g["result"].is_string() {
            stored = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(stored, "the result is stored");
    let a = analyse(&mut spectator, 2, "teams", &fen, 1).await;
    assert_eq!(a["type"], "analysis", "{a}");
    let (s, v) = request(app, "POST", &uri, None, None, Some(&token)).await;
    assert_eq!(s, StatusCode::ACCEPTED, "{v}");
    let (s, v) = open(app, json!({ "game": game })).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        v["nodes"].as_array().unwrap().len(),
        2,
        "h2-h3 and the resignation: {v}"
    );
    server.stop().await;
}

#[tokio::test]
async fn a_flood_is_refused_clearly_and_a_long_review_does_not_hold_back_another_user() {
    if !support::has_data() {
        return;
    }
    let server = TestServer::fast(Store::memory()).await;
    let app = &server.app;
    // A guest's engine lines: 10 a minute, then `rate_limited`; the positions may be anything.
    let mut flood = server.client("flooder").await;
    for id in 0..10 {
        flood
            .send_json(json!({"type": "analyse", "id": id, "rules": "teams", "fen4": TEAMS_MATE_IN_ONE, "lines": 1}))
            .await;
    }
    flood
        .send_json(json!({"type": "analyse", "id": 10, "rules": "teams", "fen4": TEAMS_MATE_IN_ONE, "lines": 1}))
        .await;
    let e = flood.expect(|m| m["type"] == "error").await;
    assert_eq!(e["code"], "rate_limited", "{e}");
    // A review of a long real game by one user: its 113 positions queue on the one worker.
    let long = import(app, &support::data("games/chesscom-ffa-97967963.pgn4")).await;
    let token = server.session("reviewer").await;
    let (s, v) = request(
        app,
        "POST",
        &format!("/api/games/{long}/review"),
        None,
        None,
        Some(&token),
    )
    .await;
    assert_eq!(s, StatusCode::ACCEPTED, "{v}");
    // A second review by the same user while it runs: one at a time.
    let other = import(app, BLUNDER).await;
    let (s, v) = request(
        app,
        "POST",
        &format!("/api/games/{other}/review"),
        None,
        None,
        Some(&token),
    )
    .await;
    assert_eq!(
        (s, v["code"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("review_pending"))
    );
    // Wait until the review's positions are queued, then another user asks for lines: served
    // after at most the job in hand, long before the review ends.
    for _ in 0..200 {
        if server.app.analysis.pool.waiting() > 50 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(
        server.app.analysis.pool.waiting() > 50,
        "the review's positions wait"
    );
    let mut c = server.client("someone").await;
    let a = analyse(&mut c, 1, "ffa", FFA_MATE_IN_ONE, 1).await;
    assert_eq!(a["type"], "analysis", "{a}");
    let (_, state) = request(
        app,
        "GET",
        &format!("/api/games/{long}/review"),
        None,
        None,
        None,
    )
    .await;
    assert_eq!(state["status"], "running", "the review still runs: {state}");
    assert!(
        server.app.analysis.pool.waiting() > 20,
        "most of the review still waits: {}",
        server.app.analysis.pool.waiting()
    );
    server.stop().await;
}
