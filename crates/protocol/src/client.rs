//! Messages from a client to the server.

use crate::ids::{GameId, TableId, TournamentId};
use crate::types::{SeatName, TimeControl};
use fourhand_rules::{Kind, RuleSet, Square};
use serde::{Deserialize, Serialize};

/// Where a chat line goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChatTarget {
    /// Only the two partners (Teams, Verney, Club).
    Partner,
    /// Everyone at the table, spectators included (when the table allows it).
    Table,
}

/// A client message. The first one on a connection must be `hello`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Authenticates the connection with a session token from `POST /api/guest` or
    /// `POST /api/login`.
    Hello {
        /// The session token.
        session: String,
        /// Protocol version the client speaks.
        #[serde(default = "one")]
        protocol: u32,
    },
    /// Keep-alive; answered with `pong`.
    Ping,
    /// Start receiving the open tables and their changes.
    LobbySubscribe,
    /// Stop receiving lobby pushes.
    LobbyUnsubscribe,
    /// Opens a new table.
    CreateTable(NewTable),
    /// Takes a free seat at a table; answered with `seated` and a seat token.
    Sit {
        /// Table id.
        table: TableId,
        /// The seat.
        seat: SeatName,
    },
    /// Leaves a seat before the game starts.
    Stand {
        /// Table id.
        table: TableId,
        /// The seat.
        seat: SeatName,
    },
    /// Puts a bot in a free seat.
    AddBot {
        /// Table id.
        table: TableId,
        /// The seat.
        seat: SeatName,
        /// `random`, `greedy` (default) or an engine level.
        #[serde(default)]
        level: Option<String>,
    },
    /// Queues for quick pairing.
    QuickPair {
        /// Rules of the game wanted.
        rules: String,
        /// Time control; the default when absent.
        #[serde(default)]
        time: Option<TimeControl>,
        /// Rated pairing (accounts only): tables formed by rating.
        #[serde(default)]
        rated: bool,
    },
    /// Leaves the quick-pairing queue.
    CancelPair,
    /// Leaves the quick-pairing queue for an unrated game at once: a table of the queue's rules
    /// and time control with this player and bots in the other seats. Never rated, whatever the
    /// queue was.
    FillWithBots,
    /// Enters an arena (before or while it runs), or comes back to it after a pause.
    ArenaJoin {
        /// The arena.
        tournament: TournamentId,
    },
    /// Pauses in an arena: no new pairings, the score stays.
    ArenaPause {
        /// The arena.
        tournament: TournamentId,
    },
    /// Leaves an arena for good (a game being played goes on).
    ArenaWithdraw {
        /// The arena.
        tournament: TournamentId,
    },
    /// Receives an arena's standings now and as they change (`standings`).
    ArenaFollow {
        /// The arena.
        tournament: TournamentId,
    },
    /// Stops receiving an arena's standings.
    ArenaUnfollow {
        /// The arena.
        tournament: TournamentId,
    },
    /// Invites a partner to enter a Swiss as a pair (before it starts); a new invitation
    /// replaces one not yet accepted.
    SwissInvite {
        /// The Swiss.
        tournament: TournamentId,
        /// The partner's account name.
        partner: String,
    },
    /// Accepts a pair invitation: the two are a team of the Swiss.
    SwissAccept {
        /// The Swiss.
        tournament: TournamentId,
        /// Who invited.
        partner: String,
    },
    /// Leaves a Swiss: before the start the pair (or invitation) is undone; after it, the
    /// team is no longer paired (its points stay).
    SwissLeave {
        /// The Swiss.
        tournament: TournamentId,
    },
    /// Joins a game as a player (with a seat token) or as a spectator (without). `since`
    /// asks for the events after that sequence number instead of a snapshot.
    Join {
        /// Game id.
        game: GameId,
        /// Seat token from `seated` (players only).
        #[serde(default)]
        seat_token: Option<String>,
        /// Last event sequence number the client has.
        #[serde(default)]
        since: Option<u64>,
    },
    /// Stops receiving a game's events.
    LeaveGame {
        /// Game id.
        game: GameId,
    },
    /// Plays a move for a seat this connection holds.
    Play {
        /// Game id.
        game: GameId,
        /// The seat moving.
        seat: SeatName,
        /// From square, e.g. `h2`.
        from: Square,
        /// To square, e.g. `h3`.
        to: Square,
        /// Promotion piece letter (`Q`, `R`, `B`, `N`; FFA `D` = `Q`), when promoting.
        #[serde(default)]
        promotion: Option<Kind>,
    },
    /// Resigns a seat.
    Resign {
        /// Game id.
        game: GameId,
        /// The seat.
        seat: SeatName,
    },
    /// Berserks a seat in an arena game that allows it, before the seat's first move: its own
    /// main time, delay and increment are halved; a top result with at least 7 moves of its
    /// own then gives 1 arena point more.
    Berserk {
        /// Game id.
        game: GameId,
        /// The seat.
        seat: SeatName,
    },
    /// FFA: claims the win with two players left and a lead of 21 or more.
    ClaimWin {
        /// Game id.
        game: GameId,
        /// The seat.
        seat: SeatName,
    },
    /// A chat line.
    Chat {
        /// Game id.
        game: GameId,
        /// The seat speaking.
        seat: SeatName,
        /// Partner or table.
        to: ChatTarget,
        /// The text (at most 500 characters).
        text: String,
    },
    /// An arrow for the partner to see.
    Arrow {
        /// Game id.
        game: GameId,
        /// The seat drawing.
        seat: SeatName,
        /// From square.
        from: Square,
        /// To square.
        to: Square,
    },
    /// Clears the arrows this seat drew.
    ClearArrows {
        /// Game id.
        game: GameId,
        /// The seat.
        seat: SeatName,
    },
    /// Queues one move for a seat that is not to move (it replaces any queued before); the
    /// server plays it the moment the seat's turn comes if it is legal then, else drops it.
    Premove {
        /// Game id.
        game: GameId,
        /// The seat.
        seat: SeatName,
        /// From square.
        from: Square,
        /// To square.
        to: Square,
        /// Promotion piece letter (`Q`, `R`, `B`, `N`; FFA `D` = `Q`).
        #[serde(default)]
        promotion: Option<Kind>,
    },
    /// Cancels the seat's queued move.
    CancelPremove {
        /// Game id.
        game: GameId,
        /// The seat.
        seat: SeatName,
    },
    /// Asks the server's engine for a position's best lines, streamed as `analysis` messages
    /// as the search deepens; replaces (stops) this connection's earlier request. Refused for
    /// a position a game being played stands in (`game_in_progress`).
    Analyse {
        /// The client's number for this request, repeated in every answer.
        id: u32,
        /// The rule set.
        rules: RuleSet,
        /// The position (FEN4; points kept).
        fen4: String,
        /// How many lines (1 to 3).
        #[serde(default = "one_line")]
        lines: u8,
    },
    /// Stops this connection's analysis under way.
    AnalyseStop,
}

