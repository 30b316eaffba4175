//! Helpers of the tests that run the `fourhand` binary: servers as processes with their logs,
//! HTTP by hand, WebSocket clients, tables and moves.

#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::process::{Child, Command};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

pub mod cluster;

#[path = "../../../server/tests/support/ports.rs"]
mod ports;
pub use ports::free_port;

pub fn start(port: u16, dir: &std::path::Path) -> Child {
    start_with(port, dir, &[])
}

/// Starts `fourhand serve` on `port` with its data and log in `dir` and further `args`, and
/// waits until it listens.
pub fn start_with(port: u16, dir: &std::path::Path, args: &[&str]) -> Child {
    let child = Command::new(env!("CARGO_BIN_EXE_fourhand"))
        .args([
            "serve",
            "--listen",
            &format!("127.0.0.1:{port}"),
            "--data-dir",
        ])
        .arg(dir)
        .args(["--web-dir", "/nonexistent"])
        .args(args)
        .stdout(server_log(port, dir))
        .stderr(server_log(port, dir))
        .spawn()
        .expect("start fourhand");
    let end = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < end, "the server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

/// The log file of the server on each port: in its data directory (removed when the test
/// passes), appended across restarts, so that a failing request can show what the server said.
pub static LOGS: std::sync::Mutex<Vec<(u16, std::path::PathBuf)>> =
    std::sync::Mutex::new(Vec::new());

pub fn log_path(port: u16) -> Option<std::path::PathBuf> {
    let logs = LOGS.lock().unwrap_or_else(|p| p.into_inner());
    logs.iter()
        .find(|(p, _)| *p == port)
        .map(|(_, f)| f.clone())
}

pub fn server_log(port: u16, dir: &std::path::Path) -> std::fs::File {
    std::fs::create_dir_all(dir).expect("data directory");
    let path = dir.join("server.log");
    LOGS.lock()
        .unwrap_or_else(|p| p.into_inner())
        .push((port, path.clone()));
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .expect("server log")
}

pub fn http(port: u16, method: &str, path: &str) -> Value {
    serde_json::from_str(&http_text(port, method, path)).unwrap()
}

/// The body of an HTTP request's answer as text.
pub fn http_text(port: u16, method: &str, path: &str) -> String {
    http_body(port, method, path, "")
}

/// The answer's body to a request with a JSON `body`.
pub fn http_body(port: u16, method: &str, path: &str, body: &str) -> String {
    http_as(port, method, path, body, None)
}

/// The answer's body to a request with a JSON `body`, made with a session (`Bearer`).
pub fn http_as(port: u16, method: &str, path: &str, body: &str, session: Option<&str>) -> String {
    let auth = session.map_or(String::new(), |s| format!("Authorization: Bearer {s}\r\n"));
    use std::io::{Read, Write};
    let request = |buf: &mut String| -> std::io::Result<()> {
        let mut s = std::net::TcpStream::connect(("127.0.0.1", port))?;
        write!(
            s,
            "{method} {path} HTTP/1.1\r\nHost: x\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )?;
        s.read_to_string(buf)?;
        Ok(())
    };
    let mut buf = String::new();
    if let Err(e) = request(&mut buf) {
        let log = log_path(port)
            .and_then(|p| std::fs::read_to_string(p).ok())
            .unwrap_or_default();
        panic!("{method} {path}: {e}; the server's log:\n{log}");
    }
    buf.split_once("\r\n\r\n").unwrap().1.to_string()
}

pub fn http_post(port: u16, path: &str) -> Value {
    http(port, "POST", path)
}

pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub async fn client(port: u16) -> Ws {
    let session = http_post(port, "/api/guest")["session"]
        .as_str()
        .unwrap()
        .to_string();
    connect(port, &session).await
}

/// A client of a new account `name` (registered through `port`).
pub async fn account(port: u16, name: &str) -> Ws {
    let body = json!({"name": name, "password": "a long test password"}).to_string();
    let answer: Value =
        serde_json::from_str(&http_body(port, "POST", "/api/register", &body)).unwrap();
    let session = answer["session"].as_str().expect("a session").to_string();
    connect(port, &session).await
}

/// A client with `session`, after `hello`.
pub async fn connect(port: u16, session: &str) -> Ws {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://127.0.0.1:{port}/ws"))
        .await
        .unwrap();
    send(&mut ws, json!({"type": "hello", "session": session})).await;
    expect(&mut ws, |m| m["type"] == "welcome").await;
    ws
}

pub async fn send(ws: &mut Ws, v: Value) {
    ws.send(Message::Text(v.to_string().into())).await.unwrap();
}

pub async fn expect(ws: &mut Ws, f: impl Fn(&Value) -> bool) -> Value {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("a message")
            .expect("open")
            .unwrap();
        if let Message::Text(t) = m {
            let v: Value = serde_json::from_str(&t).unwrap();
            assert_ne!(v["type"], "error", "{v}");
            if f(&v) {
                return v;
            }
        }
    }
}

/// Four seated, joined players of a new table (`create` is the `create_table` message); the
/// game id and the seat tokens.
pub async fn table(port: u16, create: Value) -> (Vec<Ws>, Value, Vec<Value>) {
    let mut c = Vec::new();
    for _ in 0..4 {
        c.push(client(port).await);
    }
    table_of(port, create, c).await
}

/// [`table`] with these four clients.
pub async fn table_of(port: u16, create: Value, mut c: Vec<Ws>) -> (Vec<Ws>, Value, Vec<Value>) {
    let _ = port;
    send(&mut c[0], create).await;
    let table = expect(&mut c[0], |m| m["type"] == "table").await["table"]["id"].clone();
    let mut tokens = Vec::new();
    for (i, seat) in ["S", "W", "N", "E"].iter().enumerate() {
        send(
            &mut c[i],
            json!({"type": "sit", "table": table, "seat": seat}),
        )
        .await;
        tokens.push(expect(&mut c[i], |m| m["type"] == "seated").await["seat_token"].clone());
    }
    let game = expect(&mut c[3], |m| m["type"] == "game_started").await["game"].clone();
    for (i, t) in tokens.iter().enumerate() {
        send(
            &mut c[i],
            json!({"type": "join", "game": game, "seat_token": t}),
        )
        .await;
        expect(&mut c[i], |m| m["type"] == "snapshot").await;
    }
    (c, game, tokens)
}

/// Plays `from-to` for seat `i` and returns the `moved` event.
pub async fn play(c: &mut [Ws], game: &Value, i: usize, mv: &str) -> Value {
    let (from, to) = mv.split_once('-').unwrap();
    let seat = ["S", "W", "N", "E"][i];
    send(
        &mut c[i],
        json!({"type": "play", "game": game, "seat": seat, "from": from, "to": to}),
    )
    .await;
    expect(&mut c[i], |m| {
        m["event"]["kind"] == "moved" && m["event"]["from"] == from
    })
    .await["event"]
        .clone()
}

pub async fn rejoin(port: u16, game: &Value, token: &Value) -> (Ws, Value) {
    let mut ws = client(port).await;
    send(
        &mut ws,
        json!({"type": "join", "game": game, "seat_token": token}),
    )
    .await;
    let state = expect(&mut ws, |m| m["type"] == "snapshot").await["state"].clone();
    (ws, state)
}

/// Server processes, killed when dropped (a failed assertion included).
pub struct Procs(pub Vec<Child>);

impl Drop for Procs {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

pub fn kill(mut server: Child) {
    server.kill().unwrap();
    server.wait().unwrap();
}

pub fn data_dir(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("fourhand-{name}-{}", std::process::id()))
}
