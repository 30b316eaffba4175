//! Running as one node of several: Postgres is the store of record and says who owns each live
//! game (a lease with an epoch, [`crate::store::Lease`]); NATS carries requests and events
//! between nodes ([`crate::bus::nats`]).
//!
//! - [`ownership`]: every second the node beats (one row, which holds all its leases) and stops
//!   any game whose lease passed to another node (its writes would be fenced anyway); it
//!   records that it is alive, for the clocks of a takeover.
//! - [`takeover`]: at once when a node is gone (and each second for a few seconds after),
//!   otherwise every ten seconds, the node takes over the games whose node stopped beating
//!   (it died) or gave them up (it stopped).
//! - [`node`]: what the rest of the server knows of this node's part (its id, its bus).
//!
//! New games belong to the node where their table filled (or where pairing formed them).

pub mod node;
pub mod ownership;
pub mod takeover;

use crate::state::App;

/// Starts the node's lease keeper and takeover loop.
pub fn start(app: &App, cluster: &node::Cluster) {
    ownership::spawn(app.clone(), cluster.node.clone(), cluster.bus.clone());
    takeover::spawn(app.clone(), cluster.node.clone(), cluster.bus.clone());
    crate::lobby::leader::spawn(app.clone(), cluster.bus.clone());
}

/// After a graceful stop of this node's games: records the moment, gives up every lease and
/// tells the other nodes, which take the games over at once.
pub async fn hand_over(app: &App, cluster: &node::Cluster) {
    let node = cluster.node.as_str();
    if let Err(e) = app.store.record_alive_of(Some(node)).await {
        tracing::warn!(error = %e, "could not record the moment of the stop");
    }
    let now = crate::time::epoch_ms();
    match app.store.release_node_leases(node, now).await {
        Ok(()) => tracing::info!(%node, "handed this node's games over"),
        Err(e) => {
            tracing::warn!(error = %e, "could not give up the leases; they lapse by themselves")
        }
    }
    cluster.bus.announce_stop().await;
}
