//! A minimal HTTP/1.1 client for the few calls the load generator makes.

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

async fn request(server: &str, method: &str, path: &str) -> Result<String, String> {
    let mut s = TcpStream::connect(server)
        .await
        .map_err(|e| format!("cannot reach {server}: {e}"))?;
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {server}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    );
    s.write_all(req.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&buf).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").ok_or("bad HTTP response")?;
    if !head.starts_with("HTTP/1.1 2") {
        return Err(format!(
            "{method} {path}: {}",
            head.lines().next().unwrap_or("")
        ));
    }
    Ok(body.to_string())
}

/// GET, returning the body.
pub async fn get(server: &str, path: &str) -> Result<String, String> {
    request(server, "GET", path).await
}

/// POST without a body, returning the body.
pub async fn post(server: &str, path: &str) -> Result<String, String> {
    request(server, "POST", path).await
}
