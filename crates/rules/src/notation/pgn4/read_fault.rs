//! Why an entry of a PGN4 could not be read or played ([`super::ReadError`] says where).

use crate::board::{Kind, Square};
use crate::game::GameError;
use crate::notation::pgn4::StartError;
use crate::ruleset_error::RuleSetError;
use std::fmt;

/// Why an entry (or the tags) of a PGN4 could not be read or played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadFault {
    /// The `Variant` or `RuleVariants` tag names no rule set this server plays.
    Rules(RuleSetError),
    /// The `StartFen4` tag is not a position.
    Start(StartError),
    /// The game refused the entry (a move, resignation or timeout it does not allow now).
    Refused(GameError),
    /// An `R` out of turn reads as that seat's claim of the win, which the game refused.
    ClaimRefused {
        /// The claimant's colour under the game's rule set.
        colour: &'static str,
        /// Why the claim was refused.
        error: GameError,
    },
    /// The rules passed this seat's turn (stalemate, mate on his turn, the automatic claim):
    /// its slot must read `mark`.
    SlotShouldRead {
        /// The seat's colour.
        colour: &'static str,
        /// `R`, `S` or `#`.
        mark: &'static str,
    },
    /// `#`, but the position shows no mate.
    NotMated,
    /// `S`, but the position shows no stalemate.
    NotStalemated,
    /// Conquest's `#` for a mated player's slot, but the seat can move.
    MatedCanMove,
    /// `-`, but the seat can move.
    NotSkipped,
    /// An entry after the end of the game.
    GameOver,
    /// A record whose lines, added up, hold more entries than a reader replays.
    TooLong,
    /// A zombie's move whose player's resignation (or timeout) ended his turn.
    ZombieTurnEnded,
    /// The move is not written as one.
    Syntax(MoveSyntax),
    /// No piece of the seat to move stands on the from-square.
    NoPiece {
        /// The from-square.
        from: Square,
    },
    /// The from-square holds another kind of piece than the move names.
    WrongPiece {
        /// The from-square.
        from: Square,
        /// What stands there.
        holds: Kind,
        /// What the move names.
        written: Kind,
    },
    /// Castling that is not legal here.
    CastlingIllegal,
    /// No legal move goes from that square to that one.
    Illegal,
    /// The move is legal, the promotion piece is not.
    IllegalPromotion,
    /// A promotion with a choice of pieces and none written.
    PromotionMissing,
}

/// What is wrong with a move's text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveSyntax {
    /// No from-square where one must start.
    NoFrom,
    /// Neither `-` nor `x` after the from-square.
    NoSeparator,
    /// No to-square after the separator.
    NoTo,
    /// `=` with nothing after it.
    NoPromotionPiece,
    /// `=` followed by a letter that is no promotion piece.
    BadPromotion(char),
    /// A character after the move that is no suffix (`+`, `#`, `S`, `!`, `?`, `R`, `T`).
    Unexpected(char),
}

impl fmt::Display for MoveSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveSyntax::NoFrom => f.write_str("no from-square"),
            MoveSyntax::NoSeparator => f.write_str("expected '-' or 'x' after the from-square"),
            MoveSyntax::NoTo => f.write_str("no to-square"),
            MoveSyntax::NoPromotionPiece => f.write_str("no promotion piece after '='"),
            MoveSyntax::BadPromotion(c) => write!(f, "bad promotion piece '{c}'"),
            MoveSyntax::Unexpected(c) => write!(f, "unexpected '{c}' after the move"),
        }
    }
}

impl fmt::Display for ReadFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadFault::Rules(e) => write!(f, "{e}"),
            ReadFault::Start(e) => write!(f, "{e}"),
            ReadFault::Refused(e) => write!(f, "{e}"),
            ReadFault::ClaimRefused { colour, error } => {
                write!(
                    f,
                    "an R out of turn is {colour}'s claim of the win, but: {error}"
                )
            }
            ReadFault::SlotShouldRead { colour, mark: "R" } => write!(
                f,
                "the win is claimed for {colour} on this turn (the automatic claim): its slot \
                 should read 'R'"
            ),
            ReadFault::SlotShouldRead { colour, mark: "S" } => {
                write!(
                    f,
                    "{colour} is stalemated on this turn: its slot should read 'S'"
                )
            }
            ReadFault::SlotShouldRead { colour, mark } => {
                write!(
                    f,
                    "{colour} is mated on this turn: its slot should read '{mark}'"
                )
            }
            ReadFault::NotMated => {
                f.write_str("marked as mated, but the position does not show a mate")
            }
            ReadFault::NotStalemated => {
                f.write_str("marked as stalemated, but the position does not show a stalemate")
            }
            ReadFault::MatedCanMove => f.write_str("a mated player's slot, but this seat can move"),
            ReadFault::NotSkipped => {
                f.write_str("a skipped turn, but the position lets this seat move")
            }
            ReadFault::GameOver => f.write_str("the game is already over"),
            ReadFault::TooLong => f.write_str("too many variations to replay"),
            ReadFault::ZombieTurnEnded => {
                f.write_str("a zombie move, but the player's resignation ended his turn")
            }
            ReadFault::Syntax(s) => write!(f, "{s}"),
            ReadFault::NoPiece { from } => write!(f, "no piece of this seat on {from}"),
            ReadFault::WrongPiece {
                from,
                holds,
                written,
            } => write!(
                f,
                "no such piece: {from} holds a {holds:?}, not a {written:?}"
            ),
            ReadFault::CastlingIllegal => f.write_str("castling is not legal here"),
            ReadFault::Illegal => f.write_str("illegal move"),
            ReadFault::IllegalPromotion => f.write_str("illegal promotion"),
            ReadFault::PromotionMissing => f.write_str("ambiguous: the promotion piece is missing"),
        }
    }
}

impl std::error::Error for ReadFault {}
