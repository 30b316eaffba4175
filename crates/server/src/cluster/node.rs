//! What a node of a cluster is: its id, its bus, where clients reach it.

use crate::bus::NodeId;
use crate::game::mail::ClusterBus;
use std::sync::Arc;

/// A node's part in the cluster.
pub struct Cluster {
    /// This node.
    pub node: NodeId,
    /// Its bus.
    pub bus: Arc<ClusterBus>,
    /// Where clients reach it, if configured.
    pub public_url: Option<String>,
}
