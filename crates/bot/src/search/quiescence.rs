//! The quiescence search: captures (with options, check evasions, first-ply checks, promotions
//! and opponents' passes) until the position is quiet, so a line never ends in the middle of
//! an exchange.

use super::child::child;
use super::exchange::{loses_material, victim_value};
use super::order::{order, takes_live_piece, Hints};
use super::prune::DELTA_MARGIN;
use super::table::{key, Bound};
use super::{Searcher, MATE};
use crate::eval::{allied, evaluate, evaluate_within};
use fourhand_rules::{Kind, Move, Position};

/// Deepest quiescence.
const MAX_QPLY: u32 = 6;

impl Searcher {
    /// Captures (and, with `quiet_checks`, check evasions and first-ply checks) until the
    /// position is quiet.
    pub(super) fn quiesce(
        &mut self,
        pos: &Position,
        alpha: i32,
        beta: i32,
        points: &[i32; 4],
        qply: u32,
        ply: i32,
    ) -> i32 {
        self.nodes += 1;
        let me = pos.turn();
        if self.out_of_budget() {
            return evaluate(pos, self.root, points, &self.weights);
        }
        if self.root_mated(pos) {
            return -MATE + ply;
        }
        let key = self.opts.qs_table.then(|| key(pos, points));
        if let Some(s) = key
            .and_then(|k| self.table.probe(k))
            .and_then(|e| e.cutoff(alpha, beta))
        {
            return s;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return self.no_moves(pos, me, points, ply);
        }
        let stand = evaluate_within(pos, self.root, points, &self.weights, alpha, beta);
        if qply >= MAX_QPLY {
            return stand;
        }
        let best = self.quiesce_moves(pos, &moves, stand, alpha, beta, points, qply, ply);
        if let Some(k) = key.filter(|_| !self.stopped) {
            self.table.store_leaf(k, best, Bound::of(best, alpha, beta));
        }
        best
    }

    /// The quiescence search's moves from `pos` (not at its last ply), `stand` its static score.
    #[allow(clippy::too_many_arguments)]
    fn quiesce_moves(
        &mut self,
        pos: &Position,
        moves: &[Move],
        stand: i32,
        mut alpha: i32,
        mut beta: i32,
        points: &[i32; 4],
        qply: u32,
        ply: i32,
    ) -> i32 {
        let me = pos.turn();
        let maximizing = allied(pos, self.root, me);
        let checks = self.opts.quiet_checks;
        let evading = checks && qply < 3 && pos.in_check(me);
        let mut best = if evading {
            if maximizing {
                -MATE * 2
            } else {
                MATE * 2
            }
        } else {
            let stand = if !maximizing && self.opts.qs_pass && qply + 1 < MAX_QPLY {
                self.passed(pos, stand, alpha, beta, points, qply, ply)
            } else {
                stand
            };
            if (maximizing && stand >= beta) || (!maximizing && stand <= alpha) {
                return stand;
            }
            if maximizing {
                alpha = alpha.max(stand);
            } else {
                beta = beta.min(stand);
            }
            stand
        };
        let capture = |m: &Move| takes_live_piece(pos, m);
        // With `qs-promotions`, in a game without sides, a promotion to a queen is played as a
        // capture is.
        let promotions = self.opts.qs_promotions && !pos.rules().sides();
        let gains = |m: &Move| capture(m) || (promotions && m.promotion() == Some(Kind::Queen));
        let candidates: Vec<Move> = if evading || (checks && qply == 0) {
            moves.to_vec()
        } else {
            moves.iter().copied().filter(gains).collect()
        };
        // Losing captures are skipped unless evading, so only evasions need them ordered last.
        let hints = Hints {
            exchange: self.opts.exchange && evading,
            ..Hints::PLAIN
        };
        let mut kings = None;
        let mut gives_check =
            |m| pos.gives_check(m, kings.get_or_insert_with(|| pos.enemy_kings()));
        for m in order(pos, &candidates, hints) {
            let forcing = evading || gains(&m);
            if !(forcing || (checks && qply == 0)) {
                continue;
            }
            if !evading && capture(&m) && m.promotion().is_none() {
                if self.opts.exchange && loses_material(pos, m) {
                    continue;
                }
                if self.opts.delta {
                    // The victim's worth with the margin, in pawns of 100 (scaled to points).
                    let gain = pos.captured_by(m).map_or(0, |p| victim_value(p.kind) * 100);
                    let reach = gain + DELTA_MARGIN;
                    if (maximizing && stand + reach <= alpha)
                        || (!maximizing && stand - reach >= beta)
                    {
                        continue;
                    }
                }
            }
            if !forcing && !gives_check(m) {
                continue;
            }
            // Past here a move that is not forcing gives check (tested just above).
            let (child, pts) = child(pos, m, points);
            let Some(c) = child else {
                return if maximizing { MATE - ply } else { -MATE + ply };
            };
            let s = self.quiesce(&c, alpha, beta, &pts, qply + 1, ply + 1);
            if maximizing {
                best = best.max(s);
                alpha = alpha.max(s);
            } else {
                best = best.min(s);
                beta = beta.min(s);
            }
            if alpha >= beta || self.stopped {
                break;
            }
        }
        best
    }

    /// With `qs-pass`, an opponent's stand-pat score `stand` in a game without sides: no
    /// better for the root than its pass when the seat after it is another opponent, who may
    /// then take what the root left hanging (or pass in turn). The root's own turn, and a
    /// seat in check, end the passes.
    #[allow(clippy::too_many_arguments)]
    fn passed(
        &mut self,
        pos: &Position,
        stand: i32,
        alpha: i32,
        beta: i32,
        points: &[i32; 4],
        qply: u32,
        ply: i32,
    ) -> i32 {
        // A seat in check may not pass: the next could take its king.
        if pos.rules().sides() || stand <= alpha || pos.in_check(pos.turn()) {
            return stand;
        }
        let mut c = pos.clone();
        c.pass();
        if allied(&c, self.root, c.turn()) {
            return stand;
        }
        stand.min(self.quiesce(&c, alpha, beta.min(stand), points, qply + 1, ply + 1))
    }
}
