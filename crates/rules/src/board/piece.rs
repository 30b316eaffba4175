//! Pieces and their compact one-byte cell encoding.
//!
//! A cell byte holds the kind (bits 0–2), the owner seat (bits 3–4) and three marks: dead (a grey
//! FFA piece), one-point (an FFA promoted queen) and reversed (a Verney/Club pawn moving backwards).

use super::seat::Seat;

/// What a piece is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    /// A pawn (FFA: 1 point).
    Pawn = 1,
    /// A knight (FFA: 3 points).
    Knight = 2,
    /// A bishop (FFA: 5 points).
    Bishop = 3,
    /// A rook (FFA: 5 points; Chaturaji's sailboat).
    Rook = 4,
    /// A queen (FFA: 9 points, a promoted one 1).
    Queen = 5,
    /// A king (FFA: 20 points when captured live).
    King = 6,
}

impl Kind {
    /// All kinds, pawn first.
    pub const ALL: [Kind; 6] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
    ];

    #[inline]
    pub(crate) const fn from_bits(b: u8) -> Option<Kind> {
        match b {
            1 => Some(Kind::Pawn),
            2 => Some(Kind::Knight),
            3 => Some(Kind::Bishop),
            4 => Some(Kind::Rook),
            5 => Some(Kind::Queen),
            6 => Some(Kind::King),
            _ => None,
        }
    }

    /// Upper-case letter (P N B R Q K).
    pub const fn letter(self) -> char {
        match self {
            Kind::Pawn => 'P',
            Kind::Knight => 'N',
            Kind::Bishop => 'B',
            Kind::Rook => 'R',
            Kind::Queen => 'Q',
            Kind::King => 'K',
        }
    }

    /// Parses an upper-case letter (P N B R Q K).
    pub fn from_letter(c: char) -> Option<Kind> {
        match c {
            'P' => Some(Kind::Pawn),
            'N' => Some(Kind::Knight),
            'B' => Some(Kind::Bishop),
            'R' => Some(Kind::Rook),
            'Q' => Some(Kind::Queen),
            'K' => Some(Kind::King),
            _ => None,
        }
    }
}

/// A piece as the outside world sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The army it belongs (or belonged) to.
    pub seat: Seat,
    /// What it is.
    pub kind: Kind,
    /// A grey piece of an eliminated FFA army: attacks nothing, capturable for 0.
    pub dead: bool,
    /// An FFA promoted queen, worth one point when captured.
    pub one_point: bool,
    /// A Verney/Club pawn moving towards its own side.
    pub reversed: bool,
}

impl Piece {
    /// A live, unmarked piece.
    pub const fn new(seat: Seat, kind: Kind) -> Piece {
        Piece {
            seat,
            kind,
            dead: false,
            one_point: false,
            reversed: false,
        }
    }

    #[inline]
    pub(crate) const fn code(self) -> u8 {
        let mut c = self.kind as u8 | (self.seat as u8) << 3;
        if self.dead {
            c |= DEAD;
        }
        if self.one_point {
            c |= ONE_POINT;
        }
        if self.reversed {
            c |= REVERSED;
        }
        c
    }

    #[inline]
    pub(crate) const fn from_code(c: u8) -> Option<Piece> {
        match Kind::from_bits(c & KIND) {
            Some(kind) => Some(Piece {
                seat: Seat::from_index(((c >> 3) & 3) as usize),
                kind,
                dead: c & DEAD != 0,
                one_point: c & ONE_POINT != 0,
                reversed: c & REVERSED != 0,
            }),
            None => None,
        }
    }
}

/// Cell value of an empty square.
pub const EMPTY: u8 = 0;
/// Cell value of a wall (padding or cut corner).
pub const WALL: u8 = 7;
/// Mask of the kind bits.
pub(crate) const KIND: u8 = 7;
/// Dead (grey) mark.
pub(crate) const DEAD: u8 = 0x20;
/// One-point queen mark.
pub(crate) const ONE_POINT: u8 = 0x40;
/// Reversed pawn mark.
pub(crate) const REVERSED: u8 = 0x80;

/// Kind bits of a cell (0 empty, 7 wall).
#[inline(always)]
pub const fn kind_bits(c: u8) -> u8 {
    c & KIND
}

/// Seat index of a cell holding a piece.
#[inline(always)]
pub const fn seat_bits(c: u8) -> u8 {
    (c >> 3) & 3
}

/// True when the cell holds a non-dead piece of a seat in `seats` (a one-bit-per-seat set).
#[inline(always)]
pub const fn is_of(c: u8, seats: u8) -> bool {
    let k = c & KIND;
    k != 0 && k != WALL && c & DEAD == 0 && (seats >> seat_bits(c)) & 1 != 0
}
