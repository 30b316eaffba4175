//! The HTTP endpoints, called through the router with `tower::ServiceExt::oneshot`.

mod support;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use fourhand_server::store::Store;
use fourhand_server::{app, state, Config};
use serde_json::{json, Value};
use tower::ServiceExt;

async fn router() -> axum::Router {
    app(state(Config::for_tests(), Store::memory()).await.unwrap())
}

async fn call(
    r: &axum::Router,
    method: &str,
    uri: &str,
    body: Option<String>,
) -> (StatusCode, String) {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(body.map(Body::from).unwrap_or_else(Body::empty))
        .unwrap();
    let resp = r.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let bytes = axum::body::to_bytes(resp.into_body(), 1 << 22)
        .await
        .unwrap();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

fn json_of(s: &str) -> Value {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("{e}: {s}"))
}

#[tokio::test]
async fn guests_accounts_and_logins() {
    let r = router().await;
    let (s, b) = call(&r, "POST", "/api/guest", None).await;
    assert_eq!(s, StatusCode::OK);
    let g = json_of(&b);
    assert!(g["name"].as_str().unwrap().starts_with("guest-"));
    assert_eq!(g["registered"], false);
    let creds = json!({"name": "ada_l", "password": "correct horse"}).to_string();
    let (s, b) = call(&r, "POST", "/api/register", Some(creds.clone())).await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    assert_eq!(json_of(&b)["registered"], true);
    let (s, _) = call(&r, "POST", "/api/register", Some(creds.clone())).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "the name is taken");
    let (s, b) = call(&r, "POST", "/api/login", Some(creds)).await;
    assert_eq!(s, StatusCode::OK);
    assert!(json_of(&b)["session"].as_str().unwrap().contains('.'));
    let bad = json!({"name": "ada_l", "password": "wrong horse"}).to_string();
    let (s, b) = call(&r, "POST", "/api/login", Some(bad)).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    assert_eq!(json_of(&b)["code"], "not_authenticated");
    let short = json!({"name": "x", "password": "12345678"}).to_string();
    assert_eq!(
        call(&r, "POST", "/api/register", Some(short)).await.0,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        call(&r, "POST", "/api/login", Some("{".into())).await.0,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn every_api_error_has_the_json_body() {
    let r = router().await;
    for (body, want) in [
        ("{", "bad_message"),
        ("not json", "bad_message"),
        (
            "{\"name\": 5, \"password\": \"correct horse\"}",
            "bad_message",
        ),
        ("{\"name\": \"ada_l\"}", "bad_message"),
    ] {
        let (s, b) = call(&r, "POST", "/api/register", Some(body.into())).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}: {b}");
        let v = json_of(&b);
        assert_eq!(v["code"], want, "{body}: {b}");
        assert!(v["message"].as_str().is_some_and(|m| !m.is_empty()), "{b}");
    }
    let (s, b) = call(&r, "GET", "/api/register", None).await;
    assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(json_of(&b)["code"], "bad_request");
    let big = "x".repeat(300 * 1024);
    let (s, b) = call(&r, "POST", "/api/import", Some(big)).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(json_of(&b)["code"], "too_large");
}

#[tokio::test]
async fn health_metrics_and_listings() {
    let r = router().await;
    assert_eq!(
        call(&r, "GET", "/healthz", None).await,
        (StatusCode::OK, "ok".into())
    );
    let (s, m) = call(&r, "GET", "/metrics", None).await;
    assert_eq!(s, StatusCode::OK);
    for name in [
        "fourhand_connections",
        "fourhand_store_errors_total",
        "process_cpu_seconds_total",
        "process_open_fds",
        "process_resident_memory_bytes",
        "tokio_alive_tasks",
    ] {
        assert!(m.contains(name), "{name} in /metrics");
    }
    assert_eq!(
        json_of(&call(&r, "GET", "/api/tables", None).await.1),
        json!([])
    );
    assert_eq!(
        json_of(&call(&r, "GET", "/api/games", None).await.1),
        json!([])
    );
    let (s, b) = call(&r, "GET", "/api/games/not-a-uuid", None).await;
    assert_eq!(
        (s, json_of(&b)["code"].clone()),
        (StatusCode::NOT_FOUND, json!("unknown_game"))
    );
}

