//! The single-node bus: requests go straight into the local games' inboxes, deliveries into
//! the local connections' queues, public events into the local spectator streams.

use super::message::{Delivery, GameReply, GameRequest};
use super::node::Node;
use super::PublicEvent;
use super::{BoxFuture, Bus, BusError, NodeId, ReplyTo};
use crate::game::command::Command;
use crate::wire::Wire;
use tokio::sync::broadcast;
use uuid::Uuid;

/// The in-process bus.
pub struct LocalBus {
    node: Node,
}

impl LocalBus {
    /// A bus for one node named `id`.
    pub fn new(id: NodeId) -> LocalBus {
        LocalBus {
            node: Node::new(id),
        }
    }
}

impl Bus for LocalBus {
    fn node(&self) -> &Node {
        &self.node
    }

    fn request(&self, game: Uuid, req: GameRequest) -> BoxFuture<'_, Result<GameReply, BusError>> {
        Box::pin(async move {
            self.node
                .request_here(game, req)
                .await
                .unwrap_or(Err(BusError::NoGame))
        })
    }

    fn tell(&self, game: Uuid, req: GameRequest) {
        self.node
            .actors
            .send_now(game, Command::Request { req, reply: None });
    }

    fn reply(&self, to: ReplyTo, reply: GameReply) {
        // A single node hands out local reply addresses only.
        let _ = self.node.answer_here(to, reply);
    }

    fn deliver(&self, _node: &NodeId, d: Delivery) {
        super::deliver_here(self, &d);
    }

    fn publish(&self, game: Uuid, seq: u64, wire: &Wire) {
        self.node.hubs.publish(game, seq, wire);
    }

    fn watch(&self, game: Uuid) -> BoxFuture<'_, broadcast::Receiver<PublicEvent>> {
        Box::pin(async move { self.node.hubs.subscribe(game).0 })
    }

    fn health(&self) -> (bool, &'static str) {
        (true, "in-process")
    }
}
