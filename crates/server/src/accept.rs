//! The accept loop: every TCP connection served by hyper with a deadline for its request
//! headers (a connection that never completes a request — nor an upgrade — is closed, and so
//! is an idle keep-alive one), the client's address attached to every request, and a graceful
//! stop that lets open requests finish.

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpListener;
use tower::ServiceExt;

/// How long a stop waits for open HTTP requests (upgraded sockets are closed by the server's
/// own shutdown, not here).
const DRAIN: Duration = Duration::from_secs(5);

/// Serves `router` on `listener` until `stop` resolves. A connection has `header_timeout` to
/// send each request's headers (from its opening, and again after each answer).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    header_timeout: Duration,
    stop: impl Future<Output = ()>,
) {
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout);
    // Every connection task holds a receiver: they are all gone when the last one ends.
    let (stopping_tx, stopping_rx) = tokio::sync::watch::channel(false);
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(x) => x,
                Err(e) => {
                    // Out of file descriptors and the like: wait instead of spinning.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut stop => break,
        };
        let _ = stream.set_nodelay(true);
        let svc = router
            .clone()
            .map_request(move |req: hyper::Request<hyper::body::Incoming>| {
                let mut req = req.map(axum::body::Body::new);
                req.extensions_mut().insert(ConnectInfo::<SocketAddr>(peer));
                req
            });
        let conn = builder
            .serve_connection(TokioIo::new(stream), TowerToHyperService::new(svc))
            .with_upgrades();
        let mut stopping = stopping_rx.clone();
        tokio::spawn(async move {
            tokio::pin!(conn);
            let r = tokio::select! {
                r = conn.as_mut() => r,
                _ = stopping.changed() => {
                    // Finish the request in progress, then close.
                    conn.as_mut().graceful_shutdown();
                    conn.await
                }
            };
            if let Err(e) = r {
                tracing::trace!(%peer, error = %e, "connection ended");
            }
            drop(stopping);
        });
    }
    drop(listener);
    drop(stopping_rx);
    let _ = stopping_tx.send(true);
    if tokio::time::timeout(DRAIN, stopping_tx.closed())
        .await
        .is_err()
    {
        tracing::warn!("some HTTP requests were still open at the stop");
    }
}