#[tokio::test]
async fn the_library_holds_the_1892_game_position_by_position() {
    let r = router().await;
    let lib = json_of(&call(&r, "GET", "/api/library", None).await.1);
    assert_eq!(lib[0]["id"], "london-cambridge-1892");
    let p = json_of(
        &call(
            &r,
            "GET",
            "/api/library/london-cambridge-1892/positions",
            None,
        )
        .await
        .1,
    );
    assert_eq!(p["rules"], "club1893");
    assert_eq!(p["moves"].as_array().unwrap().len(), 24);
    assert_eq!(p["fens"].as_array().unwrap().len(), 24);
    assert_eq!(p["error"], Value::Null);
    let (s, pgn) = call(&r, "GET", "/api/library/london-cambridge-1892/pgn4", None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(pgn.contains("Club1893"));
}

#[tokio::test]
async fn import_a_chesscom_game_and_replay_it() {
    if !support::has_data() {
        return;
    }
    let r = router().await;
    let text = support::data("games/chesscom-ffa-97967963.pgn4");
    let (s, b) = call(&r, "POST", "/api/import", Some(text)).await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let v = json_of(&b);
    assert_eq!(v["plies"], 110);
    let id = v["id"].as_str().unwrap();
    let p = json_of(
        &call(&r, "GET", &format!("/api/games/{id}/positions"), None)
            .await
            .1,
    );
    assert_eq!(
        p["result"],
        "Betelyuz: 3 - Howtobedone: 54 - COLEPALMER120: 57 - Winsby: 30"
    );
    // Each entry's move squares come as data (null for an entry without a move: Red's `R`).
    assert_eq!(p["squares"][0], json!(["h2", "h3"]));
    let resign = p["moves"]
        .as_array()
        .unwrap()
        .iter()
        .position(|m| m == "R")
        .unwrap();
    assert_eq!(p["squares"][resign], Value::Null);
    let g = json_of(&call(&r, "GET", &format!("/api/games/{id}"), None).await.1);
    assert_eq!(g["points"], json!([3, 54, 57, 30]));
    let (_, pgn) = call(&r, "GET", &format!("/api/games/{id}/pgn4"), None).await;
    assert!(pgn.contains("[Variant \"FFA\"]"));
    // An unplayable record is refused with where and why; nothing is stored.
    let bad = "[Variant \"Teams\"]\n\n1. h2-h3 .. b7-b9\n";
    let (s, b) = call(&r, "POST", "/api/import", Some(bad.into())).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let e = json_of(&b);
    assert_eq!(
        (e["round"].clone(), e["seat"].clone(), e["move"].clone()),
        (json!(1), json!("Blue"), json!("b7-b9"))
    );
}

#[tokio::test]
async fn records_endpoints_answer_and_refuse_bad_queries_clearly() {
    let r = router().await;
    let (s, b) = call(&r, "GET", "/api/pools", None).await;
    assert_eq!(s, StatusCode::OK);
    // Six games (Teams, FFA, Chaturaji, Conquest, Verney, Club) and the fourteen option families
    // the client offers, at three speeds.
    let pools = json_of(&b);
    assert_eq!(pools.as_array().unwrap().len(), 60);
    assert!(pools
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p == "teams+Chess960-blitz"));
    assert!(pools
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p == "conquest-blitz"));
    assert!(pools
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p == "chaturaji-blitz"));
    for pool in [
        "ffa-rapid",
        "teams+3-check+KotH-bullet",
        "ffa+Chess960-blitz",
    ] {
        let (s, b) = call(&r, "GET", &format!("/api/leaderboard/{pool}"), None).await;
        assert_eq!(
            (s, json_of(&b)),
            (
                StatusCode::OK,
                json!({"pool": pool, "min_games": 25, "active_days": 14, "entries": []})
            )
        );
    }
    let (s, b) = call(
        &r,
        "GET",
        "/api/archive?player=x&rules=club1893&from=2026-01-01",
        None,
    )
    .await;
    assert_eq!((s, json_of(&b)), (StatusCode::OK, json!([])));
    for (uri, status, code) in [
        (
            "/api/leaderboard/chess-blitz",
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        // Options out of their canonical order, or not played.
        (
            "/api/leaderboard/teams+KotH+3-check-blitz",
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            "/api/leaderboard/teams+Atomic-blitz",
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            "/api/leaderboard/teams-blitz?limit=many",
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            "/api/archive?from=yesterday",
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            "/api/archive?rules=chess",
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            "/api/archive?limit=abc",
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            "/api/players/nobody",
            StatusCode::NOT_FOUND,
            "unknown_player",
        ),
    ] {
        let (s, b) = call(&r, "GET", uri, None).await;
        assert_eq!(
            (s, json_of(&b)["code"].clone()),
            (status, json!(code)),
            "{uri}: {b}"
        );
    }
}

#[tokio::test]
async fn an_imported_game_exports_as_it_came_with_its_variations_and_gives_seats_per_entry() {
    let r = router().await;
    let text = "[Variant \"Teams\"]\n[RuleVariants \"EnPassant\"]\n\n1. h2-h3 { a quiet start } (1. h2-h4 .. b7-c7) .. b7-c7 .. g13-g12 .. m8-l8\n2. Qg1-j4\n";
    let (s, b) = call(&r, "POST", "/api/import", Some(text.into())).await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let id = json_of(&b)["id"].as_str().unwrap().to_string();
    let (s, pgn) = call(&r, "GET", &format!("/api/games/{id}/pgn4"), None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(pgn, text, "the record as it was imported");
    let (_, p) = call(&r, "GET", &format!("/api/games/{id}/positions"), None).await;
    let p = json_of(&p);
    assert_eq!(
        p["moves"],
        json!(["h2-h3", "b7-c7", "g13-g12", "m8-l8", "Qg1-j4"])
    );
    assert_eq!(p["seats"], json!(["S", "W", "N", "E", "S"]));
    assert_eq!(p["checks"].as_array().unwrap().len(), 5);
}
