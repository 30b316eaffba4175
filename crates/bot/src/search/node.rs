//! A node's place in the search tree (its ply, the move that led to it, its extensions and the
//! contexts continuation history reads), and how a late move at it is searched.

use super::history::{Context, NO_CONTEXT};
use super::prune::EARLY_CHECK_MOVES;
use fourhand_rules::Move;

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

/// One node's place in the tree: how far from the root, and the move that led to it.
#[derive(Copy, Clone)]
pub(super) struct Node {
    pub ply: i32,
    pub prev: Option<Move>,
    pub allow_null: bool,
    /// Check extensions on the path from the root.
    pub extensions: u8,
    /// The move that led here was among the first searched at its node (so a check it gave
    /// may be extended under `early-check-extension`).
    pub early: bool,
    /// The contexts of the last four moves on the path, the latest first ([`NO_CONTEXT`] for
    /// a null move or before the root): what continuation history reads.
    pub path: [Context; 4],
}

impl Node {
    /// The root's child after `m` (of context `cx`), the `index`th root move searched (from 0).
    pub(super) fn child_of_root(m: Move, cx: Context, index: usize) -> Node {
        Node {
            ply: 1,
            prev: Some(m),
            allow_null: true,
            extensions: 0,
            early: index < EARLY_CHECK_MOVES,
            path: [cx, NO_CONTEXT, NO_CONTEXT, NO_CONTEXT],
        }
    }

    /// The root's node after a layer of best-reply search at `ply` whose searched reply was
    /// `prev` (`None`: every opponent passed): no history of extensions or contexts.
    pub(super) fn after_replies(ply: i32, prev: Option<Move>) -> Node {
        Node {
            ply: ply + 1,
            prev,
            allow_null: true,
            extensions: 0,
            early: true,
            path: [NO_CONTEXT; 4],
        }
    }

    /// The child after `m` (of context `cx`), the `index`th move searched here (from 0).
    pub(super) fn next(self, m: Option<Move>, cx: Context, index: usize) -> Node {
        Node {
            ply: self.ply + 1,
            prev: m,
            allow_null: true,
            extensions: self.extensions,
            early: index < EARLY_CHECK_MOVES,
            path: self.after(cx),
        }
    }

    /// The path with `cx` as its latest move.
    pub(super) fn after(self, cx: Context) -> [Context; 4] {
        [cx, self.path[0], self.path[1], self.path[2]]
    }

    /// What continuation history reads here: the move that led here (the seat before's) and
    /// this seat's own last move, four plies up.
    pub(super) fn before(self) -> [Context; 2] {
        [self.path[0], self.path[3]]
    }
}
