//! A node's place in the search tree (its ply, whether a null move may follow, its extensions),
//! and how a late move at it is searched.

use super::prune::EARLY_CHECK_MOVES;

/// How a move after the first at a node is searched ([`Searcher::search_late`]).
#[derive(Copy, Clone)]
pub(super) struct Late {
    /// The node's side is the root's (it must beat `alpha`; else it must stay below `beta`).
    pub maximizing: bool,
    /// The node lies on the principal variation (its window is open).
    pub pv: bool,
    /// Plies the move is reduced by in its first search.
    pub reduction: u32,
}

/// One node's place in the tree: how far from the root.
#[derive(Copy, Clone)]
pub(super) struct Node {
    pub ply: i32,
    pub allow_null: bool,
    /// Check extensions on the path from the root.
    pub extensions: u8,
    /// The move that led here was among the first searched at its node (so a check it gave
    /// may be extended under `early-check-extension`).
    pub early: bool,
}

impl Node {
    /// The root's child after the `index`th root move searched (from 0).
    pub(super) fn child_of_root(index: usize) -> Node {
        Node {
            ply: 1,
            allow_null: true,
            extensions: 0,
            early: index < EARLY_CHECK_MOVES,
        }
    }

    /// The root's node after a layer of best-reply search at `ply`: no history of extensions.
    pub(super) fn after_replies(ply: i32) -> Node {
        Node {
            ply: ply + 1,
            allow_null: true,
            extensions: 0,
            early: true,
        }
    }

    /// The child after the `index`th move searched here (from 0).
    pub(super) fn next(self, index: usize) -> Node {
        Node {
            ply: self.ply + 1,
            allow_null: true,
            extensions: self.extensions,
            early: index < EARLY_CHECK_MOVES,
        }
    }
}
