//! What goes into a game (actions), what it records, what it refuses, and what it does by
//! itself.

use super::Event;
use crate::board::Seat;
use crate::moves::Move;
use std::fmt;

/// What a player (or the server on his behalf) did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A move (`zombie`: a Dead King Walking move).
    Move {
        /// The move.
        mv: Move,
        /// Played for a zombie king.
        zombie: bool,
    },
    /// A resignation.
    Resign,
    /// A loss on time.
    Timeout,
    /// FFA: the leader claims the win.
    ClaimWin,
    /// FFA: the server claimed the win for the leader on his turn (rules.md §5.2). chess.com
    /// writes it as an `R` in the leader's slot, and so does the PGN4 writer.
    AutoClaim,
    /// No action: the rules judged the seat to move (a mate or stalemate found on its turn, a
    /// zombie king with no move, a resignation taking effect in its slot).
    Judged,
}

/// One action in the game's record, with the events it caused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Whose action.
    pub seat: Seat,
    /// What was done.
    pub action: Action,
    /// What followed (the move itself first).
    pub events: Vec<Event>,
}

/// Why an action was refused. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The game is over.
    GameOver,
    /// It is not this seat's turn.
    NotYourTurn {
        /// The seat to move.
        to_move: Seat,
    },
    /// The seat is no longer playing.
    NotActive(Seat),
    /// The move is not legal here.
    IllegalMove(String),
    /// A claim that the rules do not allow now.
    CannotClaim(String),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::GameOver => f.write_str("the game is over"),
            GameError::NotYourTurn { to_move } => write!(f, "it is {to_move}'s turn"),
            GameError::NotActive(s) => write!(f, "{s} is no longer playing"),
            GameError::IllegalMove(m) => write!(f, "illegal move: {m}"),
            GameError::CannotClaim(m) => write!(f, "cannot claim: {m}"),
        }
    }
}

impl std::error::Error for GameError {}

/// Which automatic actions the game performs itself.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Automation {
    /// Play Dead King Walking moves with the seeded generator (off when replaying a record,
    /// whose zombie moves are given).
    pub zombie_moves: bool,
    /// FFA autoclaim with two players left: the game claims the win for the leader on his
    /// turn. On in replays too: the record's `R` in the leader's slot then stands for it, and
    /// a claim where the real game played on leaves the record's next move after the end.
    pub autoclaim: bool,
    /// Verney/Club: pass skipped turns and stalemates; Chaturaji: pass a boxed-in army (off
    /// when replaying: the record's `-` entries pass them).
    pub passes: bool,
}

impl Automation {
    /// Everything automatic: live play on the server.
    pub const LIVE: Automation = Automation {
        zombie_moves: true,
        autoclaim: true,
        passes: true,
    };
    /// Replaying a recorded game: the record gives every move and pass; the automatic claim
    /// is made as live, and its `R` read as that claim.
    pub const REPLAY: Automation = Automation {
        zombie_moves: false,
        autoclaim: true,
        passes: false,
    };
}
