//! The live games of this node: starting new ones, restoring unfinished ones after a restart,
//! finding and listing them.

use super::actor::{self, ActorEnv};
use super::command::GameHandle;
use super::core::{GameCore, Input, SeatState, Timing};
use crate::bot::BotLevel;
use crate::error::ServerError;
use crate::identity::token_hash;
use crate::metrics::Metrics;
use crate::store::{ActionRecord, NewGame, Store, StoredGame, StoredSeat};
use fourhand_protocol::{GameId, TimeControl};
use fourhand_rules::game::Game;
use fourhand_rules::notation::fen4;
use fourhand_rules::{BySeat, Position, RuleSet, Seat, Setup};
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::Duration;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

/// Who sits in a seat of a game about to start.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct SeatSpec {
    /// Display name.
    pub name: String,
    /// Player id (humans).
    pub player: Option<Uuid>,
    /// Bot level (bots).
    #[serde(with = "crate::bot::level_name")]
    pub bot: Option<BotLevel>,
    /// The seat token (humans).
    pub token: Option<String>,
}

/// A game about to start (the lobby's reply carries it as it is).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct GameSpec {
    /// The rule set, options included.
    pub rules: RuleSet,
    /// The start position's setup (Modern, Classic, …).
    pub setup: Setup,
    /// Time control.
    pub time: TimeControl,
    /// Table chat.
    pub table_chat: bool,
    /// Whether the game is rated (its result then changes ratings).
    pub rated: bool,
    /// An arena game that allows berserk.
    pub berserk: bool,
    /// The four seats.
    pub seats: Vec<SeatSpec>,
}

/// A live game as listed.
#[derive(Clone)]
pub struct LiveGame {
    /// Handle to its actor.
    pub handle: GameHandle,
    /// In a cluster: the epoch of this node's lease of it.
    pub epoch: Option<i64>,
    /// Rules short name.
    pub rules: String,
    /// Names by seat.
    pub names: Vec<String>,
    /// The people at it, when an engine bot plays in it (engine games are rationed).
    pub engine_players: Option<Vec<Uuid>>,
}

/// What starting a game's actor takes from the server.
#[derive(Clone)]
pub struct Launcher {
    /// The store every action goes to.
    pub store: Store,
    /// The server's metrics.
    pub metrics: Arc<Metrics>,
    /// Cancelled at shutdown.
    pub shutdown: CancellationToken,
    /// Where the actors are tracked, to wait for them at shutdown.
    pub tracker: TaskTracker,
    /// Where bots think.
    pub bots: Arc<crate::bot::BotPool>,
    /// Game timing.
    pub timing: Timing,
    /// The bus its actors answer and deliver through.
    pub bus: crate::game::mail::SharedBus,
    /// In a cluster: this node's id, under which it takes a lease of every game it runs.
    pub owner: Option<crate::bus::NodeId>,
}

/// How long a node's leases stay held after its last beat (it beats every [`LEASE_RENEW`]).
pub const LEASE_TTL: Duration = Duration::from_secs(3);
/// How often a node beats (renewing all its leases at once).
pub const LEASE_RENEW: Duration = Duration::from_secs(1);

/// The games this node runs, and how to start more.
pub struct Games {
    map: RwLock<HashMap<Uuid, LiveGame>>,
    launcher: Launcher,
}

impl Games {
    /// No games yet; new ones are started with `launcher`.
    pub fn new(launcher: Launcher) -> Games {
        Games {
            map: RwLock::default(),
            launcher,
        }
    }

    /// The handle of a running game.
    pub fn get(&self, id: Uuid) -> Option<GameHandle> {
        let map = self.map.read().unwrap_or_else(|p| p.into_inner());
        map.get(&id)
            .filter(|g| !g.handle.tx.is_closed())
            .map(|g| g.handle.clone())
    }

