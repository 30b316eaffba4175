//! The WebSocket protocol of the fourhand server: every message a client may send and every
//! message the server sends, as serde types, and one function that parses client input.
//!
//! Messages are JSON objects tagged by `type`. The full description for client authors is in
//! `proto-docs/`. The protocol is versioned by [`PROTOCOL_VERSION`]; a client names the version
//! it speaks in its `hello`.

mod client;
mod error;
mod server;
mod types;

pub use client::{ChatTarget, ClientMsg};
pub use error::{CloseCode, ErrorCode};
pub use server::{GameEvent, GameState, SeatInfo, ServerMsg, TableInfo};
pub use types::{SeatName, TimeControl};

/// The protocol version this crate speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// Largest message accepted, in bytes (16 KiB).
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// Why a client message was refused by [`parse`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// The stable code.
    pub code: ErrorCode,
    /// A message for people.
    pub message: String,
}

/// Parses one client message: size limit first, then JSON, then the message shape.
pub fn parse(text: &str) -> Result<ClientMsg, ParseError> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(ParseError {
            code: ErrorCode::TooLarge,
            message: format!(
                "message of {} bytes exceeds the limit of {MAX_MESSAGE_BYTES}",
                text.len()
            ),
        });
    }
    serde_json::from_str(text).map_err(|e| ParseError {
        code: ErrorCode::BadMessage,
        message: format!("not a valid message: {e}"),
    })
}

/// Serialises a server message (infallible for these types).
pub fn to_text(msg: &ServerMsg) -> String {
    serde_json::to_string(msg).unwrap_or_else(|_| {
        r#"{"type":"error","code":"internal","message":"unserialisable message"}"#.to_string()
    })
}
