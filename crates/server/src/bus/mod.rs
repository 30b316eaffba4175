//! The bus between actors and everyone else: connections, HTTP handlers and other nodes ask a
//! game through it, the game delivers its events through it, and a cluster's nodes ask the
//! lobby's node through it.
//!
//! The bus knows nothing of games, the lobby or the store: it carries a domain's [`Mail`] —
//! requests to actors by id, their replies, deliveries to connections, public events — and,
//! for the lobby, plain requests of bytes on a subject ([`Bus::request_subject`]). A request
//! carries a [`ReplyTo`] address instead of a channel, so one actor serves both
//! implementations:
//!
//! - [`local::LocalBus`]: one node, in-process channels (the zero-configuration server);
//! - [`nats::NatsBus`]: several nodes on NATS; the same requests, replies, deliveries and
//!   public events cross nodes on the subjects of [`subjects`], as JSON. Whether an actor
//!   nobody serves may come back (a game being taken over) it asks a [`nats::Directory`] the
//!   server gives it.
//!
//! The game's mail, its typed calls and the bus types the server holds are `game/mail.rs`,
//! `game/requests.rs` and `game/calls.rs`.
//!
//! What lives on each node whatever the bus: [`node::Node`] — its games' inboxes
//! ([`actors`]), requests waiting for replies ([`replies`]), its connections' queues
//! ([`mailboxes`]) and the spectator streams it follows ([`hubs`]).

pub mod actors;
pub mod address;
pub mod hubs;
pub mod local;
pub mod mail;
pub mod mailboxes;
pub mod message;
pub mod nats;
pub mod node;
pub mod replies;
pub mod subjects;
pub mod upkeep;

pub use address::{ConnAddr, ConnId, NodeId, ReplyTo};
pub use mail::Mail;

use crate::wire::Wire;
use message::Delivery;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use tokio::sync::broadcast;
use uuid::Uuid;

/// A public event on a spectators' stream: its number and the message.
pub type PublicEvent = (u64, Wire);

/// A future the bus returns (boxed: the bus is used as a trait object).
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Answers the requests on one subject: the request's bytes in, the answer's bytes out.
pub type Handler = Arc<dyn Fn(&[u8]) -> Vec<u8> + Send + Sync>;

/// Why a request got no reply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BusError {
    /// No node runs that game (it is not live, or has just ended).
    #[error("no such live actor")]
    NoGame,
    /// The game did not answer in time (its node may be gone; it is being taken over).
    #[error("the game did not answer in time")]
    Timeout,
    /// The bus itself is unreachable.
    #[error("the cluster bus is unavailable: {0}")]
    Unavailable(String),
}

/// How a node reaches games and connections, wherever they are.
///
/// Sending never waits for the receiver: [`Bus::tell`], [`Bus::reply`], [`Bus::deliver`] and
/// [`Bus::publish`] queue and return, so an actor can call them from its loop.
pub trait Bus<M: Mail>: Send + Sync + 'static {
    /// This node's local parts.
    fn node(&self) -> &node::Node<M>;

    /// Asks the actor of `game` and waits for its reply (bounded by a timeout).
    fn request(&self, game: Uuid, req: M::Request) -> BoxFuture<'_, Result<M::Reply, BusError>>;

    /// Sends `req` to the actor of `game` without waiting for a reply (none is sent).
    fn tell(&self, game: Uuid, req: M::Request);

    /// Answers a request.
    fn reply(&self, to: ReplyTo, reply: M::Reply);

    /// Asks whichever node serves `subject` (the lobby's node) and waits for its answer; while
    /// none does (it is changing hands), tried again for a while.
    fn request_subject(
        &self,
        subject: &'static str,
        payload: Vec<u8>,
    ) -> BoxFuture<'_, Result<Vec<u8>, BusError>>;

    /// Answers every request on `subject` with `handler` until the returned task is aborted.
    fn serve_subject(
        &self,
        subject: &'static str,
        handler: Handler,
    ) -> BoxFuture<'_, Result<tokio::task::JoinHandle<()>, BusError>>;

    /// Delivers a game's message to connections of `node`.
    fn deliver(&self, node: &NodeId, d: Delivery);

    /// Publishes a public event of `game` to its spectators on every node.
    fn publish(&self, game: Uuid, seq: u64, wire: &Wire);

    /// Follows the public events of `game` on this node: the receiver gets every one published
    /// after this returns.
    fn watch(&self, game: Uuid) -> BoxFuture<'_, broadcast::Receiver<PublicEvent>>;

    /// Whether the bus is connected (for `/healthz`), and its name.
    fn health(&self) -> (bool, &'static str);

    /// Stops following the public streams no spectator here follows any more.
    fn sweep(&self) {
        self.node().hubs.sweep();
    }

    /// Pushes a lobby change to the lobby followers of every node.
    fn publish_lobby(&self, wire: &Wire) {
        let _ = self.node().lobby.send(wire.clone());
    }

    /// Starts taking requests for `game`, whose actor was just registered here.
    fn serve(&self, _game: Uuid) {}

    /// Stops taking requests for `game` (its actor stopped or handed it over).
    fn unserve(&self, _game: Uuid) {}

    /// Tells every node that `game` now runs here (taken over): each one joins its players'
    /// connections to it again.
    fn moved(&self, _game: Uuid) {}
}

/// Sends `w` to connections anywhere, one delivery per node; a full queue drops it (lobby
/// messages are not part of a game's numbered stream).
pub fn tell_conns<M: Mail>(bus: &dyn Bus<M>, to: &[ConnAddr], w: &Wire) {
    let mut by_node: Vec<(&NodeId, Vec<ConnId>)> = Vec::new();
    for a in to {
        match by_node.iter_mut().find(|(n, _)| **n == a.node) {
            Some((_, c)) => c.push(a.conn),
            None => by_node.push((&a.node, vec![a.conn])),
        }
    }
    for (node, conns) in by_node {
        bus.deliver(
            node,
            Delivery {
                game: Uuid::nil(),
                conns,
                wire: w.clone(),
                resync: false,
            },
        );
    }
}

/// Offers a delivery to this node's connections; the game is told of each connection that
/// began to lag now.
pub fn deliver_here<M: Mail>(bus: &dyn Bus<M>, d: &Delivery) {
    for conn in bus.node().mailboxes.deliver(d) {
        let conn = ConnAddr {
            node: bus.node().id.clone(),
            conn,
        };
        bus.tell(d.game, M::lagging(conn));
    }
}
