//! FFA points (rules.md §5.2): what captures, mates and checks are worth.

use crate::board::{Kind, Piece};
use crate::ruleset::CheckBonus;

/// Points for capturing `pc`: 0 for a dead piece, 1 for a pawn or one-point queen, 3 knight,
/// 5 bishop or rook, 9 queen, 20 king.
pub const fn capture_value(pc: Piece) -> i32 {
    if pc.dead {
        return 0;
    }
    match pc.kind {
        Kind::Pawn => 1,
        Kind::Knight => 3,
        Kind::Bishop | Kind::Rook => 5,
        Kind::Queen if pc.one_point => 1,
        Kind::Queen => 9,
        Kind::King => 20,
    }
}

/// Points for checking `kings` live kings at once with the mover's own pieces; `queen_only` when
/// every checking piece is a queen.
pub const fn check_bonus(table: CheckBonus, kings: usize, queen_only: bool) -> i32 {
    match (table, kings) {
        (CheckBonus::Live, 2) => 1,
        (CheckBonus::Live, 3) => 5,
        (CheckBonus::HelpCentre, 2) => {
            if queen_only {
                1
            } else {
                5
            }
        }
        (CheckBonus::HelpCentre, 3) => {
            if queen_only {
                5
            } else {
                20
            }
        }
        _ => 0,
    }
}

/// Points for mating a king by default (a rule set's `mate_points`, chess.com
/// `PointsForMate=`, may say otherwise).
pub const MATE: i32 = 20;
/// Points for being stalemated, and for a king at the end.
pub const KING: i32 = 20;
/// Points for each active player in a draw.
pub const DRAW: i32 = 10;

/// `total` shared among `n` players, rounded to the nearest whole point.
pub fn share(total: i32, n: usize) -> i32 {
    if n == 0 {
        0
    } else {
        (total as f64 / n as f64).round() as i32
    }
}
