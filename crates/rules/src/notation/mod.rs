//! The chess.com exchange formats: FEN4 for positions and PGN4 for games.

pub mod fen4;
mod fen_error;
pub mod pgn4;
pub mod san;
