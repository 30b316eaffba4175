//! FFA's best-reply search with the turn order kept ("BRS+", `best-reply-plus`): between two of
//! the root's moves exactly one opponent plays a move the search picks among all of its moves;
//! the others, before and after it, play the first of theirs by the move ordering. So the root
//! sees one of its own moves every two plies of depth, as in best-reply search, and every
//! position searched is one the game can reach (no opponent passes).

use super::order::{is_quiet, order, Hints};
use super::tree::{child, Node};
use super::{Searcher, MATE};
use fourhand_rules::{Move, Position};

impl Searcher {
    /// The score of `pos`, an opponent to move, for the root within (`alpha`, `beta`), with
    /// `depth` plies left, of which this layer of replies takes one.
    pub(super) fn best_reply_plus(
        &mut self,
        pos: &Position,
        depth: u32,
        alpha: i32,
        mut beta: i32,
        points: &[i32; 4],
        ply: i32,
    ) -> i32 {
        if depth == 0 {
            return self.quiesce(pos, alpha, beta, points, 0, ply);
        }
        let mut best = MATE * 2;
        // The position where the opponent whose moves are searched is to move: `pos`, then
        // after each opponent before it played its first move.
        let mut lead = pos.clone();
        let mut lead_points = *points;
        for _ in 0..3 {
            let me = lead.turn();
            if me == self.root || self.root_mated(&lead) {
                break;
            }
            let moves = lead.legal_moves();
            if moves.is_empty() {
                return best.min(self.no_moves(&lead, me, &lead_points, ply));
            }
            let replies: Vec<Move> = order(&lead, &moves, self.reply_hints(ply)).collect();
            for &m in &replies {
                let s = match self.replies_after(&lead, m, &lead_points, ply) {
                    Ok((c, pts)) => {
                        let next = Node::after_replies(ply, Some(m));
                        self.alphabeta(&c, depth - 1, alpha, beta, &pts, next)
                    }
                    Err(s) => s,
                };
                best = best.min(s);
                beta = beta.min(s);
                if alpha >= beta || self.stopped {
                    if is_quiet(&lead, m) && self.opts.killers {
                        self.heur.reward(m, ply as usize, depth, None, &[]);
                    }
                    return best;
                }
            }
            // The next opponent's moves are searched after this one's first.
            match child(&lead, replies[0], &lead_points) {
                (Some(c), pts) => (lead, lead_points) = (c, pts),
                (None, _) => break,
            }
        }
        best
    }

    /// The position after opponent's reply `m` in `pos` and the first moves (by the ordering)
    /// of the opponents after it, up to the root's turn (or the root out), with the points;
    /// or, where the line ends before (an opponent without a move, the game over), its score.
    fn replies_after(
        &mut self,
        pos: &Position,
        m: Move,
        points: &[i32; 4],
        ply: i32,
    ) -> Result<(Position, [i32; 4]), i32> {
        let (Some(mut c), mut pts) = child(pos, m, points) else {
            return Err(-MATE + ply);
        };
        for _ in 0..3 {
            let me = c.turn();
            if me == self.root || self.root_mated(&c) {
                break;
            }
            let moves = c.legal_moves();
            if moves.is_empty() {
                return Err(self.no_moves(&c, me, &pts, ply));
            }
            let Some(first) = order(&c, &moves, self.reply_hints(ply)).next() else {
                break;
            };
            match child(&c, first, &pts) {
                (Some(next), p) => (c, pts) = (next, p),
                (None, _) => return Err(-MATE + ply),
            }
        }
        Ok((c, pts))
    }

    /// How an opponent's moves are ordered: captures and promotions first, then the killers
    /// at `ply`.
    fn reply_hints(&self, ply: i32) -> Hints<'_> {
        Hints {
            heur: self
                .opts
                .killers
                .then_some((&self.heur, ply as usize, None)),
            ..Hints::PLAIN
        }
    }
}
