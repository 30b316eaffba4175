//! A store that cannot write: `/healthz` says so within a second and recovers with the store;
//! moves are refused with `store_unavailable` (nothing changed); bots and deadlines back off
//! instead of spinning; the game goes on when the store is back. SQLite on a small file system
//! that fills up (tmpfs, so root is needed: outside CI it is skipped with a warning without it),
//! and Postgres through a loopback proxy that the test stalls and cuts.

mod support;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use fourhand_protocol::{ClientMsg, GameId, NewTable, SeatName};
use fourhand_server::store::Store;
use fourhand_server::{App, Config};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::msg;
use support::{four_at, Client, TestServer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

/// GET /healthz through the router, with how long it took.
async fn health(app: &App) -> (StatusCode, Duration) {
    let t = Instant::now();
    let req = Request::get("/healthz").body(Body::empty()).unwrap();
    let r = fourhand_server::app(app.clone())
        .oneshot(req)
        .await
        .unwrap();
    (r.status(), t.elapsed())
}

/// Waits (up to 20 s) until /healthz answers `want`.
async fn health_becomes(app: &App, want: StatusCode) {
    let end = Instant::now() + Duration::from_secs(20);
    loop {
        let (s, took) = health(app).await;
        assert!(took < Duration::from_millis(1_500), "health took {took:?}");
        if s == want {
            return;
        }
        assert!(Instant::now() < end, "health stayed {s}, wanted {want}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Plays a move and returns what came back: the `moved` event or an `error`.
async fn try_play(
    c: &mut Client,
    game: &str,
    seat: &str,
    from: &str,
    to: &str,
) -> serde_json::Value {
    c.send(msg::play(game, msg::seat(seat), from, to)).await;
    c.expect(|m| {
        m["type"] == "error"
            || (m["type"] == "event" && m["event"]["kind"] == "moved" && m["event"]["from"] == from)
    })
    .await
}

/// A tmpfs of `size` mounted at a fresh directory, unmounted on drop.
struct SmallDisk(PathBuf);

impl SmallDisk {
    fn mount(size: &str) -> Option<SmallDisk> {
        let dir =
            std::env::temp_dir().join(format!("fourhand-full-{}", uuid::Uuid::now_v7().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        let ok = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(&dir)
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            std::fs::remove_dir(&dir).ok();
            if std::env::var_os("CI").is_some() {
                panic!("CI runs as root: mounting a small tmpfs must work here");
            }
            eprintln!("skipping the full-disk test: cannot mount a tmpfs (not root?)");
            return None;
        }
        Some(SmallDisk(dir))
    }

    /// Fills the file system up with a filler file.
    fn fill(&self) {
        let mut f = std::fs::File::create(self.0.join("filler")).unwrap();
        let block = vec![0u8; 64 * 1024];
        use std::io::Write;
        while f.write_all(&block).is_ok() {}
        let _ = f.sync_all();
    }

    fn free(&self) {
        std::fs::remove_file(self.0.join("filler")).unwrap();
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(&self.0)
            .status();
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[tokio::test]
async fn a_full_disk_refuses_moves_and_nothing_spins() {
    let Some(disk) = SmallDisk::mount("4m") else {
        return;
    };
    let url = format!("sqlite://{}", disk.path().join("fourhand.db").display());
    let mut config = Config::for_tests();
    config.database_url = Some(url.clone());
    config.bot_delay_ms = 600;
    let server = TestServer::start(config, Store::connect(&url).await.unwrap()).await;
    let app = server.app.clone();
    assert_eq!(health(&app).await.0, StatusCode::OK);

    // South plays three greedy bots.
    let mut south = server.client("south").await;
    let (game, _) = support::against_bots(&mut south, "greedy").await;
    let m = try_play(&mut south, &game, "S", "h2", "h3").await;
    assert_eq!(m["type"], "event", "{m}");
    // The disk fills up while West's bot waits its 600 ms.
    disk.fill();
    health_becomes(&app, StatusCode::SERVICE_UNAVAILABLE).await;
    let id: uuid::Uuid = game.parse().unwrap();
    let errors_before = support::metric(&app, "fourhand_store_errors_total");
    // Three seconds of a failing store: the bot tries a handful of times, not thousands.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let tries = support::metric(&app, "fourhand_store_errors_total") - errors_before;
    assert!(
        tries <= 12.0,
        "{tries} store attempts in 3 s: the bot must back off"
    );
    // South cannot resign either: refused clearly, nothing changed.
    south.send(msg::resign(&game, SeatName::S)).await;
    let e = south.error().await;
    assert_eq!(e["code"], "store_unavailable", "{e}");

    // Room again: health comes back and the bot's move is played.
    disk.free();
    health_becomes(&app, StatusCode::OK).await;
    let m = south
        .expect(|m| {
            m["type"] == "event" && m["event"]["kind"] == "moved" && m["event"]["seat"] == "W"
        })
        .await;
    assert_eq!(m["event"]["zombie"], false);
    let stored = app.store.game(GameId(id)).await.unwrap().unwrap();
    assert_eq!(
        stored.actions.len(),
        2,
        "South's move and West's, nothing else"
    );
    server.stop().await;
}

/// A TCP proxy in front of Postgres that the test can stall (bytes held) or cut (connections
/// closed, new ones refused).
struct Proxy {
    addr: std::net::SocketAddr,
    mode: Arc<AtomicU8>,
}

const PASS: u8 = 0;
const STALL: u8 = 1;
const CUT: u8 = 2;

impl Proxy {
    async fn start(target: String) -> Proxy {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let mode = Arc::new(AtomicU8::new(PASS));
        let m = mode.clone();
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                if m.load(Ordering::SeqCst) == CUT {
                    drop(client);
                    continue;
                }
                let Ok(upstream) = tokio::net::TcpStream::connect(&target).await else {
                    continue;
                };
                let (cr, cw) = client.into_split();
                let (ur, uw) = upstream.into_split();
                tokio::spawn(pipe(cr, uw, m.clone()));
                tokio::spawn(pipe(ur, cw, m.clone()));
            }
        });
        Proxy { addr, mode }
    }

    fn set(&self, mode: u8) {
        self.mode.store(mode, Ordering::SeqCst);
    }
}

async fn pipe(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    mode: Arc<AtomicU8>,
) {
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        let n = tokio::select! {
            r = from.read(&mut buf) => match r {
                Ok(0) | Err(_) => return,
                Ok(n) => n,
            },
            _ = async {
                while mode.load(Ordering::SeqCst) != CUT {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            } => return,
        };
        while mode.load(Ordering::SeqCst) == STALL {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        if mode.load(Ordering::SeqCst) == CUT || to.write_all(&buf[..n]).await.is_err() {
            return;
        }
    }
}

#[tokio::test]
async fn a_stalled_or_cut_postgres_is_reported_and_survived() {
    let Some(url) = support::postgres_url().await else {
        return;
    };
    let target = url
        .split('@')
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap()
        .to_string();
    let proxy = Proxy::start(target.clone()).await;
    let via = url.replacen(&target, &proxy.addr.to_string(), 1);
    let mut config = Config::for_tests();
    config.database_url = Some(via.clone());
    let server = TestServer::start(config, Store::connect(&via).await.unwrap()).await;
    let app = server.app.clone();
    assert_eq!(health(&app).await.0, StatusCode::OK);
    let mut sessions = Vec::new();
    for n in ["s", "w", "n", "e"] {
        sessions.push(server.session(n).await);
    }
    let (game, mut c, _) = four_at(
        &server,
        ClientMsg::CreateTable(NewTable::of("teams")),
        &sessions,
    )
    .await;
    let m = try_play(&mut c[0], &game, "S", "h2", "h3").await;
    assert_eq!(m["type"], "event", "{m}");

    // Stalled: health fails within a second, and comes back with the store.
    proxy.set(STALL);
    health_becomes(&app, StatusCode::SERVICE_UNAVAILABLE).await;
    proxy.set(PASS);
    health_becomes(&app, StatusCode::OK).await;

    // Cut: health fails; West's move cannot be recorded; a second try is refused at once.
    proxy.set(CUT);
    health_becomes(&app, StatusCode::SERVICE_UNAVAILABLE).await;
    c[1].send(msg::play(&game, SeatName::W, "b7", "c7")).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let errors_before = support::metric(&app, "fourhand_store_errors_total");
    let m = try_play(&mut c[1], &game, "W", "b7", "c7").await;
    assert_eq!(m["code"], "store_unavailable", "{m}");
    tokio::time::sleep(Duration::from_secs(3)).await;
    let tries = support::metric(&app, "fourhand_store_errors_total") - errors_before;
    assert!(
        tries <= 12.0,
        "{tries} store attempts in 3 s: it must back off"
    );

    // Back: the first move is settled (played if the store has it, else refused), and the
    // game goes on.
    proxy.set(PASS);
    health_becomes(&app, StatusCode::OK).await;
    let id: uuid::Uuid = game.parse().unwrap();
    let mut played = false;
    for _ in 0..3 {
        let m = try_play(&mut c[1], &game, "W", "b7", "c7").await;
        if m["type"] == "event" {
            played = true;
            break;
        }
        if m["code"] == "not_your_turn" {
            // The first try had been stored after all, and was played when that was known.
            played = true;
            break;
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
    assert!(played, "West's move is played once the store is back");
    let stored = app.store.game(GameId(id)).await.unwrap().unwrap();
    assert_eq!(stored.actions.len(), 2, "South's move and West's, once");
    server.stop().await;
}
