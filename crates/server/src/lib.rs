//! The fourhand game server as a library: [`app()`] builds the router, [`run()`] serves it.
//!
//! One actor per game judges moves with the rules crate, stores each action before applying it
//! and fans events out; connections are WebSocket tasks that talk to actors through channels.
//!
//! A map of the modules, from the edge inwards:
//!
//! - Serving: [`mod@app`] (the router, start-up, heartbeat and shutdown), [`accept`] (the accept loop
//!   and its header deadline), [`headers`], [`web`] (the embedded client), [`config`].
//! - Shared state: [`mod@state`] (what every handler holds), [`error`] (the one error type),
//!   [`time`], [`wire`] (messages serialised once), [`metrics`].
//! - HTTP by resource: [`http`] (health, games, imports, library, accounts, records,
//!   moderation), calling the domain: [`identity`] (accounts and sessions), [`records`]
//!   (profiles, archive, leaderboards), [`import`], [`moderation`]; with [`http_limits`] and
//!   [`peer`] (client address, socket caps).
//! - WebSockets: [`ws`] (a connection's task and its dispatch of client messages).
//! - Between tasks and nodes: [`bus`] (requests to games, deliveries to connections, public
//!   streams; in-process or on NATS).
//! - Analysis: [`analysis`] (the analysis board, engine lines, game reviews on their own
//!   worker threads, rationed per user, never for a game in progress).
//! - Play: [`lobby`] (tables and quick pairing), [`game`] (the registry of live games, each
//!   game's sans-IO core and its actor), [`bot`] (the bot pool), [`identity`] (sessions, names),
//!   [`library`] (built-in games).
//! - Several nodes: [`cluster`] (leases of games, takeovers, handover), over [`bus`] on NATS.
//! - Persistence: [`store`] (SQLite or Postgres through `sqlx`, or memory for tests).

pub mod accept;
pub mod analysis;
pub mod app;
pub mod bot;
pub mod bus;
pub mod capacity;
pub mod chat;
pub mod cluster;
pub mod config;
pub mod error;
pub mod game;
pub mod headers;
pub mod http;
pub mod http_limits;
pub mod identity;
pub mod import;
pub mod library;
pub mod lobby;
pub mod metrics;
pub mod moderation;
pub mod peer;
pub mod records;
pub mod state;
pub mod store;
pub mod time;
pub mod tournament;
pub mod web;
pub mod wire;
pub mod ws;

pub use app::{app, run, serve, state, App, AppState};
pub use config::Config;
