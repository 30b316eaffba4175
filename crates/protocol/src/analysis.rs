//! Analysis on the wire: a position's engine lines (the socket's `analysis` message) and a
//! game's review (`GET /api/games/{id}/review`). Scores are in hundredths of a pawn (sides
//! games: Teams, Verney, Club) or of a point (games without sides: FFA, Chaturaji): see
//! proto-docs, "Analysis".

use crate::ids::GameId;
use crate::types::SeatName;
use fourhand_rules::Square;
use serde::{Deserialize, Serialize};

/// Where a game review stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReviewStatus {
    /// Asked for, waiting for a worker.
    Queued,
    /// A worker is evaluating its positions.
    Running,
    /// Ready.
    Done,
    /// Given up (the game's record did not replay).
    Failed,
}

impl ReviewStatus {
    /// Its name as stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            ReviewStatus::Queued => "queued",
            ReviewStatus::Running => "running",
            ReviewStatus::Done => "done",
            ReviewStatus::Failed => "failed",
        }
    }

    /// The status of a stored name.
    pub fn parse(s: &str) -> Option<ReviewStatus> {
        Some(match s {
            "queued" => ReviewStatus::Queued,
            "running" => ReviewStatus::Running,
            "done" => ReviewStatus::Done,
            "failed" => ReviewStatus::Failed,
            _ => return None,
        })
    }
}

/// One seat's score.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatScore {
    /// Hundredths of a pawn (sides games: the seat's side against the other) or of a point
    /// (games without sides: the seat's margin over its strongest rival); higher is better for
    /// the seat; ±10000 for a forced mate or a decided game.
    pub centi: i32,
    /// A forced mate in so many rounds (the seat to move's turns, this one included), positive
    /// when this seat's side gives it; 0 once the game is over by it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
}

/// A move of a line, as the record writes it, with its squares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineMove {
    /// Whose move.
    pub seat: SeatName,
    /// The move as PGN4 writes it (`Nk4xj2+`).
    pub text: String,
    /// Its from-square.
    pub from: Square,
    /// Its to-square.
    pub to: Square,
}

/// One of a position's best lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalysisLine {
    /// The line's moves, the first the one recommended.
    pub moves: Vec<LineMove>,
    /// Each seat's score (Red, Blue, Yellow, Green) at the end of the line.
    pub scores: [SeatScore; 4],
}

/// The verdict on a reviewed move (thresholds in proto-docs).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Judgement {
    /// The engine's move, or within 0.2 of it.
    Best,
    /// Within 1.
    Good,
    /// Gave away 1 to 2.
    Inaccuracy,
    /// Gave away 2 to 4.
    Mistake,
    /// Gave away 4 or more.
    Blunder,
}

/// A reviewed move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewedMove {
    /// The mover.
    pub seat: SeatName,
    /// The verdict.
    pub judgement: Judgement,
    /// What the mover gave away, in hundredths (as `SeatScore::centi`).
    pub loss: i32,
    /// The engine's move, when the move played was not it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub better: Option<LineMove>,
    /// The move's accuracy in percent.
    pub accuracy: f64,
}

/// A game's review.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameReview {
    /// The game.
    pub game: GameId,
    /// Its rule set.
    pub rules: String,
    /// A sides game: one score for Red/Yellow against Blue/Green.
    pub sides: bool,
    /// The depth asked of each position, and the node budget.
    pub depth: u32,
    /// The node budget of each position.
    pub nodes: u64,
    /// Each position's scores by seat: the start, then after each entry of the record.
    pub scores: Vec<[SeatScore; 4]>,
    /// Per entry of the record: the verdict when the entry was a move, else null.
    pub moves: Vec<Option<ReviewedMove>>,
    /// Each seat's accuracy in percent (null: it made no move).
    pub accuracy: [Option<f64>; 4],
    /// Per seat, how many of its moves got each verdict, best to blunder.
    pub counts: [[u32; 5]; 4],
}

/// A review's state as `GET /api/games/{id}/review` answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewState {
    /// The game.
    pub game: GameId,
    /// Where it stands.
    pub status: ReviewStatus,
    /// Positions evaluated so far.
    pub done: u32,
    /// Positions to evaluate (0 until a worker starts).
    pub total: u32,
    /// The review, once done.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<GameReview>,
}
