//! The lobby's requests and replies as plain data: every lobby action goes through
//! [`Lobby::handle`](super::Lobby::handle), on this node or, in a cluster, on the node that
//! runs the lobby (its requests and replies then cross NATS as JSON).

use super::{Full, Occupant, TableSettings};
use crate::bot::BotLevel;
use crate::bus::ConnAddr;
use crate::error::ServerError;
use crate::game::registry::{GameSpec, SeatSpec};
use crate::identity::Player;
use fourhand_protocol::{ErrorCode, SeatName, TableInfo, TimeControl};
use fourhand_rules::{RuleSet, Setup};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// What is asked of the lobby.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum LobbyRequest {
    /// Every open table ([`LobbyReply::Tables`]).
    Tables,
    /// Open a table ([`LobbyReply::Table`]).
    Create {
        /// Its settings.
        settings: SettingsMsg,
    },
    /// Put someone in a free seat ([`LobbyReply::Full`]).
    Sit {
        /// The table.
        table: Uuid,
        /// The seat.
        seat: SeatName,
        /// Who sits: a player or a bot level.
        occupant: Occupant,
        /// He has an account.
        registered: bool,
    },
    /// Free a seat the player holds ([`LobbyReply::Done`]).
    Stand {
        /// The table.
        table: Uuid,
        /// The seat.
        seat: SeatName,
        /// The player.
        player: Uuid,
    },
    /// Put a bot in a free seat for `asker` ([`LobbyReply::Full`]).
    AddBot {
        /// The table.
        table: Uuid,
        /// The seat.
        seat: SeatName,
        /// The bot's level.
        level: String,
        /// Who asks (he must sit at the table).
        asker: Uuid,
        /// The people of the engine games being played on the asker's node.
        live: Vec<Vec<Uuid>>,
        /// Engine games per player and in all (0: no limit).
        limits: (usize, usize),
    },
    /// A full table's game started ([`LobbyReply::Done`]).
    Started {
        /// The table.
        table: Uuid,
        /// The game.
        game: Uuid,
        /// The seated people's connections.
        notify: Vec<ConnAddr>,
    },
    /// A moderator closes a table ([`LobbyReply::Done`]).
    Close {
        /// The table.
        table: Uuid,
    },
    /// A connection closed: its seats are freed, its player leaves the queues.
    ConnectionClosed {
        /// The connection.
        conn: ConnAddr,
        /// Its player, if it had said hello.
        player: Option<Uuid>,
    },
    /// Queue for quick pairing ([`LobbyReply::Waiting`]).
    Pair {
        /// The player to queue, with his rating and bans as the lobby needs them.
        player: Player,
        /// Rules short name.
        rules: String,
        /// Time control.
        time: TimeControl,
        /// Rating in the pool (rated queues).
        rating: Option<f64>,
        /// His connection, told when he is seated.
        notify: ConnAddr,
    },
    /// Leave the quick-pairing queues.
    Unpair {
        /// The player leaving every queue he is in.
        player: Uuid,
    },
}

/// The lobby's answer.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum LobbyReply {
    /// The request was carried out; there is nothing to return.
    Done,
    /// The open tables.
    Tables {
        /// Every open table, as the lobby lists them.
        tables: Vec<TableInfo>,
    },
    /// The table opened.
    Table {
        /// The new table, as the lobby lists it.
        table: TableInfo,
    },
    /// The seat is taken; the table, if that filled it.
    Full {
        /// The full table, whose game the asker starts.
        full: Option<Full>,
    },
    /// How many wait in the player's queue.
    Waiting {
        /// That many.
        waiting: usize,
    },
    /// Refused; nothing changed.
    Refused {
        /// Stable code.
        code: ErrorCode,
        /// For people.
        message: String,
    },
}

impl LobbyReply {
    /// The reply to a refusal.
    pub fn refused(e: ServerError) -> LobbyReply {
        LobbyReply::Refused {
            code: e.code,
            message: e.message,
        }
    }

    /// The refusal it carries, or the reply.
    pub fn ok(self) -> Result<LobbyReply, ServerError> {
        match self {
            LobbyReply::Refused { code, message } => Err(ServerError::new(code, message)),
            r => Ok(r),
        }
    }
}

/// A table's settings as plain data.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SettingsMsg {
    /// Rules short name.
    pub rules: String,
    /// Setup code.
    pub setup: String,
    /// Time control.
    pub time: TimeControl,
    /// Whether the game is rated (then only accounts may sit, one seat each).
    pub rated: bool,
    /// Takes bots at their fixed ratings.
    pub rated_bots: bool,
    /// Table chat.
    pub table_chat: bool,
    /// A rematch table's game before and kept seats.
    #[serde(default)]
    pub rematch: Option<super::Rematch>,
}

impl From<&TableSettings> for SettingsMsg {
    fn from(s: &TableSettings) -> SettingsMsg {
        SettingsMsg {
            rules: s.rules.name(),
            setup: s.setup.code().to_string(),
            time: s.time,
            rated: s.rated,
            rated_bots: s.rated_bots,
            table_chat: s.table_chat,
            rematch: s.rematch.clone(),
        }
    }
}

impl SettingsMsg {
    /// The settings, checked again.
    pub fn settings(&self) -> Result<TableSettings, ServerError> {
        let mut s = TableSettings::parse(
            &self.rules,
            Some(&self.setup),
            Some(self.time),
            self.rated,
            self.table_chat,
        )?;
        s.rated_bots = self.rated_bots;
        s.rematch = self.rematch.clone();
        Ok(s)
    }
}

/// A bot level by its name on the wire.
pub(super) mod level_name {
    use crate::bot::BotLevel;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(l: &Option<BotLevel>, s: S) -> Result<S::Ok, S::Error> {
        l.map(|l| l.name().to_string()).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<BotLevel>, D::Error> {
        let name = Option::<String>::deserialize(d)?;
        match name {
            None => Ok(None),
            Some(n) => BotLevel::parse(&n)
                .map(Some)
                .ok_or_else(|| serde::de::Error::custom(format!("no bot level {n}"))),
        }
    }
}

/// A game about to start, as plain data.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct SpecMsg {
    rules: String,
    setup: String,
    time: TimeControl,
    table_chat: bool,
    rated: bool,
    seats: Vec<SeatMsg>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct SeatMsg {
    name: String,
    player: Option<Uuid>,
    #[serde(with = "level_name")]
    bot: Option<BotLevel>,
    token: Option<String>,
}

impl From<GameSpec> for SpecMsg {
    fn from(g: GameSpec) -> SpecMsg {
        SpecMsg {
            rules: g.rules.name(),
            setup: g.setup.code().to_string(),
            time: g.time,
            table_chat: g.table_chat,
            rated: g.rated,
            seats: g
                .seats
                .into_iter()
                .map(|s| SeatMsg {
                    name: s.name,
                    player: s.player,
                    bot: s.bot,
                    token: s.token,
                })
                .collect(),
        }
    }
}

impl TryFrom<SpecMsg> for GameSpec {
    type Error = String;

    fn try_from(m: SpecMsg) -> Result<GameSpec, String> {
        let rules = RuleSet::from_name(&m.rules).map_err(|e| e.to_string())?;
        let setup: Setup = m.setup.parse().map_err(|e| format!("{e}"))?;
        Ok(GameSpec {
            rules,
            setup,
            time: m.time,
            table_chat: m.table_chat,
            rated: m.rated,
            seats: m
                .seats
                .into_iter()
                .map(|s| SeatSpec {
                    name: s.name,
                    player: s.player,
                    bot: s.bot,
                    token: s.token,
                })
                .collect(),
        })
    }
}
