//! FFA points (rules.md §5.2): check bonuses and shares. What captures, mates and kings are
//! worth is the rule set's [`crate::ruleset::PointTable`].

use crate::ruleset::CheckBonus;

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
        (CheckBonus::Flat { two, .. }, 2) => two as i32,
        (CheckBonus::Flat { three, .. }, 3) => three as i32,
        _ => 0,
    }
}

/// `total` shared among `n` players, rounded to the nearest whole point.
pub fn share(total: i32, n: usize) -> i32 {
    if n == 0 {
        0
    } else {
        (total as f64 / n as f64).round() as i32
    }
}
