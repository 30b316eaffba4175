//! The lobby: open tables with their seats, bots in seats, and the start of a game when the
//! fourth seat fills. Quick pairing lives in [`pairing`].

pub mod admission;
pub mod front;
pub mod leader;
pub mod message;
pub mod pairing;
pub mod playban;
mod serve;
pub mod snapshot;

use crate::bot::BotLevel;
use crate::bus::ConnAddr;
use crate::error::ServerError;
use crate::game::mail::SharedBus;
use crate::game::registry::{GameSpec, SeatSpec};
use crate::identity::{new_seat_token, Player};
use crate::wire::{wire, Wire};
use fourhand_protocol::{ErrorCode, SeatInfo, SeatName, ServerMsg, TableInfo, TimeControl};
use fourhand_rules::{RuleSet, Setup};
use std::collections::HashMap;
use std::sync::Mutex;
use tokio::sync::broadcast;
use uuid::Uuid;

/// Someone in a seat before the start.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Occupant {
    name: String,
    player: Option<Uuid>,
    #[serde(with = "crate::bot::level_name")]
    bot: Option<BotLevel>,
    token: Option<String>,
    notify: Option<ConnAddr>,
    /// The player's ratings by pool (`teams-blitz` …), for the one of the table's pool to be
    /// shown beside his name.
    #[serde(default)]
    ratings: Vec<(String, i32)>,
}

impl Occupant {
    /// A human, told on connection `notify` when the game starts.
    pub fn human(p: &Player, notify: ConnAddr) -> (Occupant, String) {
        let token = new_seat_token();
        (
            Occupant {
                name: p.name.clone(),
                player: Some(p.id),
                bot: None,
                token: Some(token.clone()),
                notify: Some(notify),
                ratings: Vec::new(),
            },
            token,
        )
    }

    /// The same occupant, with his ratings by pool.
    pub fn with_ratings(mut self, ratings: Vec<(String, i32)>) -> Occupant {
        self.ratings = ratings;
        self
    }

    fn rating_in(&self, pool: &str) -> Option<i32> {
        match self.bot {
            Some(level) => Some(fourhand_rating::bot_rating(&level.name()).rating.round() as i32),
            None => self.ratings.iter().find(|(p, _)| p == pool).map(|r| r.1),
        }
    }

    /// A bot.
    /// The holder of a seat without an army (three-player Conquest's East): nobody sits there,
    /// and it never has the turn; kept as a bot so that the table fills and the game never
    /// waits for a connection from it.
    pub fn absent() -> Occupant {
        Occupant {
            name: "—".into(),
            ..Occupant::bot(BotLevel::Random)
        }
    }

    /// A bot of `level`.
    pub fn bot(level: BotLevel) -> Occupant {
        Occupant {
            name: format!("bot ({})", level.name()),
            player: None,
            bot: Some(level),
            token: None,
            notify: None,
            ratings: Vec::new(),
        }
    }
}

/// How many games with engine bots are allowed (0: no limit).
#[derive(Copy, Clone, Debug)]
pub struct EngineLimits {
    /// Per player.
    pub per_player: usize,
    /// In all.
    pub total: usize,
}

/// A table's settings (the lobby's messages and its stored document carry them as they are:
/// the rule set by name, the setup by code).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct TableSettings {
    /// The rule set, options included.
    pub rules: RuleSet,
    /// The start position's setup (Modern, Classic, …).
    pub setup: Setup,
    /// Time control.
    pub time: TimeControl,
    /// Whether the game is rated (then only accounts may sit, one seat each).
    pub rated: bool,
    /// A rated table that takes bots (at their fixed ratings).
    pub rated_bots: bool,
    /// Table chat.
    pub table_chat: bool,
    /// A rematch table: the game it follows and the seats kept for its players.
    #[serde(default)]
    pub rematch: Option<Rematch>,
}

/// How long a rematch table keeps its seats for the players of the game before.
pub const REMATCH_WAIT: std::time::Duration = std::time::Duration::from_secs(60);

