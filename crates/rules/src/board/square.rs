//! Squares of the 160-square cross board.
//!
//! Internally a square is an index into a 16×16 array whose outer ring (and the twelve-square
//! cut corners) are walls; with wrapping `u8` arithmetic a knight's jump off any edge lands on a
//! wall, so move generation never needs bounds checks.

use std::fmt;
use std::str::FromStr;

use super::seat::Seat;

/// Number of files and ranks.
pub const SIZE: u8 = 14;

/// A square on the board (never a corner or off-board square).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0 = a .. 13 = n) and `rank` (0 = rank 1 .. 13 = rank 14), if it is on
    /// the board.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file >= SIZE || rank >= SIZE || (is_edge(file) && is_edge(rank)) {
            None
        } else {
            Some(Square((rank + 1) * 16 + file + 1))
        }
    }

    /// File, 0 (a) to 13 (n).
    #[inline]
    pub const fn file(self) -> u8 {
        (self.0 & 15) - 1
    }

    /// Rank, 0 (rank 1) to 13 (rank 14).
    #[inline]
    pub const fn rank(self) -> u8 {
        (self.0 >> 4) - 1
    }

    /// How many rows this square lies ahead of `seat`'s back row: 0 on that row, 1 on its
    /// pawns' starting row, 13 on the far edge.
    #[inline]
    pub const fn rows_from(self, seat: Seat) -> u8 {
        match seat {
            Seat::South => self.rank(),
            Seat::West => self.file(),
            Seat::North => SIZE - 1 - self.rank(),
            Seat::East => SIZE - 1 - self.file(),
        }
    }

    /// Light square: file + rank even with a = 1 and rank 1 = 1.
    pub const fn is_light(self) -> bool {
        (self.file() + self.rank()).is_multiple_of(2)
    }

    /// The internal 16×16 index.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The square with internal index `i`, if that index is on the board.
    #[inline]
    pub const fn from_index(i: u8) -> Option<Square> {
        let f = i & 15;
        let r = i >> 4;
        if f == 0 || f == 15 || r == 0 || r == 15 {
            None
        } else {
            Square::new(f - 1, r - 1)
        }
    }

    /// All 160 squares, rank 1 first, each rank from file a.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SIZE).flat_map(|r| (0..SIZE).filter_map(move |f| Square::new(f, r)))
    }
}

const fn is_edge(x: u8) -> bool {
    x < 3 || x > 10
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a square name did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadSquare(pub String);

impl fmt::Display for BadSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a square of the board", self.0)
    }
}

impl std::error::Error for BadSquare {}

impl FromStr for Square {
    type Err = BadSquare;
    fn from_str(s: &str) -> Result<Square, BadSquare> {
        let bad = || BadSquare(s.to_string());
        let mut chars = s.chars();
        let f = chars.next().ok_or_else(bad)?;
        if !f.is_ascii_lowercase() {
            return Err(bad());
        }
        let rank: u8 = chars.as_str().parse().map_err(|_| bad())?;
        if rank == 0
            || !chars
                .as_str()
                .starts_with(|c: char| c.is_ascii_digit() && c != '0')
        {
            return Err(bad());
        }
        Square::new(f as u8 - b'a', rank - 1).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forward_step_takes_a_square_one_row_further_from_the_seats_back_row() {
        let e2 = Square::new(4, 1).unwrap();
        assert_eq!(
            Seat::ALL.map(|seat| e2.rows_from(seat)),
            [1, 4, 12, 9],
            "e2 seen from South, West, North and East"
        );
        for seat in Seat::ALL {
            let (df, dr) = seat.forward();
            for sq in Square::all() {
                let ahead = sq
                    .file()
                    .checked_add_signed(df)
                    .zip(sq.rank().checked_add_signed(dr))
                    .and_then(|(f, r)| Square::new(f, r));
                if let Some(ahead) = ahead {
                    assert_eq!(
                        ahead.rows_from(seat),
                        sq.rows_from(seat) + 1,
                        "{seat:?} {sq}"
                    );
                }
            }
        }
    }
}
