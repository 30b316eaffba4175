//! Kill the server process (SIGKILL, no shutdown) mid-game and start it again on the same SQLite
//! file: the game continues with the same moves, fair clocks and the same seat tokens.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn start(port: u16, dir: &std::path::Path) -> Child {
    let child = Command::new(env!("CARGO_BIN_EXE_fourhand"))
        .args([
            "serve",
            "--listen",
            &format!("127.0.0.1:{port}"),
            "--data-dir",
        ])
        .arg(dir)
        .args(["--web-dir", "/nonexistent"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start fourhand");
    let end = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < end, "the server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

fn http_post(port: u16, path: &str) -> Value {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut buf = String::new();
    s.read_to_string(&mut buf).unwrap();
    serde_json::from_str(buf.split_once("\r\n\r\n").unwrap().1).unwrap()
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn client(port: u16) -> Ws {
    let session = http_post(port, "/api/guest")["session"]
        .as_str()
        .unwrap()
        .to_string();
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://127.0.0.1:{port}/ws"))
        .await
        .unwrap();
    send(&mut ws, json!({"type": "hello", "session": session})).await;
    expect(&mut ws, |m| m["type"] == "welcome").await;
    ws
}

async fn send(ws: &mut Ws, v: Value) {
    ws.send(Message::Text(v.to_string().into())).await.unwrap();
}

async fn expect(ws: &mut Ws, f: impl Fn(&Value) -> bool) -> Value {
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

#[tokio::test]
async fn a_killed_server_resumes_its_games() {
    let dir = std::env::temp_dir().join(format!("fourhand-crash-{}", std::process::id()));
    let port = free_port();
    let mut server = start(port, &dir);
    let mut c = Vec::new();
    for _ in 0..4 {
        c.push(client(port).await);
    }
    send(&mut c[0], json!({"type": "create_table", "rules": "ffa"})).await;
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
    for (i, (f, t)) in [
        ("h2", "h3"),
        ("b7", "c7"),
        ("g13", "g12"),
        ("m8", "l8"),
        ("g1", "j4"),
    ]
    .iter()
    .enumerate()
    {
        let seat = ["S", "W", "N", "E"][i % 4];
        send(
            &mut c[i % 4],
            json!({"type": "play", "game": game, "seat": seat, "from": f, "to": t}),
        )
        .await;
        expect(&mut c[i % 4], |m| {
            m["event"]["kind"] == "moved" && m["event"]["from"] == *f
        })
        .await;
    }
    // Blue thinks 3 s (inside his delay), then the server dies without warning.
    tokio::time::sleep(Duration::from_secs(3)).await;
    server.kill().unwrap();
    server.wait().unwrap();
    drop(c);
    tokio::time::sleep(Duration::from_secs(2)).await;

    let mut server = start(port, &dir);
    let mut blue = client(port).await;
    send(
        &mut blue,
        json!({"type": "join", "game": game, "seat_token": tokens[1]}),
    )
    .await;
    let state = expect(&mut blue, |m| m["type"] == "snapshot").await["state"].clone();
    assert_eq!(
        state["moves"],
        json!(["h2-h3", "b7-c7", "g13-g12", "m8-l8", "Qg1-j4"])
    );
    assert_eq!(state["to_move"], "W");
    // Fair clocks: the banks as they were after the last move, and Blue's delay starts afresh.
    assert_eq!(state["clocks_ms"], json!([60000, 60000, 60000, 60000]));
    assert!(state["delay_left_ms"].as_u64().unwrap() > 14_000);
    send(
        &mut blue,
        json!({"type": "play", "game": game, "seat": "W", "from": "b9", "to": "c9"}),
    )
    .await;
    expect(&mut blue, |m| {
        m["event"]["kind"] == "moved" && m["event"]["from"] == "b9"
    })
    .await;
    server.kill().unwrap();
    server.wait().unwrap();
    std::fs::remove_dir_all(&dir).ok();
}