/// A rematch: the finished game, and per seat the player it is kept for.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Rematch {
    /// The game before.
    pub of: Uuid,
    /// Per seat: the player (id, name) the seat is kept for, until [`REMATCH_WAIT`] passes.
    pub reserved: [Option<(Uuid, String)>; 4],
}

/// A table's rules with `Chess960=random` replaced by a number drawn from 1..=960 (what a
/// player creating a Chess960 table usually wants); any other rules unchanged.
pub fn draw_chess960(rules: &str, rng: &mut impl rand::Rng) -> String {
    rules
        .split(' ')
        .map(|t| {
            if t.eq_ignore_ascii_case("Chess960=random") {
                format!("Chess960={}", rng.gen_range(1..=960u16))
            } else {
                t.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The settings and the queue name of a quick-pairing request. `Chess960=random` queues as
/// itself, so players who want a drawn arrangement pair together; the number is drawn when
/// their table forms ([`draw_chess960`]).
pub fn queue_settings(
    rules: &str,
    time: Option<TimeControl>,
    rated: bool,
) -> Result<(TableSettings, String), ServerError> {
    let is_random = |t: &str| t.eq_ignore_ascii_case("Chess960=random");
    let random = rules.split(' ').any(is_random);
    let checked: Vec<&str> = rules
        .split(' ')
        .map(|t| if is_random(t) { "Chess960=1" } else { t })
        .collect();
    let settings = TableSettings::parse(&checked.join(" "), None, time, rated, true)?;
    let name = settings.rules.name();
    let name = if random {
        name.split(' ')
            .map(|t| {
                if t == "Chess960=1" {
                    "Chess960=random"
                } else {
                    t
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        name
    };
    Ok((settings, name))
}

impl TableSettings {
    /// Reads the settings a client asked for.
    pub fn parse(
        rules: &str,
        setup: Option<&str>,
        time: Option<TimeControl>,
        rated: bool,
        table_chat: bool,
    ) -> Result<TableSettings, ServerError> {
        let rules = RuleSet::from_name(rules)?;
        // A game under options is rated in its family's pools (`teams+KotH-blitz`, every
        // Chess960 number in `teams+Chess960-…`), apart from the base game's.
        let setup = match setup {
            None => rules.default_setup,
            // The code a table of Chess960=N shows ("Chess960") names its own arrangement.
            Some(s) if s.trim().eq_ignore_ascii_case(rules.default_setup.code()) => {
                rules.default_setup
            }
            Some(s) => s
                .parse::<Setup>()
                .map_err(|e| ServerError::new(ErrorCode::BadRequest, e.to_string()))?,
        };
        // Chaturaji's own setup belongs to the 8×8 board: no other rule set starts from it.
        if setup != rules.default_setup && !rules.any_setup {
            return Err(ServerError::new(
                ErrorCode::BadRequest,
                format!(
                    "{} is played from the {} setup only",
                    rules.variant, rules.default_setup
                ),
            ));
        }
        if !Setup::ALL.contains(&setup) && setup != rules.default_setup {
            return Err(ServerError::new(
                ErrorCode::BadRequest,
                format!("the {setup} setup is for chaturaji only"),
            ));
        }
        let time = time.unwrap_or_default();
        if time.base_ms == 0
            || time.base_ms > 3 * 3_600_000
            || time.delay_ms > 600_000
            || time.increment_ms > 600_000
        {
            return Err(ServerError::new(
                ErrorCode::BadRequest,
                "time control out of range",
            ));
        }
        if time.delay_ms > 0 && time.increment_ms > 0 {
            return Err(ServerError::new(
                ErrorCode::BadRequest,
                "choose an increment or a delay, not both",
            ));
        }
        Ok(TableSettings {
            rules,
            setup,
            time,
            rated,
            rated_bots: false,
            table_chat,
            rematch: None,
        })
    }
}

struct Table {
    settings: TableSettings,
    seats: [Option<Occupant>; 4],
    /// When it opened, or when its last person left.
    since: std::time::Instant,
    /// When it opened.
    opened: std::time::Instant,
    /// The connection that opened it (none for pairing's tables): when it closes and nobody
    /// sits at the table, the table closes with it.
    creator: Option<ConnAddr>,
}

impl Table {
    fn info(&self, id: Uuid) -> TableInfo {
        let pool = crate::game::rating::pool_of(&self.settings.rules.name(), &self.settings.time);
        let reserved = |i: usize| {
            let r = self.settings.rematch.as_ref()?.reserved[i].as_ref()?;
            self.seats[i].is_none().then(|| r.1.clone())
        };
        TableInfo {
            id: id.into(),
            rules: self.settings.rules.name(),
            setup: self.settings.setup.code().to_string(),
            time: self.settings.time,
            rated: self.settings.rated,
            rated_bots: self.settings.rated_bots,
            table_chat: self.settings.table_chat,
            seats: (0..4)
                .map(|i| SeatInfo {
                    seat: SeatName::from_index(i),
                    name: self.seats[i].as_ref().map(|o| o.name.clone()),
                    bot: self.seats[i].as_ref().is_some_and(|o| o.bot.is_some()),
                    level: self.seats[i].as_ref().and_then(|o| o.bot).map(|l| l.name()),
                    connected: false,
                    rating: self.seats[i].as_ref().and_then(|o| o.rating_in(&pool)),
                    reserved: reserved(i),
                })
                .collect(),
            game: None,
            rematch_of: self.settings.rematch.as_ref().map(|r| r.of.into()),
        }
    }

    fn has_people(&self) -> bool {
        self.seats.iter().flatten().any(|o| o.bot.is_none())
    }

    fn has_engine(&self) -> bool {
        self.seats
            .iter()
            .flatten()
            .any(|o| o.bot.is_some_and(crate::bot::is_engine))
    }

    fn full(&self) -> bool {
        self.seats.iter().all(Option::is_some)
    }

    fn spec(&self) -> GameSpec {
        GameSpec {
            rules: self.settings.rules,
            setup: self.settings.setup,
            time: self.settings.time,
            table_chat: self.settings.table_chat,
            rated: self.settings.rated,
            berserk: false,
            seats: self
                .seats
                .iter()
                .flatten()
                .map(|o| SeatSpec {
                    name: o.name.clone(),
                    player: o.player,
                    bot: o.bot,
                    token: o.token.clone(),
                })
                .collect(),
        }
    }

    fn notifiers(&self) -> Vec<ConnAddr> {
        self.seats
            .iter()
            .flatten()
            .filter_map(|o| o.notify.clone())
            .collect()
    }
}

/// A table whose four seats just filled: start its game, then call [`Lobby::started`].
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Full {
    /// Table id.
    pub table: Uuid,
    /// The game to start.
    pub spec: GameSpec,
    /// The seated people's connections, told when it starts.
    pub notify: Vec<ConnAddr>,
}

/// Open tables. Lobby subscribers get every change; the players seated at a table get that
/// table's changes and its start whether they subscribe or not.
pub struct Lobby {
    tables: Mutex<HashMap<Uuid, Table>>,
    /// Something changed since the lobby was last saved (a cluster's lobby node saves it).
    dirty: std::sync::atomic::AtomicBool,
    /// Where its pushes and its messages to seated people go.
    bus: SharedBus,
    /// The quick-pairing queues.
    pub pairing: pairing::Queues,
    /// Who has each arena open, and who follows its standings.
    pub arenas: crate::tournament::room::ArenaRoom,
}

impl Lobby {
    /// An empty lobby that talks through `bus`.
    pub fn new(bus: SharedBus) -> Lobby {
        Lobby {
            tables: Mutex::new(HashMap::new()),
            dirty: Default::default(),
            bus,
            pairing: pairing::Queues::default(),
            arenas: crate::tournament::room::ArenaRoom::default(),
        }
    }

    /// Sends `w` to these connections, wherever they are.
    pub(crate) fn tell(&self, to: &[ConnAddr], w: &Wire) {
        crate::bus::tell_conns(&*self.bus, to, w);
    }

    fn with<T>(&self, f: impl FnOnce(&mut HashMap<Uuid, Table>) -> T) -> T {
        let mut t = self.tables.lock().unwrap_or_else(|p| p.into_inner());
        f(&mut t)
    }

    /// Marks the lobby as changed (to be saved).
    pub(crate) fn touch(&self) {
        self.dirty.store(true, std::sync::atomic::Ordering::Release);
    }

    /// Lobby pushes (of the whole cluster).
    pub fn subscribe(&self) -> broadcast::Receiver<Wire> {
        self.bus.node().lobby.subscribe()
    }

    fn push(&self, msg: &ServerMsg) {
        self.touch();
        self.bus.publish_lobby(&wire(msg));
    }

    /// Every open table.
    pub fn tables(&self) -> Vec<TableInfo> {
        self.with(|t| t.iter().map(|(id, tb)| tb.info(*id)).collect())
    }

    /// Opens a table.
    pub fn create(&self, settings: TableSettings, creator: Option<ConnAddr>) -> TableInfo {
        let id = Uuid::now_v7();
        let info = self.with(|t| {
            let seats = std::array::from_fn(|i| {
                (!settings.rules.in_play(fourhand_rules::Seat::from_index(i)))
                    .then(Occupant::absent)
            });
            let table = Table {
                settings,
                seats,
                since: std::time::Instant::now(),
                opened: std::time::Instant::now(),
                creator,
            };
            let info = table.info(id);
            t.insert(id, table);
            info
        });
        self.push(&ServerMsg::Table {
            table: info.clone(),
        });
        info
    }

    /// Puts an occupant in a free seat. Returns the full table when this filled it.
    pub fn sit(
        &self,
        table: Uuid,
        seat: SeatName,
        who: Occupant,
        registered: bool,
    ) -> Result<Option<Full>, ServerError> {
        let (info, full) = self.with(|t| {
            let tb = t
                .get_mut(&table)
                .ok_or_else(|| ServerError::new(ErrorCode::UnknownTable, "no such table"))?;
            if tb.settings.rated && who.bot.is_none() && !registered {
                return Err(ServerError::new(
                    ErrorCode::AccountRequired,
                    "rated games need an account",
                ));
            }
            if tb.settings.rated && who.bot.is_some() && !tb.settings.rated_bots {
                return Err(ServerError::new(
                    ErrorCode::BotsNotAllowed,
                    "this rated table does not take bots",
                ));
            }
            if tb.settings.rated
                && who.bot.is_none()
                && tb.seats.iter().flatten().any(|o| o.player == who.player)
            {
                return Err(ServerError::new(
                    ErrorCode::BadRequest,
                    "in a rated game a player takes one seat",
                ));
            }
            if !tb
                .settings
                .rules
                .in_play(fourhand_rules::Seat::from_index(seat.index()))
            {
                return Err(ServerError::new(
                    ErrorCode::SeatTaken,
                    format!(
                        "{} has no army in a game of {}",
                        tb.settings
                            .rules
                            .colour(fourhand_rules::Seat::from_index(seat.index())),
                        tb.settings.rules.name()
                    ),
                ));
            }
            if tb.seats[seat.index()].is_some() {
                return Err(ServerError::new(ErrorCode::SeatTaken, "that seat is taken"));
            }
            let kept = tb
                .settings
                .rematch
                .as_ref()
                .and_then(|r| r.reserved[seat.index()].as_ref());
            if let Some((p, name)) = kept {
                if who.bot.is_some() || who.player != Some(*p) {
                    return Err(ServerError::new(
                        ErrorCode::SeatTaken,
                        format!("this rematch seat is kept for {name} for a minute"),
                    ));
                }
            }
            tb.seats[seat.index()] = Some(who);
            let info = tb.info(table);
            let update = wire(&ServerMsg::Table {
                table: info.clone(),
            });
            self.tell(&tb.notifiers(), &update);
            let full = tb.full().then(|| Full {
                table,
                spec: tb.spec(),
                notify: tb.notifiers(),
            });
            if full.is_some() {
                t.remove(&table);
            }
            Ok((info, full))
        })?;
        if full.is_some() {
            self.push(&ServerMsg::TableClosed { id: table.into() });
        } else {
            self.push(&ServerMsg::Table { table: info });
        }
        Ok(full)
    }

    /// Puts a bot in a free seat for `asker`, who must sit at the table. An engine bot at a
    /// table that has none yet makes it an engine game, rationed by `limits` together with
    /// `live` (the people of the engine games being played).
    pub fn add_bot(
        &self,
        table: Uuid,
        seat: SeatName,
        level: BotLevel,
        asker: Uuid,
        live: &[Vec<Uuid>],
        limits: EngineLimits,
    ) -> Result<Option<Full>, ServerError> {
        let check = self.with(|t| {
            let tb = t
                .get(&table)
                .ok_or_else(|| ServerError::new(ErrorCode::UnknownTable, "no such table"))?;
            if !tb.seats.iter().flatten().any(|o| o.player == Some(asker)) {
                return Err(ServerError::new(
                    ErrorCode::NotSeated,
                    "sit at the table first; then you may put bots in its other seats",
                ));
            }
            if !crate::bot::is_engine(level) || tb.has_engine() {
                return Ok(());
            }
            let open: Vec<Vec<Uuid>> = t
                .values()
                .filter(|x| x.has_engine())
                .map(|x| x.seats.iter().flatten().filter_map(|o| o.player).collect())
                .collect();
            let all = || live.iter().chain(open.iter());
            if limits.per_player > 0
                && all().filter(|g| g.contains(&asker)).count() >= limits.per_player
            {
                return Err(ServerError::new(
                    ErrorCode::BotLimit,
                    format!(
                        "you have {} games with engine bots already (the most allowed); \
                         finish one, or choose a random or greedy bot",
                        limits.per_player
                    ),
                ));
            }
            if limits.total > 0 && all().count() >= limits.total {
                return Err(ServerError::new(
                    ErrorCode::BotLimit,
                    "the server runs as many games with engine bots as it can; \
                     try again later, or choose a random or greedy bot",
                ));
            }
            Ok(())
        });
        check?;
        self.sit(table, seat, Occupant::bot(level), true)
    }

    /// Frees a seat the player holds.
    pub fn stand(&self, table: Uuid, seat: SeatName, player: Uuid) -> Result<(), ServerError> {
        let info = self.with(|t| {
            let tb = t
                .get_mut(&table)
                .ok_or_else(|| ServerError::new(ErrorCode::UnknownTable, "no such table"))?;
            match &tb.seats[seat.index()] {
                Some(o) if o.player == Some(player) => {}
                _ => {
                    return Err(ServerError::new(
                        ErrorCode::NotYourSeat,
                        "you do not sit there",
                    ))
                }
            }
            tb.seats[seat.index()] = None;
            if !tb.has_people() {
                tb.since = std::time::Instant::now();
            }
            let info = tb.info(table);
            let update = wire(&ServerMsg::Table {
                table: info.clone(),
            });
            self.tell(&tb.notifiers(), &update);
            Ok(info)
        })?;
        self.push(&ServerMsg::Table { table: info });
        Ok(())
    }

    /// A connection closed: the people it seated are stood up (a table does not wait for
    /// someone who left), and tables left without anyone are closed, as are the tables it
    /// opened that nobody sits at.
    pub fn connection_closed(&self, conn: &ConnAddr) {
        let (changed, closed) = self.with(|t| {
            let mut changed = Vec::new();
            for (id, tb) in t.iter_mut() {
                let mut stood = false;
                for s in tb.seats.iter_mut() {
                    if s.as_ref()
                        .and_then(|o| o.notify.as_ref())
                        .is_some_and(|n| n == conn)
                    {
                        *s = None;
                        stood = true;
                    }
                }
                if stood {
                    tb.since = std::time::Instant::now();
                    changed.push(*id);
                }
            }
            let opened_here = t
                .iter()
                .filter(|(_, tb)| tb.creator.as_ref() == Some(conn))
                .map(|(id, _)| *id);
            let mut closed: Vec<Uuid> = changed
                .iter()
                .copied()
                .chain(opened_here)
                .filter(|id| t.get(id).is_some_and(|tb| !tb.has_people()))
                .collect();
            closed.sort_unstable();
            closed.dedup();
            for id in &closed {
                t.remove(id);
            }
            let changed: Vec<TableInfo> = changed
                .iter()
                .filter_map(|id| t.get(id).map(|tb| (id, tb)))
                .map(|(id, tb)| {
                    let info = tb.info(*id);
                    let update = wire(&ServerMsg::Table {
                        table: info.clone(),
                    });
                    self.tell(&tb.notifiers(), &update);
                    info
                })
                .collect();
            (changed, closed)
        });
        for info in changed {
            self.push(&ServerMsg::Table { table: info });
        }
        for id in closed {
            self.push(&ServerMsg::TableClosed { id: id.into() });
        }
    }

    /// Closes a table (a moderator's action): its seated players and the lobby are told.
    pub fn close_table(&self, table: Uuid) -> Result<(), ServerError> {
        let notify = self.with(|t| {
            t.remove(&table)
                .map(|tb| tb.notifiers())
                .ok_or_else(|| ServerError::new(ErrorCode::UnknownTable, "no such table"))
        })?;
        let msg = wire(&ServerMsg::TableClosed { id: table.into() });
        self.tell(&notify, &msg);
        self.bus.publish_lobby(&msg);
        Ok(())
    }

    /// Closes tables nobody has sat at (or that everyone left) for `idle`, and opens to anyone
    /// the seats a rematch table kept longer than [`REMATCH_WAIT`].
    pub fn sweep(&self, idle: std::time::Duration) {
        let opened: Vec<TableInfo> = self.with(|t| {
            t.iter_mut()
                .filter(|(_, tb)| {
                    tb.settings.rematch.is_some() && tb.opened.elapsed() >= REMATCH_WAIT
                })
                .filter_map(|(id, tb)| {
                    let r = tb.settings.rematch.as_mut()?;
                    if r.reserved.iter().all(Option::is_none) {
                        return None;
                    }
                    r.reserved = Default::default();
                    let info = tb.info(*id);
                    self.tell(
                        &tb.notifiers(),
                        &wire(&ServerMsg::Table {
                            table: info.clone(),
                        }),
                    );
                    Some(info)
                })
                .collect()
        });
        for info in opened {
            self.push(&ServerMsg::Table { table: info });
        }
        let closed = self.with(|t| {
            let old: Vec<Uuid> = t
                .iter()
                .filter(|(_, tb)| !tb.has_people() && tb.since.elapsed() >= idle)
                .map(|(id, _)| *id)
                .collect();
            for id in &old {
                t.remove(id);
            }
            old
        });
        for id in closed {
            self.push(&ServerMsg::TableClosed { id: id.into() });
        }
    }

    /// Tells the seated players and the lobby that the game started.
    pub fn started(&self, full: &Full, game: Uuid) {
        self.announce_start(full.table, game, &full.notify);
    }

    fn announce_start(&self, table: Uuid, game: Uuid, notify: &[ConnAddr]) {
        let msg = wire(&ServerMsg::GameStarted {
            table: table.into(),
            game: game.into(),
        });
        self.tell(notify, &msg);
        self.bus.publish_lobby(&msg);
    }
}
