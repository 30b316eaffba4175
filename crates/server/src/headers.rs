//! The hardening headers every answer carries: a Content-Security-Policy that lets the page
//! load only its own scripts and connect only to its own server, no MIME sniffing, no
//! referrer sent elsewhere, and no framing (clickjacking).

use axum::http::{header, HeaderName, HeaderValue};
use axum::Router;
use tower_http::set_header::SetResponseHeaderLayer;

/// The policy of the browser client: its own scripts only (no inline script, no eval), its own
/// styles (the client sets a few style attributes), images from itself or data URLs, sockets
/// and requests to this server only, and no embedding in other sites' frames.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
                   img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; \
                   base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Adds the headers to every answer of `router` that does not set them itself.
pub fn harden<S: Clone + Send + Sync + 'static>(router: Router<S>) -> Router<S> {
    let set = |name: HeaderName, value: &'static str| {
        SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
    };
    router
        .layer(set(header::CONTENT_SECURITY_POLICY, CSP))
        .layer(set(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(set(header::REFERRER_POLICY, "no-referrer"))
        .layer(set(header::X_FRAME_OPTIONS, "DENY"))
}
