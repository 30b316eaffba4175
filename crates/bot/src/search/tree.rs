//! The recursive part of the search: alpha-beta nodes, best-reply nodes (FFA), the null move,
//! the table cut-off and the score of a seat without moves. The quiescence search is in
//! `quiescence.rs`, making a move in `child.rs`, a node's place in `node.rs`.

use super::child::{child, previous_mover};
use super::exchange::loses_material;
use super::node::{Late, Node};
use super::order::{is_quiet, order, Hints};
use super::prune::{
    futility_margin, late_move_count, null_reduction, reduction, FULL_DEPTH_MOVES, FUTILITY_DEPTH,
    HISTORY_PER_PLY, MAX_EXTENSIONS, NULL_MARGIN, REVERSE_FUTILITY_DEPTH, REVERSE_FUTILITY_MARGIN,
    TREND_MARGIN,
};
use super::table::{key, Bound, Entry};
use super::{FfaSearch, Searcher, MATE, MATE_BOUND};
use crate::eval::{allied, evaluate, evaluate_within};
use fourhand_rules::position::Army;
use fourhand_rules::ruleset::{MatedArmy, StalemateRule};
use fourhand_rules::{Kind, Move, Position, Seat};

/// True when `pos` lets the seat to move give up its turn for a null move: a sides game (or,
/// with `without_sides`, any game), the seat not in check, its partner's king not attacked (a
/// pass could leave it to be mated), and the seat with pieces besides king and pawns.
fn null_move_allowed(pos: &Position, in_check: bool, without_sides: bool) -> bool {
    let me = pos.turn();
    (pos.rules().sides() || without_sides)
        && !in_check
        && Seat::ALL
            .into_iter()
            .all(|o| o == me || !allied(pos, me, o) || !pos.in_check(o))
        && pos
            .pieces()
            .any(|(_, p)| p.seat == me && !p.dead && !matches!(p.kind, Kind::Pawn | Kind::King))
}

