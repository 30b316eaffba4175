//! Connections that cost the server without playing: sockets that answer no ping, TCP
//! connections that never finish a request (or an upgrade), and more sockets than the caps
//! allow.

mod support;

use fourhand_protocol::ClientMsg;
use fourhand_server::store::Store;
use fourhand_server::Config;
use futures_util::StreamExt;
use std::time::{Duration, Instant};
use support::msg;
use support::{Client, TestServer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

async fn server_with(f: impl FnOnce(&mut Config)) -> TestServer {
    let mut config = Config::for_tests();
    f(&mut config);
    TestServer::start(config, Store::memory()).await
}

#[tokio::test]
async fn a_socket_that_answers_no_ping_is_closed_and_one_that_does_stays() {
    let server = server_with(|c| c.ws_ping_secs = 1).await;
    let mut silent = server.client("silent").await;
    let mut alive = server.client("alive").await;
    // The live client reads (and so answers the pings) for three ping intervals.
    let end = tokio::time::Instant::now() + Duration::from_secs(3);
    while let Ok(Some(m)) = tokio::time::timeout_at(end, alive.ws_mut().next()).await {
        assert!(
            !matches!(m, Ok(Message::Close(_))),
            "the live client was closed"
        );
    }
    alive.send(ClientMsg::Ping).await;
    alive.expect(|m| m["type"] == "pong").await;
    // The silent one read nothing meanwhile: it finds a close frame, 1001.
    let closed = silent.expect(|m| m["type"] == "_closed").await;
    assert_eq!(closed["code"], 1001);
    assert_eq!(
        support::metric(&server.app, "fourhand_silent_connections_total"),
        1.0
    );
    server.stop().await;
}

/// Reads until the server closes the connection; how long that took.
async fn closed_within(stream: &mut tokio::net::TcpStream, limit: Duration) -> Duration {
    let t = Instant::now();
    let mut buf = [0u8; 1024];
    loop {
        match tokio::time::timeout(limit, stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return t.elapsed(),
            Ok(Ok(_)) => continue,
            Err(_) => panic!("still open after {limit:?}"),
        }
    }
}

#[tokio::test]
async fn a_connection_that_never_completes_a_request_is_closed() {
    let server = server_with(|c| c.header_timeout_secs = 1).await;
    // Half a request (the start of an upgrade), then nothing.
    let mut half = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    half.write_all(b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n")
        .await
        .unwrap();
    // Nothing at all.
    let mut mute = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let took = closed_within(&mut half, Duration::from_secs(5)).await;
    assert!(
        took >= Duration::from_millis(900),
        "closed too early: {took:?}"
    );
    closed_within(&mut mute, Duration::from_secs(5)).await;
    // A real request on a fresh connection still works.
    let mut ok = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    ok.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut body = String::new();
    ok.read_to_string(&mut body).await.unwrap();
    assert!(body.starts_with("HTTP/1.1 200"), "{body}");
    server.stop().await;
}

#[tokio::test]
async fn sockets_beyond_the_caps_are_closed_with_1013() {
    let server = server_with(|c| {
        c.max_connections = 3;
        c.max_connections_per_ip = 2;
    })
    .await;
    let session = server.session("many").await;
    let a = Client::connect(server.addr, &session).await;
    let _b = Client::connect(server.addr, &session).await;
    // A third from the same address.
    let mut c = Client::raw(server.addr).await;
    let closed = c.expect(|m| m["type"] == "_closed").await;
    assert_eq!(closed["code"], 1013);
    // When one closes, there is room again.
    drop(a);
    let end = Instant::now() + Duration::from_secs(5);
    let mut again = loop {
        let mut c = Client::raw(server.addr).await;
        c.send(ClientMsg::Hello {
            session: msg::text(&session),
            protocol: 1,
        })
        .await;
        let m = c.next().await.unwrap();
        if m["type"] == "welcome" {
            break c;
        }
        assert_eq!(m["code"], 1013, "{m}");
        assert!(
            Instant::now() < end,
            "the closed socket's place was not freed"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    again.send(ClientMsg::Ping).await;
    again.expect(|m| m["type"] == "pong").await;
    assert!(support::metric(&server.app, "fourhand_refused_connections_total") >= 1.0);
    server.stop().await;
}

#[tokio::test]
async fn answers_carry_the_hardening_headers() {
    let dir = std::env::temp_dir().join(format!("fourhand-web-{}", uuid::Uuid::now_v7().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>t</title>").unwrap();
    let server = server_with(|c| c.web_dir = Some(dir.clone())).await;
    for path in [
        "/",
        "/index.html",
        "/api/tables",
        "/healthz",
        "/no-such-file",
    ] {
        let mut s = tokio::net::TcpStream::connect(server.addr).await.unwrap();
        s.write_all(
            format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes(),
        )
        .await
        .unwrap();
        let mut r = String::new();
        s.read_to_string(&mut r).await.unwrap();
        let head = r.split("\r\n\r\n").next().unwrap().to_ascii_lowercase();
        for h in [
            "content-security-policy: default-src 'self'; script-src 'self';",
            "x-content-type-options: nosniff",
            "referrer-policy: no-referrer",
            "x-frame-options: deny",
        ] {
            assert!(head.contains(h), "{path} lacks {h}:\n{head}");
        }
        assert!(head.contains("frame-ancestors 'none'"), "{path}");
    }
    server.stop().await;
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn sockets_from_other_pages_are_refused_when_origins_are_set() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let server =
        server_with(|c| c.allowed_origins = vec!["https://chess.example.org".into()]).await;
    let open = |origin: Option<&'static str>| {
        let addr = server.addr;
        async move {
            let mut req = format!("ws://{addr}/ws").into_client_request().unwrap();
            if let Some(o) = origin {
                req.headers_mut().insert("origin", o.parse().unwrap());
            }
            tokio_tungstenite::connect_async(req).await
        }
    };
    assert!(open(Some("https://chess.example.org")).await.is_ok());
    for bad in [Some("https://evil.example"), None] {
        match open(bad).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
                assert_eq!(r.status(), 403, "{bad:?}")
            }
            other => panic!("{bad:?}: expected a 403, got {:?}", other.map(|_| ())),
        }
    }
    server.stop().await;
}
