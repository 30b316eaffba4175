//! What arrives in a game actor's inbox: requests from the bus (plain data with a reply
//! address) and the moves its bots computed on the bot pool.

use super::requests::GameRequest;
use crate::bus::address::ReplyTo;
use fourhand_rules::Seat;
use std::sync::Arc;
use tokio::sync::mpsc;
use uuid::Uuid;

/// A message for a game's actor.
pub enum Command {
    /// A request from the bus; the answer goes to `reply` (none: nobody waits).
    Request {
        /// The request.
        req: GameRequest,
        /// Where the answer goes.
        reply: Option<ReplyTo>,
    },
    /// A bot's move, computed on the bot pool (this node only: the bot travels with it).
    BotMove {
        /// The seat it thought for.
        seat: Seat,
        /// The bot, with its table, for its next turn.
        bot: Option<Box<fourhand_bot::Bot>>,
        /// The move as an input (none: the bot found none).
        input: Option<super::core::Input>,
    },
    /// Stop running the game here (its lease passed to another node, or this node hands it
    /// over): the write in flight settles, whoever waits is told to try again.
    Stop,
}

/// This node's handle on a game it runs.
#[derive(Clone)]
pub struct GameHandle {
    /// The game's id.
    pub id: Uuid,
    /// Its inbox.
    pub tx: mpsc::Sender<Command>,
    /// Set once the game has ended and its result is stored: it is no longer listed as live
    /// (its actor lingers a while for late viewers).
    pub(crate) over: Arc<std::sync::atomic::AtomicBool>,
    /// The current position's placement key (`Position::placement_key`), kept by the actor
    /// after every change: what a pasted position is compared with (no engine for a live game).
    pub(crate) board: Arc<std::sync::atomic::AtomicU64>,
}

impl GameHandle {
    /// The game has ended (its result is stored).
    pub fn is_over(&self) -> bool {
        self.over.load(std::sync::atomic::Ordering::Acquire)
    }

    /// The placement key of the game's position now.
    pub fn board(&self) -> u64 {
        self.board.load(std::sync::atomic::Ordering::Relaxed)
    }
}
