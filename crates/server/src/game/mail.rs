//! The game's mail on the bus ([`GameMail`]): its requests and replies (`requests.rs`) and how
//! the bus builds the actor's inbox command from them, with the bus's types as the server holds
//! them. The bus carries the mail without knowing it.

use super::command::Command;
pub use super::requests::{GameReply, GameRequest};
use crate::bus::{Bus, ConnAddr, Mail, NodeId, ReplyTo};
use fourhand_rules::Seat;
use std::sync::Arc;

/// The game's mail, as the bus carries it.
pub struct GameMail;

/// A node's bus, carrying the game's mail.
pub type GameBus = dyn Bus<GameMail>;

/// The shared handle to a node's bus.
pub type SharedBus = Arc<GameBus>;

/// A cluster node's NATS bus, carrying the game's mail.
pub type ClusterBus = crate::bus::nats::NatsBus<GameMail>;

impl Mail for GameMail {
    type Request = GameRequest;
    type Reply = GameReply;
    type Command = Command;

    fn command(req: GameRequest, reply: Option<ReplyTo>) -> Command {
        Command::Request { req, reply }
    }

    fn request_of(cmd: Command) -> Option<GameRequest> {
        match cmd {
            Command::Request { req, .. } => Some(req),
            _ => None,
        }
    }

    fn lagging(conn: ConnAddr) -> GameRequest {
        GameRequest::Lagging { conn }
    }

    fn ready(conn: ConnAddr) -> GameRequest {
        GameRequest::Ready { conn }
    }

    fn node_gone(node: NodeId) -> GameRequest {
        GameRequest::NodeGone { node }
    }

    fn rejoin(conn: ConnAddr, seats: Vec<Seat>) -> GameRequest {
        GameRequest::Join {
            conn,
            seats: seats.into_iter().map(super::convert::seat_name).collect(),
            since: None,
        }
    }
}