impl Searcher {
    /// The score of `pos` for the root within (`alpha`, `beta`), searching `depth` plies.
    pub(super) fn alphabeta(
        &mut self,
        pos: &Position,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        points: &[i32; 4],
        node: Node,
    ) -> i32 {
        let ply = node.ply;
        self.nodes += 1;
        if self.out_of_budget() {
            return evaluate(pos, self.root, points, &self.weights);
        }
        if self.root_mated(pos) {
            return -MATE + ply;
        }
        if self.opts.repetition && self.opts.standings && pos.rules().scoring {
            if let Some(s) = self.repetition(pos, ply, points) {
                return s;
            }
        }
        let me = pos.turn();
        let maximizing = allied(pos, self.root, me);
        if !pos.rules().sides() && !maximizing && self.opts.ffa == FfaSearch::BestReply {
            return self.best_reply(pos, depth, alpha, beta, points, ply);
        }
        if !pos.rules().sides() && !maximizing && self.opts.ffa == FfaSearch::BestReplyPlus {
            return self.best_reply_plus(pos, depth, alpha, beta, points, ply);
        }
        if !pos.rules().sides() && self.opts.ffa == FfaSearch::MaxN {
            self.nodes -= 1;
            return self.maxn(pos, depth, points)[self.root.index()];
        }
        let key = key(pos, points);
        let entry = self.table.probe(key);
        let pv = beta.saturating_sub(alpha) > 1;
        if let Some(s) = self.table_cutoff(entry, depth, alpha, beta) {
            return s;
        }
        let in_check = pos.in_check(me);
        let mut node = node;
        let extend = in_check
            && self.opts.check_extension
            && node.extensions < MAX_EXTENSIONS
            && (node.early || !self.opts.early_check_extension);
        let depth = if extend {
            node.extensions += 1;
            depth + 1
        } else {
            depth
        };
        if depth == 0 {
            return self.quiesce(pos, alpha, beta, points, 0, ply);
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return self.no_moves(pos, me, points, ply);
        }
        let window_open = alpha.abs() < MATE_BOUND && beta.abs() < MATE_BOUND;
        // The static score, where something prunes by it.
        let stand = (!pv && !in_check && window_open)
            .then(|| evaluate_within(pos, self.root, points, &self.weights, alpha, beta));
        let trend = if self.opts.improving {
            let now = (!in_check)
                .then(|| stand.unwrap_or_else(|| evaluate(pos, self.root, points, &self.weights)));
            self.trend(ply as usize, maximizing, now)
        } else {
            0
        };
        if let Some(stand) = stand {
            if self.opts.reverse_futility && depth <= REVERSE_FUTILITY_DEPTH {
                let margin = REVERSE_FUTILITY_MARGIN * depth as i32;
                if maximizing && stand - margin >= beta {
                    return beta;
                }
                if !maximizing && stand + margin <= alpha {
                    return alpha;
                }
            }
            if self.opts.null_move
                && node.allow_null
                && (depth > null_reduction(depth) || self.opts.shallow_null_move)
                && null_move_allowed(pos, in_check, self.opts.ffa_null_move)
            {
                if let Some(s) = self.null_move(pos, depth, stand, alpha, beta, points, node) {
                    return s;
                }
            }
        }
        let (a0, b0) = (alpha, beta);
        let mut best_move = None;
        let mut best = if maximizing { -MATE * 2 } else { MATE * 2 };
        let hints = Hints {
            tt: entry.and_then(|e| e.best),
            heur: self.opts.killers.then_some((&self.heur, ply as usize)),
            exchange: self.opts.exchange,
            checks: self.opts.check_order,
            captures: self.opts.capture_history.then_some(&self.heur.captures),
        };
        let ordered: Vec<Move> = order(pos, &moves, hints).collect();
        let mut quiets: Vec<Move> = Vec::new();
        let mut captures: Vec<Move> = Vec::new();
        let mut quiet_count = 0usize;
        let mut searched = 0usize;
        // Worked out at the second move: most nodes end with the first.
        let mut kings = None;
        for m in ordered {
            let quiet = is_quiet(pos, m);
            // Tested before the move is made, so that a pruned move is never made.
            let gives =
                searched > 0 && pos.gives_check(m, kings.get_or_insert_with(|| pos.enemy_kings()));
            let quiet_move = quiet && !gives && !in_check;
            let special = self.opts.killers && self.heur.is_special(m, ply as usize);
            // Near a mate against the node's side nothing is pruned.
            let mated = if maximizing {
                alpha <= -MATE_BOUND
            } else {
                beta >= MATE_BOUND
            };
            if searched > 0 && quiet_move && !special && !mated {
                if self.opts.late_move_pruning
                    && quiet_count >= late_move_count(depth, pv, trend < 0)
                {
                    continue;
                }
                if let Some(stand) = stand.filter(|_| self.opts.futility) {
                    let margin = futility_margin(depth);
                    if depth <= FUTILITY_DEPTH
                        && ((maximizing && stand + margin <= alpha)
                            || (!maximizing && stand - margin >= beta))
                    {
                        continue;
                    }
                }
            }
            let mut r = 0;
            if self.opts.reductions && depth >= 2 && searched >= FULL_DEPTH_MOVES && !in_check {
                let mut x = reduction(depth, searched, quiet_move) as i32;
                x -= i32::from(pv) + i32::from(special) + i32::from(gives) + trend;
                if quiet_move {
                    let h = self.heur.history_of(m);
                    x -= if self.opts.history_reduction {
                        (h.signum() + h / HISTORY_PER_PLY).clamp(-3, 3)
                    } else {
                        h.signum()
                    };
                } else if !(self.opts.exchange && loses_material(pos, m)) {
                    x -= 1;
                }
                r = x.clamp(0, depth as i32 - 1) as u32;
            }
            let (child, pts) = child(pos, m, points);
            let Some(c) = child else {
                // The move takes a king and ends the game (Teams).
                let s = if maximizing { MATE - ply } else { -MATE + ply };
                best = s;
                best_move = Some(m);
                break;
            };
            let next = node.next(searched);
            let s = if searched == 0 {
                self.alphabeta(&c, depth - 1, alpha, beta, &pts, next)
            } else {
                let late = Late {
                    maximizing,
                    pv,
                    reduction: r,
                };
                self.search_late(&c, depth - 1, (alpha, beta), late, &pts, next)
            };
            searched += 1;
            quiet_count += usize::from(quiet_move);
            if (maximizing && s > best) || (!maximizing && s < best) {
                best = s;
                best_move = Some(m);
            }
            if maximizing {
                alpha = alpha.max(s);
            } else {
                beta = beta.min(s);
            }
            if self.stopped {
                break;
            }
            if alpha >= beta {
                self.learn(pos, m, depth, node, &quiets, &captures);
                break;
            }
            if quiet {
                quiets.push(m);
            } else if self.opts.capture_history && pos.captured_by(m).is_some() {
                captures.push(m);
            }
        }
        if !self.stopped {
            let bound = Bound::of(best, a0, b0);
            self.table.store(key, depth, best, bound, best_move);
        }
        best
    }

    /// The score the table's `entry` settles for a node searched `depth` plies deep within
    /// (`alpha`, `beta`): when it is that deep and its bound decides the window (at a
    /// principal-variation node only with `pv-table-cutoff`).
    pub(super) fn table_cutoff(
        &self,
        entry: Option<Entry>,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let pv = beta.saturating_sub(alpha) > 1;
        entry
            .filter(|e| (!pv || self.opts.pv_table_cutoff) && e.depth as u32 >= depth)?
            .cutoff(alpha, beta)
    }

