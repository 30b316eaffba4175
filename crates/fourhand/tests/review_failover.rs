//! A game review on a cluster whose node is killed mid-review: two nodes on one Postgres and a
//! `nats-server` of the test's own; a real FFA game is imported and its review asked for; the
//! node that took the review is killed (`kill -9`) once it has recorded progress. The other node
//! takes the review when its lease runs out and completes it — once: one review, written by the
//! survivor, every entry judged, the positions searched before the kill kept in the store.

mod common;

use common::cluster::{nats, node_args, postgres_url};
use common::*;
use serde_json::Value;
use std::time::{Duration, Instant};

/// The real game reviewed (112 entries: long enough to kill its node mid-review).
const GAME: &str = "games/chesscom-ffa-97967963.pgn4";

fn game_text() -> Option<String> {
    let dir = std::env::var("FOURHAND_DATA")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data")
        });
    match std::fs::read_to_string(dir.join(GAME)) {
        Ok(t) => Some(t),
        Err(e) if std::env::var_os("CI").is_some() => {
            panic!("the shared test data is required in CI: {GAME}: {e}")
        }
        Err(e) => {
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "warning: skipping: {GAME}: {e}");
            None
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_whose_node_is_killed_is_completed_once_by_another() {
    let Some(text) = game_text() else { return };
    let Some(db) = postgres_url().await else {
        return;
    };
    let Some(nats) = nats() else {
        return;
    };
    let ports = [free_port(), free_port()];
    let names = ["review-kill-a", "review-kill-b"];
    let mut nodes = Procs(
        names
            .iter()
            .zip(ports)
            .map(|(n, p)| start_with(p, &data_dir(n), &node_args(n, &db, &nats)))
            .collect(),
    );
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(&db)
        .await
        .unwrap();
    let imported: Value =
        serde_json::from_str(&http_body(ports[0], "POST", "/api/import", &text)).expect("imported");
    let game = imported["id"].as_str().expect("a game id").to_string();
    // Entries: the moves and the resignations, timeouts and passes.
    let entries = http(ports[0], "GET", &format!("/api/games/{game}/positions"))["moves"]
        .as_array()
        .expect("positions")
        .len() as u64;
    let session = http_post(ports[0], "/api/guest")["session"]
        .as_str()
        .unwrap()
        .to_string();
    let asked: Value = serde_json::from_str(&http_as(
        ports[0],
        "POST",
        &format!("/api/games/{game}/review"),
        "",
        Some(&session),
    ))
    .unwrap();
    assert_eq!(asked["status"], "queued", "{asked}");

    // Wait until a node holds the review and has recorded progress, then kill that node.
    let id = uuid::Uuid::parse_str(&game).unwrap();
    let end = Instant::now() + Duration::from_secs(60);
    let (holder, done_before) = loop {
        let row: Option<(Option<String>, i64, String)> =
            sqlx::query_as("SELECT node, done_positions, status FROM reviews WHERE game = $1")
                .bind(id)
                .fetch_optional(&pool)
                .await
                .unwrap();
        if let Some((Some(node), done, status)) = row {
            assert_eq!(status, "running", "killed before it was done");
            if done > 0 {
                break (node, done);
            }
        }
        assert!(Instant::now() < end, "no node took the review");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let k = names
        .iter()
        .position(|n| **n == holder)
        .expect("a node of ours");
    nodes.0[k].kill().unwrap();
    nodes.0[k].wait().unwrap();
    let killed = Instant::now();
    let survivor = ports[1 - k];
    let cached_before: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM analysis_cache")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(
        cached_before.0 >= done_before,
        "searched positions are kept as they go"
    );

    // The survivor completes it.
    let review = loop {
        let r = http(survivor, "GET", &format!("/api/games/{game}/review"));
        if r["status"] == "done" {
            break r;
        }
        assert_ne!(r["status"], "failed", "{r}");
        assert!(
            killed.elapsed() < Duration::from_secs(120),
            "the review was not completed: {r}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    eprintln!(
        "review of {entries} entries completed {} ms after the kill of its node ({done_before} positions done before)",
        killed.elapsed().as_millis()
    );
    let moves = review["review"]["moves"].as_array().unwrap();
    assert_eq!(moves.len() as u64, entries, "every entry judged");
    assert_eq!(
        review["review"]["scores"].as_array().unwrap().len() as u64,
        entries + 1
    );
    let row: (Option<String>, String) =
        sqlx::query_as("SELECT node, status FROM reviews WHERE game = $1")
            .bind(id)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(row, (Some(names[1 - k].to_string()), "done".to_string()));
    let reviews: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM reviews")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(reviews.0, 1, "one review");
    // Completed once: by the survivor, counted once.
    let metrics = http_text(survivor, "GET", "/metrics");
    let done_count = metrics
        .lines()
        .find(|l| l.starts_with("fourhand_reviews_done_total"))
        .and_then(|l| l.split_whitespace().last())
        .and_then(|v| v.parse::<f64>().ok());
    assert_eq!(done_count, Some(1.0), "{metrics}");
    drop(nodes);
}
