//! Moves as the engine makes them.

use crate::board::{Kind, Square};
use std::fmt;
use std::mem::MaybeUninit;

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

    #[inline(always)]
    pub(crate) fn promo_bits(self) -> u8 {
        self.promotion
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

/// Capacity of a [`MoveList`]: more than any reachable position can have.
pub const MAX_MOVES: usize = 1024;

/// A fixed-capacity list of moves that lives on the stack. Its storage is left uninitialised
/// (only the first `len` entries are ever read), so making one costs nothing: perft and search
/// make one per node.
pub struct MoveList {
    len: usize,
    moves: [MaybeUninit<Move>; MAX_MOVES],
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            len: 0,
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
        }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, m: Move) {
        // A position cannot hold more moves than MAX_MOVES; stay safe regardless.
        if self.len < MAX_MOVES {
            self.moves[self.len].write(m);
            self.len += 1;
        }
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there are no moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `f` is true.
    #[inline]
    pub fn retain(&mut self, mut f: impl FnMut(Move) -> bool) {
        let mut w = 0;
        for r in 0..self.len {
            let m = self.as_slice()[r];
            if f(m) {
                self.moves[w].write(m);
                w += 1;
            }
        }
        self.len = w;
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` entries have been written by `push` or `retain`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }

    #[inline]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [Move] {
        // SAFETY: as for `as_slice`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
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
