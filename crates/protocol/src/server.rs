//! Messages from the server to a client.

use crate::client::ChatTarget;
use crate::ending::Ending;
use crate::error::ErrorCode;
use crate::ids::{GameId, PlayerId, TableId, TournamentId};
use crate::status::SeatStatus;
use crate::types::{SeatName, TimeControl};
use fourhand_rules::{Kind, Square};
use serde::{Deserialize, Serialize};

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The seat.
    pub seat: SeatName,
    /// Player name, if taken.
    pub name: Option<String>,
    /// A bot sits here.
    pub bot: bool,
    /// The bot's level (`random`, `greedy`, `engine1`…`engine3`): what a client names it by,
    /// in its own words. Absent for people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// In a game: a socket of this seat is connected (bots always are).
    #[serde(default)]
    pub connected: bool,
    /// The player's rating in the pool of this table's or game's mode and speed (a bot's fixed
    /// rating); absent for guests.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<i32>,
    /// A rematch table keeps this seat for the named player of the game before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reserved: Option<String>,
}

/// An open table in the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableInfo {
    /// Table id.
    pub id: TableId,
    /// Rules: `teams`, `ffa`, `verney1881`, `club1893`.
    pub rules: String,
    /// Setup code.
    pub setup: String,
    /// Time control.
    pub time: TimeControl,
    /// Whether the game is rated (then only accounts may sit, one seat each).
    pub rated: bool,
    /// A rated table that takes bots.
    #[serde(default)]
    pub rated_bots: bool,
    /// Table chat allowed.
    pub table_chat: bool,
    /// The four seats.
    pub seats: Vec<SeatInfo>,
    /// The game, once started.
    pub game: Option<GameId>,
    /// A rematch: the finished game whose players this table waits for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_of: Option<GameId>,
}

/// One filled slot of the game's record, as PGN4 writes it: whose, and what (a move with its
/// marks, `R` resigned, `T` timed out, `S` stalemated, `#` mated on his turn, `-` skipped).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordEntry {
    /// Whose slot.
    pub seat: SeatName,
    /// The entry.
    pub text: String,
    /// The square the entry's move left (`h2`), when the slot holds a move (a zombie's too).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Square>,
    /// The square it reached.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Square>,
}

/// A move a player queued while others were to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueuedMove {
    /// From square.
    pub from: Square,
    /// To square.
    pub to: Square,
    /// Promotion piece letter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotion: Option<Kind>,
}

/// Everything a client needs to draw a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    /// Game id.
    pub game: GameId,
    /// The rule set's name, options included (`ffa KotH`).
    pub rules: String,
    /// Colour names of S, W, N, E under these rules.
    pub colours: Vec<String>,
    /// Time control.
    pub time: TimeControl,
    /// Start position (FEN4).
    pub start_fen4: String,
    /// Current position (FEN4, with points).
    pub fen4: String,
    /// Every move so far, as PGN4 move texts, in order.
    pub moves: Vec<String>,
    /// The record slot by slot, with whose each is (moves, resignations, time-outs, …): what a
    /// move list shows.
    #[serde(default)]
    pub record: Vec<RecordEntry>,
    /// Whether the game is rated.
    #[serde(default)]
    pub rated: bool,
    /// An arena game that allows berserk: a player may halve his own clock before his first
    /// move (`berserk`).
    #[serde(default)]
    pub berserk_allowed: bool,
    /// The seats that berserked: their main time, delay and increment are half the time
    /// control's.
    #[serde(default)]
    pub berserked: Vec<SeatName>,
    /// The seat to move (none when over).
    pub to_move: Option<SeatName>,
    /// Seats whose king is in check.
    #[serde(default)]
    pub in_check: Vec<SeatName>,
    /// Milliseconds left on each clock at `clock_at_ms`.
    pub clocks_ms: [u64; 4],
    /// Server time (epoch ms) the clocks were read at.
    pub clock_at_ms: i64,
    /// Delay left for the seat to move, in ms.
    pub delay_left_ms: u64,
    /// Per seat: `active`, `mated`, `zombie (…)`, `out (…)`.
    pub statuses: Vec<SeatStatus>,
    /// FFA points.
    pub points: [i32; 4],
    /// Who sits where.
    pub seats: Vec<SeatInfo>,
    /// The result once over (`1-0`, `0-1`, `1/2-1/2`, FFA points, or `aborted`).
    pub result: Option<String>,
    /// The reason the game ended, in words.
    pub termination: Option<String>,
    /// How the game ended, as data (none while it goes on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<Ending>,
    /// FFA placings once over.
    pub placings: Option<[u8; 4]>,
    /// Sequence number of the last event included.
    pub seq: u64,
}

