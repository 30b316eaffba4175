//! The cluster bus on NATS (`async-nats`): the same requests, replies, deliveries and public
//! events as the in-process bus, on the subjects of [`super::subjects`].
//!
//! - A request to a game that runs here goes straight to its inbox; any other is a NATS
//!   request on the game's subject, which only its owner subscribes to. "No responders" while
//!   the store says the game is unfinished means it is being taken over: the request is tried
//!   again every 200 ms for up to [`TAKEOVER_WAIT`].
//! - Everything sent without waiting (replies, deliveries, public events, tells) goes through
//!   one queue and one task, so a game's messages leave in the order it sent them.
//! - Every node announces itself each second on `fourhand.nodes.alive`; a node not heard from
//!   for [`NODE_SILENT`] (or one that said it stops, on `fourhand.nodes.gone`) is gone: the
//!   games here forget its connections and the node looks for games to take over at once.

use super::message::{decode_public, encode_public, Delivery};
use super::node::{Node, REQUEST_TIMEOUT};
use super::subjects::{game_in, game_pub, node_deliver, GAME_MOVED, LOBBY, NODE_GONE};
use super::PublicEvent;
use super::{BoxFuture, Bus, BusError, ConnAddr, Handler, Mail, NodeId, ReplyTo};
use crate::metrics::Metrics;
use crate::wire::Wire;
use async_nats::{Client, RequestErrorKind};
use bytes::Bytes;
use futures_util::StreamExt;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, mpsc, Notify};
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

/// How long a request to a game that nobody serves is retried while the game is unfinished
/// (its owner died or stopped and another node is taking it over).
pub const TAKEOVER_WAIT: Duration = Duration::from_secs(10);
/// How often a request nobody serves is tried again.
const RETRY_EVERY: Duration = Duration::from_millis(200);
/// How long a request to another node waits for its answer (within the local
/// [`REQUEST_TIMEOUT`]).
const REMOTE_TIMEOUT: Duration = Duration::from_secs(10);
const _: () = assert!(REMOTE_TIMEOUT.as_secs() <= REQUEST_TIMEOUT.as_secs());
/// A node not heard from for this long is gone.
pub const NODE_SILENT: Duration = Duration::from_secs(3);
/// How often a node announces itself.
const ANNOUNCE_EVERY: Duration = Duration::from_secs(1);
/// The longest a subscription or a last message waits for NATS.
const CALL_WAIT: Duration = Duration::from_secs(3);
/// Subject of the nodes' announcements.
const NODES_ALIVE: &str = "fourhand.nodes.alive";

/// One message to publish.
struct Outgoing {
    subject: String,
    payload: Bytes,
}

/// Whether an actor nobody serves now may be served again soon (a game that is unfinished in
/// the store is being taken over): a request to it is then tried again. The server answers it
/// from the store; the bus only asks.
pub type Directory = Arc<dyn Fn(Uuid) -> BoxFuture<'static, bool> + Send + Sync>;

/// The NATS bus of one node.
pub struct NatsBus<M: Mail> {
    node: Node<M>,
    client: Client,
    out: mpsc::UnboundedSender<Outgoing>,
    directory: Directory,
    metrics: Arc<Metrics>,
    /// Tasks feeding this node's spectator streams from the games' public subjects.
    watched: tokio::sync::Mutex<HashMap<Uuid, JoinHandle<()>>>,
    /// Tasks passing the requests of the games this node runs to their inboxes.
    served: Mutex<HashMap<Uuid, JoinHandle<()>>>,
    /// When each other node was last heard from.
    peers: Mutex<HashMap<NodeId, Instant>>,
    /// Woken when a node is gone: its games may be taken over now.
    pub orphans: Notify,
}

