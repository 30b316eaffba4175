//! The NATS subjects of a cluster (prefix `fourhand.`):
//!
//! - `fourhand.game.<id>.in` — requests to a game; only its owner subscribes. A request with a
//!   NATS reply subject gets the JSON of the game's reply (`game/mail.rs`).
//! - `fourhand.game.<id>.pub` — the game's public events, for every node with spectators of it.
//! - `fourhand.node.<node>.deliver` — a game's messages for connections of one node.
//! - `fourhand.nodes.gone` — published by a node that stops (a node that dies is noticed by
//!   its silence on `fourhand.nodes.alive`): games forget its connections.
//! - `fourhand.nodes.alive` — every node's announcement, each second.
//! - `fourhand.games.moved` — a game now runs on another node: every node joins its players'
//!   connections to it again.
//! - `fourhand.lobby` — lobby changes, for every node's lobby followers.

use super::NodeId;
use uuid::Uuid;

/// Requests to a game.
pub fn game_in(game: Uuid) -> String {
    format!("fourhand.game.{}.in", game.simple())
}

/// A game's public events.
pub fn game_pub(game: Uuid) -> String {
    format!("fourhand.game.{}.pub", game.simple())
}

/// Deliveries to a node's connections.
pub fn node_deliver(node: &NodeId) -> String {
    format!("fourhand.node.{}.deliver", node)
}

/// A node's connections are gone.
pub const NODE_GONE: &str = "fourhand.nodes.gone";

/// A game now runs on another node (taken over): players' nodes join it again.
pub const GAME_MOVED: &str = "fourhand.games.moved";

/// Lobby changes.
pub const LOBBY: &str = "fourhand.lobby";
