//! The five start setups: where kings and queens stand.

use super::piece::{Kind, Piece};
use super::seat::Seat;
use super::square::Square;
use std::fmt;
use std::str::FromStr;

/// A named start position; they differ only in the king and queen squares.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Setup {
    /// chess.com's default: every queen on its owner's left (`4PC`).
    Modern,
    /// All four queens on light squares (`4PCo`).
    Classic,
    /// `4PCb`.
    By,
    /// `4PCn`.
    Byg,
    /// `4PCrg`.
    Rg,
}

impl Setup {
    /// All setups.
    pub const ALL: [Setup; 5] = [
        Setup::Modern,
        Setup::Classic,
        Setup::By,
        Setup::Byg,
        Setup::Rg,
    ];

    /// The PGN4 `StartFen4` code.
    pub const fn code(self) -> &'static str {
        match self {
            Setup::Modern => "4PC",
            Setup::Classic => "4PCo",
            Setup::By => "4PCb",
            Setup::Byg => "4PCn",
            Setup::Rg => "4PCrg",
        }
    }

    /// `true` when the king stands on the lower-lettered (or lower-numbered) of the two centre
    /// squares of `seat`'s back row.
    const fn king_low(self, seat: Seat) -> bool {
        // Table of rules.md §2: S K/Q, W K/Q, N K/Q, E K/Q.
        let table: [bool; 4] = match self {
            Setup::Modern => [false, true, true, false],
            Setup::Classic => [false, false, true, true],
            Setup::By => [false, true, false, true],
            Setup::Byg => [false, true, false, false],
            Setup::Rg => [true, false, true, false],
        };
        table[seat as usize]
    }

    /// Every piece of the start position.
    pub fn pieces(self) -> Vec<(Square, Piece)> {
        let mut out = Vec::with_capacity(64);
        let back = [
            Kind::Rook,
            Kind::Knight,
            Kind::Bishop,
            Kind::Queen, // centre pair fixed below
            Kind::Queen,
            Kind::Bishop,
            Kind::Knight,
            Kind::Rook,
        ];
        for seat in Seat::ALL {
            let low = self.king_low(seat);
            for (i, &k) in back.iter().enumerate() {
                let kind = match i {
                    3 if low => Kind::King,
                    4 if !low => Kind::King,
                    3 | 4 => Kind::Queen,
                    _ => k,
                };
                let along = 3 + i as u8;
                out.push((back_row_square(seat, along), Piece::new(seat, kind)));
                out.push((pawn_row_square(seat, along), Piece::new(seat, Kind::Pawn)));
            }
        }
        out
    }
}

/// Square on `seat`'s back row at position `along` (3..=10 along the row, a..n / 1..14 order).
fn back_row_square(seat: Seat, along: u8) -> Square {
    let sq = match seat {
        Seat::South => Square::new(along, 0),
        Seat::West => Square::new(0, along),
        Seat::North => Square::new(along, 13),
        Seat::East => Square::new(13, along),
    };
    sq.expect("back rows are on the board")
}

fn pawn_row_square(seat: Seat, along: u8) -> Square {
    let sq = match seat {
        Seat::South => Square::new(along, 1),
        Seat::West => Square::new(1, along),
        Seat::North => Square::new(along, 12),
        Seat::East => Square::new(12, along),
    };
    sq.expect("pawn rows are on the board")
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// An unknown setup code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSetup(pub String);

impl fmt::Display for UnknownSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown setup '{}' (expected 4PC, 4PCo, 4PCb, 4PCn or 4PCrg)",
            self.0
        )
    }
}

impl std::error::Error for UnknownSetup {}

impl FromStr for Setup {
    type Err = UnknownSetup;
    fn from_str(s: &str) -> Result<Setup, UnknownSetup> {
        Setup::ALL
            .into_iter()
            .find(|x| x.code().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownSetup(s.to_string()))
    }
}
