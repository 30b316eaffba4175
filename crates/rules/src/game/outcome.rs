//! What happens to seats and games: statuses, reasons, results and the events a game emits.

use crate::board::{BySeat, Seat, Side};
use crate::moves::Move;

/// Why a seat left the game (or its army stopped). With the `serde` feature it is written as a
/// snake_case code (`timed_out`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum OutReason {
    /// Checkmated: in check with no legal move (judged when the rule set judges mates).
    Checkmated,
    /// Stalemated (FFA: scores 20 and is out).
    Stalemated,
    /// Resigned (also by claiming the win in FFA).
    Resigned,
    /// Lost on time.
    TimedOut,
    /// Did not reconnect within the reconnect window (a forfeit by disconnection).
    Disconnected,
    /// Its king was captured.
    KingCaptured,
    /// An opponent's king reached the hill (King of the Hill).
    HillTaken,
}

impl OutReason {
    /// Every reason.
    pub const ALL: [OutReason; 7] = [
        OutReason::Checkmated,
        OutReason::Stalemated,
        OutReason::Resigned,
        OutReason::TimedOut,
        OutReason::Disconnected,
        OutReason::KingCaptured,
        OutReason::HillTaken,
    ];

    /// Beaten on the board — mated, king captured, or the hill taken — rather than leaving.
    pub const fn is_mate(self) -> bool {
        matches!(
            self,
            OutReason::Checkmated | OutReason::KingCaptured | OutReason::HillTaken
        )
    }

    /// Lower-case word for reports.
    pub const fn as_str(self) -> &'static str {
        match self {
            OutReason::Checkmated => "checkmated",
            OutReason::Stalemated => "stalemated",
            OutReason::Resigned => "resigned",
            OutReason::TimedOut => "timed out",
            OutReason::Disconnected => "disconnected",
            OutReason::KingCaptured => "king captured",
            OutReason::HillTaken => "the hill taken",
        }
    }
}

/// Where a seat stands in the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SeatStatus {
    /// Still playing: moves on his turns.
    Active,
    /// FFA Dead King Walking: out of the game (resigned or timed out), its king still walks.
    Zombie(OutReason),
    /// Out of the game (FFA), or lost (sides games).
    Out(OutReason),
    /// Verney/Club: mated, revivable.
    Mated,
    /// No army at this seat: three-player Conquest's East (variants.md §5.1).
    Absent,
}

impl SeatStatus {
    /// Still competing: neither out, zombie nor mated.
    pub const fn is_active(self) -> bool {
        matches!(self, SeatStatus::Active)
    }

    /// Short description for reports (`active`, `zombie (resigned)`, `out (checkmated)`, `mated`).
    pub fn describe(self) -> String {
        match self {
            SeatStatus::Active => "active".into(),
            SeatStatus::Zombie(r) => format!("zombie ({})", r.as_str()),
            SeatStatus::Out(r) => format!("out ({})", r.as_str()),
            SeatStatus::Mated => "mated".into(),
            SeatStatus::Absent => "absent".into(),
        }
    }
}

/// Why a game was drawn (with the `serde` feature written as a snake_case code: `fifty_moves`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum DrawReason {
    /// A player to move had no legal move and was not in check (Teams).
    Stalemate,
    /// The same position a third time.
    Repetition,
    /// Fifty moves of each player without a pawn move or capture.
    FiftyMoves,
    /// Neither side can mate.
    InsufficientMaterial,
    /// Verney/Club: neither player of a side can move.
    NoMoves,
}

impl DrawReason {
    /// Lower-case words for reports.
    pub const fn as_str(self) -> &'static str {
        match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::Repetition => "threefold repetition",
            DrawReason::FiftyMoves => "fifty-move rule",
            DrawReason::InsufficientMaterial => "insufficient material",
            DrawReason::NoMoves => "no side can move",
        }
    }
}

/// Why a side won (sides games) or the game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Decisive {
    /// The seat whose loss decided the game.
    pub seat: Seat,
    /// How it lost.
    pub reason: OutReason,
}

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A side won (Teams, Verney, Club).
    Won {
        /// The winning side.
        side: Side,
        /// The loss that decided it.
        by: Decisive,
    },
    /// Drawn (any rule set; in FFA points still decide the placings).
    Drawn(DrawReason),
    /// FFA: three players are out; the points decide.
    Finished,
    /// Aborted by an early resignation or timeout: no result.
    Aborted {
        /// Who caused it.
        by: Seat,
    },
}

/// Why points were scored (FFA).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ScoreReason {
    /// Captured a piece.
    Capture,
    /// Mated a king.
    Checkmate,
    /// Checked two or three kings with one move.
    MultiCheck,
    /// Was stalemated.
    Stalemated,
    /// Share of a zombie king's stalemate.
    ZombieStalemate,
    /// Kings of resigned or timed-out players at the end.
    KingsAtEnd,
    /// Draw points.
    Draw,
}

/// Something that happened in a game, in order, for clients and records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A move was played (`zombie`: by the server for a zombie king).
    MovePlayed {
        /// Who moved.
        seat: Seat,
        /// The move.
        mv: Move,
        /// A Dead King Walking move.
        zombie: bool,
        /// PGN4 text of the move, with check and mate marks.
        text: String,
    },
    /// A turn was passed without a move: a skipped turn or stalemate pass (Verney, Club), a
    /// turn filled by a stalemate (FFA: a live player or a zombie king with no legal move, PGN4
    /// `S`, after the seat's status change), or a zombie king mated in place (FFA).
    TurnPassed {
        /// Whose turn.
        seat: Seat,
    },
    /// Points were scored.
    Scored {
        /// Who scored.
        seat: Seat,
        /// How many.
        points: i32,
        /// What scored the points.
        reason: ScoreReason,
    },
    /// A seat's status changed.
    StatusChanged {
        /// The seat whose status changed.
        seat: Seat,
        /// The new status.
        status: SeatStatus,
    },
    /// The game ended.
    GameEnded(Outcome),
}

impl Outcome {
    /// How the game ended, in words, with the rule set's colour names: `Red checkmated`,
    /// `drawn: threefold repetition`, `three players out`, `aborted by Blue`.
    pub fn termination(self, rules: &crate::ruleset::RuleSet) -> String {
        match self {
            Outcome::Won { by, .. } => format!("{} {}", rules.colour(by.seat), by.reason.as_str()),
            Outcome::Drawn(r) => format!("drawn: {}", r.as_str()),
            Outcome::Finished => "three players out".to_string(),
            Outcome::Aborted { by } => format!("aborted by {}", rules.colour(by)),
        }
    }
}

/// Placings from points: 1 + the number of players with more points (ties share).
pub fn placings(points: &BySeat<i32>) -> BySeat<u8> {
    BySeat::from_fn(|s| 1 + Seat::ALL.iter().filter(|&&o| points[o] > points[s]).count() as u8)
}
