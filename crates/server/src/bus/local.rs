//! The single-node bus: requests go straight into the local actors' inboxes, deliveries into
//! the local connections' queues, public events into the local spectator streams, and a
//! subject's requests to the handler this node serves it with.

use super::message::Delivery;
use super::node::Node;
use super::{BoxFuture, Bus, BusError, Handler, Mail, NodeId, PublicEvent, ReplyTo};
use crate::wire::Wire;
use std::collections::HashMap;
use std::sync::Mutex;
use tokio::sync::broadcast;
use uuid::Uuid;

/// The bus of a server that runs alone.
pub struct LocalBus<M: Mail> {
    node: Node<M>,
    /// The handler of each subject served here.
    subjects: Mutex<HashMap<&'static str, Handler>>,
}

impl<M: Mail> LocalBus<M> {
    /// A bus for node `id`.
    pub fn new(id: NodeId) -> LocalBus<M> {
        LocalBus {
            node: Node::new(id),
            subjects: Mutex::new(HashMap::new()),
        }
    }

    fn handler(&self, subject: &str) -> Option<Handler> {
        let subjects = self.subjects.lock().unwrap_or_else(|p| p.into_inner());
        subjects.get(subject).cloned()
    }
}

impl<M: Mail> Bus<M> for LocalBus<M> {
    fn node(&self) -> &Node<M> {
        &self.node
    }

    fn request(&self, game: Uuid, req: M::Request) -> BoxFuture<'_, Result<M::Reply, BusError>> {
        Box::pin(async move {
            self.node
                .request_here(game, req)
                .await
                .unwrap_or(Err(BusError::NoGame))
        })
    }

    fn tell(&self, game: Uuid, req: M::Request) {
        self.node.actors.send_now(game, M::command(req, None));
    }

    fn reply(&self, to: ReplyTo, reply: M::Reply) {
        // A single node hands out local reply addresses only.
        let _ = self.node.answer_here(to, reply);
    }

    fn request_subject(
        &self,
        subject: &'static str,
        payload: Vec<u8>,
    ) -> BoxFuture<'_, Result<Vec<u8>, BusError>> {
        Box::pin(async move {
            match self.handler(subject) {
                Some(h) => Ok(h(&payload)),
                None => Err(BusError::NoGame),
            }
        })
    }

    fn serve_subject(
        &self,
        subject: &'static str,
        handler: Handler,
    ) -> BoxFuture<'_, Result<tokio::task::JoinHandle<()>, BusError>> {
        Box::pin(async move {
            self.subjects
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .insert(subject, handler);
            // Served until the node stops: the handle only says so.
            Ok(tokio::spawn(std::future::pending()))
        })
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
