//! The backups of `docs/operating.md` restore: a live SQLite database copied with
//! `VACUUM INTO` while the server runs, and a Postgres schema dumped with `pg_dump`, dropped and
//! brought back with `pg_restore`, each give a server that resumes the game with every move.

mod support;

use fourhand_server::store::Store;
use fourhand_server::Config;
use serde_json::Value;
use support::msg;
use support::{four_players, play, Client, TestServer};

/// Plays three moves on a new server over `url`; the game id, South's token and the moves.
async fn play_some(url: &str) -> (TestServer, String, String, Value) {
    let mut config = Config::for_tests();
    config.database_url = Some(url.to_string());
    let server = TestServer::start(config, Store::connect(url).await.unwrap()).await;
    let (game, mut c, tokens) = four_players(&server, "teams", None, None).await;
    for (i, mv) in ["h2-h3", "b7-c7", "g13-g12"].iter().enumerate() {
        play(&mut c, &game, i, mv).await;
    }
    c[0].send(msg::spectate(&game)).await;
    let moves = c[0].expect(|m| m["type"] == "snapshot").await["state"]["moves"].clone();
    (server, game, tokens[0].clone(), moves)
}

/// A server on `url` resumes `game` with `moves`, and South can still join with his token.
async fn resumes(url: &str, game: &str, token: &str, moves: &Value) {
    let mut config = Config::for_tests();
    config.database_url = Some(url.to_string());
    let server = TestServer::start(config, Store::connect(url).await.unwrap()).await;
    let mut south = Client::connect(server.addr, &server.session("south").await).await;
    south.send(msg::join(game, token)).await;
    let state = south.expect(|m| m["type"] == "snapshot").await["state"].clone();
    assert_eq!(&state["moves"], moves, "the restored game has every move");
    assert_eq!(state["to_move"], "E");
    server.stop().await;
}

#[tokio::test]
async fn a_live_sqlite_backup_restores() {
    let url = support::sqlite_url();
    let (server, game, token, moves) = play_some(&url).await;
    // The backup is taken while the server runs (the guide's `VACUUM INTO`).
    let backup = url.replace("test.db", "backup.db");
    let path = backup.trim_start_matches("sqlite://").to_string();
    let copy = sqlx::sqlite::SqlitePoolOptions::new()
        .max_connections(1)
        .connect(&url)
        .await
        .unwrap();
    sqlx::query(&format!("VACUUM INTO '{path}'"))
        .execute(&copy)
        .await
        .unwrap();
    copy.close().await;
    server.stop().await;
    resumes(&backup, &game, &token, &moves).await;
}

#[tokio::test]
async fn a_postgres_dump_restores() {
    let Some(url) = support::postgres_url().await else {
        return;
    };
    let (server, game, token, moves) = play_some(&url).await;
    server.stop().await;
    let (base, schema) = split_schema(&url);
    let dump = std::env::temp_dir().join(format!("fourhand-{schema}.dump"));
    let ok = std::process::Command::new("pg_dump")
        .args(["--format=custom", "--schema", &schema, "--file"])
        .arg(&dump)
        .arg(&base)
        .status();
    match ok {
        Ok(s) => assert!(s.success(), "pg_dump failed"),
        Err(e) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "pg_dump is needed in CI: {e}"
            );
            eprintln!("skipping the Postgres restore: no pg_dump ({e})");
            return;
        }
    }
    // The schema is lost…
    let admin = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(&base)
        .await
        .unwrap();
    sqlx::query(&format!("DROP SCHEMA {schema} CASCADE"))
        .execute(&admin)
        .await
        .unwrap();
    admin.close().await;
    // …and restored from the dump.
    let s = std::process::Command::new("pg_restore")
        .args(["--dbname", &base])
        .arg(&dump)
        .status()
        .unwrap();
    assert!(s.success(), "pg_restore failed");
    std::fs::remove_file(&dump).ok();
    resumes(&url, &game, &token, &moves).await;
}

/// The database URL without the test's `search_path` option, and the schema it names.
fn split_schema(url: &str) -> (String, String) {
    let (base, opts) = url.split_once("options=").expect("a test schema URL");
    let schema = opts.rsplit("%3D").next().unwrap().to_string();
    (base.trim_end_matches(['?', '&']).to_string(), schema)
}
