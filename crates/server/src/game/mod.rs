//! Live games.
//!
//! - [`registry`]: the games this node runs; starting, restoring, listing them.
//! - [`core`]: a game without I/O — inputs, presence, deadlines, the event log, the
//!   translation of rules events; [`clock`] its clocks.
//! - [`actor`]: the task that runs a core — stores each action ([`writes`]) before applying it,
//!   fans events out, runs bot turns, stores the result ([`rating`]).
//! - [`command`]: what other tasks send an actor; [`view`] and [`convert`]: how a game looks in
//!   the protocol.

pub mod actor;
pub mod calls;
pub mod clock;
pub mod command;
pub mod convert;
pub mod core;
pub mod mail;
pub mod rating;
pub mod registry;
pub mod requests;
pub mod view;
pub mod writes;
