//! The subcommands.

pub mod arena;
pub mod engine;
pub mod perft;
pub mod replay;
