//! Which node of a cluster runs the lobby and its pairing: the one holding a Postgres advisory
//! lock. Every node tries to take it each second; the holder serves `fourhand.lobby.in` and
//! checks each second that its lock's connection still answers. When the holder dies its
//! connection ends, the lock is free, and another node takes it within about a second.
//!
//! The tables and queues live in the lobby node's memory, saved to the store at most once a
//! second when they changed ([`super::snapshot`]); the next lobby node reads them back, so a
//! table or a queue outlives the node (a change in its last second may be lost).

use super::message::LobbyRequest;
use super::snapshot::LOBBY_SETTING;
use crate::game::mail::SharedBus;
use crate::state::App;
use std::sync::Arc;
use std::time::Duration;

/// The advisory lock's key ("fourhand lobby"), paired with the store's schema.
pub const LOBBY_LOCK: i32 = 0x0f4a_1d01;

/// How often a node tries to take the lobby, and its holder checks it still holds it.
const CHECK_EVERY: Duration = Duration::from_secs(1);

/// Runs the contest for the lobby until shutdown.
pub fn spawn(app: App, bus: SharedBus) {
    let tracker = app.tracker.clone();
    tracker.spawn(async move {
        let mut tick = tokio::time::interval(CHECK_EVERY);
        let mut held: Option<(crate::store::LeaderLock, tokio::task::JoinHandle<()>)> = None;
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = app.shutdown.cancelled() => break,
            }
            if let Some((lock, serving)) = held.as_mut() {
                if lock.held().await && !serving.is_finished() {
                    save(&app).await;
                    continue;
                }
                tracing::warn!("this node lost the lobby");
                app.lobby.set_leading(false);
                if let Some((_, serving)) = held.take() {
                    serving.abort();
                }
                continue;
            }
            let lock = match app.store.try_leader_lock(LOBBY_LOCK).await {
                Ok(Some(l)) => l,
                Ok(None) => continue,
                Err(e) => {
                    tracing::warn!(error = %e, "could not contend for the lobby");
                    continue;
                }
            };
            // The tables and queues as the last lobby node saved them.
            match app.store.setting(LOBBY_SETTING).await {
                Ok(Some(text)) => match serde_json::from_str(&text) {
                    Ok(doc) => app.lobby.local.import(doc),
                    Err(e) => tracing::warn!(error = %e, "the saved lobby does not read"),
                },
                Ok(None) => {}
                Err(e) => tracing::warn!(error = %e, "could not read the saved lobby"),
            }
            let app2 = app.clone();
            let handler = move |payload: &[u8]| {
                let reply = match serde_json::from_slice::<LobbyRequest>(payload) {
                    Ok(req) => app2.lobby.local.handle(req),
                    Err(e) => super::message::LobbyReply::refused(crate::error::ServerError::new(
                        fourhand_protocol::ErrorCode::BadRequest,
                        format!("a lobby request that does not read: {e}"),
                    )),
                };
                serde_json::to_vec(&reply).unwrap_or_default()
            };
            match bus
                .serve_subject(super::front::LOBBY_IN, Arc::new(handler))
                .await
            {
                Ok(serving) => {
                    app.lobby.set_leading(true);
                    tracing::info!(node = %bus.node().id, "this node runs the lobby and pairing");
                    held = Some((lock, serving));
                }
                Err(e) => tracing::warn!(error = %e, "could not serve the lobby"),
            }
        }
        if app.lobby.leads() {
            save(&app).await;
        }
        app.lobby.set_leading(false);
        // A node that stops hands the lobby on at once: another takes it within a second.
        if let Some((lock, serving)) = held.take() {
            serving.abort();
            lock.release().await;
        }
    });
}

/// Saves the lobby's tables and queues when they changed.
async fn save(app: &App) {
    if !super::snapshot::changed(&app.lobby.local) {
        return;
    }
    let doc = app.lobby.local.export();
    let text = serde_json::to_string(&doc).unwrap_or_default();
    if let Err(e) = app.store.set_setting(LOBBY_SETTING, &text).await {
        tracing::warn!(error = %e, "could not save the lobby");
        app.lobby.local.touch();
    }
}
