//! One tokio task per live game: it owns the [`GameCore`], stores every action before applying
//! it, fans events out to players (bounded channels, never awaited) and spectators (a broadcast
//! channel), and wakes for the next deadline.

mod bots;
mod chat_report;
mod fanout;
mod finish;
mod premoves;
mod ratings;
mod subscriber;

use super::command::{Command, GameHandle};
use super::core::{GameCore, Input, Refusal};
use super::view;
use super::writes::{store_unavailable, Admit, Inflight, Outcome, Reply, Writes};
use crate::bus::ConnAddr;
use crate::game::mail::SharedBus;
use crate::game::mail::{GameReply, GameRequest};
use crate::metrics::Metrics;
use crate::store::{Store, StoredAction};
use crate::time::epoch_ms;
use fourhand_protocol::GameState;
use fourhand_rules::Seat;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use subscriber::Subscriber;
use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

/// Everything an actor needs besides its core.
pub struct ActorEnv {
    /// The store.
    pub store: Store,
    /// The server's metrics, which the game counts its moves, errors and lags in.
    pub metrics: Arc<Metrics>,
    /// Cancelled at shutdown.
    pub shutdown: CancellationToken,
    /// How long a finished game stays open for late viewers.
    pub linger: Duration,
    /// Who is rated, in which pool.
    pub rating: crate::store::RatingJob,
    /// Where bots think.
    pub bots: Arc<crate::bot::BotPool>,
    /// What its metrics are labelled with.
    pub labels: crate::metrics::GameLabels,
    /// How it reaches connections and spectators, and answers requests.
    pub bus: SharedBus,
    /// In a cluster: this node's lease of the game, which every write is fenced with.
    pub lease: Option<crate::store::Lease>,
    /// The game was just taken over from another node: its followers everywhere are resynced.
    pub moved: bool,
}

struct Actor {
    id: Uuid,
    core: GameCore,
    env: ActorEnv,
    start: Instant,
    epoch_at_start: i64,
    /// The players' connections, wherever they are.
    subs: HashMap<ConnAddr, Subscriber>,
    /// The action being stored and those waiting behind it.
    writes: Writes,
    finished_stored: bool,
    rng: rand::rngs::StdRng,
    /// The turn whose legal moves were last sent: (records so far, seat to move).
    legal_sent: Option<(usize, Seat)>,
    /// This actor's own inbox, for bot moves computed elsewhere.
    me: mpsc::WeakSender<Command>,
    /// Shared with the handles: set when the game is over.
    over: Arc<std::sync::atomic::AtomicBool>,
    /// Shared with the handles: the position's placement key, kept after every change.
    board: Arc<std::sync::atomic::AtomicU64>,
    /// The bots of the bot seats, each with its search table, kept between their moves (none
    /// while one thinks, or before its first move).
    seat_bots: [Option<Box<fourhand_bot::Bot>>; 4],
    /// Set when the game ends or its actor stops: stops a search in progress.
    stop_bots: Arc<std::sync::atomic::AtomicBool>,
    /// Its move counter and latency histogram (labelled).
    moves: (metrics::Counter, metrics::Histogram),
}

/// Starts the actor of `core`, whose clock zero is `start`.
pub fn spawn(
    id: Uuid,
    core: GameCore,
    start: Instant,
    env: ActorEnv,
    tracker: &tokio_util::task::TaskTracker,
) -> GameHandle {
    let (tx, rx) = mpsc::channel(crate::capacity::GAME_INBOX);
    let now_ms = start.elapsed().as_millis() as i64;
    let writes = Writes::new(
        env.store.clone(),
        env.metrics.clone(),
        id,
        env.lease.clone(),
    );
    let moves = env.metrics.moves(&env.labels);
    let over = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let board = Arc::new(std::sync::atomic::AtomicU64::new(
        core.game().position().placement_key(),
    ));
    let actor = Actor {
        id,
        core,
        env,
        start,
        epoch_at_start: epoch_ms() - now_ms,
        subs: HashMap::new(),
        writes,
        finished_stored: false,
        rng: rand::SeedableRng::from_entropy(),
        legal_sent: None,
        me: tx.downgrade(),
        over: over.clone(),
        board: board.clone(),
        seat_bots: Default::default(),
        stop_bots: Arc::default(),
        moves,
    };
    // Every log line of the actor says which game it is about.
    let span = tracing::info_span!("game", game = %id, rules = %actor.env.labels.rules);
    actor.env.bus.node().actors.insert(id, tx.clone());
    actor.env.bus.serve(id);
    tracker.spawn(tracing::Instrument::instrument(actor.run(rx), span));
    GameHandle {
        id,
        tx,
        over,
        board,
    }
}