    /// Games being played (not those that ended and linger for late viewers).
    pub fn list(&self) -> Vec<(Uuid, LiveGame)> {
        let mut map = self.map.write().unwrap_or_else(|p| p.into_inner());
        map.retain(|_, g| !g.handle.tx.is_closed());
        map.iter()
            .filter(|(_, g)| !g.handle.is_over())
            .map(|(k, v)| (*k, v.clone()))
            .collect()
    }

    /// Whether a game being played on this node stands in a position with `board`'s placement
    /// key now.
    pub fn playing_at(&self, board: u64) -> bool {
        let map = self.map.read().unwrap_or_else(|p| p.into_inner());
        map.values()
            .any(|g| !g.handle.tx.is_closed() && !g.handle.is_over() && g.handle.board() == board)
    }

    /// The people of every game being played with an engine bot, a list per game.
    pub fn engine_games(&self) -> Vec<Vec<Uuid>> {
        self.list()
            .into_iter()
            .filter_map(|(_, g)| g.engine_players)
            .collect()
    }

    fn insert(&self, id: Uuid, g: LiveGame) {
        let mut map = self.map.write().unwrap_or_else(|p| p.into_inner());
        map.retain(|_, g| !g.handle.tx.is_closed());
        map.insert(id, g);
    }
}

impl Launcher {
    fn env(&self, new: &NewGame, lease: Option<crate::store::Lease>, moved: bool) -> ActorEnv {
        ActorEnv {
            rating: super::rating::job_of(new),
            store: self.store.clone(),
            metrics: self.metrics.clone(),
            shutdown: self.shutdown.clone(),
            linger: Duration::from_secs(300),
            bots: self.bots.clone(),
            labels: crate::metrics::GameLabels::of(&new.rules, &new.time),
            bus: self.bus.clone(),
            lease,
            moved,
        }
    }
}

/// The four seats' states, or why the stored seats are not four.
fn seat_states(seats: &[StoredSeat]) -> Result<BySeat<SeatState>, String> {
    match seats {
        [a, b, c, d] => Ok(BySeat([a, b, c, d].map(seat_state))),
        _ => Err(format!("a game of {} seats", seats.len())),
    }
}

fn seat_state(s: &StoredSeat) -> SeatState {
    SeatState {
        name: s.name.clone(),
        player: s.player,
        bot: s
            .bot
            .as_deref()
            .and_then(|b| crate::bot::parse_level(Some(b))),
        token_hash: s.token_hash.clone(),
        connections: 0,
        ever_connected: false,
        disconnected_at: None,
        rating: None,
    }
}

impl Games {
    /// Starts a game: records it, then runs its actor.
    pub async fn start(&self, spec: GameSpec) -> Result<GameId, ServerError> {
        let l = &self.launcher;
        let id = Uuid::now_v7();
        let seed = rand::random::<i64>();
        let shared = spec.rules.shared();
        let start = Position::start(shared, spec.setup);
        let seats: Vec<StoredSeat> = spec
            .seats
            .iter()
            .map(|s| StoredSeat {
                name: s.name.clone(),
                player: s.player,
                bot: s.bot.map(|b| b.name().to_string()),
                token_hash: s.token.as_deref().map(token_hash),
            })
            .collect();
        let new = NewGame {
            id,
            rules: spec.rules.name(),
            start_fen4: fen4::write(&start),
            time: spec.time,
            seed,
            seats: seats.clone(),
            table_chat: spec.table_chat,
            rated: spec.rated,
            imported: false,
            berserk: spec.berserk,
            created_ms: crate::time::epoch_ms(),
        };
        l.store.create_game(&new).await?;
        // In a cluster the game is this node's from the start: a lease of epoch 1.
        let lease = match &l.owner {
            None => None,
            Some(node) => {
                let now = crate::time::epoch_ms();
                let ttl = LEASE_TTL.as_millis() as i64;
                let lease = l
                    .store
                    .acquire_lease(GameId(id), node.as_str(), now, ttl)
                    .await?;
                Some(lease.ok_or_else(|| ServerError::internal("a new game's lease is taken"))?)
            }
        };
        l.metrics
            .game_started(&crate::metrics::GameLabels::of(&new.rules, &new.time));
        let game = Game::from_position(spec.rules, start, BySeat([0; 4])).with_seed(seed as u64);
        let core = GameCore::new(
            game,
            spec.time,
            seat_states(&seats).map_err(ServerError::internal)?,
            spec.table_chat,
            l.timing,
            0,
        )
        .with_berserk(spec.berserk);
        self.launch(id, core, &new, lease, false);
        Ok(GameId(id))
    }

