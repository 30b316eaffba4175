//! What other tasks send a game's actor, and the handle they send it through.

use super::core::{Input, Refusal};
use crate::wire::Wire;
use fourhand_protocol::GameState;
use fourhand_rules::Seat;
use std::sync::Arc;
use tokio::sync::{broadcast, mpsc, oneshot};
use uuid::Uuid;

/// Identifies one client connection.
pub type ConnId = u64;

/// A public event on the spectators' stream: its number and the message.
pub type PublicEvent = (u64, Wire);

/// What a connection asks a game.
pub enum Command {
    /// An input; the reply comes after it is stored and applied.
    Input {
        /// The input.
        input: Input,
        /// Acknowledgement.
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// Subscribe a connection, holding `seats` (empty for a spectator).
    Join {
        /// The connection.
        conn: ConnId,
        /// Seats it holds (checked by the caller with [`Command::Authorize`]).
        seats: Vec<Seat>,
        /// Where player messages go.
        tx: mpsc::Sender<Wire>,
        /// Events after this number instead of a snapshot.
        since: Option<u64>,
        /// The spectator stream, for connections without seats.
        reply: oneshot::Sender<broadcast::Receiver<PublicEvent>>,
    },
    /// Which seat a token opens.
    Authorize {
        /// The token.
        token: String,
        /// The seat, if any.
        reply: oneshot::Sender<Option<Seat>>,
    },
    /// The connection left (or closed).
    Leave {
        /// The connection.
        conn: ConnId,
    },
    /// The chat lines `player` could see (for a report).
    ChatLines {
        /// The player (none: a spectator's view).
        player: Option<Uuid>,
        /// Reply.
        reply: oneshot::Sender<Vec<String>>,
    },
    /// The current state.
    Snapshot {
        /// Reply.
        reply: oneshot::Sender<GameState>,
    },
    /// A bot's move, computed on the bot pool.
    BotMove {
        /// The seat it thought for.
        seat: Seat,
        /// The bot, with its table, for its next turn.
        bot: Option<Box<fourhand_bot::Bot>>,
        /// The move as an input (none: the bot found none).
        input: Option<Input>,
    },
}

/// The handle other tasks use to talk to a game.
#[derive(Clone)]
pub struct GameHandle {
    /// The game's id.
    pub id: Uuid,
    /// Its inbox.
    pub tx: mpsc::Sender<Command>,
    /// Set once the game has ended and its result is stored: it is no longer listed as live
    /// (its actor lingers a while for late viewers).
    pub(crate) over: Arc<std::sync::atomic::AtomicBool>,
}

impl GameHandle {
    /// The game has ended (its result is stored).
    pub fn is_over(&self) -> bool {
        self.over.load(std::sync::atomic::Ordering::Acquire)
    }
}