/// Something that happened in a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GameEvent {
    /// A move was made (zombie moves by the server included).
    Moved {
        /// Who moved.
        seat: SeatName,
        /// From square.
        from: Square,
        /// To square.
        to: Square,
        /// Promotion piece letter.
        promotion: Option<Kind>,
        /// PGN4 text with marks.
        text: String,
        /// A Dead King Walking move.
        zombie: bool,
        /// Clocks after the move (ms).
        clocks_ms: [u64; 4],
        /// The position after the move.
        fen4: String,
        /// Seat to move next.
        to_move: Option<SeatName>,
        /// Seats whose king is in check after the move.
        #[serde(default)]
        in_check: Vec<SeatName>,
    },
    /// A turn was passed or skipped.
    Passed {
        /// The seat whose turn it was.
        seat: SeatName,
        /// Seat to move next.
        to_move: Option<SeatName>,
    },
    /// A seat's status changed.
    Status {
        /// The seat whose status changed.
        seat: SeatName,
        /// New status.
        status: SeatStatus,
    },
    /// Points were scored.
    Scored {
        /// The seat scoring.
        seat: SeatName,
        /// How many.
        points: i32,
        /// What scored, as a code (`capture`, `checkmate`, …; proto-docs lists them).
        reason: String,
    },
    /// A seat connected or lost its last connection.
    Connection {
        /// The seat whose connection changed.
        seat: SeatName,
        /// Connected now.
        connected: bool,
        /// When disconnected: ms left to reconnect before forfeiting.
        grace_ms: Option<u64>,
    },
    /// A chat line.
    Chat {
        /// Speaker's seat.
        seat: SeatName,
        /// Speaker's name.
        name: String,
        /// Partner or table.
        to: ChatTarget,
        /// The text.
        text: String,
    },
    /// A partner arrow.
    Arrow {
        /// Drawn by.
        seat: SeatName,
        /// From square.
        from: Square,
        /// To square.
        to: Square,
    },
    /// A seat's arrows were cleared.
    ArrowsCleared {
        /// The seat whose arrows were cleared.
        seat: SeatName,
    },
    /// A player berserked (arenas): his own main time halved now, his delay and increment
    /// from now on.
    Berserk {
        /// The seat that berserked.
        seat: SeatName,
        /// Clocks after it (ms), read when it happened.
        clocks_ms: [u64; 4],
    },
    /// Stands for an event of this number that this audience may not see (partner chat or
    /// arrows of the other side), so that every follower's numbers stay contiguous.
    Hidden,
    /// The game ended.
    Over {
        /// `1-0`, `0-1`, `1/2-1/2`, FFA points, or `aborted`.
        result: String,
        /// Why, in words.
        termination: String,
        /// How it ended, as data (none: the game is not over, `result` `*`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ending: Option<Ending>,
        /// Final points.
        points: [i32; 4],
        /// FFA placings.
        placings: Option<[u8; 4]>,
    },
}