    fn launch(
        &self,
        id: Uuid,
        core: GameCore,
        new: &NewGame,
        lease: Option<crate::store::Lease>,
        moved: bool,
    ) {
        let l = &self.launcher;
        let epoch = lease.as_ref().map(|l| l.epoch);
        let handle = actor::spawn(
            id,
            core,
            Instant::now(),
            l.env(new, lease, moved),
            &l.tracker,
        );
        self.insert(
            id,
            LiveGame {
                handle,
                epoch,
                rules: new.rules.clone(),
                names: new.seats.iter().map(|s| s.name.clone()).collect(),
                engine_players: new
                    .seats
                    .iter()
                    .any(|s| {
                        s.bot
                            .as_deref()
                            .and_then(BotLevel::parse)
                            .is_some_and(crate::bot::is_engine)
                    })
                    .then(|| new.seats.iter().filter_map(|s| s.player).collect()),
            },
        );
    }

    /// Restores every unfinished game after a restart: same moves, the clocks as stored (time
    /// while the server was down is given back) and a fresh reconnect window for every player.
    pub async fn restore(&self) -> Result<usize, ServerError> {
        let l = &self.launcher;
        let live = l.store.live_games().await?;
        // The last moment the previous run is known to have been up: time after it was downtime.
        let alive_ms = l.store.last_alive().await?;
        let mut n = 0;
        for stored in live {
            let id = stored.game.id;
            let core = match rebuild_with_turn(&stored, l.timing) {
                Ok(c) => c,
                Err(e) => {
                    tracing::error!(game = %id, error = %e, "cannot restore a game");
                    continue;
                }
            };
            let core = self.resume(&stored, core, alive_ms).await?;
            self.launch(id, core, &stored.game, None, false);
            n += 1;
        }
        Ok(n)
    }

    /// A rebuilt game ready to go on: the banks of its last action, the running turn charged
    /// only up to `alive_ms` (the last moment its previous run was known up; the rest is given
    /// back), a fresh reconnect window for everyone and a new event stream.
    async fn resume(
        &self,
        stored: &StoredGame,
        (mut core, turn_started): (GameCore, i64),
        alive_ms: Option<i64>,
    ) -> Result<GameCore, ServerError> {
        let banks = stored
            .actions
            .last()
            .map(|a| a.clocks)
            .unwrap_or([stored.game.time.base_ms; 4]);
        let used = alive_ms.map_or(0, |alive| (alive - turn_started).max(0) as u64);
        let stream = self
            .launcher
            .store
            .next_stream(GameId(stored.game.id))
            .await?;
        core.restore_after_restart(banks, used, stream);
        Ok(core)
    }

    /// Takes over a game no node runs (in a cluster): its lease under a raised epoch, then
    /// the game rebuilt from the store, with the clocks as they were when `previous` (the
    /// node that ran it) was last known to be up and a fresh reconnect window for every
    /// player. False when another node was quicker.
    pub async fn take_over(&self, id: Uuid, previous: Option<&str>) -> Result<bool, ServerError> {
        let l = &self.launcher;
        let Some(node) = &l.owner else {
            return Ok(false);
        };
        if self.get(id).is_some() {
            return Ok(false);
        }
        let now = crate::time::epoch_ms();
        let ttl = LEASE_TTL.as_millis() as i64;
        let Some(lease) = l
            .store
            .acquire_lease(GameId(id), node.as_str(), now, ttl)
            .await?
        else {
            return Ok(false);
        };
        let Some(stored) = l.store.game(GameId(id)).await? else {
            return Ok(false);
        };
        if stored.end.is_some() {
            return Ok(false);
        }
        let core = rebuild_with_turn(&stored, l.timing).map_err(ServerError::internal)?;
        let alive_ms = match previous {
            Some(p) => l.store.last_alive_of(Some(p)).await?,
            None => None,
        };
        let core = self.resume(&stored, core, alive_ms).await?;
        self.launch(id, core, &stored.game, Some(lease), true);
        l.metrics.takeovers.increment(1);
        Ok(true)
    }

