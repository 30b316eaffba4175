//! Max-n for FFA (an option, measured against paranoid): every seat maximises its own score, so
//! a node's value is a score per seat. Without a bound shared by all there is no alpha-beta
//! cut-off; a capture quiescence settles the leaves.

use super::child::previous_mover;
use super::order::{order, takes_live_piece, Hints};
use super::{child, Searcher};
use crate::eval::evaluate;
use crate::weights::Weights;
use fourhand_rules::position::Army;
use fourhand_rules::ruleset::StalemateRule;
use fourhand_rules::{Position, Seat};

/// A score for each seat, from its own point of view.
type Scores = [i32; 4];

/// Deepest capture sequence at a leaf.
const MAX_QPLY: u32 = 4;

fn scores(pos: &Position, points: &[i32; 4], w: &Weights) -> Scores {
    Seat::ALL.map(|s| evaluate(pos, s, points, w))
}

impl Searcher {
    /// The scores of `pos` after a max-n search of `depth` plies.
    pub(super) fn maxn(&mut self, pos: &Position, depth: u32, points: &[i32; 4]) -> Scores {
        self.nodes += 1;
        if self.out_of_budget() {
            return scores(pos, points, &self.weights);
        }
        let me = pos.turn();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return self.maxn_no_moves(pos, me, points);
        }
        if depth == 0 {
            return self.maxn_quiesce(pos, points, 0);
        }
        let mut best: Option<Scores> = None;
        for m in order(pos, &moves, Hints::PLAIN) {
            let (c, pts) = child(pos, m, points);
            let Some(c) = c else { continue };
            let s = self.maxn(&c, depth - 1, &pts);
            if best.is_none_or(|b| s[me.index()] > b[me.index()]) {
                best = Some(s);
            }
            if self.stopped {
                break;
            }
        }
        best.unwrap_or_else(|| scores(pos, points, &self.weights))
    }

    /// Captures only, each seat standing pat on its own score.
    fn maxn_quiesce(&mut self, pos: &Position, points: &[i32; 4], qply: u32) -> Scores {
        self.nodes += 1;
        let mut best = scores(pos, points, &self.weights);
        if qply >= MAX_QPLY || self.out_of_budget() {
            return best;
        }
        let me = pos.turn().index();
        let moves = pos.legal_moves();
        let captures: Vec<_> = moves
            .iter()
            .copied()
            .filter(|m| takes_live_piece(pos, m))
            .collect();
        for m in order(pos, &captures, Hints::PLAIN) {
            let (c, pts) = child(pos, m, points);
            let Some(c) = c else { continue };
            let s = self.maxn_quiesce(&c, &pts, qply + 1);
            if s[me] > best[me] {
                best = s;
            }
        }
        best
    }

    /// FFA without moves: mated (out; the previous player scores 20) or stalemated (scores 20).
    fn maxn_no_moves(&self, pos: &Position, me: Seat, points: &[i32; 4]) -> Scores {
        let mut p = *points;
        let mut c = pos.clone();
        let rules = pos.rules();
        if rules.stalemate == StalemateRule::PassTurn {
            // Chaturaji: a boxed-in army passes and stays in.
            return scores(pos, points, &self.weights);
        }
        if rules.must_parry_check && pos.in_check(me) {
            p[previous_mover(pos, me).index()] += i32::from(rules.points.mate);
        } else {
            p[me.index()] += i32::from(rules.points.king);
        }
        c.set_army(me, Army::Out);
        scores(&c, &p, &self.weights)
    }
}
