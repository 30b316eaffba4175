//! Reading a client's message (size limit, JSON, shape) and writing the server's.

use crate::{ClientMsg, ErrorCode, ServerMsg, MAX_MESSAGE_BYTES};

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
