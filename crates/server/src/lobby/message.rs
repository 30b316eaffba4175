//! The lobby's requests and replies as plain data: every lobby action goes through
//! [`Lobby::handle`](super::Lobby::handle), on this node or, in a cluster, on the node that
//! runs the lobby (its requests and replies then cross NATS as JSON).

use super::{Full, Occupant, TableSettings};
use crate::bus::ConnAddr;
use crate::error::ServerError;
use crate::identity::Player;
use fourhand_protocol::{ErrorCode, GameId, PlayerId, SeatName, TableId, TableInfo, TimeControl};
use serde::{Deserialize, Serialize};

/// What is asked of the lobby.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum LobbyRequest {
    /// Every open table ([`LobbyReply::Tables`]).
    Tables,
    /// Open a table ([`LobbyReply::Table`]).
    Create {
        /// Its settings.
        settings: Box<TableSettings>,
        /// The connection opening it (closed with it while nobody sits there).
        #[serde(default)]
        creator: Option<ConnAddr>,
    },
    /// Put someone in a free seat ([`LobbyReply::Full`]).
    Sit {
        /// The table.
        table: TableId,
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
        table: TableId,
        /// The seat.
        seat: SeatName,
        /// The player.
        player: PlayerId,
    },
    /// Put a bot in a free seat for `asker` ([`LobbyReply::Full`]).
    AddBot {
        /// The table.
        table: TableId,
        /// The seat.
        seat: SeatName,
        /// The bot's level.
        level: String,
        /// Who asks (he must sit at the table).
        asker: PlayerId,
        /// The people of the engine games being played on the asker's node.
        live: Vec<Vec<PlayerId>>,
        /// Engine games per player and in all (0: no limit).
        limits: (usize, usize),
    },
    /// A full table's game started ([`LobbyReply::Done`]).
    Started {
        /// The table.
        table: TableId,
        /// The game.
        game: GameId,
        /// The seated people's connections.
        notify: Vec<ConnAddr>,
    },
    /// A moderator closes a table ([`LobbyReply::Done`]).
    Close {
        /// The table.
        table: TableId,
    },
    /// A connection closed: its seats are freed, its player leaves the queues.
    ConnectionClosed {
        /// The connection.
        conn: ConnAddr,
        /// Its player, if it had said hello.
        player: Option<PlayerId>,
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
    /// The player takes the offer of bots: his queue's table, unrated, bots in the other seats
    /// ([`LobbyReply::Full`]).
    FillWithBots {
        /// The waiting player.
        player: PlayerId,
    },
    /// What a connection says of an arena: it has it open, follows it, stops following
    /// ([`LobbyReply::Done`]).
    Arena {
        /// The note.
        note: crate::tournament::room::ArenaNote,
    },
    /// Leave the quick-pairing queues.
    Unpair {
        /// The player leaving every queue he is in.
        player: PlayerId,
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
