//! Moves as the engine makes them.

use crate::board::{Kind, Square};
use std::fmt;

/// What kind of move this is, beyond from and to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    /// Any ordinary move or capture (promotions included).
    Normal = 0,
    /// A pawn's two-square first move.
    DoubleStep = 1,
    /// An en-passant capture (may also take a piece standing on the skipped square).
    EnPassant = 2,
    /// Castling towards the rook three squares from the king.
    CastleShort = 3,
    /// Castling towards the rook four squares from the king.
    CastleLong = 4,
    /// A pawn jumping its partner's pawn (Verney, Club).
    Jump = 5,
}

/// A move: from, to, an optional promotion piece and its kind. Four bytes.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    to: u8,
    promotion: u8,
    kind: MoveKind,
}

impl Move {
    #[inline(always)]
    pub(crate) const fn raw(from: u8, to: u8, promotion: u8, kind: MoveKind) -> Move {
        Move {
            from,
            to,
            promotion,
            kind,
        }
    }

    /// The square the piece leaves (for castling, the king's square).
    #[inline]
    pub fn from(self) -> Square {
        Square::from_index(self.from).expect("moves hold board squares")
    }

    /// The square the piece arrives on (for castling, the king's destination).
    #[inline]
    pub fn to(self) -> Square {
        Square::from_index(self.to).expect("moves hold board squares")
    }

    /// Whether this is a castle (under Chess960 written from the king's square to the rook's,
    /// so the destination holds the mover's own rook, not a victim).
    #[inline]
    pub fn is_castle(self) -> bool {
        matches!(self.kind, MoveKind::CastleShort | MoveKind::CastleLong)
    }

    /// The piece a pawn becomes, if this is a promotion.
    #[inline]
    pub fn promotion(self) -> Option<Kind> {
        Kind::from_bits(self.promotion)
    }

    /// The kind of move.
    #[inline]
    pub fn kind(self) -> MoveKind {
        self.kind
    }

    #[inline(always)]
    pub(crate) fn origin_idx(self) -> u8 {
        self.from
    }

    #[inline(always)]
    pub(crate) fn to_idx(self) -> u8 {
        self.to
    }

    /// Long algebraic without piece letters: `h2-h3`, `h10-h11=Q` (the engine protocol form).
    pub fn uci(self) -> String {
        let mut s = format!("{}-{}", self.from(), self.to());
        if let Some(k) = self.promotion() {
            s.push('=');
            s.push(k.letter());
        }
        s
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.uci())?;
        if self.kind != MoveKind::Normal {
            write!(f, "({:?})", self.kind)?;
        }
        Ok(())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.uci())
    }
}

/// Capacity of a [`MoveList`], above what any position can hold: a seat has at most 16 pieces
/// (there are no drops), a queen on the 160-square board reaches at most 52 squares, and a pawn
/// at most 3 squares with 4 promotion pieces each, so one seat has at most 16 × 52 = 832
/// pseudo-legal moves.
pub const MAX_MOVES: usize = 1024;

/// A fixed-capacity list of moves that lives on the stack (an `arrayvec::ArrayVec`: its storage
/// is not initialised, so making one costs nothing — perft and search make one per node — and it
/// has no `unsafe` of ours). Measured against the hand-written uninitialised list it replaced:
/// no slower (perft 6 from the Modern start, `farm-bench -n 7`, this list / the old one: median
/// 0.94 of the CPU time, 0.90 to 1.08 over the pairs).
/// A push beyond the capacity panics: a list never drops a move silently.
pub struct MoveList {
    moves: arrayvec::ArrayVec<Move, MAX_MOVES>,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: arrayvec::ArrayVec::new(),
        }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, m: Move) {
        self.moves.push(m);
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True when there are no moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
    }

    /// Keeps only the moves for which `f` is true.
    #[inline]
    pub fn retain(&mut self, mut f: impl FnMut(Move) -> bool) {
        self.moves.retain(|m| f(*m));
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}
