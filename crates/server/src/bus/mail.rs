//! What a domain sends through the bus to the actors it runs: the bus carries its requests and
//! replies (as they are on one node, as JSON between nodes) and builds the commands of their
//! inboxes, without knowing what any of them mean. The game is the one domain today
//! (`game/mail.rs`).

use super::address::{ConnAddr, NodeId, ReplyTo};
use fourhand_rules::Seat;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;

/// A domain's mail: its request and reply types, its inbox's command, and the few requests
/// the bus itself must send (a connection lags or has room again, a node is gone, a moved
/// actor's followers join again).
pub trait Mail: Send + Sync + 'static {
    /// What is asked of an actor.
    type Request: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// An actor's answer.
    type Reply: Debug + Serialize + DeserializeOwned + Send + 'static;
    /// What an actor's inbox takes.
    type Command: Send + 'static;

    /// The command carrying `req`, to be answered at `reply` (none: no answer is wanted).
    fn command(req: Self::Request, reply: Option<ReplyTo>) -> Self::Command;
    /// The request a command carries, if any (a command that found no inbox here goes on to
    /// another node).
    fn request_of(cmd: Self::Command) -> Option<Self::Request>;
    /// Connection `conn`'s queue is full: deliver it nothing more until it has room.
    fn lagging(conn: ConnAddr) -> Self::Request;
    /// Lagging connection `conn` has room again.
    fn ready(conn: ConnAddr) -> Self::Request;
    /// Every connection of `node` is gone.
    fn node_gone(node: NodeId) -> Self::Request;
    /// Connection `conn`, holding `seats`, follows the actor again (it moved to another node).
    fn rejoin(conn: ConnAddr, seats: Vec<Seat>) -> Self::Request;
}
