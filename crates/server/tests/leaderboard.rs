//! Honest leaderboards: a pool's board lists established ratings of players with 25 rated games
//! in it and one in the last 14 days; a provisional, an inactive, a banned and a closed account
//! are kept off (SQLite, the ratings written as the store keeps them).

mod support;

use fourhand_server::moderation::ModerationAction;
use fourhand_server::store::{ModerationRow, Store, User};
use serde_json::Value;
use uuid::Uuid;

/// Writes a rating row as the store keeps it.
async fn rating(url: &str, player: Uuid, rating: f64, rd: f64, games: i64, last_ms: i64) {
    let pool = sqlx::sqlite::SqlitePoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO ratings (player_id, pool, rating, rd, volatility, games, last_ms) \
         VALUES ($1, 'teams-blitz', $2, $3, 0.06, $4, $5)",
    )
    .bind(player)
    .bind(rating)
    .bind(rd)
    .bind(games)
    .bind(last_ms)
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
}

#[tokio::test]
async fn a_leaderboard_hides_provisional_inactive_banned_and_closed_players() {
    let url = support::sqlite_url();
    let store = Store::connect(&url).await.unwrap();
    let server =
        support::TestServer::start(fourhand_server::Config::for_tests(), store.clone()).await;
    let now = fourhand_server::time::epoch_ms();
    let day = 86_400_000;
    let mut ids = Vec::new();
    for name in ["steady", "fresh", "gone", "banned", "closed", "second"] {
        let u = User {
            id: Uuid::now_v7(),
            name: name.into(),
            name_key: name.into(),
            password_hash: "$argon2id$x".into(),
            created_ms: 1,
        };
        store.create_user(&u).await.unwrap();
        ids.push(u);
    }
    // steady: 30 games, 2 days ago; second likewise, rated lower.
    rating(&url, ids[0].id, 1700.0, 60.0, 30, now - 2 * day).await;
    rating(&url, ids[5].id, 1600.0, 60.0, 40, now - day).await;
    // fresh: provisional (deviation 150) with 26 games; gone: last game 20 days ago;
    // banned: banned now; closed: its account closed (its ratings go with it).
    rating(&url, ids[1].id, 1900.0, 150.0, 26, now - day).await;
    rating(&url, ids[2].id, 1800.0, 60.0, 50, now - 20 * day).await;
    rating(&url, ids[3].id, 1850.0, 60.0, 50, now - day).await;
    rating(&url, ids[4].id, 1750.0, 60.0, 50, now - day).await;
    // Too few games: 24.
    let few = User {
        id: Uuid::now_v7(),
        name: "few".into(),
        name_key: "few".into(),
        password_hash: "$argon2id$x".into(),
        created_ms: 1,
    };
    store.create_user(&few).await.unwrap();
    rating(&url, few.id, 1650.0, 60.0, 24, now - day).await;
    store
        .record_moderation(&ModerationRow {
            id: Uuid::now_v7(),
            admin: "ann".into(),
            action: ModerationAction::Ban,
            target: "banned".into(),
            player: Some(ids[3].id),
            reason: "teaming".into(),
            at_ms: now - 1000,
            until_ms: Some(now + day),
        })
        .await
        .unwrap();
    fourhand_server::identity::accounts::delete(&server.app, &ids[4])
        .await
        .unwrap();
    let (status, board) = support::request(
        &server.app,
        "GET",
        "/api/leaderboard/teams-blitz",
        None,
        None,
        None,
    )
    .await;
    assert_eq!(status, 200, "{board}");
    let names: Vec<&str> = board["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e: &Value| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["steady", "second"], "{board}");
    assert_eq!(board["min_games"], 25);
    assert_eq!(board["active_days"], 14);
    assert_eq!(board["entries"][0]["rank"], 1);
    // The provisional player's profile still shows his rating, marked.
    let (_, profile) =
        support::request(&server.app, "GET", "/api/players/fresh", None, None, None).await;
    assert_eq!(profile["ratings"][0]["provisional"], true, "{profile}");
    server.stop().await;
}
