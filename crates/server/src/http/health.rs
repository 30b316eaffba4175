//! `/healthz` (the store takes a write) and `/metrics` (Prometheus text).

use crate::error::ServerError;
use crate::state::App;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use fourhand_protocol::ErrorCode;

/// Healthy when the store takes a write within a second (a read alone passes on a full disk
/// or a read-only file).
pub(super) async fn healthz(State(app): State<App>) -> Response {
    match app.store.record_alive().await {
        Ok(()) => (StatusCode::OK, "ok").into_response(),
        Err(e) => {
            tracing::warn!(error = %e, "health check failed");
            ServerError::new(ErrorCode::StoreUnavailable, "the store cannot write").into_response()
        }
    }
}

pub(super) async fn metrics(State(app): State<App>) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        app.metrics.render(),
    )
        .into_response()
}
