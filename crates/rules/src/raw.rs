//! The board as the move generator holds it, for evaluators outside this crate (the bot's
//! evaluation features): a 16×16 array of cells whose outer ring and cut corners are walls
//! ([`Position::cell`], indices as [`crate::Square::index`] gives them), one byte per piece
//! ([`kind_bits`], [`seat_bits`], [`is_of`]), the steps between cells ([`KING`], [`KNIGHT`],
//! [`ORTHO`], [`DIAG`], [`forward`], [`sideways`], [`pawn_step`]) and 256-bit square sets
//! ([`Bits`], [`bits`], [`has`], [`and`], [`is_empty`]; [`Position::occupancy`],
//! [`Position::attackers`]). A seat set is one bit per seat index. It follows the
//! representation, so it changes when that does.
//!
//! [`Position::cell`]: crate::Position::cell
//! [`Position::occupancy`]: crate::Position::occupancy
//! [`Position::attackers`]: crate::Position::attackers

pub use crate::board::piece::{is_of, kind_bits, seat_bits, EMPTY, WALL};
pub use crate::position::bitset::{and, bits, has, is_empty, Bits, Squares};
pub use crate::position::geometry::{
    forward, pawn_step, relative_rank, sideways, DIAG, KING, KNIGHT, KNIGHT_SQUARES, ORTHO,
};
