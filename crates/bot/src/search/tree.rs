//! The recursive part of the search: alpha-beta nodes, best-reply nodes (FFA), quiescence and
//! the score of a seat without moves.

use super::exchange::{loses_material, victim_value};
use super::history::{Context, NO_CONTEXT};
use super::order::{is_quiet, order, takes_live_piece, Hints};
use super::prune::{
    futility_margin, late_move_count, null_reduction, reduction, DELTA_MARGIN, EARLY_CHECK_MOVES,
    FULL_DEPTH_MOVES, FUTILITY_DEPTH, HISTORY_PER_PLY, IIR_DEPTH, MAX_EXTENSIONS, NULL_MARGIN,
    REVERSE_FUTILITY_DEPTH, REVERSE_FUTILITY_MARGIN, TREND_MARGIN,
};
use super::table::{Bound, Entry};
use super::{FfaSearch, Searcher, MATE};
use crate::eval::{allied, evaluate, evaluate_within};
use fourhand_rules::position::Army;
use fourhand_rules::ruleset::{MatedArmy, StalemateRule};
use fourhand_rules::{Kind, Move, Position, Seat};

/// Deepest quiescence.
const MAX_QPLY: u32 = 6;
/// Captures a node of the narrow quiescence search tries besides checks.
const NARROW_CAPTURES: usize = 2;
/// Scores beyond this are mates (or mate-like: an army out in Teams).
pub(super) const MATE_BOUND: i32 = MATE - 1000;