impl<M: Mail> NatsBus<M> {
    /// Connects to NATS at `url` as node `id` and starts the node's listeners.
    pub async fn connect(
        url: &str,
        id: NodeId,
        directory: Directory,
        metrics: Arc<Metrics>,
        shutdown: CancellationToken,
        tracker: &TaskTracker,
    ) -> Result<Arc<NatsBus<M>>, String> {
        let client = async_nats::ConnectOptions::new()
            .name(format!("fourhand {id}"))
            .request_timeout(Some(REMOTE_TIMEOUT))
            .connection_timeout(Duration::from_secs(5))
            .connect(url)
            .await
            .map_err(|e| format!("cannot reach NATS at {url}: {e}"))?;
        let (out, rx) = mpsc::unbounded_channel();
        let bus = Arc::new(NatsBus {
            node: Node::new(id),
            client,
            out,
            directory,
            metrics,
            watched: Default::default(),
            served: Default::default(),
            peers: Default::default(),
            orphans: Notify::new(),
        });
        // Not tracked: it drains what the games send while they stop, until the process ends.
        tokio::spawn(writer(bus.client.clone(), rx, bus.metrics.clone()));
        let deliveries = bus
            .client
            .subscribe(node_deliver(&bus.node.id))
            .await
            .map_err(|e| e.to_string())?;
        tracker.spawn(receive_deliveries(
            bus.clone(),
            deliveries,
            shutdown.clone(),
        ));
        let alive = bus
            .client
            .subscribe(NODES_ALIVE)
            .await
            .map_err(|e| e.to_string())?;
        let gone = bus
            .client
            .subscribe(NODE_GONE)
            .await
            .map_err(|e| e.to_string())?;
        tracker.spawn(watch_nodes(bus.clone(), alive, gone, shutdown.clone()));
        let moved = bus
            .client
            .subscribe(GAME_MOVED)
            .await
            .map_err(|e| e.to_string())?;
        tracker.spawn(rejoin_moved(bus.clone(), moved, shutdown.clone()));
        let lobby = bus
            .client
            .subscribe(LOBBY)
            .await
            .map_err(|e| e.to_string())?;
        tracker.spawn(feed_lobby(bus.clone(), lobby, shutdown));
        bus.client.flush().await.map_err(|e| e.to_string())?;
        Ok(bus)
    }

    fn send(&self, subject: String, payload: impl Into<Bytes>) {
        let _ = self.out.send(Outgoing {
            subject,
            payload: payload.into(),
        });
    }

    /// Tells every node that this one stops: their games forget its connections and they
    /// take its games over without waiting for its leases to lapse.
    pub async fn announce_stop(&self) {
        let said = async {
            let _ = self
                .client
                .publish(NODE_GONE, Bytes::from(self.node.id.as_str().to_string()))
                .await;
            let _ = self.client.flush().await;
        };
        // Without NATS the other nodes notice the silence instead.
        let _ = tokio::time::timeout(CALL_WAIT, said).await;
    }

    /// A node is gone: the local games forget its connections; orphans may be taken now.
    fn node_gone(&self, node: &NodeId) {
        if *node == self.node.id {
            return;
        }
        tracing::info!(%node, "a node is gone");
        for game in self.node.actors.ids() {
            self.node
                .actors
                .send_now(game, M::command(M::node_gone(node.clone()), None));
        }
        self.orphans.notify_one();
    }

    /// This node's id.
    pub fn node_id(&self) -> &NodeId {
        &self.node.id
    }

    /// One request on `subject`: its answer, or `None` when nobody serves the subject.
    async fn ask_once(&self, subject: String, payload: Bytes) -> Result<Option<Bytes>, BusError> {
        let started = Instant::now();
        self.metrics.bus_out.increment(1);
        match self.client.request(subject, payload).await {
            Ok(msg) => {
                self.metrics.bus_in.increment(1);
                self.metrics
                    .forward_latency
                    .record(started.elapsed().as_secs_f64());
                Ok(Some(msg.payload))
            }
            Err(e) if e.kind() == RequestErrorKind::NoResponders => Ok(None),
            Err(e) if e.kind() == RequestErrorKind::TimedOut => Err(BusError::Timeout),
            Err(e) => Err(BusError::Unavailable(e.to_string())),
        }
    }

