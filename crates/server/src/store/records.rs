//! What the store keeps: users, games, their seats and actions.

use fourhand_protocol::TimeControl;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// An account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    /// The account's id, as games and ratings refer to it.
    pub id: Uuid,
    /// Unique name.
    pub name: String,
    /// The name's look-alike key (see `identity::names::name_key`): unique too.
    pub name_key: String,
    /// argon2 hash of the password.
    pub password_hash: String,
    /// When created (epoch ms).
    pub created_ms: i64,
}

/// A session: what a session token names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionRow {
    /// Id (in the token).
    pub id: Uuid,
    /// The player it identifies.
    pub player: Uuid,
    /// When opened (epoch ms).
    pub created_ms: i64,
    /// When it expires unless used again (epoch ms).
    pub expires_ms: i64,
    /// When revoked, if it was.
    pub revoked_ms: Option<i64>,
}

/// A report of a game's chat.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ReportRow {
    /// The report's id, as moderators' actions refer to it.
    pub id: Uuid,
    /// The game.
    pub game: Uuid,
    /// Who reported it.
    pub reporter: Uuid,
    /// His name then.
    pub reporter_name: String,
    /// The reporter's words.
    pub reason: String,
    /// The chat lines he could see, as they were (`"Red (ada_l) to partner: …"`).
    pub chat: Vec<String>,
    /// When (epoch ms).
    pub created_ms: i64,
    /// When a moderator closed it.
    pub closed_ms: Option<i64>,
    /// Who closed it.
    pub closed_by: Option<String>,
}

/// A moderator's action.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ModerationRow {
    /// The action's id.
    pub id: Uuid,
    /// The moderator's account name.
    pub admin: String,
    /// What was done (stored and sent by its name: `mute`, `ban`, `close_table`, …).
    pub action: super::ModerationAction,
    /// What it was done to (a player's name, a table or game id, a report id).
    pub target: String,
    /// The player it concerns (mutes and bans).
    pub player: Option<Uuid>,
    /// The moderator's words, shown to the player concerned.
    pub reason: String,
    /// When (epoch ms).
    pub at_ms: i64,
    /// Until when a mute or ban holds (none: for good).
    pub until_ms: Option<i64>,
}

/// A seat of a stored game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredSeat {
    /// Display name.
    pub name: String,
    /// Player id (guests and accounts; none for bots).
    pub player: Option<Uuid>,
    /// Bot level, for a bot seat.
    pub bot: Option<String>,
    /// SHA-256 of the seat token (hex), for a human seat.
    pub token_hash: Option<String>,
}

/// A game as created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// Id (UUID v7).
    pub id: Uuid,
    /// Rules short name.
    pub rules: String,
    /// Start position.
    pub start_fen4: String,
    /// Time control.
    pub time: TimeControl,
    /// Seed of the Dead King Walking generator.
    pub seed: i64,
    /// The four seats.
    pub seats: Vec<StoredSeat>,
    /// Table chat allowed.
    pub table_chat: bool,
    /// Whether the game is rated.
    pub rated: bool,
    /// Imported from PGN4 (not played here).
    pub imported: bool,
    /// An arena game that allows berserk: each player may halve his own clock before his
    /// first move.
    pub berserk: bool,
    /// When created (epoch ms).
    pub created_ms: i64,
}

/// One player action, as stored (moves in `from-to[=X]` form).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ActionRecord {
    /// A move.
    Move {
        /// Seat index (0..4).
        seat: u8,
        /// The move.
        mv: String,
    },
    /// A resignation.
    Resign {
        /// Seat index.
        seat: u8,
    },
    /// A loss on time.
    Timeout {
        /// Seat index.
        seat: u8,
    },
    /// A forfeit by disconnection: no reconnect within the reconnect window.
    Forfeit {
        /// Seat index.
        seat: u8,
    },
    /// An FFA claim.
    Claim {
        /// Seat index.
        seat: u8,
    },
    /// The game was cancelled before everyone connected.
    Cancel {
        /// The seats (0..4) that never connected (none in records made before this was kept).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        absent: Vec<u8>,
    },
    /// A moderator aborted the game.
    Abort {
        /// The moderator's reason.
        reason: String,
    },
    /// A player berserked: his own main time, delay and increment halved (arenas that allow
    /// it, before his first move).
    Berserk {
        /// Seat index.
        seat: u8,
    },
}

/// An action with its ply and the clocks after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredAction {
    /// 1, 2, 3 … per game.
    pub ply: i64,
    /// The action.
    pub action: ActionRecord,
    /// Clocks after it (ms).
    pub clocks: [u64; 4],
    /// When (epoch ms).
    pub at_ms: i64,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct GameEnd {
    /// Result tag.
    pub result: String,
    /// Termination in words.
    pub termination: String,
    /// The final points by seat (FFA; zeros elsewhere).
    pub points: [i32; 4],
    /// FFA placings.
    pub placings: Option<[u8; 4]>,
    /// The game as PGN4.
    pub pgn4: String,
    /// When (epoch ms).
    pub ended_ms: i64,
}

/// A game with everything stored about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// How it was created.
    pub game: NewGame,
    /// Its actions in ply order.
    pub actions: Vec<StoredAction>,
    /// The number of its event stream: raised each time the live game is restored after a
    /// restart (0 for a game that never was).
    pub stream: u32,
    /// The end, once over.
    pub end: Option<GameEnd>,
}
