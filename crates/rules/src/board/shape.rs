//! Which squares of the 14×14 grid a rule set plays on.

use super::square::Square;

/// The board in use: the 160-square cross, or Chaturaji's 8×8 centre (d4–k11) of the same grid.
///
/// Squares outside the shape are walls for the whole game: sliders stop before them, knights
/// cannot land on them, no piece stands on them, and FEN4 writes them `x`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BoardShape {
    /// The cross of rules.md §1 (14×14 less three-by-three corners).
    Cross160,
    /// The 64 squares d4–k11 (variants.md §2.1).
    Centre64,
}

impl BoardShape {
    /// True when `sq` is a square of this board.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        match self {
            BoardShape::Cross160 => true,
            BoardShape::Centre64 => {
                let (f, r) = (sq.file(), sq.rank());
                f >= 3 && f <= 10 && r >= 3 && r <= 10
            }
        }
    }

    /// The squares of this board, rank 1 first, each rank from file a.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        Square::all().filter(move |&sq| self.contains(sq))
    }
}
