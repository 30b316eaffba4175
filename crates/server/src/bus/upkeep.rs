//! A node's bus housekeeping: resyncing lagging connections once their queues have room, and
//! dropping the spectator streams nobody follows any more.

use super::{Bus, ConnAddr, Mail};
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// How often lagging connections are looked at.
const RESYNC_EVERY: Duration = Duration::from_millis(250);
/// How often idle spectator streams are dropped (in resync ticks: 30 s).
const SWEEP_EVERY_TICKS: u64 = 120;

/// Runs the housekeeping until `shutdown`.
pub fn spawn<M: Mail>(bus: Arc<dyn Bus<M>>, shutdown: CancellationToken, tracker: &TaskTracker) {
    tracker.spawn(async move {
        let mut tick = tokio::time::interval(RESYNC_EVERY);
        let mut ticks: u64 = 0;
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = shutdown.cancelled() => break,
            }
            ticks += 1;
            let node = bus.node();
            if node.mailboxes.any_lagging() {
                for (conn, game) in node.mailboxes.ready() {
                    let conn = ConnAddr {
                        node: node.id.clone(),
                        conn,
                    };
                    bus.tell(game, M::ready(conn));
                }
            }
            if ticks.is_multiple_of(SWEEP_EVERY_TICKS) {
                bus.sweep();
            }
        }
    });
}
