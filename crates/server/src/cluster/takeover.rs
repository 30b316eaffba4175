//! Taking over the games no node runs: those whose owner died (its lease lapsed) or stopped
//! (it gave its leases up). Looked for every second and at once when a node is gone; the
//! first node to take a game's lease runs it. A node cut off from the bus takes nothing.

use crate::bus::nats::NatsBus;
use crate::bus::NodeId;
use crate::state::App;
use std::sync::Arc;
use std::time::Duration;

/// How often orphaned games are looked for.
pub const SCAN_EVERY: Duration = Duration::from_secs(1);

/// Looks for orphaned games until shutdown.
pub fn spawn(app: App, node: NodeId, bus: Arc<NatsBus>) {
    let tracker = app.tracker.clone();
    tracker.spawn(async move {
        let mut tick = tokio::time::interval(SCAN_EVERY);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = bus.orphans.notified() => {}
                _ = app.shutdown.cancelled() => break,
            }
            // Cut off from the bus, a node would take games others still run and reach.
            if crate::bus::Bus::health(&*bus).0 {
                scan(&app, &node).await;
            }
        }
    });
}

async fn scan(app: &App, node: &NodeId) {
    let now = crate::time::epoch_ms();
    let orphans = match app.store.orphaned_games(now).await {
        Ok(o) => o,
        Err(e) => {
            tracing::warn!(error = %e, "could not look for orphaned games");
            return;
        }
    };
    for (game, previous) in orphans {
        if app.shutdown.is_cancelled() {
            return;
        }
        match app.games.take_over(game, previous.as_deref()).await {
            Ok(true) => tracing::info!(%game, from = ?previous, %node, "took a game over"),
            Ok(false) => {}
            Err(e) => tracing::error!(%game, error = %e, "could not take a game over"),
        }
    }
}