    /// A request to a game on another node; while nobody serves the game but the store says it
    /// is unfinished (it is being taken over), tried again — here too, in case this node took it.
    async fn remote(&self, game: Uuid, req: &M::Request) -> Result<M::Reply, BusError> {
        let payload =
            Bytes::from(serde_json::to_vec(req).map_err(|e| BusError::Unavailable(e.to_string()))?);
        let deadline = Instant::now() + TAKEOVER_WAIT;
        loop {
            if let Some(answer) = self.ask_once(game_in(game), payload.clone()).await? {
                return serde_json::from_slice(&answer)
                    .map_err(|e| BusError::Unavailable(format!("a bad reply: {e}")));
            }
            if !(self.directory)(game).await {
                return Err(BusError::NoGame);
            }
            if Instant::now() >= deadline {
                return Err(BusError::Timeout);
            }
            tokio::time::sleep(RETRY_EVERY).await;
            if let Some(r) = self.node.request_here(game, req.clone()).await {
                return r;
            }
        }
    }
}

impl<M: Mail> Bus<M> for NatsBus<M> {
    fn node(&self) -> &Node<M> {
        &self.node
    }

    fn request(&self, game: Uuid, req: M::Request) -> BoxFuture<'_, Result<M::Reply, BusError>> {
        Box::pin(async move {
            if let Some(r) = self.node.request_here(game, req.clone()).await {
                return r;
            }
            self.remote(game, &req).await
        })
    }

    fn tell(&self, game: Uuid, req: M::Request) {
        let cmd = M::command(req, None);
        if let Some(req) = self
            .node
            .actors
            .send_here(game, cmd)
            .err()
            .and_then(M::request_of)
        {
            if let Ok(bytes) = serde_json::to_vec(&req) {
                self.send(game_in(game), bytes);
            }
        }
    }

    fn reply(&self, to: ReplyTo, reply: M::Reply) {
        if let Some((subject, reply)) = self.node.answer_here(to, reply) {
            if let Ok(bytes) = serde_json::to_vec(&reply) {
                self.send(subject, bytes);
            }
        }
    }

    fn request_subject(
        &self,
        subject: &'static str,
        payload: Vec<u8>,
    ) -> BoxFuture<'_, Result<Vec<u8>, BusError>> {
        Box::pin(async move {
            let payload = Bytes::from(payload);
            let deadline = Instant::now() + TAKEOVER_WAIT;
            loop {
                if let Some(answer) = self.ask_once(subject.to_string(), payload.clone()).await? {
                    return Ok(answer.to_vec());
                }
                if Instant::now() >= deadline {
                    return Err(BusError::Timeout);
                }
                tokio::time::sleep(RETRY_EVERY).await;
            }
        })
    }

    fn serve_subject(
        &self,
        subject: &'static str,
        handler: Handler,
    ) -> BoxFuture<'_, Result<JoinHandle<()>, BusError>> {
        Box::pin(async move {
            let subscribed = async {
                let sub = self
                    .client
                    .subscribe(subject)
                    .await
                    .map_err(|e| BusError::Unavailable(e.to_string()))?;
                self.client
                    .flush()
                    .await
                    .map_err(|e| BusError::Unavailable(e.to_string()))?;
                Ok::<_, BusError>(sub)
            };
            let mut sub = tokio::time::timeout(CALL_WAIT, subscribed)
                .await
                .map_err(|_| BusError::Unavailable("NATS did not answer".into()))??;
            let client = self.client.clone();
            let metrics = self.metrics.clone();
            Ok(tokio::spawn(async move {
                while let Some(msg) = sub.next().await {
                    metrics.bus_in.increment(1);
                    let answer = handler(&msg.payload);
                    if let Some(reply) = msg.reply {
                        metrics.bus_out.increment(1);
                        let _ = client.publish(reply, Bytes::from(answer)).await;
                    }
                }
            }))
        })
    }

    fn deliver(&self, node: &NodeId, d: Delivery) {
        if *node == self.node.id {
            super::deliver_here(self, &d);
        } else {
            self.send(node_deliver(node), d.encode());
        }
    }

    fn publish(&self, game: Uuid, seq: u64, wire: &Wire) {
        self.send(game_pub(game), encode_public(seq, wire));
    }

    fn watch(&self, game: Uuid) -> BoxFuture<'_, broadcast::Receiver<PublicEvent>> {
        Box::pin(async move {
            // One watcher at a time, so that a second spectator does not start before the
            // first one's subscription is in place.
            let mut watched = self.watched.lock().await;
            let (rx, _) = self.node.hubs.subscribe(game);
            let feeding = watched.get(&game).is_some_and(|t| !t.is_finished());
            if !feeding {
                let subscribed = async {
                    let sub = self
                        .client
                        .subscribe(game_pub(game))
                        .await
                        .map_err(|e| e.to_string())?;
                    let _ = self.client.flush().await;
                    Ok::<_, String>(sub)
                };
                match tokio::time::timeout(CALL_WAIT, subscribed).await {
                    Ok(Ok(sub)) => {
                        let task = tokio::spawn(feed_hub(self.node.hubs.clone(), game, sub));
                        watched.insert(game, task);
                    }
                    Ok(Err(e)) => {
                        tracing::warn!(%game, error = %e, "cannot follow a game's events")
                    }
                    Err(_) => {
                        tracing::warn!(%game, "NATS did not answer; cannot follow a game's events")
                    }
                }
            }
            rx
        })
    }

    fn health(&self) -> (bool, &'static str) {
        let up = self.client.connection_state() == async_nats::connection::State::Connected;
        (up, "nats")
    }

    fn sweep(&self) {
        let idle = self.node.hubs.sweep();
        if let Ok(mut watched) = self.watched.try_lock() {
            for g in idle {
                if let Some(t) = watched.remove(&g) {
                    t.abort();
                }
            }
            watched.retain(|_, t| !t.is_finished());
        }
    }

    fn serve(&self, game: Uuid) {
        let Some(tx) = self.node.actors.get(game) else {
            return;
        };
        let client = self.client.clone();
        let metrics = self.metrics.clone();
        let task = tokio::spawn(async move {
            let mut sub = match client.subscribe(game_in(game)).await {
                Ok(s) => s,
                Err(e) => {
                    tracing::error!(%game, error = %e, "cannot take a game's requests");
                    return;
                }
            };
            let _ = client.flush().await;
            while let Some(msg) = sub.next().await {
                metrics.bus_in.increment(1);
                let Ok(req) = serde_json::from_slice::<M::Request>(&msg.payload) else {
                    tracing::warn!(%game, "a request that does not read");
                    continue;
                };
                let reply = msg.reply.map(|s| ReplyTo::Inbox(s.to_string()));
                if tx.send(M::command(req, reply)).await.is_err() {
                    break;
                }
            }
        });
        let mut served = self.served.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(old) = served.insert(game, task) {
            old.abort();
        }
    }

    fn publish_lobby(&self, wire: &Wire) {
        self.send(LOBBY.to_string(), wire.as_bytes().to_vec());
    }

    fn moved(&self, game: Uuid) {
        self.send(GAME_MOVED.to_string(), game.to_string());
    }

    fn unserve(&self, game: Uuid) {
        let mut served = self.served.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(t) = served.remove(&game) {
            t.abort();
        }
    }
}

