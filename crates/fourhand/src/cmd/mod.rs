//! The subcommands.

pub mod perft;
pub mod replay;
