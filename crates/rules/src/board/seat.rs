//! Seats, sides and per-seat containers.
//!
//! Four seats named by where they sit; turn order is always clockwise S → W → N → E.

use std::fmt;
use std::ops::{Index, IndexMut};

/// One of the four places at the board, named by position (South is the bottom edge).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Seat {
    /// Bottom: back row on rank 1, pawns move up the ranks.
    South = 0,
    /// Left: back row on file a, pawns move right along the files.
    West = 1,
    /// Top: back row on rank 14, pawns move down the ranks.
    North = 2,
    /// Right: back row on file n, pawns move left along the files.
    East = 3,
}

impl Seat {
    /// All seats in turn order.
    pub const ALL: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

    /// The seat with index `i` (0..4, turn order); wraps modulo 4.
    #[inline]
    pub const fn from_index(i: usize) -> Seat {
        match i & 3 {
            0 => Seat::South,
            1 => Seat::West,
            2 => Seat::North,
            _ => Seat::East,
        }
    }

    /// Index in turn order (S=0, W=1, N=2, E=3).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat that moves after this one.
    #[inline]
    pub const fn next(self) -> Seat {
        Seat::from_index(self as usize + 1)
    }

    /// The seat opposite (the partner in sides games).
    #[inline]
    pub const fn opposite(self) -> Seat {
        Seat::from_index(self as usize + 2)
    }

    /// The (file, rank) step of this seat's pawns moving forward, towards the seat across
    /// (a reversed pawn of the historical games steps the other way).
    #[inline]
    pub const fn forward(self) -> (i8, i8) {
        match self {
            Seat::South => (0, 1),
            Seat::West => (1, 0),
            Seat::North => (0, -1),
            Seat::East => (-1, 0),
        }
    }

    /// One bit per seat, for seat sets.
    #[inline]
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// chess.com colour letter for this seat (R, B, Y, G), as used by FEN4.
    pub const fn fen_letter(self) -> char {
        match self {
            Seat::South => 'R',
            Seat::West => 'B',
            Seat::North => 'Y',
            Seat::East => 'G',
        }
    }

    /// Parses a chess.com colour letter (either case).
    pub fn from_fen_letter(c: char) -> Option<Seat> {
        match c.to_ascii_uppercase() {
            'R' => Some(Seat::South),
            'B' => Some(Seat::West),
            'Y' => Some(Seat::North),
            'G' => Some(Seat::East),
            _ => None,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::South => "South",
            Seat::West => "West",
            Seat::North => "North",
            Seat::East => "East",
        })
    }
}

/// One of the two sides of a sides game. Which seats play on it is the rule set's pairing
/// ([`crate::RuleSet::seats_of`]); PGN4 writes a win of the first as `1-0`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// South's side: South and his partner (North when partners sit opposite).
    First,
    /// The other side (West and East when partners sit opposite).
    Second,
}

impl Side {
    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// One value per seat, indexed by [`Seat`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct BySeat<T>(pub [T; 4]);

impl<T> BySeat<T> {
    /// Builds the container by calling `f` for each seat in turn order.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> Self {
        BySeat(Seat::ALL.map(&mut f))
    }

    /// Iterates over `(seat, value)` in turn order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.0.iter())
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    #[inline]
    fn index(&self, s: Seat) -> &T {
        &self.0[s as usize]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    #[inline]
    fn index_mut(&mut self, s: Seat) -> &mut T {
        &mut self.0[s as usize]
    }
}
