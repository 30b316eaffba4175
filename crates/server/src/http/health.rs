//! `/healthz` (the store takes a write) and `/metrics` (Prometheus text).

use crate::error::ServerError;
use crate::state::App;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use fourhand_protocol::ErrorCode;

/// A cluster node's health.
#[derive(serde::Serialize)]
struct NodeHealth<'a> {
    /// `ok`, or `degraded` when the store or the bus is down.
    status: &'static str,
    node: &'a str,
    /// The store took a write within a second.
    store: bool,
    /// The bus is connected.
    bus: bool,
    /// Games this node runs.
    games_owned: usize,
    /// This node runs the lobby and pairing.
    lobby: bool,
    public_url: Option<&'a str>,
}

/// Healthy when the store takes a write within a second (a read alone passes on a full disk
/// or a read-only file) — and, on a cluster node, when its bus is connected (then a JSON
/// report of the node).
pub(super) async fn healthz(State(app): State<App>) -> Response {
    if let Some(c) = &app.cluster {
        let store = app
            .store
            .record_alive_of(Some(c.node.as_str()))
            .await
            .is_ok();
        let (bus, _) = crate::bus::Bus::health(&*c.bus);
        let report = NodeHealth {
            status: if store && bus { "ok" } else { "degraded" },
            node: c.node.as_str(),
            store,
            bus,
            games_owned: app.games.leased().len(),
            lobby: app.lobby.leads(),
            public_url: c.public_url.as_deref(),
        };
        let code = if store && bus {
            StatusCode::OK
        } else {
            StatusCode::SERVICE_UNAVAILABLE
        };
        return (code, axum::Json(report)).into_response();
    }
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
