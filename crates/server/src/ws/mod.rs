//! WebSocket connections: authentication by the first message, a bounded outgoing queue the
//! game actors fill without waiting, rate limits, and clean-up when the socket closes.

mod dispatch;
mod limit;
mod tables;

use crate::identity::Player;
use crate::peer::{ClientIp, Refused};
use crate::state::App;
use crate::wire::{wire, Wire};
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use fourhand_protocol::{CloseCode, ErrorCode, PlayerId, ServerMsg, MAX_MESSAGE_BYTES};
use futures_util::{SinkExt, StreamExt};
use limit::{RateLimit, Verdict};
use std::collections::HashMap;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use uuid::Uuid;

/// How long a socket the server closes waits for the client's close frame.
const CLOSE_LINGER: Duration = Duration::from_secs(2);

/// The WebSocket route.
pub fn routes() -> Router<App> {
    Router::new().route("/ws", get(upgrade))
}

async fn upgrade(
    State(app): State<App>,
    ClientIp(ip): ClientIp,
    headers: axum::http::HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let cfg = &app.config;
    if !cfg.allowed_origins.is_empty() {
        let origin = headers
            .get(axum::http::header::ORIGIN)
            .and_then(|v| v.to_str().ok())
            .map(|o| o.trim_end_matches('/'));
        let allowed = origin.is_some_and(|o| {
            cfg.allowed_origins
                .iter()
                .any(|a| a.trim().trim_end_matches('/').eq_ignore_ascii_case(o))
        });
        if !allowed {
            return crate::error::ServerError::new(
                ErrorCode::OriginNotAllowed,
                "this server does not accept sockets from that page",
            )
            .into_response();
        }
    }
    let slot = app
        .sockets
        .admit(ip, cfg.max_connections, cfg.max_connections_per_ip);
    let slot = match slot {
        Ok(slot) => slot,
        Err(why) => {
            app.metrics.refused_connections.increment(1);
            let reason = match why {
                Refused::Full => "the server is full; try again later",
                Refused::TooManyFromAddress => "too many connections from your address",
            };
            return ws.on_upgrade(move |mut socket| async move {
                let frame = CloseFrame {
                    code: CloseCode::TryAgainLater as u16,
                    reason: reason.into(),
                };
                let _ = socket.send(Message::Close(Some(frame))).await;
            });
        }
    };
    // Frames up to 64 KiB are read (and refused above 16 KiB with an error); larger ones close.
    ws.max_message_size(4 * MAX_MESSAGE_BYTES)
        .max_frame_size(4 * MAX_MESSAGE_BYTES)
        // Small buffers: thousands of mostly idle sockets must stay cheap.
        .read_buffer_size(4 * 1024)
        .write_buffer_size(4 * 1024)
        .on_upgrade(move |socket| {
            let tracker = app.tracker.clone();
            // Every log line of the connection says which one it is, from where, and (after
            // hello) for whom.
            let span = tracing::info_span!("conn", %ip, player = tracing::field::Empty);
            async move {
                let task = tracing::Instrument::instrument(connection(app, socket), span);
                tracker.spawn(task).await.ok();
                drop(slot);
            }
        })
}

/// A game this connection follows.
pub(crate) struct Joined {
    pub(crate) seats: Vec<fourhand_rules::Seat>,
    forward: Option<JoinHandle<()>>,
}

/// One connection's state.
pub(crate) struct Conn {
    pub(crate) id: u64,
    pub(crate) app: App,
    pub(crate) player: Option<Player>,
    pub(crate) tx: mpsc::Sender<Wire>,
    pub(crate) games: HashMap<Uuid, Joined>,
    lobby: Option<JoinHandle<()>>,
    /// It took a seat at a table or queued for pairing: the lobby is told when it closes.
    pub(crate) in_lobby: bool,
    /// Its engine analysis under way (stopped when it closes).
    pub(crate) analysis: crate::analysis::socket::Running,
}

impl Conn {
    /// This connection's address on the bus.
    pub(crate) fn addr(&self) -> crate::bus::ConnAddr {
        crate::bus::ConnAddr {
            node: self.app.bus.node().id.clone(),
            conn: self.id,
        }
    }

    pub(crate) fn send(&self, msg: &ServerMsg) {
        let _ = self.tx.try_send(wire(msg));
    }

