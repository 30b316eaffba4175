//! A NATS server of its own on a free port, and cluster nodes on one Postgres schema.

use super::ports::free_port;
use super::TestServer;
use fourhand_server::store::Store;
use fourhand_server::Config;
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

/// The `nats-server` binary: `FOURHAND_NATS_SERVER`, `/usr/sbin/nats-server`, or on `PATH`.
fn nats_binary() -> Option<std::path::PathBuf> {
    if let Some(p) = std::env::var_os("FOURHAND_NATS_SERVER") {
        return Some(p.into());
    }
    let sbin = std::path::PathBuf::from("/usr/sbin/nats-server");
    if sbin.exists() {
        return Some(sbin);
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join("nats-server"))
            .find(|p| p.exists())
    })
}

/// Starts `nats-server` on a free port; `None` (with a warning) when it is not installed
/// outside CI. In CI (`CI` set) a missing `nats-server` fails the test.
pub fn nats() -> Option<Nats> {
    let Some(bin) = nats_binary() else {
        if std::env::var_os("CI").is_some() {
            panic!("nats-server is required in CI (install it: apt-get install nats-server)");
        }
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "skipping the cluster test: nats-server is not installed"
        );
        return None;
    };
    let port = free_port();
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

/// The settings of cluster node `name` on `db` and `nats`.
pub fn node_config(name: &str, db: &str, nats: &Nats) -> Config {
    let mut c = Config::for_tests();
    c.database_url = Some(db.to_string());
    c.nats_url = Some(nats.url.clone());
    c.node_id = Some(name.to_string());
    c
}

/// A cluster node in this process.
pub async fn node(name: &str, db: &str, nats: &Nats) -> TestServer {
    let store = Store::connect(db).await.expect("postgres");
    TestServer::start(node_config(name, db, nats), store).await
}

/// NATS and a Postgres schema for a cluster test, or `None` (after a warning) outside CI when
/// either is missing.
pub async fn services() -> Option<(Nats, String)> {
    let db = super::postgres_url().await?;
    let nats = nats()?;
    Some((nats, db))
}
