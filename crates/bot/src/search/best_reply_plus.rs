//! FFA's best-reply search with the turn order kept ("BRS+", `best-reply-plus`): between two of
//! the root's moves exactly one opponent plays a move the search picks among all of its moves;
//! the others, before and after it, play the first of theirs by the move ordering. So the root
//! sees one of its own moves every two plies of depth, as in best-reply search, and every
//! position searched is one the game can reach (no opponent passes).
//!
//! A layer of replies is one node of the search: it reads and fills the transposition table
//! (its move is the reply that refuted last time, searched first), searches every reply after
//! the first with a null window at the edge it must beat, and reduces and prunes the late quiet
//! replies as the root's nodes do.

use super::child::child;
use super::exchange::loses_material;
use super::node::{Late, Node};
use super::order::{is_quiet, order, Hints};
use super::prune::{late_move_count, reduction, FULL_DEPTH_MOVES};
use super::table::key;
use super::table::{move_code, Bound};
use super::MATE_BOUND;
use super::{Searcher, MATE};
use fourhand_rules::{Move, Position};

/// One opponent's turn in a layer of replies: the position where it is to move (after the
/// opponents before it played their first moves) with the points, and its moves in order.
struct Lead {
    pos: Position,
    points: [i32; 4],
    replies: Vec<Move>,
}

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
        // (`alphabeta` counted the node and checked the budget.)
        let key = key(pos, points);
        let entry = self.table.probe(key);
        let pv = beta.saturating_sub(alpha) > 1;
        if let Some(s) = self.table_cutoff(entry, depth, alpha, beta) {
            return s;
        }
        let tt = entry.and_then(|e| e.best);
        let mut best = MATE * 2;
        let (leads, ended) = self.leads(pos, points, ply, tt);
        if let Some(s) = ended {
            best = s;
            beta = beta.min(s);
            if alpha >= beta {
                return best;
            }
        }
        // The table's reply goes first, whichever opponent's it is.
        let mut turns: Vec<usize> = (0..leads.len()).collect();
        if let Some(i) = leads
            .iter()
            .position(|l| tt.is_some_and(|c| l.replies.first().is_some_and(|&m| move_code(m) == c)))
        {
            turns.remove(i);
            turns.insert(0, i);
        }
        // Near a mate of an opponent nothing is pruned.
        let mated = beta >= MATE_BOUND;
        let (a0, b0) = (alpha, beta);
        let mut best_move = None;
        let mut searched = 0usize;
        for i in turns {
            let lead = &leads[i];
            let kings = lead.pos.enemy_kings();
            let in_check = lead.pos.in_check(lead.pos.turn());
            let mut quiets: Vec<Move> = Vec::new();
            let mut quiet_count = 0usize;
            for (n, &m) in lead.replies.iter().enumerate() {
                let quiet = is_quiet(&lead.pos, m);
                let gives = n > 0 && lead.pos.gives_check(m, &kings);
                let quiet_move = quiet && !gives && !in_check;
                let special = self.opts.killers && self.heur.is_special(m, ply as usize);
                let late = quiet_count >= late_move_count(depth, pv, false);
                if n > 0 && quiet_move && !special && !mated && self.opts.late_move_pruning && late
                {
                    continue;
                }
                let mut r = 0;
                if self.opts.reductions && depth >= 2 && n >= FULL_DEPTH_MOVES && !in_check {
                    let mut x = reduction(depth, n, quiet_move) as i32;
                    x -= i32::from(pv) + i32::from(special) + i32::from(gives);
                    if quiet_move {
                        x -= self.heur.history_of(m).signum();
                    } else if !(self.opts.exchange && loses_material(&lead.pos, m)) {
                        x -= 1;
                    }
                    r = x.clamp(0, depth as i32 - 1) as u32;
                }
                let after = self.replies_after(&lead.pos, m, &lead.points, ply);
                let s = match after {
                    Ok((c, pts)) => {
                        let next = Node::after_replies(ply);
                        if searched == 0 {
                            self.alphabeta(&c, depth - 1, alpha, beta, &pts, next)
                        } else {
                            let late = Late {
                                maximizing: false,
                                pv,
                                reduction: r,
                            };
                            self.search_late(&c, depth - 1, (alpha, beta), late, &pts, next)
                        }
                    }
                    Err(s) => s,
                };
                searched += 1;
                quiet_count += usize::from(quiet_move);
                if s < best {
                    best = s;
                    best_move = Some(m);
                }
                beta = beta.min(s);
                if self.stopped {
                    return best;
                }
                if alpha >= beta {
                    if quiet && self.opts.killers {
                        self.heur.reward(m, ply as usize, depth, &quiets);
                    }
                    self.table
                        .store(key, depth, best, Bound::of(best, a0, b0), best_move);
                    return best;
                }
                if quiet {
                    quiets.push(m);
                }
            }
        }
        if !self.stopped && best_move.is_some() {
            self.table
                .store(key, depth, best, Bound::of(best, a0, b0), best_move);
        }
        best
    }

    /// The opponents' turns of a layer of replies from `pos`: each opponent up to the root's
    /// turn (or the root out), in the position after those before it played their first moves,
    /// with its moves in order (the table's move `tt` first where it is one of them). And the
    /// score where the layer's line ends before: an opponent without a move, or a first move
    /// that ends the root's game.
    fn leads(
        &self,
        pos: &Position,
        points: &[i32; 4],
        ply: i32,
        tt: Option<u32>,
    ) -> (Vec<Lead>, Option<i32>) {
        let mut leads: Vec<Lead> = Vec::with_capacity(3);
        let mut lead = pos.clone();
        let mut lead_points = *points;
        for _ in 0..3 {
            let me = lead.turn();
            if me == self.root || self.root_mated(&lead) {
                break;
            }
            let moves = lead.legal_moves();
            if moves.is_empty() {
                let s = self.no_moves(&lead, me, &lead_points, ply);
                return (leads, Some(s));
            }
            // The opponent's first move by the ordering is what it plays in the other
            // opponents' turns (as in `replies_after`); the table's move is searched first.
            let mut replies: Vec<Move> = order(&lead, &moves, self.reply_hints(ply)).collect();
            let first = replies[0];
            if let Some(i) = replies.iter().position(|&m| tt == Some(move_code(m))) {
                replies[..=i].rotate_right(1);
            }
            let next = child(&lead, first, &lead_points);
            leads.push(Lead {
                pos: lead,
                points: lead_points,
                replies,
            });
            match next {
                (Some(c), pts) => (lead, lead_points) = (c, pts),
                (None, _) => break,
            }
        }
        (leads, None)
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

    /// How an opponent's moves are ordered: captures and promotions first (those that lose
    /// material by the exchange test last, with `exchange`), then the killers at `ply`.
    fn reply_hints(&self, ply: i32) -> Hints<'_> {
        Hints {
            heur: self.opts.killers.then_some((&self.heur, ply as usize)),
            exchange: self.opts.exchange,
            ..Hints::PLAIN
        }
    }
}
