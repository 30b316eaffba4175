//! Board geometry: seats, squares, pieces and start setups.

pub(crate) mod piece;
mod seat;
mod setup;
mod shape;
mod square;

pub use piece::{Kind, Piece};
pub use seat::{BySeat, Seat, Side};
pub use setup::{chess960_back_row, Setup, Symmetry, UnknownSetup};
pub use shape::BoardShape;
pub use square::{BadSquare, Square, SIZE};
