//! One tokio task per live game: it owns the [`GameCore`], stores every action before applying
//! it, fans events out to players (bounded channels, never awaited) and spectators (a broadcast
//! channel), and wakes for the next deadline.

use super::core::{Audience, GameCore, Input, Numbered, Refusal};
use super::rating;
use super::view;
use super::writes::{store_unavailable, Admit, Inflight, Outcome, Reply, Writes};
use crate::metrics::Metrics;
use crate::store::{GameEnd, Store, StoredAction};
use fourhand_protocol::{GameState, ServerMsg};
use fourhand_rules::notation::pgn4;
use fourhand_rules::Seat;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc, oneshot};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

/// Identifies one client connection.
pub type ConnId = u64;

/// A message ready to send: serialised once, shared by every receiver.
pub type Wire = Arc<str>;

/// A public event on the spectators' stream: its number and the message.
pub type PublicEvent = (u64, Wire);

/// Room a lagging player's queue must have again before it is resynced with a snapshot.
const RESYNC_ROOM: usize = 64;

/// What a connection asks a game.
pub enum Command {
    /// An input; the reply comes after it is stored and applied.
    Input {
        /// The input.
        input: Input,
        /// Acknowledgement.
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// Subscribe a connection, holding `seats` (empty for a spectator).
    Join {
        /// The connection.
        conn: ConnId,
        /// Seats it holds (checked by the caller with [`Command::Authorize`]).
        seats: Vec<Seat>,
        /// Where player messages go.
        tx: mpsc::Sender<Wire>,
        /// Events after this number instead of a snapshot.
        since: Option<u64>,
        /// The spectator stream, for connections without seats.
        reply: oneshot::Sender<broadcast::Receiver<PublicEvent>>,
    },
    /// Which seat a token opens.
    Authorize {
        /// The token.
        token: String,
        /// The seat, if any.
        reply: oneshot::Sender<Option<Seat>>,
    },
    /// The connection left (or closed).
    Leave {
        /// The connection.
        conn: ConnId,
    },
    /// The chat lines `player` could see (for a report).
    ChatLines {
        /// The player (none: a spectator's view).
        player: Option<Uuid>,
        /// Reply.
        reply: oneshot::Sender<Vec<String>>,
    },
    /// The current state.
    Snapshot {
        /// Reply.
        reply: oneshot::Sender<GameState>,
    },
    /// A bot's move, computed on the bot pool.
    BotMove {
        /// The seat it thought for.
        seat: Seat,
        /// The bot, with its table, for its next turn.
        bot: Option<Box<fourhand_bot::Bot>>,
        /// The move as an input (none: the bot found none).
        input: Option<Input>,
    },
}

/// The handle other tasks use to talk to a game.
#[derive(Clone)]
pub struct GameHandle {
    /// The game's id.
    pub id: Uuid,
    /// Its inbox.
    pub tx: mpsc::Sender<Command>,
    /// Set once the game has ended and its result is stored: it is no longer listed as live
    /// (its actor lingers a while for late viewers).
    over: Arc<std::sync::atomic::AtomicBool>,
}

impl GameHandle {
    /// The game has ended (its result is stored).
    pub fn is_over(&self) -> bool {
        self.over.load(std::sync::atomic::Ordering::Acquire)
    }
}

struct Subscriber {
    tx: mpsc::Sender<Wire>,
    seats: Vec<Seat>,
    /// Its queue was full: it gets nothing until there is room again, then a snapshot. Its
    /// seats stay connected meanwhile (the socket is still there).
    lagging: bool,
}

impl Subscriber {
    /// Queues `w` unless the subscriber lags. A full queue makes it lag: it keeps its seats
    /// and is resynced with a snapshot once the queue has room again. True when that began now.
    fn offer(&mut self, w: &Wire, metrics: &Metrics) -> bool {
        if self.lagging || self.tx.try_send(w.clone()).is_ok() {
            return false;
        }
        self.lagging = true;
        metrics.queue_full.increment(1);
        true
    }
}

/// Everything an actor needs besides its core.
pub struct ActorEnv {
    /// The store.
    pub store: Store,
    /// Counters.
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
}

struct Actor {
    id: Uuid,
    core: GameCore,
    env: ActorEnv,
    start: Instant,
    epoch_at_start: i64,
    subs: HashMap<ConnId, Subscriber>,
    spectators: broadcast::Sender<PublicEvent>,
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
    /// The bots of the bot seats, each with its search table, kept between their moves (none
    /// while one thinks, or before its first move).
    seat_bots: [Option<Box<fourhand_bot::Bot>>; 4],
    /// Set when the game ends or its actor stops: stops a search in progress.
    stop_bots: Arc<std::sync::atomic::AtomicBool>,
    /// Its move counter and latency histogram (labelled).
    moves: (metrics::Counter, metrics::Histogram),
}

/// Epoch milliseconds now.
pub fn epoch_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// Starts the actor of `core`, whose clock zero is `start`.
pub fn spawn(
    id: Uuid,
    core: GameCore,
    start: Instant,
    env: ActorEnv,
    tracker: &tokio_util::task::TaskTracker,
) -> GameHandle {
    let (tx, rx) = mpsc::channel(256);
    let (spectators, _) = broadcast::channel(256);
    let now_ms = start.elapsed().as_millis() as i64;
    let writes = Writes::new(env.store.clone(), env.metrics.clone(), id);
    let moves = env.metrics.moves(&env.labels);
    let over = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let actor = Actor {
        id,
        core,
        env,
        start,
        epoch_at_start: epoch_ms() - now_ms,
        subs: HashMap::new(),
        spectators,
        writes,
        finished_stored: false,
        rng: rand::SeedableRng::from_entropy(),
        legal_sent: None,
        me: tx.downgrade(),
        over: over.clone(),
        seat_bots: Default::default(),
        stop_bots: Arc::default(),
        moves,
    };
    // Every log line of the actor says which game it is about.
    let span = tracing::info_span!("game", game = %id, rules = %actor.env.labels.rules);
    tracker.spawn(tracing::Instrument::instrument(actor.run(rx), span));
    GameHandle { id, tx, over }
}

impl Actor {
    fn now(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        let live = self.env.metrics.live_games(&self.env.labels);
        live.increment(1.0);
        let mut over_since: Option<Instant> = None;
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
            let resync = self
                .subs
                .values()
                .any(|s| s.lagging)
                .then(|| Instant::now() + Duration::from_millis(250));
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => self.handle(cmd),
                    None => break,
                },
                done = self.writes.settled() => self.settle(done),
                _ = sleep_opt(wake) => self.run_due(),
                _ = sleep_opt(resync) => self.resync_lagging(),
                _ = sleep_opt(linger_until) => break,
                // The clocks need no saving: a restart charges the running turn up to the
                // moment the server was last known to be up, which a graceful stop records.
                _ = self.env.shutdown.cancelled() => {
                    if self.writes.busy() {
                        let settled = tokio::time::timeout(SHUTDOWN_WRITE_WAIT, self.writes.settled());
                        if let Ok(done) = settled.await {
                            self.settle(done);
                        }
                    }
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
        live.decrement(1.0);
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

    /// Starts the due bot's search on a blocking thread; its move comes back as a command.
    fn start_bot(&mut self, now: u64) {
        if self.writes.busy() || self.writes.backing_off() {
            // The bot thinks once its move can be stored.
            return;
        }
        let Some((seat, level, clock)) = self.core.bot_to_move(now) else {
            return;
        };
        self.core.bot_thinking = true;
        let game = self.core.game().clone();
        let me = self.me.clone();
        let seed: u64 = rand::Rng::gen(&mut self.rng);
        let bot = self.seat_bots[seat.index()]
            .take()
            .filter(|b| b.level() == level)
            .unwrap_or_else(|| {
                self.env.metrics.bots_created.increment(1);
                crate::bot::seat_bot(level)
            });
        let thought = self
            .env
            .bots
            .think(game, bot, clock, seed, self.stop_bots.clone());
        tokio::spawn(async move {
            let (bot, found) = match thought.await {
                Ok(t) => (Some(t.bot), t.mv),
                Err(_) => (None, None),
            };
            let input = found.map(|m| Input::Play {
                seat,
                from: m.from(),
                to: m.to(),
                promotion: m.promotion(),
            });
            if let Some(tx) = me.upgrade() {
                let _ = tx.send(Command::BotMove { seat, bot, input }).await;
            }
        });
    }

    fn handle(&mut self, cmd: Command) {
        self.resync_lagging();
        match cmd {
            Command::Input { input, reply } => self.submit(input, Some(reply)),
            Command::Authorize { token, reply } => {
                let _ = reply.send(self.core.seat_of_token(&token));
            }
            Command::Join {
                conn,
                seats,
                tx,
                since,
                reply,
            } => self.join(conn, seats, tx, since, reply),
            Command::Leave { conn } => {
                if let Some(sub) = self.subs.remove(&conn) {
                    for s in sub.seats {
                        self.submit(Input::Disconnected(s), None);
                    }
                }
            }
            Command::ChatLines { player, reply } => {
                let seats = player.map(|p| self.core.seats_of(p)).unwrap_or_default();
                let _ = reply.send(self.core.chat_lines(&seats));
            }
            Command::Snapshot { reply } => {
                let _ = reply.send(self.snapshot());
            }
            Command::BotMove { seat, bot, input } => {
                self.core.bot_thinking = false;
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

    fn snapshot(&self) -> GameState {
        let now = self.now();
        view::snapshot(
            &self.core,
            &self.id.to_string(),
            now,
            self.epoch_at_start + now as i64,
        )
    }

    fn join(
        &mut self,
        conn: ConnId,
        seats: Vec<Seat>,
        tx: mpsc::Sender<Wire>,
        since: Option<u64>,
        reply: oneshot::Sender<broadcast::Receiver<PublicEvent>>,
    ) {
        let rx = self.spectators.subscribe();
        // A catch-up that would not fit in the connection's queue is a snapshot instead.
        let catch_up = since
            .and_then(|s| self.core.events_since(s))
            .filter(|events| events.len() + 2 <= tx.capacity());
        match catch_up {
            Some(events) => {
                for n in events {
                    if seats.is_empty() && n.audience != Audience::All {
                        continue;
                    }
                    if let Audience::Side(side) = n.audience {
                        if !seats.iter().any(|s| s.side() == side) {
                            continue;
                        }
                    }
                    let _ = tx.try_send(self.wire_event(&n));
                }
            }
            None => {
                let msg = ServerMsg::Snapshot {
                    state: Box::new(self.snapshot()),
                };
                let _ = tx.try_send(wire(&msg));
            }
        }
        let _ = reply.send(rx);
        if seats.is_empty() {
            return;
        }
        let sub = self.subs.entry(conn).or_insert(Subscriber {
            tx,
            seats: Vec::new(),
            lagging: false,
        });
        let new: Vec<Seat> = seats
            .into_iter()
            .filter(|s| !sub.seats.contains(s))
            .collect();
        sub.seats.extend(new.iter().copied());
        for s in new {
            self.submit(Input::Connected(s), None);
        }
        self.send_legal(Some(conn));
    }

    /// Takes an input: refused, applied at once (nothing to store), or stored first and
    /// applied when the store has it ([`Actor::settle`]); the answer goes to `reply` then.
    fn submit(&mut self, input: Input, reply: Reply) {
        let action = match self.core.prepare(&input) {
            Err(r) => return answer(reply, Err(r)),
            Ok(None) => {
                let events = self.core.apply(input, self.now());
                self.fan_out(&events);
                return answer(reply, Ok(()));
            }
            Ok(Some(action)) => action,
        };
        match self.writes.admit(input, reply) {
            Admit::Refused(reply) => answer(reply, Err(store_unavailable())),
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
                answer(f.reply, Ok(()));
                while let Some((input, reply)) = self.writes.next_waiting() {
                    self.submit(input, reply);
                }
            }
            Outcome::NotStored(f) => {
                answer(f.reply, Err(store_unavailable()));
                for (_, reply) in self.writes.drain_waiting() {
                    answer(reply, Err(store_unavailable()));
                }
            }
        }
        let now = self.now();
        self.start_bot(now);
    }

    fn wire_event(&self, n: &Numbered) -> Wire {
        wire(&ServerMsg::Event {
            game: self.id.to_string(),
            seq: n.seq,
            event: n.event.clone(),
        })
    }

    fn fan_out(&mut self, events: &[Numbered]) {
        if events.is_empty() {
            return;
        }
        for n in events {
            let w = self.wire_event(n);
            if n.audience == Audience::All {
                let _ = self.spectators.send((n.seq, w.clone()));
            }
            for (conn, sub) in self.subs.iter_mut() {
                let allowed = match n.audience {
                    Audience::All => true,
                    Audience::Side(side) => sub.seats.iter().any(|s| s.side() == side),
                };
                if allowed && sub.offer(&w, &self.env.metrics) {
                    tracing::debug!(game = %self.id, conn, "a player's queue is full");
                }
            }
        }
        self.resync_lagging();
        self.send_legal(None);
    }

    /// Sends a snapshot (and the legal moves) to every lagging player whose queue has room
    /// again; it then receives events as before.
    fn resync_lagging(&mut self) {
        let ready: Vec<ConnId> = self
            .subs
            .iter()
            .filter(|(_, s)| s.lagging && s.tx.capacity() >= RESYNC_ROOM)
            .map(|(c, _)| *c)
            .collect();
        if ready.is_empty() {
            return;
        }
        let msg = wire(&ServerMsg::Snapshot {
            state: Box::new(self.snapshot()),
        });
        for conn in ready {
            if let Some(sub) = self.subs.get_mut(&conn) {
                if sub.tx.try_send(msg.clone()).is_ok() {
                    sub.lagging = false;
                    self.env.metrics.resyncs.increment(1);
                    self.send_legal(Some(conn));
                }
            }
        }
    }

    /// Sends the legal moves to the connections holding the seat to move: once per turn to
    /// all of them, or again to one connection that just joined.
    fn send_legal(&mut self, only: Option<ConnId>) {
        if self.core.is_over() {
            return;
        }
        let Some(seat) = self.core.game().to_move() else {
            return;
        };
        let key = (self.core.game().records().len(), seat);
        if only.is_none() && self.legal_sent == Some(key) {
            return;
        }
        let holders: Vec<ConnId> = self
            .subs
            .iter()
            .filter(|(c, s)| s.seats.contains(&seat) && !s.lagging && only.is_none_or(|o| o == **c))
            .map(|(c, _)| *c)
            .collect();
        if holders.is_empty() {
            return;
        }
        let moves: Vec<String> = self
            .core
            .game()
            .legal_moves()
            .iter()
            .map(|m| m.uci())
            .collect();
        let msg = wire(&ServerMsg::Legal {
            game: self.id.to_string(),
            seat: view::seat_name(seat),
            moves,
        });
        for c in holders {
            if let Some(s) = self.subs.get_mut(&c) {
                s.offer(&msg, &self.env.metrics);
            }
        }
        if only.is_none() {
            self.legal_sent = Some(key);
        }
    }

    async fn store_end(&mut self) {
        if self.finished_stored {
            return;
        }
        self.finished_stored = true;
        self.store_result().await;
        self.over.store(true, std::sync::atomic::Ordering::Release);
    }

    async fn store_result(&mut self) {
        let Some((result, termination)) = self.core.result() else {
            return;
        };
        let g = self.core.game();
        let mut tags = pgn4::Tags::default();
        for (i, s) in self.core.seats.iter().enumerate() {
            tags.set(g.rules().colour(Seat::from_index(i)), s.name.clone());
        }
        tags.set("GameNr", self.id.to_string());
        tags.set("TimeControl", self.core.clocks.control().label());
        let colours = g.rules().colours;
        let tagged = rating::tag(&self.env.rating, &self.env.store, &mut tags, colours).await;
        if let Err(e) = tagged {
            tracing::warn!(game = %self.id, error = %e, "could not read the ratings for the tags");
        }
        let end = GameEnd {
            result,
            termination,
            points: g.points().0,
            placings: g.rules().scoring.then(|| g.placings().0),
            pgn4: pgn4::write(g, &tags),
            ended_ms: epoch_ms(),
        };
        let job = crate::store::RatingJob {
            finish: rating::settled(&self.core),
            ..self.env.rating.clone()
        };
        if let Err(e) = self.env.store.finish_game(self.id, &end, Some(&job)).await {
            self.env.metrics.store_errors.increment(1);
            tracing::error!(game = %self.id, error = %e, "could not store the result");
        }
    }
}

/// How long a stopping game waits for its write in flight to settle.
const SHUTDOWN_WRITE_WAIT: Duration = Duration::from_secs(2);

/// Sends the answer to an input, if someone waits for it.
fn answer(reply: Reply, r: Result<(), Refusal>) {
    if let Some(tx) = reply {
        let _ = tx.send(r);
    }
}

/// Serialises a server message.
pub fn wire(msg: &ServerMsg) -> Wire {
    Arc::from(fourhand_protocol::to_text(msg))
}

async fn sleep_opt(at: Option<Instant>) {
    match at {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}