/// Passes a game's public events from its subject to this node's stream of it.
async fn feed_hub(hubs: Arc<super::hubs::Hubs>, game: Uuid, mut sub: async_nats::Subscriber) {
    while let Some(msg) = sub.next().await {
        if let Some((seq, wire)) = decode_public(&msg.payload) {
            hubs.publish(game, seq, &wire);
        }
    }
}

/// Publishes everything queued, in order.
async fn writer(client: Client, mut rx: mpsc::UnboundedReceiver<Outgoing>, metrics: Arc<Metrics>) {
    while let Some(m) = rx.recv().await {
        metrics.bus_out.increment(1);
        if let Err(e) = client.publish(m.subject, m.payload).await {
            tracing::warn!(error = %e, "could not publish on NATS");
        }
    }
}

/// The next message of `sub`, or none once it ends or the node stops.
async fn next_or_stop(
    sub: &mut async_nats::Subscriber,
    shutdown: &CancellationToken,
) -> Option<async_nats::Message> {
    tokio::select! {
        m = sub.next() => m,
        _ = shutdown.cancelled() => None,
    }
}

/// Passes deliveries for this node's connections to their queues.
async fn receive_deliveries<M: Mail>(
    bus: Arc<NatsBus<M>>,
    mut sub: async_nats::Subscriber,
    shutdown: CancellationToken,
) {
    while let Some(msg) = next_or_stop(&mut sub, &shutdown).await {
        bus.metrics.bus_in.increment(1);
        let Some(d) = Delivery::decode(&msg.payload) else {
            tracing::warn!("a delivery that does not read");
            continue;
        };
        super::deliver_here(&*bus, &d);
    }
}

