//! The WebSocket protocol of the fourhand server: every message a client may send and every
//! message the server sends, as serde types, and one function that parses client input.
//!
//! Messages are JSON objects tagged by `type`. The full description for client authors is in
//! `proto-docs/`. The protocol is versioned by [`PROTOCOL_VERSION`]; a client names the version
//! it speaks in its `hello`.

mod analysis;
mod client;
mod ending;
mod error;
mod ids;
mod parse;
mod server;
mod status;
mod tournament;
mod types;

pub use analysis::{
    AnalysisLine, GameReview, Judgement, LineMove, ReviewState, ReviewStatus, ReviewedMove,
    SeatScore,
};
pub use client::{ChatTarget, ClientMsg, NewTable};
pub use ending::{AbortCause, DrawReason, Ending};
pub use error::{CloseCode, ErrorCode};
/// Squares and promotion pieces are the rules crate's own types, written by name.
pub use fourhand_rules::{Kind, Square};
pub use ids::{GameId, PlayerId, TableId, TournamentId};
pub use parse::{parse, to_text, ParseError};
pub use server::{GameEvent, GameState, QueuedMove, RecordEntry, SeatInfo, ServerMsg, TableInfo};
pub use status::{LeaveReason, SeatStatus, UnknownStatus};
pub use tournament::{
    ArenaStandings, SheetMark, StandingRow, SwissBoard, SwissInvitation, SwissResult, SwissRound,
    SwissTeamRow, SwissView, TournamentStatus,
};
pub use types::{SeatName, TimeControl};

/// The protocol version this crate speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// Largest message accepted, in bytes (16 KiB).
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;