/// A server message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to `hello`.
    Welcome {
        /// Player id.
        player: PlayerId,
        /// Display name.
        name: String,
        /// Protocol version.
        protocol: u32,
    },
    /// The answer to `ping`.
    Pong,
    /// A position's best lines at a completed depth, for the `analyse` request `id`: sent at
    /// each depth, the last with `done` (also when answered at once from the server's store,
    /// `cached`). No more come for this id once another `analyse` or `analyse_stop` is sent.
    Analysis {
        /// The request's number.
        id: u32,
        /// The depth completed, in plies (0: the position has no move).
        depth: u32,
        /// Nodes searched.
        nodes: u64,
        /// The lines, best first.
        lines: Vec<crate::analysis::AnalysisLine>,
        /// The search is over (its budget spent, or a mate found).
        done: bool,
        /// Answered from the store without a search.
        cached: bool,
    },
    /// A refused message. Nothing changed.
    Error {
        /// Stable code.
        code: ErrorCode,
        /// For people.
        message: String,
    },
    /// All open tables (after `lobby_subscribe`).
    Tables {
        /// The tables.
        tables: Vec<TableInfo>,
    },
    /// A table was opened or changed.
    Table {
        /// The table.
        table: TableInfo,
    },
    /// A table closed (its game started elsewhere or everyone left).
    TableClosed {
        /// Table id.
        id: TableId,
    },
    /// A seat was taken for this connection; keep the token to play and reconnect.
    Seated {
        /// Table id.
        table: TableId,
        /// The seat.
        seat: SeatName,
        /// The secret seat token.
        seat_token: String,
    },
    /// A table filled and its game started.
    GameStarted {
        /// Table id.
        table: TableId,
        /// Game id.
        game: GameId,
    },
    /// An arena paired this player: his seat comes as `seated`, then `game_started`.
    Paired {
        /// The arena.
        tournament: TournamentId,
        /// The game.
        game: GameId,
    },
    /// The player's entry in an arena now (after `arena_join`, `arena_pause`, `arena_withdraw`).
    ArenaEntry {
        /// The arena.
        tournament: TournamentId,
        /// He is in it (not withdrawn).
        entered: bool,
        /// He has paused.
        paused: bool,
    },
    /// An arena's standings.
    Standings {
        /// The standings.
        standings: Box<crate::tournament::ArenaStandings>,
    },
    /// A Swiss: its table, rounds and invitations (to its followers, when it changes).
    Swiss {
        /// The Swiss.
        swiss: Box<crate::tournament::SwissView>,
    },
    /// The player's own place in a Swiss: the partner he named and whether they are a team.
    SwissEntry {
        /// The Swiss.
        tournament: TournamentId,
        /// The partner he invited or accepted (none: not entered).
        partner: Option<String>,
        /// The partner named him too: they are a team.
        team: bool,
    },
    /// Quick pairing: queued, and again whenever the number waiting changes or the offer of
    /// bots opens. Quick pairing never seats a bot by itself.
    Queued {
        /// The rule set's name the queue is for.
        rules: String,
        /// Players waiting in this queue (this player included).
        waiting: usize,
        /// How long this player has waited, in milliseconds.
        waited_ms: u64,
        /// A rated queue.
        rated: bool,
        /// The wait has run out: `fill_with_bots` is offered (an unrated game against bots).
        bots_offered: bool,
    },
    /// The whole state of a game.
    Snapshot {
        /// The state.
        state: Box<GameState>,
    },
    /// One event of a game.
    Event {
        /// Game id.
        game: GameId,
        /// Sequence number (1, 2, 3 …; per game).
        seq: u64,
        /// What happened.
        event: GameEvent,
    },
    /// The legal moves of a seat this connection holds, sent when it is that seat's turn.
    Legal {
        /// Game id.
        game: GameId,
        /// The seat.
        seat: SeatName,
        /// Moves as `from-to` or `from-to=Q`.
        moves: Vec<String>,
    },
    /// The move queued for a seat this connection holds (`premove` null: none queued). Sent
    /// when it is queued or cancelled, on `join`, and when it is dropped or played (`dropped`
    /// says why it was not played: `illegal`, `game_over`).
    Premove {
        /// Game id.
        game: GameId,
        /// The seat.
        seat: SeatName,
        /// The queued move.
        premove: Option<QueuedMove>,
        /// Why a queued move was dropped.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dropped: Option<String>,
    },
    /// A game ended (to lobby subscribers: it leaves the live games).
    GameEnded {
        /// Game id.
        game: GameId,
    },
}
