//! What a cluster test needs besides the nodes: a `nats-server` of its own on a free port and
//! a fresh Postgres schema. Both are required in CI (`CI` set); elsewhere a missing one skips
//! the test with a warning.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A `nats-server` process, killed when dropped.
pub struct Nats {
    /// Its client URL.
    pub url: String,
    child: Child,
}

impl Drop for Nats {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn skip(why: String) {
    if std::env::var_os("CI").is_some() {
        panic!("{why} (required in CI)");
    }
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "skipping a cluster test: {why}");
}

/// `nats-server` on a free port (`FOURHAND_NATS_SERVER`, `/usr/sbin/nats-server`, or `PATH`).
pub fn nats() -> Option<Nats> {
    let bin = std::env::var_os("FOURHAND_NATS_SERVER")
        .map(std::path::PathBuf::from)
        .or_else(|| {
            let sbin = std::path::PathBuf::from("/usr/sbin/nats-server");
            sbin.exists().then_some(sbin)
        })
        .or_else(|| {
            std::env::var_os("PATH").and_then(|paths| {
                std::env::split_paths(&paths)
                    .map(|d| d.join("nats-server"))
                    .find(|p| p.exists())
            })
        });
    let Some(bin) = bin else {
        skip("nats-server is not installed (apt-get install nats-server)".into());
        return None;
    };
    let port = super::free_port();
    let child = Command::new(bin)
        .args(["-a", "127.0.0.1", "-p", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start nats-server");
    let end = Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < end, "nats-server did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    Some(Nats {
        url: format!("nats://127.0.0.1:{port}"),
        child,
    })
}

/// A fresh schema on the test Postgres (`FOURHAND_TEST_POSTGRES`, default
/// `postgres://postgres@127.0.0.1:5432/test`), as a database URL.
pub async fn postgres_url() -> Option<String> {
    let base = std::env::var("FOURHAND_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_string());
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .acquire_timeout(Duration::from_secs(5))
        .connect(&base)
        .await;
    let pool = match pool {
        Ok(p) => p,
        Err(e) => {
            skip(format!("Postgres at {base} is unreachable: {e}"));
            return None;
        }
    };
    // Named as the server's test schemas are, so that their sweep removes it after an hour.
    let schema = format!("fh_test_{}", uuid::Uuid::now_v7().simple());
    sqlx::query(&format!("CREATE SCHEMA {schema}"))
        .execute(&pool)
        .await
        .expect("create a test schema");
    let sep = if base.contains('?') { '&' } else { '?' };
    Some(format!("{base}{sep}options=-c%20search_path%3D{schema}"))
}

/// The arguments of cluster node `name`.
pub fn node_args<'a>(name: &'a str, db: &'a str, nats: &'a Nats) -> Vec<&'a str> {
    vec![
        "--database-url",
        db,
        "--nats-url",
        &nats.url,
        "--node-id",
        name,
    ]
}
