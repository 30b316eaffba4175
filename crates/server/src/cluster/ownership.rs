//! Keeping this node's leases: its beat each second (one row, whatever the number of its
//! games) answers which leases it still holds; a game whose lease has passed to another node
//! is stopped here.
//!
//! A node cut off from the bus for a whole lease stops renewing: its games are unreachable from
//! the other nodes, which take them over once the leases lapse (if they can reach the bus). Its
//! own copies go on for its local clients until a write is fenced or a renewal shows the loss.

use crate::bus::NodeId;
use crate::game::registry::{LEASE_RENEW, LEASE_TTL};
use crate::state::App;
use std::collections::HashSet;

/// Renews the node's leases until shutdown.
pub fn spawn(app: App, node: NodeId, bus: crate::game::mail::SharedBus) {
    let tracker = app.tracker.clone();
    tracker.spawn(async move {
        let mut tick = tokio::time::interval(LEASE_RENEW);
        let mut bus_down_since: Option<std::time::Instant> = None;
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = app.shutdown.cancelled() => break,
            }
            let _ = app.store.record_alive_of(Some(node.as_str())).await;
            if bus.health().0 {
                bus_down_since = None;
            } else {
                let since = *bus_down_since.get_or_insert_with(std::time::Instant::now);
                if since.elapsed() >= LEASE_TTL {
                    tracing::warn!("cut off from the bus: this node's leases are left to lapse");
                    continue;
                }
            }
            let now = crate::time::epoch_ms();
            let ttl = LEASE_TTL.as_millis() as i64;
            // Read before the renewal: a game taken over meanwhile is not mistaken for a loss.
            let mine = app.games.leased();
            let held: HashSet<(uuid::Uuid, i64)> =
                match app.store.renew_node_leases(node.as_str(), now, ttl).await {
                    Ok(held) => held.into_iter().collect(),
                    Err(e) => {
                        tracing::warn!(error = %e, "could not renew the leases");
                        continue;
                    }
                };
            for (game, epoch) in mine {
                // A game that ended meanwhile is left out of the answer too; it lingers on.
                let ended = app.games.get(game).is_none_or(|h| h.is_over());
                if !held.contains(&(game, epoch)) && !ended {
                    tracing::warn!(%game, epoch, "this node's lease of a game passed to another node");
                    app.games.stop(game);
                }
            }
        }
    });
}