    pub(crate) fn error(&self, code: ErrorCode, message: impl Into<String>) {
        self.send(&ServerMsg::Error {
            code,
            message: message.into(),
        });
    }

    /// Forwards lobby pushes to this connection.
    pub(crate) fn follow_lobby(&mut self) {
        if self.lobby.is_some() {
            return;
        }
        let mut rx = self.app.lobby.subscribe();
        let tx = self.tx.clone();
        self.lobby = Some(tokio::spawn(async move {
            loop {
                match rx.recv().await {
                    Ok(m) => {
                        if tx.try_send(m).is_err() && tx.is_closed() {
                            break;
                        }
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(_) => break,
                }
            }
        }));
    }

    pub(crate) fn unfollow_lobby(&mut self) {
        if let Some(h) = self.lobby.take() {
            h.abort();
        }
    }

    /// Records a joined game, with the task forwarding its public stream when spectating.
    pub(crate) fn joined(
        &mut self,
        id: Uuid,
        seats: Vec<fourhand_rules::Seat>,
        forward: Option<JoinHandle<()>>,
    ) {
        if !seats.is_empty() {
            self.app
                .bus
                .node()
                .mailboxes
                .plays(self.id, id, seats.clone());
        }
        if let Some(old) = self.games.insert(id, Joined { seats, forward }) {
            if let Some(f) = old.forward {
                f.abort();
            }
        }
    }

    pub(crate) async fn leave(&mut self, id: Uuid) {
        if let Some(j) = self.games.remove(&id) {
            if let Some(f) = j.forward {
                f.abort();
            }
            let conn = self.addr();
            self.app.bus.node().mailboxes.left(self.id, id);
            self.app
                .bus
                .tell(id, crate::game::mail::GameRequest::Leave { conn });
        }
    }

    async fn close(&mut self) {
        let ids: Vec<Uuid> = self.games.keys().copied().collect();
        for id in ids {
            self.leave(id).await;
        }
        self.unfollow_lobby();
        self.analysis.stop();
        if self.in_lobby {
            let player = self.player.as_ref().map(|p| PlayerId(p.id));
            self.app.lobby.connection_closed(self.addr(), player).await;
        }
    }
}

async fn connection(app: App, socket: WebSocket) {
    app.metrics.connections.increment(1.0);
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<Wire>(crate::capacity::CONNECTION_QUEUE);
    let (close_tx, mut close_rx) = tokio::sync::oneshot::channel::<CloseCode>();
    let shutdown = app.shutdown.clone();
    let ping_every = Duration::from_secs(app.config.ws_ping_secs.max(1));
    let writer = tokio::spawn(async move {
        let mut ping =
            tokio::time::interval_at(tokio::time::Instant::now() + ping_every, ping_every);
        let code = loop {
            tokio::select! {
                biased;
                c = &mut close_rx => break c.unwrap_or(CloseCode::Normal),
                _ = shutdown.cancelled() => break CloseCode::Restart,
                _ = ping.tick() => {
                    let sent = tokio::time::timeout(ping_every, sink.send(Message::Ping(Default::default())));
                    if !matches!(sent.await, Ok(Ok(()))) {
                        // A client that takes no bytes for a whole ping interval is gone.
                        return;
                    }
                }
                m = rx.recv() => match m {
                    Some(text) => {
                        // A client that does not read must not hold up a close or a shutdown.
                        tokio::select! {
                            r = sink.send(Message::Text(text.as_ref().into())) => {
                                if r.is_err() {
                                    return;
                                }
                            }
                            c = &mut close_rx => break c.unwrap_or(CloseCode::Normal),
                            _ = shutdown.cancelled() => break CloseCode::Restart,
                        }
                    }
                    None => break close_rx.try_recv().unwrap_or(CloseCode::Normal),
                },
            }
        };
        let reason = match code {
            CloseCode::Restart => "server restarting",
            CloseCode::Policy => "policy violation",
            CloseCode::TooBig => "message over 64 KiB",
            CloseCode::GoingAway => "no answer to pings",
            CloseCode::TryAgainLater => "too many connections",
            CloseCode::Normal => "bye",
        };
        let close = async {
            // What was queued before a close (an error explaining it) still goes out.
            if code != CloseCode::Restart {
                while let Ok(text) = rx.try_recv() {
                    if sink
                        .send(Message::Text(text.as_ref().into()))
                        .await
                        .is_err()
                    {
                        return;
                    }
                }
            }
            let _ = sink
                .send(Message::Close(Some(CloseFrame {
                    code: code as u16,
                    reason: reason.into(),
                })))
                .await;
            let _ = sink.close().await;
        };
        let _ = tokio::time::timeout(Duration::from_secs(1), close).await;
    });
    let id = app.conn_id();
    app.bus.node().mailboxes.open(id, tx.clone());
    let mut conn = Conn {
        id,
        app: app.clone(),
        player: None,
        tx: tx.clone(),
        games: HashMap::new(),
        lobby: None,
        in_lobby: false,
        analysis: Default::default(),
    };
    let mut limit = RateLimit::new(app.config.rate_limit);
    let hello_deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    // A socket that sends nothing, not even a pong, for two ping intervals is closed.
    let silence = ping_every * 2;
    let mut heard = tokio::time::Instant::now();
    let mut close_code: Option<CloseCode> = None;
    loop {
        let next = if conn.player.is_none() {
            tokio::select! {
                m = tokio::time::timeout_at(hello_deadline, stream.next()) => match m {
                    Ok(m) => m,
                    Err(_) => {
                        conn.error(ErrorCode::NotAuthenticated, "send hello first");
                        close_code = Some(CloseCode::Policy);
                        break;
                    }
                },
                _ = app.shutdown.cancelled() => {
                    close_code = Some(CloseCode::Restart);
                    break;
                }
            }
        } else {
            tokio::select! {
                m = stream.next() => m,
                _ = tokio::time::sleep_until(heard + silence) => {
                    app.metrics.silent_connections.increment(1);
                    close_code = Some(CloseCode::GoingAway);
                    break;
                }
                _ = app.shutdown.cancelled() => {
                    close_code = Some(CloseCode::Restart);
                    break;
                }
            }
        };
        heard = tokio::time::Instant::now();
        let msg = match next {
            Some(Ok(msg)) => msg,
            Some(Err(e)) => {
                if is_too_big(e) {
                    close_code = Some(CloseCode::TooBig);
                }
                break;
            }
            None => break,
        };
        let text = match msg {
            Message::Text(t) => t.to_string(),
            Message::Binary(_) => {
                conn.error(ErrorCode::BadMessage, "messages are JSON text");
                continue;
            }
            Message::Close(_) => break,
            _ => continue,
        };
        match limit.check() {
            Verdict::Allow => {}
            Verdict::Refuse => {
                conn.error(ErrorCode::RateLimited, "too many messages; slow down");
                continue;
            }
            Verdict::Close => {
                close_code = Some(CloseCode::Policy);
                break;
            }
        }
        if let Err(e) = dispatch::handle(&mut conn, &text).await {
            conn.error(e.code, e.message);
            let refused_hello = matches!(
                e.code,
                ErrorCode::NotAuthenticated | ErrorCode::UnsupportedVersion
            );
            if refused_hello && conn.player.is_none() {
                close_code = Some(CloseCode::Policy);
                break;
            }
        }
    }
    conn.close().await;
    app.bus.node().mailboxes.close(id);
    let _ = close_tx.send(close_code.unwrap_or(CloseCode::Normal));
    drop(conn);
    drop(tx);
    let _ = writer.await;
    if matches!(
        close_code,
        Some(CloseCode::Policy | CloseCode::GoingAway | CloseCode::TooBig)
    ) {
        // Finish the closing handshake: read (and drop) what the client still sends until its
        // close frame, so that ours is not lost to a reset.
        let end = tokio::time::Instant::now() + CLOSE_LINGER;
        while let Ok(Some(Ok(m))) = tokio::time::timeout_at(end, stream.next()).await {
            if matches!(m, Message::Close(_)) {
                break;
            }
        }
    }
    app.metrics.connections.decrement(1.0);
}

/// A read failed because a frame or message was over the size limit.
fn is_too_big(e: axum::Error) -> bool {
    matches!(
        e.into_inner().downcast_ref::<tungstenite::Error>(),
        Some(tungstenite::Error::Capacity(_))
    )
}