impl Actor {
    fn now(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        let live = self.env.metrics.live_games(&self.env.labels);
        live.increment(1.0);
        self.env.metrics.games_owned.increment(1.0);
        let mut over_since: Option<Instant> = None;
        self.load_ratings().await;
        if self.env.moved {
            // Spectators everywhere start again from the state rebuilt here; players' nodes
            // join them again.
            let w = crate::wire::wire(&fourhand_protocol::ServerMsg::Snapshot {
                state: Box::new(self.snapshot()),
            });
            self.env.bus.publish(self.id, self.core.seq(), &w);
            self.env.bus.moved(self.id);
        }
        // A game restored after a crash between its last action and its result ends now.
        if self.core.is_over() {
            self.store_end().await;
            over_since = Some(Instant::now());
        }
        loop {
            let wake = self
                .core
                .next_deadline()
                .filter(|_| !self.writes.busy())
                .map(|ms| self.start + Duration::from_millis(ms))
                .map(|t| self.writes.retry_at().map_or(t, |r| r.max(t)));
            let linger_until = over_since.map(|t| t + self.env.linger);
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(Command::Stop) => {
                        self.settle_before_stop().await;
                        break;
                    }
                    Some(cmd) => self.handle(cmd),
                    None => break,
                },
                done = self.writes.settled() => {
                    self.settle(done);
                    if self.writes.fenced() {
                        break;
                    }
                }
                _ = sleep_opt(wake) => self.run_due(),
                _ = sleep_opt(linger_until) => break,
                // The clocks need no saving: a restart charges the running turn up to the
                // moment the server was last known to be up, which a graceful stop records.
                _ = self.env.shutdown.cancelled() => {
                    self.settle_before_stop().await;
                    break;
                }
            }
            if self.core.is_over() && over_since.is_none() {
                self.stop_bots
                    .store(true, std::sync::atomic::Ordering::Relaxed);
                self.store_end().await;
                over_since = Some(Instant::now());
            }
        }
        self.stop_bots
            .store(true, std::sync::atomic::Ordering::Relaxed);
        self.env.bus.node().actors.remove(self.id);
        self.env.bus.unserve(self.id);
        // Whoever still waits is told the game has closed — or, when the game goes on
        // elsewhere, to try again there.
        let why = if self.core.is_over() {
            closed()
        } else {
            moving()
        };
        for (_, reply) in self.writes.drain_waiting() {
            self.answer(reply, Err(why.clone()));
        }
        rx.close();
        while let Ok(cmd) = rx.try_recv() {
            if let Command::Request {
                reply: Some(to), ..
            } = cmd
            {
                self.env.bus.reply(to, GameReply::of(Err(why.clone())));
            }
        }
        live.decrement(1.0);
        self.env.metrics.games_owned.decrement(1.0);
    }

    /// Submits what is due now (one stored input at a time), then starts a due bot.
    fn run_due(&mut self) {
        if self.writes.busy() || self.writes.backing_off() {
            return;
        }
        let now = self.now();
        if let Some(input) = self.core.due(now) {
            self.submit(input, None);
        }
        self.start_bot(now);
    }

    fn handle(&mut self, cmd: Command) {
        match cmd {
            Command::Request { req, reply } => self.request(req, reply),
            Command::Stop => {}
            Command::BotMove { seat, bot, input } => {
                self.core.bot_done();
                self.seat_bots[seat.index()] = bot;
                if let Some(input) = input {
                    // Refused when the game moved on meanwhile (a resignation, a flag).
                    self.submit(input, None);
                }
                let now = self.now();
                self.start_bot(now);
            }
        }
    }

    fn request(&mut self, req: GameRequest, reply: Option<crate::bus::ReplyTo>) {
        let answer = |actor: &Actor, r: GameReply| {
            if let Some(to) = reply.clone() {
                actor.env.bus.reply(to, r);
            }
        };
        match req {
            GameRequest::Input {
                input: Input::Premove { seat, queued },
            } => self.premove(seat, queued, reply),
            GameRequest::Input { input } => self.submit(input, reply),
            GameRequest::Authorize { token } => {
                let seat = self
                    .core
                    .seat_of_token(&token)
                    .map(crate::game::convert::seat_name);
                answer(self, GameReply::Seat { seat });
            }
            GameRequest::Join { conn, seats, since } => {
                let seats = seats
                    .into_iter()
                    .map(crate::game::convert::seat_of)
                    .collect();
                let r = self.join(conn, seats, since);
                answer(self, r);
            }
            GameRequest::Leave { conn } => self.leave(&conn),
            GameRequest::NodeGone { node } => {
                let gone: Vec<ConnAddr> = self
                    .subs
                    .keys()
                    .filter(|c| c.node == node)
                    .cloned()
                    .collect();
                for conn in gone {
                    self.leave(&conn);
                }
            }
            GameRequest::Lagging { conn } => {
                if let Some(sub) = self.subs.get_mut(&conn) {
                    if !sub.lagging {
                        sub.lagging = true;
                        self.env.metrics.queue_full.increment(1);
                        tracing::debug!(game = %self.id, conn = conn.conn, "a player's queue is full");
                    }
                }
            }
            GameRequest::Ready { conn } => self.resync(&conn),
            GameRequest::ChatLines { player } => {
                let seats = player.map(|p| self.core.seats_of(p.0)).unwrap_or_default();
                let lines = self.core.chat_lines(&seats);
                answer(self, GameReply::ChatLines { lines });
            }
            GameRequest::Snapshot => {
                let state = Box::new(self.snapshot());
                let over = self.over.load(std::sync::atomic::Ordering::Acquire);
                answer(self, GameReply::Snapshot { state, over });
            }
        }
    }

    fn leave(&mut self, conn: &ConnAddr) {
        if let Some(sub) = self.subs.remove(conn) {
            for s in sub.seats {
                self.submit(Input::Disconnected(s), None);
            }
        }
    }

    /// Sends the answer to an input, if someone waits for it.
    fn answer(&self, reply: Reply, r: Result<(), Refusal>) {
        if let Some(to) = reply {
            self.env.bus.reply(to, GameReply::of(r));
        }
    }

    fn snapshot(&self) -> GameState {
        let now = self.now();
        let epoch = self.epoch_at_start + now as i64;
        view::snapshot(&self.core, self.id, self.env.rating.rated, now, epoch)
    }

    /// Takes an input: refused, applied at once (nothing to store), or stored first and
    /// applied when the store has it ([`Actor::settle`]); the answer goes to `reply` then.
    fn submit(&mut self, input: Input, reply: Reply) {
        if let Input::Chat { seat, to, text } = &input {
            if let Err(s) = self.core.screen_chat(*seat, *to, text) {
                if let Some(lines) = s.chat_off {
                    self.report_chat_off(*seat, lines);
                }
                return self.answer(reply, Err(s.refusal));
            }
        }
        let action = match self.core.prepare(&input) {
            Err(r) => return self.answer(reply, Err(r)),
            Ok(None) => {
                let events = self.core.apply(input, self.now());
                self.fan_out(&events);
                return self.answer(reply, Ok(()));
            }
            Ok(Some(action)) => action,
        };
        match self.writes.admit(input, reply) {
            Admit::Refused(reply) => self.answer(reply, Err(store_unavailable())),
            Admit::Queued => {}
            Admit::Now(input, reply) => {
                let now = self.now();
                let ply = self.core.plies() + 1;
                let stored = StoredAction {
                    ply,
                    action,
                    clocks: self.core.clocks_after(&input, now),
                    at_ms: self.epoch_at_start + now as i64,
                };
                let inflight = Inflight {
                    input,
                    now,
                    ply,
                    reply,
                    started: std::time::Instant::now(),
                };
                self.writes.start(inflight, stored);
            }
        }
    }

    /// A write came to its end: apply and acknowledge a stored input, or refuse one that is
    /// not stored (and all that waited behind it); then take the next waiting input.
    fn settle(&mut self, done: Outcome) {
        match done {
            Outcome::Stored(f) => {
                let is_move = matches!(f.input, Input::Play { .. });
                let events = self.core.apply(f.input, f.now);
                self.fan_out(&events);
                if is_move {
                    crate::metrics::Metrics::move_played(&self.moves, f.started.elapsed());
                }
                self.answer(f.reply, Ok(()));
                while let Some((input, reply)) = self.writes.next_waiting() {
                    self.submit(input, reply);
                }
            }
            Outcome::NotStored(f) => {
                let why = if self.writes.fenced() {
                    moving()
                } else {
                    store_unavailable()
                };
                self.answer(f.reply, Err(why.clone()));
                for (_, reply) in self.writes.drain_waiting() {
                    self.answer(reply, Err(why.clone()));
                }
            }
        }
        let now = self.now();
        self.start_bot(now);
        self.play_premove();
    }
}

/// How long a stopping game waits for its write in flight to settle.
const SHUTDOWN_WRITE_WAIT: Duration = Duration::from_secs(2);

impl Actor {
    /// Lets the write in flight settle (for a while) before the actor stops.
    async fn settle_before_stop(&mut self) {
        if self.writes.busy() {
            let settled = tokio::time::timeout(SHUTDOWN_WRITE_WAIT, self.writes.settled());
            if let Ok(done) = settled.await {
                self.settle(done);
            }
        }
    }
}

/// The refusal of a request to a game that goes on on another node.
fn moving() -> Refusal {
    Refusal {
        code: fourhand_protocol::ErrorCode::GameUnavailable,
        message: "the game is moving to another server; try again in a few seconds".into(),
    }
}

/// The refusal of a request to a game whose actor has stopped.
fn closed() -> Refusal {
    Refusal {
        code: fourhand_protocol::ErrorCode::GameOver,
        message: "the game has closed".into(),
    }
}

async fn sleep_opt(at: Option<Instant>) {
    match at {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}
