//! The binary serves the browser client from any directory: run in an empty temporary directory
//! without `--web-dir`, it answers the page, its scripts and styles with their content types,
//! an ETag that revalidates to 304, and compression when asked.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "../../server/tests/support/ports.rs"]
mod ports;
use ports::free_port;

/// A GET with extra header lines; the status line, the headers (lower-cased) and the body size.
fn get(port: u16, path: &str, extra: &str) -> (String, String, usize) {
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: x\r\n{extra}Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).unwrap();
    let split = buf.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&buf[..split]).to_string();
    let (status, headers) = head.split_once("\r\n").unwrap();
    (
        status.to_string(),
        headers.to_ascii_lowercase(),
        buf.len() - split - 4,
    )
}

#[test]
fn the_binary_serves_the_client_from_an_empty_directory() {
    let dir = std::env::temp_dir().join(format!("fourhand-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let port = free_port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_fourhand"))
        .current_dir(&dir)
        .args(["serve", "--listen", &format!("127.0.0.1:{port}")])
        .env_remove("FOURHAND_WEB_DIR")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let end = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < end, "the server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    for (path, ty) in [
        ("/", "text/html"),
        ("/index.html", "text/html"),
        ("/js/app.js", "javascript"),
        ("/style.css", "text/css"),
        ("/rules/en/teams.html", "text/html"),
        ("/rules/ar/ffa.html", "text/html"),
        ("/i18n/sr.json", "application/json"),
        ("/sounds/move.wav", "audio/"),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let (status, headers, len) = get(port, path, "");
        assert!(status.contains("200"), "{path}: {status}");
        let ct = headers
            .lines()
            .find(|l| l.starts_with("content-type:"))
            .unwrap_or_default();
        assert!(ct.contains(ty), "{path}: {ct}");
        assert!(len > 0, "{path} is empty");
        let etag = headers
            .lines()
            .find_map(|l| l.strip_prefix("etag: "))
            .expect("an etag")
            .to_string();
        let (again, _, _) = get(port, path, &format!("If-None-Match: {etag}\r\n"));
        assert!(again.contains("304"), "{path} with its etag: {again}");
    }
    let (_, plain, plain_len) = get(port, "/js/game.js", "");
    assert!(!plain.contains("content-encoding"));
    let (_, gz, gz_len) = get(port, "/js/game.js", "Accept-Encoding: gzip\r\n");
    assert!(gz.contains("content-encoding: gzip"), "{gz}");
    assert!(gz_len < plain_len, "gzip {gz_len} < plain {plain_len}");
    let (status, _, _) = get(port, "/tests/harness.mjs", "");
    assert!(
        status.contains("404"),
        "the browser tests are not served: {status}"
    );
    let _ = child.kill();
    let _ = child.wait();
    std::fs::remove_dir_all(&dir).ok();
}