/// Passes the lobby's pushes to this node's lobby followers.
async fn feed_lobby<M: Mail>(
    bus: Arc<NatsBus<M>>,
    mut sub: async_nats::Subscriber,
    shutdown: CancellationToken,
) {
    while let Some(msg) = next_or_stop(&mut sub, &shutdown).await {
        bus.metrics.bus_in.increment(1);
        if let Ok(text) = std::str::from_utf8(&msg.payload) {
            let _ = bus.node.lobby.send(Wire::from(text));
        }
    }
}

/// Joins this node's players to the games that moved to another node.
async fn rejoin_moved<M: Mail>(
    bus: Arc<NatsBus<M>>,
    mut sub: async_nats::Subscriber,
    shutdown: CancellationToken,
) {
    while let Some(msg) = next_or_stop(&mut sub, &shutdown).await {
        let Some(game) = std::str::from_utf8(&msg.payload)
            .ok()
            .and_then(|s| s.parse::<Uuid>().ok())
        else {
            continue;
        };
        for (conn, seats) in bus.node.mailboxes.players_of(game) {
            let bus = bus.clone();
            tokio::spawn(async move {
                let addr = ConnAddr {
                    node: bus.node.id.clone(),
                    conn,
                };
                if let Err(e) = bus.request(game, M::rejoin(addr, seats)).await {
                    tracing::warn!(%game, conn, error = %e, "could not join a moved game again");
                }
            });
        }
    }
}

/// Announces this node every second, and notices nodes that stop or fall silent.
async fn watch_nodes<M: Mail>(
    bus: Arc<NatsBus<M>>,
    mut alive: async_nats::Subscriber,
    mut gone: async_nats::Subscriber,
    shutdown: CancellationToken,
) {
    let mut tick = tokio::time::interval(ANNOUNCE_EVERY);
    loop {
        tokio::select! {
            _ = tick.tick() => {
                // Queued, never awaited: a NATS outage must not hold this loop (nor a shutdown).
                bus.send(NODES_ALIVE.to_string(), bus.node.id.as_str().to_string());
                let now = Instant::now();
                let silent: Vec<NodeId> = {
                    let mut peers = bus.peers.lock().unwrap_or_else(|p| p.into_inner());
                    let silent = peers
                        .iter()
                        .filter(|(_, seen)| now.duration_since(**seen) > NODE_SILENT)
                        .map(|(n, _)| n.clone())
                        .collect::<Vec<_>>();
                    peers.retain(|n, _| !silent.contains(n));
                    silent
                };
                for n in silent {
                    bus.node_gone(&n);
                }
            }
            m = alive.next() => {
                let Some(m) = m else { break };
                let Ok(name) = std::str::from_utf8(&m.payload) else { continue };
                let node = NodeId(name.into());
                if node != bus.node.id {
                    bus.peers
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .insert(node, Instant::now());
                }
            }
            m = gone.next() => {
                let Some(m) = m else { break };
                let Ok(name) = std::str::from_utf8(&m.payload) else { continue };
                let node = NodeId(name.into());
                bus.peers.lock().unwrap_or_else(|p| p.into_inner()).remove(&node);
                bus.node_gone(&node);
            }
            _ = shutdown.cancelled() => break,
        }
    }
}
