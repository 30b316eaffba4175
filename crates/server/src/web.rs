//! The browser client, built into the binary (`rust-embed`, in every build) so that a copied or
//! installed binary serves it from any directory: each file with its content type, an `ETag`
//! (answered with 304 when it matches), `Cache-Control: no-cache` (revalidate each time; the
//! file names carry no hash) and gzip or brotli compression when the browser takes it.
//! `--web-dir` serves a directory instead (development).

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Router;
use std::path::PathBuf;
use tower_http::compression::CompressionLayer;

/// The files of `web/` except its tests.
#[derive(rust_embed::Embed)]
#[folder = "../../web/"]
#[exclude = "tests/*"]
struct Client;

/// The router of the client: the embedded files, or those of `dir` when given.
pub fn client<S: Clone + Send + Sync + 'static>(dir: Option<PathBuf>) -> Router<S> {
    let router = match dir {
        Some(dir) => Router::new().fallback_service(tower_http::services::ServeDir::new(dir)),
        None => Router::new().fallback(embedded),
    };
    router.layer(CompressionLayer::new())
}

/// The names of the embedded files (for tests and the start-up log).
pub fn embedded_files() -> impl Iterator<Item = String> {
    Client::iter().map(|f| f.into_owned())
}

async fn embedded(uri: Uri, headers: HeaderMap) -> Response {
    let mut path = uri.path().trim_start_matches('/').to_string();
    if path.is_empty() || path.ends_with('/') {
        path.push_str("index.html");
    }
    let Some(file) = Client::get(&path) else {
        return (StatusCode::NOT_FOUND, "no such file").into_response();
    };
    let etag = format!(
        "\"{}\"",
        file.metadata
            .sha256_hash()
            .iter()
            .take(16)
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    let mut resp = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut r = Response::new(Body::from(file.data.into_owned()));
        let mime = file.metadata.mimetype();
        let mime = if mime.starts_with("text/") || mime.ends_with("javascript") {
            format!("{mime}; charset=utf-8")
        } else {
            mime.to_string()
        };
        if let Ok(v) = HeaderValue::from_str(&mime) {
            r.headers_mut().insert(header::CONTENT_TYPE, v);
        }
        r
    };
    let h = resp.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    resp
}
