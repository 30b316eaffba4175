//! Addresses on the bus: a node's name, a connection on a node, and where a game's reply goes.
//! Plain data, so that they cross nodes inside messages.

use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Identifies one client connection on its node.
pub type ConnId = u64;

/// A node's name in the cluster (`--node-id`; random when not given).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct NodeId(pub Arc<str>);

impl NodeId {
    /// A random id (`node-` and eight hex digits).
    pub fn random() -> NodeId {
        NodeId(format!("node-{:08x}", rand::random::<u32>()).into())
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for NodeId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A connection anywhere in the cluster: its node and its id there.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ConnAddr {
    /// The node holding the socket.
    pub node: NodeId,
    /// The connection on that node.
    pub conn: ConnId,
}

/// Where a game's reply goes: a request waiting on this node, or a NATS inbox.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReplyTo {
    /// A request waiting in this node's [`super::replies::Replies`].
    Local(u64),
    /// A NATS reply subject.
    Inbox(String),
}