    /// The score of `c`, reached by a move searched after the first at its node, `depth`
    /// plies deep within `window`: with a null window at the edge the node must beat — first
    /// `late.reduction` plies shallower, then, if the move beats it, at full depth — and with
    /// the whole window again only at a principal-variation node where the score lands inside.
    pub(super) fn search_late(
        &mut self,
        c: &Position,
        depth: u32,
        (alpha, beta): (i32, i32),
        late: Late,
        pts: &[i32; 4],
        next: Node,
    ) -> i32 {
        let (lo, hi) = if late.maximizing {
            (alpha, alpha.saturating_add(1))
        } else {
            (beta.saturating_sub(1), beta)
        };
        let beats = |s: i32| if late.maximizing { s > alpha } else { s < beta };
        let mut s = 0;
        let mut full = true;
        if late.reduction > 0 {
            s = self.alphabeta(c, depth - late.reduction, lo, hi, pts, next);
            full = beats(s);
        }
        if full && self.opts.pvs {
            s = self.alphabeta(c, depth, lo, hi, pts, next);
            full = late.pv && s > alpha && s < beta;
        }
        if full {
            s = self.alphabeta(c, depth, alpha, beta, pts, next);
        }
        s
    }

    /// Records the cutoff of move `m` at `node` (`depth` plies left) in what the enabled
    /// heuristics learn: the quiet moves in `quiets` and the captures in `captures` were
    /// searched before it without one.
    fn learn(
        &mut self,
        pos: &Position,
        m: Move,
        depth: u32,
        node: Node,
        quiets: &[Move],
        captures: &[Move],
    ) {
        let quiet = is_quiet(pos, m);
        if quiet && self.opts.killers {
            self.heur.reward(m, node.ply as usize, depth, quiets);
        }
        if self.opts.capture_history {
            // A quiet refutation debits the captures tried before it too.
            self.heur.captures.reward(pos, m, depth, captures);
        }
    }

    /// Records the static score `now` of the node at `ply` (`None` in check) and returns its
    /// side's trend since two plies before: 1 improving, -1 declining, 0 level or unknown.
    fn trend(&mut self, ply: usize, maximizing: bool, now: Option<i32>) -> i32 {
        if let Some(slot) = self.statics.get_mut(ply) {
            *slot = now.map(|s| (maximizing, s));
        }
        let before = ply
            .checked_sub(2)
            .and_then(|q| self.statics.get(q))
            .copied();
        match (now, before.flatten()) {
            (Some(s), Some((side, b))) if side == maximizing => {
                let gain = if maximizing { s - b } else { b - s };
                let margin = TREND_MARGIN;
                i32::from(gain > margin) - i32::from(gain < -margin)
            }
            _ => 0,
        }
    }

    /// Null-move pruning: the seat to move passes; if its side still stands beyond the window
    /// with a shallower search, the node is cut off.
    #[allow(clippy::too_many_arguments)]
    fn null_move(
        &mut self,
        pos: &Position,
        depth: u32,
        stand: i32,
        alpha: i32,
        beta: i32,
        points: &[i32; 4],
        node: Node,
    ) -> Option<i32> {
        let maximizing = allied(pos, self.root, pos.turn());
        let deep = self.opts.deep_null_move;
        let margin = if deep { NULL_MARGIN } else { 0 };
        let (lo, hi) = if maximizing {
            if stand < beta.saturating_add(margin) {
                return None;
            }
            (beta - 1, beta)
        } else {
            if stand > alpha.saturating_sub(margin) {
                return None;
            }
            (alpha, alpha + 1)
        };
        let mut c = pos.clone();
        c.pass();
        let d = depth.saturating_sub(u32::from(!deep) + null_reduction(depth));
        let next = Node {
            ply: node.ply + 1,
            allow_null: false,
            extensions: node.extensions,
            early: true,
        };
        let s = self.alphabeta(&c, d, lo, hi, points, next);
        if self.stopped {
            return None;
        }
        match maximizing {
            true if s >= beta => Some(beta),
            false if s <= alpha => Some(alpha),
            _ => None,
        }
    }

