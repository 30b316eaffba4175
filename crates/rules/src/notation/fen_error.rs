//! Why a FEN4 did not parse: what was wrong and where (which field, rank or extra).

use crate::board::{BadSquare, Square};
use std::fmt;

/// Why a FEN4 did not parse. Nothing was built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Fewer than the six `-`-separated fields before the board.
    MissingFields,
    /// The `{…}` extra block has no closing brace.
    UnclosedExtras,
    /// The turn field is not one of `R`, `B`, `Y`, `G`.
    BadTurn(String),
    /// A per-seat field (`dead`, castling, points) does not hold four values.
    NotFour {
        /// The field's name.
        field: &'static str,
        /// The field as written.
        got: String,
    },
    /// A value of a per-seat field could not be read.
    BadValue {
        /// The field's name.
        field: &'static str,
        /// The value as written.
        value: String,
    },
    /// The counter field is not a number.
    BadCounter(String),
    /// The board does not have 14 rows.
    Rows(usize),
    /// A rank holds an empty cell (`,,`); ranks are numbered from 1.
    EmptyCell {
        /// The rank (1–14).
        rank: u8,
    },
    /// A cell is neither a count, `x`, nor a piece.
    BadCell {
        /// The cell as written.
        cell: String,
        /// The rank (1–14).
        rank: u8,
    },
    /// A piece stands on a cut-off corner.
    OffBoard {
        /// The cell as written.
        cell: String,
        /// The rank (1–14).
        rank: u8,
    },
    /// A rank's cells add up to a number of squares other than 14.
    RankLength {
        /// The rank (1–14).
        rank: u8,
        /// The squares its cells cover (15 and more are reported as soon as they are reached).
        squares: u8,
    },
    /// An extra's key opens a quote it does not close.
    UnclosedKeyQuote,
    /// An extra is not `key:value`.
    BadExtra(String),
    /// An extra's key is not followed by `:`.
    NoColon {
        /// The key.
        key: String,
    },
    /// An extra's `(` tuple is not closed.
    UnclosedTuple {
        /// The key.
        key: String,
    },
    /// A square name in an extra is not a square of the board.
    BadSquare(BadSquare),
    /// A per-seat extra does not hold four values.
    ExtraNotFour {
        /// The key.
        key: String,
    },
    /// An `enPassant` value names more than two squares.
    BadEnPassant(String),
    /// A `lives` value is not 0 to 9.
    BadLives(String),
    /// `reversed` or `onePoint` names a square with no piece.
    EmptySquare {
        /// The key.
        key: String,
        /// The square.
        square: Square,
    },
    /// A `controller` value is not one of `r`, `b`, `y`, `g` (or empty).
    BadController(String),
    /// A `frozen` value is not `true` or `false`.
    BadFrozen(String),
    /// A `status` value is not a known army status.
    UnknownStatus(String),
    /// An `enPassant` square has no square beyond it for the pawn.
    NoPawnSquare {
        /// The skipped square.
        skipped: Square,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("bad FEN4: ")?;
        match self {
            FenError::MissingFields => f.write_str(
                "expected turn, dead, castling, points and counter fields before the board",
            ),
            FenError::UnclosedExtras => f.write_str("unclosed '{' in the extra block"),
            FenError::BadTurn(t) => write!(f, "bad turn '{t}' (expected R, B, Y or G)"),
            FenError::NotFour { field, got } => {
                write!(f, "{field} needs four comma-separated values, got '{got}'")
            }
            FenError::BadValue { field, value } => write!(f, "bad value '{value}' in {field}"),
            FenError::BadCounter(c) => write!(f, "bad counter '{c}'"),
            FenError::Rows(n) => write!(f, "the board needs 14 rows, got {n}"),
            FenError::EmptyCell { rank } => write!(f, "empty cell in rank {rank}"),
            FenError::BadCell { cell, rank } => write!(f, "bad cell '{cell}' in rank {rank}"),
            FenError::OffBoard { cell, rank } => {
                write!(f, "piece '{cell}' off the board in rank {rank}")
            }
            FenError::RankLength { rank, squares } if *squares > 14 => {
                write!(f, "rank {rank} has more than 14 squares")
            }
            FenError::RankLength { rank, squares } => {
                write!(f, "rank {rank} has {squares} squares, expected 14")
            }
            FenError::UnclosedKeyQuote => f.write_str("unclosed key quote"),
            FenError::BadExtra(s) => write!(f, "bad extra '{s}'"),
            FenError::NoColon { key } => write!(f, "expected ':' after '{key}'"),
            FenError::UnclosedTuple { key } => write!(f, "unclosed '(' in '{key}'"),
            FenError::BadSquare(e) => write!(f, "{e}"),
            FenError::ExtraNotFour { key } => write!(f, "'{key}' needs four values"),
            FenError::BadEnPassant(v) => write!(f, "bad enPassant value '{v}'"),
            FenError::BadLives(v) => write!(f, "bad lives value '{v}' (0 to 9)"),
            FenError::EmptySquare { key, square } => {
                write!(f, "'{key}' names the empty square {square}")
            }
            FenError::BadController(v) => write!(f, "bad controller '{v}' (r, b, y or g)"),
            FenError::BadFrozen(v) => write!(f, "bad frozen value '{v}' (true or false)"),
            FenError::UnknownStatus(v) => write!(f, "unknown status '{v}'"),
            FenError::NoPawnSquare { skipped } => write!(f, "no pawn square beyond {skipped}"),
        }
    }
}

impl std::error::Error for FenError {}
