//! The start setups: the five of the cross board (where kings and queens stand), Chaturaji's,
//! and the 960 arrangements of Chess960 (variants.md §3.1).

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
    /// Chaturaji's corners of the 8×8 centre (variants.md §2.2): sailboat (rook), knight, bishop
    /// and king on each player's back row from his left, four pawns in front. Not one of
    /// [`Setup::ALL`]: only the Chaturaji rule set starts from it.
    Chaturaji,
    /// Chess960 number `n` (chess.com's 1..=960, the Scharnagl number plus one; 519 is the
    /// ordinary R N B Q K B N R): the same back row for all four seats, placed by `symmetry`.
    /// Not one of [`Setup::ALL`]: a `Chess960=N` rule set starts from it.
    Chess960 {
        /// chess.com's number, 1..=960.
        n: u16,
        /// How the arrangement is carried to the other three seats.
        symmetry: Symmetry,
    },
}

/// How one Chess960 back row is placed on the four seats (variants.md §3.1): which square of each
/// seat's back row holds index 0 of the arrangement.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// The documented mapping (S d1→k1, W a4→a11, N k14→d14, E n11→n4): North is South turned
    /// by 180°, West and East are reflections, and number 519 is the Classic setup.
    Classic,
    /// Every seat is South turned (S d1→k1, W a11→a4, N k14→d14, E n4→n11): number 519 is
    /// the Modern setup. The project's option; chess.com's mapping since 2022 is unconfirmed.
    Rotational,
}

impl Symmetry {
    /// The square of `seat`'s back row that holds index `i` (0..=7) of a Chess960 arrangement.
    pub fn square(self, seat: Seat, i: u8) -> Square {
        let up = 3 + i;
        let down = 10 - i;
        let sq = match (seat, self) {
            (Seat::South, _) => Square::new(up, 0),
            (Seat::West, Symmetry::Classic) => Square::new(0, up),
            (Seat::West, Symmetry::Rotational) => Square::new(0, down),
            (Seat::North, _) => Square::new(down, 13),
            (Seat::East, Symmetry::Classic) => Square::new(13, down),
            (Seat::East, Symmetry::Rotational) => Square::new(13, up),
        };
        sq.expect("back rows are on the board")
    }

    /// The index (0..=7) of `sq` on `seat`'s back row, if it is on it.
    pub fn index_of(self, seat: Seat, sq: Square) -> Option<u8> {
        (0..8).find(|&i| self.square(seat, i) == sq)
    }
}

/// The back row of Chess960 number `n` (1..=960) by the Scharnagl derivation of `n − 1`:
/// bishops, queen, knights, then rook, king, rook in the three squares left.
pub fn chess960_back_row(n: u16) -> [Kind; 8] {
    let mut row: [Option<Kind>; 8] = [None; 8];
    let x = (n.clamp(1, 960) - 1) as usize;
    row[2 * (x % 4) + 1] = Some(Kind::Bishop);
    row[2 * (x / 4 % 4)] = Some(Kind::Bishop);
    let put = |nth: usize, kind: Kind, row: &mut [Option<Kind>; 8]| {
        let i = (0..8)
            .filter(|&i| row[i].is_none())
            .nth(nth)
            .expect("the derivation leaves enough empty squares");
        row[i] = Some(kind);
    };
    put(x / 16 % 6, Kind::Queen, &mut row);
    // The ten placements of two knights on the five squares left, in Scharnagl's order.
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = KNIGHTS[x / 96];
    put(b, Kind::Knight, &mut row);
    put(a, Kind::Knight, &mut row);
    for kind in [Kind::Rook, Kind::King, Kind::Rook] {
        put(0, kind, &mut row);
    }
    row.map(|k| k.expect("every square is filled"))
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
            Setup::Chaturaji => "Chaturaji",
            Setup::Chess960 { .. } => "Chess960",
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
            Setup::Chaturaji | Setup::Chess960 { .. } => [false; 4],
        };
        table[seat as usize]
    }

    /// Every piece of the start position.
    pub fn pieces(self) -> Vec<(Square, Piece)> {
        if self == Setup::Chaturaji {
            return chaturaji();
        }
        if let Setup::Chess960 { n, symmetry } = self {
            let row = chess960_back_row(n);
            let mut out = Vec::with_capacity(64);
            for seat in Seat::ALL {
                for (i, &kind) in row.iter().enumerate() {
                    let back = symmetry.square(seat, i as u8);
                    out.push((back, Piece::new(seat, kind)));
                    let along = match seat {
                        Seat::South | Seat::North => back.file(),
                        Seat::West | Seat::East => back.rank(),
                    };
                    out.push((pawn_row_square(seat, along), Piece::new(seat, Kind::Pawn)));
                }
            }
            return out;
        }
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

/// Chaturaji's start (variants.md §2.2): per seat, the back row (sailboat, knight, bishop,
/// king from the player's left) and the pawns in front, as (file, rank) from 0.
fn chaturaji() -> Vec<(Square, Piece)> {
    const ARMIES: [[(u8, u8); 8]; 4] = [
        // South: d4 e4 f4 g4, pawns d5 e5 f5 g5.
        [
            (3, 3),
            (4, 3),
            (5, 3),
            (6, 3),
            (3, 4),
            (4, 4),
            (5, 4),
            (6, 4),
        ],
        // West: d11 d10 d9 d8, pawns e11 e10 e9 e8.
        [
            (3, 10),
            (3, 9),
            (3, 8),
            (3, 7),
            (4, 10),
            (4, 9),
            (4, 8),
            (4, 7),
        ],
        // North: k11 j11 i11 h11, pawns k10 j10 i10 h10.
        [
            (10, 10),
            (9, 10),
            (8, 10),
            (7, 10),
            (10, 9),
            (9, 9),
            (8, 9),
            (7, 9),
        ],
        // East: k4 k5 k6 k7, pawns j4 j5 j6 j7.
        [
            (10, 3),
            (10, 4),
            (10, 5),
            (10, 6),
            (9, 3),
            (9, 4),
            (9, 5),
            (9, 6),
        ],
    ];
    const KINDS: [Kind; 4] = [Kind::Rook, Kind::Knight, Kind::Bishop, Kind::King];
    let mut out = Vec::with_capacity(32);
    for seat in Seat::ALL {
        for (i, &(f, r)) in ARMIES[seat.index()].iter().enumerate() {
            let kind = if i < 4 { KINDS[i] } else { Kind::Pawn };
            let sq = Square::new(f, r).expect("the centre is on the board");
            out.push((sq, Piece::new(seat, kind)));
        }
    }
    out
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
        match self {
            Setup::Chess960 { n, .. } => write!(f, "Chess960={n}"),
            _ => f.write_str(self.code()),
        }
    }
}

/// An unknown setup code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSetup(pub String);

impl fmt::Display for UnknownSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown setup '{}' (expected 4PC, 4PCo, 4PCb, 4PCn, 4PCrg or Chaturaji)",
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
            .chain([Setup::Chaturaji])
            .find(|x| x.code().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownSetup(s.to_string()))
    }
}
