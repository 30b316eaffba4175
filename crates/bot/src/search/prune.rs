//! The numbers of the selective search: how much a late move is reduced, how late a move may
//! be before it is pruned, and the margins of the futility tests. Tuned by matches (README).

use std::sync::OnceLock;

/// Deepest node where reverse futility applies.
pub(super) const REVERSE_FUTILITY_DEPTH: u32 = 5;
/// Reverse-futility margin per ply of depth.
pub(super) const REVERSE_FUTILITY_MARGIN: i32 = 110;
/// Deepest node where futility pruning applies.
pub(super) const FUTILITY_DEPTH: u32 = 3;
/// Deepest node where late-move pruning applies.
pub(super) const LATE_MOVE_DEPTH: u32 = 4;
/// What a capture may bring beyond its victim's value before delta pruning gives up on it.
pub(super) const DELTA_MARGIN: i32 = 200;
/// Moves searched at full depth before late-move reductions start.
pub(super) const FULL_DEPTH_MOVES: usize = 2;
/// Half-width of the first aspiration window at the root.
pub(super) const ASPIRATION: i32 = 50;

/// Futility margin at `depth`: a quiet move is not expected to gain more.
pub(super) fn futility_margin(depth: u32) -> i32 {
    80 + 120 * depth as i32
}

/// Quiet moves searched at `depth` before the rest are pruned.
pub(super) fn late_move_count(depth: u32) -> usize {
    4 + (depth * depth) as usize
}

/// Null-move reduction (plies besides the move itself) at `depth`.
pub(super) fn null_reduction(depth: u32) -> u32 {
    2 + depth / 4
}

/// Late-move reduction of the `index`th move (from 0) at `depth`: grows with the logarithms of
/// both.
pub(super) fn reduction(depth: u32, index: usize) -> u32 {
    static TABLE: OnceLock<Vec<[u8; 64]>> = OnceLock::new();
    let t = TABLE.get_or_init(|| {
        (0..64)
            .map(|d| {
                let mut row = [0u8; 64];
                for (i, r) in row.iter_mut().enumerate() {
                    if d > 0 && i > 0 {
                        let x = 0.5 + (d as f64).ln() * (i as f64).ln() / 2.25;
                        *r = x as u8;
                    }
                }
                row
            })
            .collect()
    });
    u32::from(t[(depth as usize).min(63)][index.min(63)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_move_number_and_start_at_none() {
        assert_eq!(reduction(1, 1), 0);
        assert_eq!(reduction(3, 1), 0);
        assert!(reduction(3, 10) >= 1);
        for d in 2..40 {
            for i in 1..60 {
                assert!(reduction(d, i) <= reduction(d + 1, i));
                assert!(reduction(d, i) <= reduction(d, i + 1));
            }
        }
        assert!(reduction(20, 40) >= 4);
    }
}
