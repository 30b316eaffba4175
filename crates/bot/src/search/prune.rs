//! The numbers of the selective search: how much a late move is reduced, how late a move may
//! be before it is pruned, and the margins of the futility tests. Tuned by matches (README).

/// Deepest node where reverse futility applies: one ply, as in 4pchess. Deeper, a node of the
/// other side two plies from the horizon is cut on its static score before the side's next
/// move is seen, and a quiet first move of a mate in two that costs placement (a rook leaving
/// the centre under the fitted Teams weights) was missed (README, bot section).
pub(super) const REVERSE_FUTILITY_DEPTH: u32 = 1;
/// Reverse-futility margin per ply of depth.
pub(super) const REVERSE_FUTILITY_MARGIN: i32 = 110;
/// Deepest node where futility pruning applies.
pub(super) const FUTILITY_DEPTH: u32 = 3;
/// With `early-check-extension`: a check is extended only when the move that gave it was
/// among this many moves searched first at its node (4pchess: `move_count < 6`).
pub(super) const EARLY_CHECK_MOVES: usize = 6;
/// Check extensions along one line at most.
pub(super) const MAX_EXTENSIONS: u8 = 2;
/// What a capture may bring beyond its victim's value before delta pruning gives up on it.
pub(super) const DELTA_MARGIN: i32 = 200;
/// Moves searched at full depth before late-move reductions start.
pub(super) const FULL_DEPTH_MOVES: usize = 1;
/// How much a static score must move in two plies to count as improving or declining.
pub(super) const TREND_MARGIN: i32 = 150;
/// History credit per ply of reduction taken off (or added) beyond the history's sign.
pub(super) const HISTORY_PER_PLY: i32 = 512;
/// Half-width of the first aspiration window at the root.
pub(super) const ASPIRATION: i32 = 50;

/// Futility margin at `depth`: a quiet move is not expected to gain more.
pub(super) fn futility_margin(depth: u32) -> i32 {
    80 + 120 * depth as i32
}

/// Quiet moves searched at `depth` before the rest are pruned (more at a principal-variation
/// node, fewer at another one whose side's static score is `declining`). Applies at every
/// depth: four-player trees are wide, and late quiet moves seldom matter.
pub(super) fn late_move_count(depth: u32, pv: bool, declining: bool) -> usize {
    let d2 = (depth * depth) as usize;
    if pv {
        5 + d2
    } else if declining {
        1 + d2 / 10
    } else {
        1 + d2 / 5
    }
}

/// How far beyond the window the static score must stand for the deep null move
/// (`deep-null-move`) to be tried.
pub(super) const NULL_MARGIN: i32 = 50;

/// Null-move reduction (plies besides the move itself) at `depth`.
pub(super) fn null_reduction(depth: u32) -> u32 {
    2 + depth / 3
}

/// Late-move reduction of the `index`th move searched (from 0) at `depth`: one ply, more at
/// depth and late in the order, and more again for a quiet move.
pub(super) fn reduction(depth: u32, index: usize, quiet: bool) -> u32 {
    let mut r = 1 + depth.saturating_sub(5) / 3 + (index / 24) as u32;
    if quiet {
        r += 1 + depth / 8;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_move_number_and_more_for_quiet_moves() {
        assert_eq!(reduction(2, 1, false), 1);
        assert_eq!(reduction(2, 1, true), 2);
        for d in 1..40 {
            for i in 1..60 {
                for q in [false, true] {
                    assert!(reduction(d, i, q) <= reduction(d + 1, i, q));
                    assert!(reduction(d, i, q) <= reduction(d, i + 1, q));
                }
                assert!(reduction(d, i, false) < reduction(d, i, true));
            }
        }
        assert!(reduction(20, 40, true) >= 8);
    }

    #[test]
    fn late_move_pruning_keeps_more_moves_deeper_and_at_principal_nodes() {
        assert_eq!(late_move_count(1, false, false), 1);
        assert_eq!(late_move_count(5, false, false), 6);
        assert_eq!(late_move_count(5, false, true), 3);
        for d in 1..30 {
            for declining in [false, true] {
                let here = late_move_count(d, false, declining);
                assert!(here <= late_move_count(d + 1, false, declining));
                assert!(here < late_move_count(d, true, declining));
            }
            assert!(late_move_count(d, false, true) <= late_move_count(d, false, false));
            assert_eq!(
                late_move_count(d, true, true),
                late_move_count(d, true, false)
            );
        }
    }
}