fn one_line() -> u8 {
    1
}

impl NewTable {
    /// A table of `rules` with every other setting at its default (as a `create_table` that
    /// names only its rules).
    pub fn of(rules: impl Into<String>) -> NewTable {
        NewTable {
            rules: rules.into(),
            setup: None,
            time: None,
            rated: false,
            rated_bots: false,
            table_chat: true,
            sit: Vec::new(),
            bots: Default::default(),
            rematch_of: None,
        }
    }
}

fn one() -> u32 {
    1
}

fn yes() -> bool {
    true
}

/// What `create_table` asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewTable {
    /// `teams`, `ffa`, `verney1881` or `club1893`.
    pub rules: String,
    /// Setup code (`4PC`, `4PCo`, …); the rule set's default when absent.
    #[serde(default)]
    pub setup: Option<String>,
    /// Time control; 1 minute + 15 s delay when absent.
    #[serde(default)]
    pub time: Option<TimeControl>,
    /// Rated (accounts only).
    #[serde(default)]
    pub rated: bool,
    /// A rated table that takes bots (at their fixed ratings).
    #[serde(default)]
    pub rated_bots: bool,
    /// Table chat on (FFA tables; sides tables always have partner chat).
    #[serde(default = "yes")]
    pub table_chat: bool,
    /// Seats the creator takes at once (each answered with `seated`).
    #[serde(default)]
    pub sit: Vec<SeatName>,
    /// Bots put in seats at once: `{"W": "engine2", …}`.
    #[serde(default)]
    pub bots: std::collections::BTreeMap<SeatName, String>,
    /// A rematch of this finished game: its settings and bots, its players' seats kept for
    /// them (the creator must have played in it; `sit`, `bots` and the other fields are
    /// then ignored).
    #[serde(default)]
    pub rematch_of: Option<String>,
}
