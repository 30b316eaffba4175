//! Live games: the sans-IO core, its clocks, how it looks to clients, and the actor that runs
//! it.

pub mod actor;
pub mod clock;
pub mod core;
pub mod rating;
pub mod registry;
pub mod view;
pub mod writes;