/// The table key of `pos` with the FFA points won on the path.
pub(super) fn key(pos: &Position, points: &[i32; 4]) -> u64 {
    points.iter().enumerate().fold(pos.hash(), |h, (i, &p)| {
        h ^ (p as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15 >> i)
    })
}

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
    fn next(self, m: Option<Move>, cx: Context, index: usize) -> Node {
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
    fn after(self, cx: Context) -> [Context; 4] {
        [cx, self.path[0], self.path[1], self.path[2]]
    }

    /// What continuation history reads here: the move that led here (the seat before's) and
    /// this seat's own last move, four plies up.
    fn before(self) -> [Context; 2] {
        [self.path[0], self.path[3]]
    }
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
        // Internal iterative reduction: a node the table knows no move for is searched one ply
        // shallower outside the principal variation.
        let depth =
            if self.opts.iir && !pv && depth >= IIR_DEPTH && entry.is_none_or(|e| e.best.is_none())
            {
                depth - 1
            } else {
                depth
            };
        let window_open = alpha.abs() < MATE_BOUND && beta.abs() < MATE_BOUND;
        // The static score, where something prunes by it.
        let stand = (!pv && !in_check && window_open).then(|| {
            let s = evaluate_within(pos, self.root, points, &self.weights, alpha, beta);
            let known = entry.filter(|e| self.opts.tt_eval && e.score.abs() < MATE_BOUND);
            known.map_or(s, |e| refine(s, e))
        });
        let trend = if self.opts.improving {
            let now = (!in_check)
                .then(|| stand.unwrap_or_else(|| evaluate(pos, self.root, points, &self.weights)));
            self.trend(ply as usize, maximizing, now)
        } else {
            0
        };
        if let Some(stand) = stand {
            if self.opts.reverse_futility && depth <= REVERSE_FUTILITY_DEPTH {
                let margin = self.margin(REVERSE_FUTILITY_MARGIN * depth as i32);
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
        let prev = node.prev.filter(|_| self.opts.counter_moves);
        let (a0, b0) = (alpha, beta);
        let mut best_move = None;
        let mut best = if maximizing { -MATE * 2 } else { MATE * 2 };
        let before = node.before();
        let hints = Hints {
            tt: entry.and_then(|e| e.best),
            heur: self
                .opts
                .killers
                .then_some((&self.heur, ply as usize, prev)),
            exchange: self.opts.exchange,
            checks: self.opts.check_order,
            captures: self.opts.capture_history.then_some(&self.heur.captures),
            follow: self
                .opts
                .continuation_history
                .then_some((&self.heur.continuation, before)),
        };
        let ordered: Vec<Move> = order(pos, &moves, hints).collect();
        let mut quiets: Vec<Move> = Vec::new();
        let mut captures: Vec<Move> = Vec::new();
        let mut quiet_count = 0usize;
        let mut searched = 0usize;
        // `opponent-reduction`: an opponent's node in a game without sides.
        let reduce_opponent = self.opts.opponent_reduction && !maximizing && !pos.rules().sides();
        // Worked out at the second move: most nodes end with the first.
        let mut kings = None;
        for m in ordered {
            let quiet = is_quiet(pos, m);
            let cx = self.context(pos, m);
            // Tested before the move is made, so that a pruned move is never made.
            let gives =
                searched > 0 && pos.gives_check(m, kings.get_or_insert_with(|| pos.enemy_kings()));
            let quiet_move = quiet && !gives && !in_check;
            let special = self.opts.killers && self.heur.is_special(m, ply as usize, prev);
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
                    let margin = self.margin(futility_margin(depth));
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
                x += i32::from(quiet_move && reduce_opponent);
                if quiet_move {
                    // The continuation table scores 0 without the switch (`cx` is none then).
                    let h = self.heur.history_of(m) + self.heur.continuation.score(before, cx);
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
            let next = node.next(Some(m), cx, searched);
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

    /// The context of `m` for continuation history: none without the switch, so that the
    /// default search does not work it out for every move.
    pub(super) fn context(&self, pos: &Position, m: Move) -> Context {
        if self.opts.continuation_history {
            super::history::context(pos, m)
        } else {
            NO_CONTEXT
        }
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
            let prev = node.prev.filter(|_| self.opts.counter_moves);
            self.heur.reward(m, node.ply as usize, depth, prev, quiets);
        }
        if quiet && self.opts.continuation_history {
            let failed: Vec<Context> = quiets.iter().map(|&q| self.context(pos, q)).collect();
            let best = self.context(pos, m);
            self.heur
                .continuation
                .reward(node.before(), best, depth, &failed);
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
                let margin = self.margin(TREND_MARGIN);
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
        let margin = if deep { self.margin(NULL_MARGIN) } else { 0 };
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
            prev: None,
            allow_null: false,
            extensions: node.extensions,
            early: true,
            path: node.after(NO_CONTEXT),
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
                heur: self
                    .opts
                    .killers
                    .then_some((&self.heur, ply as usize, None)),
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
                        let next = Node::after_replies(ply, Some(m));
                        self.alphabeta(&c, depth - 1, alpha, beta, &pts, next)
                    }
                    None => -MATE + ply,
                };
                best = best.min(s);
                beta = beta.min(s);
                if alpha >= beta || self.stopped {
                    if is_quiet(&p, m) && self.opts.killers {
                        self.heur.reward(m, ply as usize, depth, None, &[]);
                    }
                    return best;
                }
            }
        }
        if !any {
            let mut c = pos.clone();
            c.set_turn(self.root);
            let next = Node::after_replies(ply, None);
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
        let mut captures = 0usize;
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
                    let reach = self.margin(gain + DELTA_MARGIN);
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
            if self.opts.narrow_quiescence && !evading {
                if captures >= NARROW_CAPTURES && forcing && !gives_check(m) {
                    continue;
                }
                captures += 1;
            }
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

/// The static score `stand` moved to what a searched result `e` of the same position says of
/// it (`tt-eval`): to an exact score, to a lower bound above it, to an upper bound below it.
fn refine(stand: i32, e: Entry) -> i32 {
    match e.bound {
        Bound::Exact => e.score,
        Bound::Lower if e.score > stand => e.score,
        Bound::Upper if e.score < stand => e.score,
        _ => stand,
    }
}

/// The seat that moved last before `me`: the one that mated him (FFA).
pub(super) fn previous_mover(pos: &Position, me: Seat) -> Seat {
    (1..4)
        .map(|k| Seat::ALL[(me.index() + 4 - k) % 4])
        .find(|s| pos.army(*s).takes_turns())
        .unwrap_or(me)
}

/// FFA (rules.md §5.2): every other player whom the mover's move leaves in check without a
/// legal move is mated at once, whoever's piece gives the check — not on his own turn, when
/// the players between could still free him and the one who moved last would score it. Each
/// goes out and the mover scores the mate. A king already in that state before the move (a
/// player mated in place) is not mated by it.
fn mates_at_once(before: &Position, after: &mut Position, mover: Seat, pts: &mut [i32; 4]) {
    let mated = |q: Seat| {
        q != mover
            && matches!(after.army(q), Army::Live | Army::Zombie)
            && after.is_mated(q)
            && !before.is_mated(q)
    };
    // Judged on the board as the move left it, before a mated army turns grey.
    let out = Seat::ALL.map(mated);
    if out.contains(&true) {
        // A zombie king's move scores for nobody.
        let scores = before.army(mover) == Army::Live;
        let mated = Seat::ALL.into_iter().filter(|q| out[q.index()]);
        mate_out(after, mover, mated, pts, scores);
    }
}

/// Takes the `mated` seats out of `c` after `mover`'s move — the mover scoring a mate for
/// each when it `scores` — and passes the turn on past armies that no longer move.
fn mate_out(
    c: &mut Position,
    mover: Seat,
    mated: impl Iterator<Item = Seat>,
    pts: &mut [i32; 4],
    scores: bool,
) {
    for q in mated {
        if scores {
            pts[mover.index()] += i32::from(c.rules().points.mate);
        }
        c.set_army(q, Army::Out);
    }
    while !c.army(c.turn()).takes_turns() && c.turn() != mover {
        c.advance_turn();
    }
}

/// The position after `m` and the points won on the way; `None` when the move ends the game
/// for the mover's side: a king capture (Teams), or his king reaching the hill under King of
/// the Hill in a sides game. In FFA every player the move mates goes out at once and the mover
/// scores the mate ([`mates_at_once`]), and the hill mates every other live player. Inlined so
/// that the position is made where the caller keeps it (returned through a call, it was copied
/// a second time).
#[inline(always)]
pub(crate) fn child(pos: &Position, m: Move, points: &[i32; 4]) -> (Option<Position>, [i32; 4]) {
    let mut c = pos.clone();
    let mover = pos.turn();
    let played = c.play(m);
    let mut pts = *points;
    for (_, pc) in played.captures() {
        if pos.rules().scoring {
            pts[mover.index()] += pos.rules().points.capture(pc);
        }
        if pc.kind == Kind::King && !pc.dead {
            if pos.rules().mated_army == MatedArmy::GameOver {
                return (None, pts);
            }
            if pos.rules().mated_army == MatedArmy::Conquered {
                // Conquest: the captured king's armies pass to the mover.
                c.conquer(pc.seat, mover);
            } else {
                c.set_army(pc.seat, Army::Out);
            }
            if c.turn() == pc.seat {
                c.advance_turn();
            }
        }
    }
    if pos.rules().scoring && pos.rules().must_parry_check {
        mates_at_once(pos, &mut c, mover, &mut pts);
    }
    // The rule options' own mates: a king whose last check life the move took (N-check), and
    // every other live army when the mover's king reaches the hill (King of the Hill). In a
    // sides game that wins (a lost last life is judged on the player's turn, which the search
    // takes as coming); in FFA the mover scores a mate for each and they go out.
    let rules = pos.rules();
    if rules.check_lives.is_some() || rules.king_of_the_hill {
        let hill = c.on_the_hill(mover);
        let mated = |q: Seat| {
            q != mover
                && ((c.lives(q) == Some(0) && pos.lives(q) != Some(0) && c.army(q).is_hostile())
                    || (hill && c.army(q) == Army::Live))
        };
        let mated: Vec<Seat> = Seat::ALL.into_iter().filter(|&q| mated(q)).collect();
        if !mated.is_empty() && rules.sides() {
            return (None, pts);
        }
        mate_out(&mut c, mover, mated.into_iter(), &mut pts, true);
    }
    (Some(c), pts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourhand_rules::notation::fen4;
    use fourhand_rules::{RuleSet, Variant};

    /// Red to move. Yellow's king g14 is checked by Green's rook g10; Red's knight d10-e12
    /// takes its last flight square. Blue, who moves between Red and Yellow, has a rook on
    /// a10 that the knight's move lets through to take Green's rook.
    const ACROSS: &str = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,2,yP,1,yP,3,x,x,x/x,x,x,5,gN,2,x,x,x/14/bR,2,rN,2,gR,7/14/13,gK/bK,13/14/14/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";

    /// The legal move of `pos` written `uci`.
    fn legal(pos: &Position, uci: &str) -> Move {
        *pos.legal_moves().iter().find(|m| m.uci() == uci).unwrap()
    }

    #[test]
    fn in_ffa_a_mate_of_a_player_not_next_is_judged_at_once_and_scored_by_the_mover() {
        let rules = RuleSet::get(Variant::Ffa);
        let pos = fen4::parse(ACROSS, rules).unwrap().position;
        let m = legal(&pos, "d10-e12");
        let (after, pts) = child(&pos, m, &[0, 3, 0, 0]);
        let after = after.expect("the game goes on");
        assert_eq!(
            after.army(Seat::North),
            Army::Out,
            "Yellow is mated at once"
        );
        assert_eq!(
            pts,
            [20, 3, 0, 0],
            "Red, not Blue who moves next, scores it"
        );
        assert_eq!(after.turn(), Seat::West, "Blue moves next");
        // Blue's rook may still take Green's rook, but Yellow stays out.
        let free = legal(&after, "a10-g10");
        let (later, pts) = child(&after, free, &pts);
        let later = later.unwrap();
        assert_eq!(later.army(Seat::North), Army::Out);
        assert_eq!(pts, [20, 8, 0, 0]);
        assert_eq!(later.turn(), Seat::East, "Yellow's turn is skipped");
        // A quiet move mates no one and scores nothing.
        let quiet = legal(&pos, "d10-c8");
        let (c, pts) = child(&pos, quiet, &[0; 4]);
        assert_eq!(c.unwrap().army(Seat::North), Army::Live);
        assert_eq!(pts, [0; 4]);
    }
}