    /// FFA best-reply node: of all the root's opponents, the one reply that hurts the root most
    /// is played (the others pass), then the root moves again.
    fn best_reply(
        &mut self,
        pos: &Position,
        depth: u32,
        alpha: i32,
        mut beta: i32,
        points: &[i32; 4],
        ply: i32,
    ) -> i32 {
        // Opponents the root's move mated are out, and the root scores for them.
        let mut mated = None;
        let mut pts = *points;
        for o in Seat::ALL {
            if o == self.root || !pos.army(o).takes_turns() || !pos.in_check(o) {
                continue;
            }
            let mut p = pos.clone();
            p.set_turn(o);
            if p.legal_moves().is_empty() {
                let base: &mut Position = mated.get_or_insert_with(|| pos.clone());
                if pos.rules().mated_army == MatedArmy::Conquered {
                    // Conquest: the root takes the mated player's armies.
                    base.conquer(o, self.root);
                } else {
                    base.set_army(o, Army::Out);
                    pts[self.root.index()] += 20;
                }
            }
        }
        let pos = mated.as_ref().unwrap_or(pos);
        let points = &pts;
        if depth == 0 {
            return self.quiesce(pos, alpha, beta, points, 0, ply);
        }
        let mut best = MATE * 2;
        let mut any = false;
        // An opponent in check cannot pass: then only the checked reply.
        let checked: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|&o| o != self.root && pos.army(o).takes_turns() && pos.in_check(o))
            .collect();
        for o in Seat::ALL {
            if o == self.root
                || !pos.army(o).takes_turns()
                || (!checked.is_empty() && !checked.contains(&o))
            {
                continue;
            }
            let mut p = pos.clone();
            p.set_turn(o);
            let moves = p.legal_moves();
            if moves.is_empty() {
                continue;
            }
            any = true;
            let hints = Hints {
                heur: self.opts.killers.then_some((&self.heur, ply as usize)),
                ..Hints::PLAIN
            };
            let replies: Vec<Move> = order(&p, &moves, hints).collect();
            for m in replies {
                let (child, pts) = child(&p, m, points);
                let s = match child {
                    Some(mut c) => {
                        if c.army(self.root).takes_turns() {
                            c.set_turn(self.root);
                        }
                        let next = Node::after_replies(ply);
                        self.alphabeta(&c, depth - 1, alpha, beta, &pts, next)
                    }
                    None => -MATE + ply,
                };
                best = best.min(s);
                beta = beta.min(s);
                if alpha >= beta || self.stopped {
                    if is_quiet(&p, m) && self.opts.killers {
                        self.heur.reward(m, ply as usize, depth, &[]);
                    }
                    return best;
                }
            }
        }
        if !any {
            let mut c = pos.clone();
            c.set_turn(self.root);
            let next = Node::after_replies(ply);
            return self.alphabeta(&c, depth - 1, alpha, beta, points, next);
        }
        best
    }

    /// FFA: the root is out of `pos` — mated by another player's move, judged at once
    /// ([`mates_at_once`]), or its king taken — which the search counts as its mate, as when
    /// it is mated on its own turn ([`Searcher::no_moves`]).
    pub(super) fn root_mated(&self, pos: &Position) -> bool {
        let rules = pos.rules();
        rules.scoring && rules.must_parry_check && pos.army(self.root) == Army::Out
    }

    /// The score of `pos` for the root when `me`, to move, has no legal move: mated or
    /// stalemated, by the rule set's rules.
    pub(super) fn no_moves(&self, pos: &Position, me: Seat, points: &[i32; 4], ply: i32) -> i32 {
        let ours = allied(pos, self.root, me);
        let rules = pos.rules();
        if rules.stalemate == StalemateRule::PassTurn {
            // Chaturaji: a boxed-in army passes and stays in.
            return evaluate(pos, self.root, points, &self.weights);
        }
        if rules.mated_army == MatedArmy::Conquered {
            // Conquest: a mated player's armies pass to the mover who mated him; a stalemated
            // one's freeze where they stand.
            if me == self.root && pos.in_check(me) {
                return -MATE + ply;
            }
            let mut c = pos.clone();
            if pos.in_check(me) {
                c.conquer(me, previous_mover(pos, me));
            } else {
                c.set_army(me, Army::Out);
            }
            return evaluate(&c, self.root, points, &self.weights);
        }
        if rules.must_parry_check && pos.in_check(me) {
            if rules.scoring {
                // FFA: a player mated in place before the search (every mate it plays is
                // judged at once, `mates_at_once`) is out; the mover before him scores it.
                let mut p = *points;
                let mut c = pos.clone();
                c.set_army(me, Army::Out);
                p[previous_mover(pos, me).index()] += i32::from(rules.points.mate);
                if me == self.root {
                    return -MATE + ply;
                }
                return evaluate(&c, self.root, &p, &self.weights);
            }
            if ours {
                -MATE + ply
            } else {
                MATE - ply
            }
        } else if pos.rules().scoring {
            // FFA: the stalemated player scores a king's worth (20) and is out.
            let mut p = *points;
            p[me.index()] += i32::from(rules.points.king);
            evaluate(pos, self.root, &p, &self.weights)
        } else if pos.rules().mated_army == MatedArmy::GameOver {
            0
        } else {
            evaluate(pos, self.root, points, &self.weights)
        }
    }
}
