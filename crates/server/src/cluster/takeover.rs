//! Taking over the games no node runs: those whose owner died (it stopped beating) or stopped
//! (it gave its leases up). Looked for at once when a node is gone and every second for the
//! next few seconds (until its beat has surely lapsed), and otherwise every ten seconds (for a
//! node whose end nobody saw); the first node to take a game's lease runs it. A node cut off
//! from the bus takes nothing.

use crate::bus::NodeId;
use crate::game::mail::ClusterBus;
use crate::state::App;
use std::sync::Arc;
use std::time::Duration;

/// How often orphaned games are looked for while a node is known to be gone.
pub const SCAN_EVERY: Duration = Duration::from_secs(1);
/// How often they are looked for otherwise (the scan reads every live game's lease).
pub const SWEEP_EVERY: Duration = Duration::from_secs(10);
/// How long after a node is gone the quick scans go on: past its last beat's lapse.
const URGENT_FOR: Duration = Duration::from_secs(6);

/// Looks for orphaned games until shutdown.
pub fn spawn(app: App, node: NodeId, bus: Arc<ClusterBus>) {
    let tracker = app.tracker.clone();
    tracker.spawn(async move {
        let mut tick = tokio::time::interval(SCAN_EVERY);
        // At start too: games may have waited for a node since the cluster was last up.
        let mut urgent_until = Some(tokio::time::Instant::now() + URGENT_FOR);
        let mut last_sweep = tokio::time::Instant::now();
        loop {
            tokio::select! {
                _ = tick.tick() => {
                    let now = tokio::time::Instant::now();
                    let urgent = urgent_until.is_some_and(|u| now < u);
                    if !urgent && now.duration_since(last_sweep) < SWEEP_EVERY {
                        continue;
                    }
                }
                _ = bus.orphans.notified() => {
                    urgent_until = Some(tokio::time::Instant::now() + URGENT_FOR);
                }
                _ = app.shutdown.cancelled() => break,
            }
            last_sweep = tokio::time::Instant::now();
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
