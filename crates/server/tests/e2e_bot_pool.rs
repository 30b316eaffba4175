//! Many engine games at once think on the bot pool's threads and start no others. (A test
//! binary of its own: it counts the threads of this process.)

mod support;

use fourhand_protocol::SeatName;
use fourhand_server::store::Store;
use fourhand_server::Config;
use std::time::{Duration, Instant};
use support::msg;
use support::{against_bots, TestServer};

/// This process's threads, and those among them whose name starts with `prefix`.
fn threads(prefix: &str) -> (usize, usize) {
    let mut all = 0;
    let mut named = 0;
    for t in std::fs::read_dir("/proc/self/task").unwrap().flatten() {
        all += 1;
        let comm = std::fs::read_to_string(t.path().join("comm")).unwrap_or_default();
        if comm.starts_with(prefix) {
            named += 1;
        }
    }
    (all, named)
}

#[tokio::test]
async fn many_engine_games_think_on_the_pool_alone() {
    if !std::path::Path::new("/proc/self/task").exists() {
        eprintln!("skipping: no /proc to count threads");
        return;
    }
    let mut config = Config::for_tests();
    config.bot_threads = 2;
    let server = TestServer::start(config, Store::memory()).await;
    // The pool's threads are started with the server (each names itself as it starts).
    let t = Instant::now();
    while threads("fourhand-bot").1 < 2 {
        assert!(
            t.elapsed() < Duration::from_secs(5),
            "the pool's threads did not start"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let (before, pool) = threads("fourhand-bot");
    assert_eq!(pool, 2);
    let mut players = Vec::new();
    for i in 0..8 {
        let mut c = server.client(&format!("p{i}")).await;
        let (game, _) = against_bots(&mut c, "engine2").await;
        players.push((c, game));
    }
    // Eight games' bots start thinking at once (24 searches of up to 0.4 s each).
    for (c, game) in players.iter_mut() {
        c.send(msg::play(&game, SeatName::S, "h2", "h3")).await;
    }
    let mut most = 0;
    let end = Instant::now() + Duration::from_secs(2);
    while Instant::now() < end {
        most = most.max(threads("").0);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(
        most <= before,
        "{most} threads while the bots thought, {before} before: searches started threads"
    );
    // And they did think: every game reaches South's turn again.
    for (c, _) in players.iter_mut() {
        for _ in 0..3 {
            c.expect(|m| m["event"]["kind"] == "moved" && m["event"]["seat"] != "S")
                .await;
        }
    }
    assert_eq!(threads("fourhand-bot").1, 2);
    server.stop().await;
}
