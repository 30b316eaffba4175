//! Four-player chess rules: the board, move generation, the four rule sets (chess.com Teams and
//! Free-For-All, Verney 1881, Four-handed Chess Club 1893), game state and scoring, FEN4/PGN4 and
//! perft.
//!
//! Pure: no async, no I/O. The server judges moves with it, the bots search with it and the tools
//! replay games with it.

pub mod board;
pub mod game;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod position;
pub mod random_games;
pub mod raw;
mod rule_variants;
pub mod ruleset;
mod ruleset_error;
#[cfg(feature = "serde")]
mod serde_forms;

pub use board::{BoardShape, BySeat, Kind, Piece, Seat, Setup, Side, Square, Symmetry};
pub use moves::{Move, MoveKind, MoveList};
pub use position::{Army, Played, Position};
pub use ruleset::{Castling, Pairing, RuleSet, Variant};
pub use ruleset_error::RuleSetError;
