//! Tournaments (`../shared/spec/tournaments.md`): arenas and Swisses run by a director on the node that
//! runs the lobby, every state change in the store, so that a restart — or, in a cluster, the
//! next lobby node — continues where it was. The rules themselves (points, standings, waves,
//! the Swiss) are the `fourhand-tournament` crate's; this module applies them to players,
//! tables and games.

pub mod director;
pub mod entries;
pub mod room;
pub mod schedule;
pub mod scoring;
pub mod seating;
pub mod settings;
pub mod standings;
pub mod swiss_pairs;
pub mod swiss_rounds;
pub mod swiss_settings;

pub use room::ArenaRoom;
pub use settings::ArenaSettings;