    /// The games this node runs and that have not ended, with the epoch of its lease of each
    /// (in a cluster).
    pub fn leased(&self) -> Vec<(Uuid, i64)> {
        let map = self.map.read().unwrap_or_else(|p| p.into_inner());
        map.iter()
            .filter(|(_, g)| !g.handle.tx.is_closed() && !g.handle.is_over())
            .filter_map(|(id, g)| g.epoch.map(|e| (*id, e)))
            .collect()
    }

    /// Stops running `id` here (its lease passed to another node).
    pub fn stop(&self, id: Uuid) {
        if let Some(h) = self.get(id) {
            // A full inbox is waited for on a task of its own.
            tokio::spawn(async move {
                let _ = h.tx.send(super::command::Command::Stop).await;
            });
        }
    }
}

/// The input a stored action stands for.
pub fn input_of(a: &ActionRecord, game: &Game) -> Option<Input> {
    let seat = |i: &u8| Seat::from_index(*i as usize);
    Some(match a {
        ActionRecord::Move { seat: s, mv } => {
            let m = game.find_uci(mv)?;
            Input::Play {
                seat: seat(s),
                from: m.from(),
                to: m.to(),
                promotion: m.promotion(),
            }
        }
        ActionRecord::Resign { seat: s } => Input::Resign(seat(s)),
        ActionRecord::Timeout { seat: s } => Input::Timeout(seat(s)),
        ActionRecord::Forfeit { seat: s } => Input::Forfeit(seat(s)),
        ActionRecord::Claim { seat: s } => Input::Claim(seat(s)),
        ActionRecord::Cancel { .. } => Input::Cancel,
        ActionRecord::Abort { reason } => Input::Abort(reason.clone()),
        ActionRecord::Berserk { seat: s } => Input::Berserk(seat(s)),
    })
}

/// Rebuilds a stored game's core by replaying its actions.
pub fn rebuild(stored: &StoredGame, timing: Timing) -> Result<GameCore, String> {
    rebuild_with_turn(stored, timing).map(|(core, _)| core)
}

/// Rebuilds a stored game's core, and says when (epoch ms) the turn now running started: at
/// the last stored action that ended a turn, or at the creation of the game.
pub fn rebuild_with_turn(stored: &StoredGame, timing: Timing) -> Result<(GameCore, i64), String> {
    let g = &stored.game;
    let rules = RuleSet::from_name(&g.rules).map_err(|e| e.to_string())?;
    let start = fen4::parse(&g.start_fen4, rules.shared()).map_err(|e| e.to_string())?;
    let game = Game::from_position(rules, start.position, start.points).with_seed(g.seed as u64);
    let mut core = GameCore::new(
        game,
        g.time,
        seat_states(&g.seats)?,
        g.table_chat,
        timing,
        0,
    )
    .with_berserk(g.berserk);
    let mut turn_started = g.created_ms;
    for a in &stored.actions {
        let input = input_of(&a.action, core.game())
            .ok_or_else(|| format!("ply {}: {:?} does not replay", a.ply, a.action))?;
        core.prepare(&input)
            .map_err(|r| format!("ply {}: {}", a.ply, r.message))?;
        // A turn ends with every action the game records (a move always is one) and whenever
        // the seat to move changes.
        let (turn, records) = (core.game().to_move(), core.game().records().len());
        core.apply(input, 0);
        if core.game().to_move() != turn || core.game().records().len() != records {
            turn_started = a.at_ms;
        }
    }
    Ok((core, turn_started))
}
