//! The fourhand game server as a library: `app()` builds the router, `run()` serves it.
//!
//! One actor per game judges moves with the rules crate, stores each action before applying it
//! and fans events out; connections are WebSocket tasks that talk to actors through channels.

pub mod accept;
pub mod accounts;
pub mod app;
pub mod bot;
pub mod config;
pub mod error;
pub mod game;
pub mod headers;
pub mod http;
pub mod http_limits;
pub mod identity;
pub mod library;
pub mod lobby;
pub mod metrics;
pub mod moderation;
pub mod peer;
pub mod records;
pub mod store;
pub mod web;
pub mod ws;

pub use app::{app, run, serve, state, App, AppState};
pub use config::Config;
