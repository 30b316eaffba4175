//! Server messages serialised once and shared by every receiver.

use fourhand_protocol::ServerMsg;
use std::sync::Arc;

/// A message ready to send: serialised once, shared by every receiver.
pub type Wire = Arc<str>;

/// Serialises a server message.
pub fn wire(msg: &ServerMsg) -> Wire {
    Arc::from(fourhand_protocol::to_text(msg))
}
