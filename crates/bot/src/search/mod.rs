//! Alpha-beta search with iterative deepening and aspiration windows, principal-variation
//! search, a transposition table, move ordering (table move, captures by victim and attacker
//! with losing captures last, killers, history), check extensions, null-move pruning,
//! reverse-futility, futility and late-move pruning, late-move reductions and a quiescence
//! search on captures and checks (losing captures and hopeless ones pruned); by option, a
//! quiescence search that reads and fills the table, reductions and pruning by the trend of the
//! static score, reductions by the size of a move's history, and capture history (see
//! `history.rs`). Scores are always from the root seat's point
//! of view: the root's team (its seat and, in sides games, its partner) maximises and every other
//! seat minimises — two-sided minimax in Teams, Verney and Club; in games without sides the
//! turn-keeping best-reply search (BRS+, `best_reply_plus.rs`), the "paranoid" search and two
//! others by option (see [`FfaSearch`]).

mod best_reply_plus;
mod child;
mod exchange;
mod history;
mod lines;
mod maxn;
mod node;
mod order;
mod prune;
mod quiescence;
mod repetition;
mod root;
mod searcher;
mod table;
mod tree;

use crate::weights::{Overrides, Weights};
use fourhand_rules::Variant;
use std::time::Duration;

pub(crate) use child::child;
pub use lines::{Line, Lines};
pub use root::Report;
pub use searcher::Searcher;

/// A mate score (minus the plies to it).
pub const MATE: i32 = 1_000_000;

/// Scores beyond this are mates (or mate-like: an army out in Teams).
pub const MATE_BOUND: i32 = MATE - 1000;

/// The most threads a search takes.
pub const MAX_THREADS: usize = 64;

/// The table of a bot made without a size: `2^18` entries, 4 MB — what a seat's bot has on the
/// server and what the arena gives its bots unless told otherwise.
pub const DEFAULT_TABLE_BITS: u32 = 18;

/// The table size, as `2^bits` entries, that fits in `mb` megabytes (from 1): entries are 16
/// bytes, and the table holds a power of two of them.
pub fn table_bits_for_mb(mb: u64) -> u32 {
    (mb.max(1) * (1 << 20) / 16).ilog2()
}

/// What bounds a search.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: u32,
    /// Node budget.
    pub nodes: u64,
    /// Time budget.
    pub time: Option<Duration>,
}

impl Limits {
    /// Depth only.
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: d,
            nodes: u64::MAX,
            time: None,
        }
    }
}

/// How the three opponents of a game without sides (FFA, Chaturaji, Conquest) are searched.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FfaSearch {
    /// Every opponent moves in turn and all play against the root ("paranoid").
    Paranoid,
    /// Best-reply search: after each root move only the one opponent with the most harmful
    /// reply moves, so the root sees twice as many of its own moves at the same depth.
    BestReply,
    /// Best-reply search keeping the turn order ("BRS+"): after each root move one opponent
    /// plays any of its moves, the others the first of theirs by the move ordering. The
    /// default: the root sees one of its moves every two plies, where paranoid sees one every
    /// four.
    BestReplyPlus,
    /// Max-n: every seat maximises its own score (no cut-offs).
    MaxN,
}

/// With `lazy-eval`: how far outside the window the cheap terms must put a position (4pchess's
/// margin).
const LAZY_MARGIN: i32 = 600;

/// The search's techniques, each of which can be switched off to measure what it brings.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Killer moves and the history heuristic in move ordering.
    pub killers: bool,
    /// Capture history: captures are ordered by their record of cutoffs (by taking kind,
    /// square and taken kind) besides victim and attacker.
    pub capture_history: bool,
    /// Late-move reductions of quiet moves, growing with depth and move number.
    pub reductions: bool,
    /// Null-move pruning (sides games), its reduction growing with depth.
    pub null_move: bool,
    /// Quiescence searches check evasions and, at its first ply, quiet checks.
    pub quiet_checks: bool,
    /// Principal-variation search: every move after the first with a null window first.
    pub pvs: bool,
    /// Aspiration windows around the previous iteration's score at the root.
    pub aspiration: bool,
    /// A principal-variation node takes a cutoff from the table (without it, as 4pchess, only
    /// null-window nodes do, and the principal variation is always searched).
    pub pv_table_cutoff: bool,
    /// A node whose side to move is in check is searched one ply deeper.
    pub check_extension: bool,
    /// Reverse futility: a node whose static score beats the window by a depth margin returns.
    pub reverse_futility: bool,
    /// Futility pruning: near the horizon, quiet moves that cannot lift a hopeless static score
    /// are skipped.
    pub futility: bool,
    /// Late-move pruning: near the horizon, quiet moves late in the order are skipped.
    pub late_move_pruning: bool,
    /// Captures that lose material by the exchange test go last, and the quiescence search
    /// skips them.
    pub exchange: bool,
    /// Delta pruning: the quiescence search skips captures that cannot bring the score back
    /// to the window.
    pub delta: bool,
    /// Late-move reductions and pruning follow the trend of the static score: a node whose
    /// side stands better than two plies before (its partner's or its own last turn) reduces
    /// less, one that stands worse reduces more and prunes more quiet moves.
    pub improving: bool,
    /// Late-move reductions by the size of a quiet move's history, not only its sign.
    pub history_reduction: bool,
    /// The null move is tried at every depth (as 4pchess does), down to one ply from the
    /// horizon, where the pass is answered by the quiescence search alone.
    pub shallow_null_move: bool,
    /// The quiescence search reads the transposition table for cutoffs and stores its results
    /// where they evict no searched entry.
    pub qs_table: bool,
    /// The null-move search reaches one ply deeper (the depth less the reduction, as 4pchess,
    /// rather than less the move and the reduction) and is tried only when the static score
    /// stands a margin beyond the window.
    pub deep_null_move: bool,
    /// Quiet moves that give check are ordered before the other quiet moves (after the
    /// killers), as 4pchess orders them.
    pub check_order: bool,
    /// A check is extended only when the move that gave it was among the first six searched
    /// at its node (4pchess's limit; `prune::EARLY_CHECK_MOVES`), not wherever it came in the
    /// order.
    pub early_check_extension: bool,
    /// King safety by the attacked king zone (growing faster than linearly) and the pawn
    /// shield, instead of the attacked flight squares.
    pub king_shelter: bool,
    /// Evaluation: king safety by the attackers and defenders of each square of the king zone,
    /// weighed by kind (with `king-shelter`).
    pub zone_attack: bool,
    /// Evaluation: captures that win material count for the army that could make them.
    pub threats: bool,
    /// Evaluation: developed pieces, and the partners' developed pieces together.
    pub development: bool,
    /// Evaluation: knights one or two jumps from a hostile king.
    pub knight_reach: bool,
    /// Evaluation: pawns gain faster than linearly as they near promotion.
    pub pawn_race: bool,
    /// Evaluation (sides games): where the pieces stand — centre, the other side's back rows,
    /// rooks central or on open lines — two queens on a side, and partners' uneven armies.
    pub placement: bool,
    /// Evaluation (sides games): a position whose material and placement lie 600 beyond the
    /// search window is scored without its activity and king safety ("lazy" evaluation).
    pub lazy_eval: bool,
    /// Evaluation weights set by name, over each rule set's own ([`Weights::for_variant`]);
    /// the switches above then zero the terms they turn off.
    pub eval: Overrides,
    /// The null move in games without sides (FFA, Chaturaji) too: a seat passes, and if the
    /// root still stands beyond the window after a shallower search, the node is cut off.
    pub ffa_null_move: bool,
    /// FFA: the search starts from the game's standings — each seat's points so far — and
    /// the evaluation weighs the root against the rival with the most (an eliminated rival by
    /// the points it keeps), instead of every seat starting from 0 and only the live rivals
    /// counting.
    pub standings: bool,
    /// FFA: a promoted queen counts on the board as a queen, not as the one point its
    /// capture scores.
    pub promoted_queens: bool,
    /// In games without sides (FFA, Conquest; Chaturaji promotes to a rook only), the quiescence
    /// search plays a pawn's promotion to a queen as it plays captures. Sides games keep their
    /// captures-only quiescence, with which their matches against 4pchess were played.
    pub qs_promotions: bool,
    /// In games without sides (FFA, Chaturaji), an opponent of the root in the quiescence
    /// search may also pass instead of standing pat when the next seat is another opponent:
    /// the static score is then no better for the root than what the opponents still to move
    /// before it make of it (a piece of the root's left hanging to the second or third of them
    /// is lost, not a small threat term).
    pub qs_pass: bool,
    /// In games scored by points (FFA, Chaturaji), with `standings`: a line that repeats a
    /// position for the third time (the game's positions before the root counted) ends there
    /// as the rules end the game, scored by the root's place (`repetition.rs`). Sides games
    /// keep their search without it, with which their matches against 4pchess were played.
    pub repetition: bool,
    /// The FFA search.
    pub ffa: FfaSearch,
}

impl Default for Options {
    /// The measured best: see the README's bot section.
    fn default() -> Options {
        Options {
            killers: true,
            capture_history: false,
            reductions: true,
            null_move: true,
            // Off since 2026-12-04, with `early_check_extension` and `shallow_null_move` on: the
            // three together scored 56.7 % of 120 games against 4pchess at 400 ms on the openings
            // where the defaults before them scored 42.5 % (README, 2026-12-04 #17 and #18, for
            // the running totals).
            quiet_checks: false,
            pvs: true,
            aspiration: true,
            pv_table_cutoff: true,
            check_extension: true,
            reverse_futility: true,
            futility: true,
            late_move_pruning: true,
            exchange: true,
            delta: true,
            qs_table: false,
            deep_null_move: false,
            check_order: false,
            early_check_extension: true,
            improving: false,
            history_reduction: false,
            shallow_null_move: true,
            king_shelter: true,
            // The evaluation terms at 4pchess's scale (README, bot section): 49.4 % of 240
            // games against it at 400 ms, where the terms off scored 40.1 % of 294.
            zone_attack: true,
            threats: true,
            development: true,
            knight_reach: true,
            pawn_race: true,
            placement: true,
            lazy_eval: false,
            eval: Overrides::default(),
            ffa_null_move: false,
            standings: true,
            // On since 2026-12-05 (#32): the pair scored 56.6 % of 320 FFA games against
            // engine3 without them at 100 ms a move (+46 +39/−38; README, bot section).
            promoted_queens: true,
            qs_promotions: true,
            // Off: 62.5/128 (48.8 %, −8 +60/−61) against itself without it at 100 ms a move,
            // FFA (README, bot section, 2026-12-06 #36).
            qs_pass: false,
            // On since 2026-12-06 (#36): 118.5/213 (55.6 %, +39 +48/−46) against itself
            // without it at 100 ms a move, FFA (README, bot section).
            repetition: true,
            // BRS+ since 2026-12-06 (#39), once its reply layers read the table and reduce and
            // prune their late quiet replies: 112/156 (71.8 %, +162 +66/−56) against paranoid
            // at 100 ms a move and 39/48 (81.2 %, +255 +177/−106) at 400 ms, FFA (README, bot
            // section).
            ffa: FfaSearch::BestReplyPlus,
        }
    }
}

impl Options {
    /// The technique switches by name, as [`Options::set`] takes them.
    pub const SWITCHES: [&'static str; 35] = [
        "killers",
        "capture-history",
        "reductions",
        "null-move",
        "checks",
        "pvs",
        "aspiration",
        "pv-table-cutoff",
        "check-extension",
        "reverse-futility",
        "futility",
        "late-move-pruning",
        "exchange",
        "delta",
        "qs-table",
        "deep-null-move",
        "check-order",
        "early-check-extension",
        "improving",
        "history-reduction",
        "shallow-null-move",
        "king-shelter",
        "zone-attack",
        "threats",
        "development",
        "knight-reach",
        "pawn-race",
        "placement",
        "lazy-eval",
        "ffa-null-move",
        "standings",
        "promoted-queens",
        "qs-promotions",
        "qs-pass",
        "repetition",
    ];

    /// The evaluation's weights in `variant`: its own, with the weights these options set and
    /// the terms they switch off at zero (`no-pawn-race`: pawns gain linearly, 6 a step;
    /// `no-king-shelter`: king danger by the attacked flight squares).
    pub fn weights(&self, variant: Variant) -> Weights {
        let mut w = self.eval.over(Weights::for_variant(variant));
        w.shelter = self.king_shelter;
        w.zone_attack = self.zone_attack;
        let off = |on: bool, x: &mut i32| {
            if !on {
                *x = 0;
            }
        };
        off(self.threats, &mut w.threat);
        off(self.threats, &mut w.hanging);
        off(self.development, &mut w.developed);
        off(self.development, &mut w.developed_pair);
        off(self.knight_reach, &mut w.knight_near_king);
        if !self.pawn_race {
            (w.pawn_step, w.pawn_step_squared, w.pawn_far) = (6, 0, 0);
        }
        w.lazy_margin = if self.lazy_eval { LAZY_MARGIN } else { 0 };
        w.standings = self.standings;
        w.promoted_queens = self.promoted_queens;
        for x in [
            &mut w.rook_central,
            &mut w.rook_open,
            &mut w.centrality,
            &mut w.back_rows,
            &mut w.imbalance,
            &mut w.queens_pair,
        ] {
            off(self.placement, x);
        }
        w
    }

    /// The switch called `key` (a name of [`Options::SWITCHES`] or one of its aliases).
    fn switch_mut(&mut self, key: &str) -> Option<&mut bool> {
        Some(match key {
            "killers" => &mut self.killers,
            "capture-history" => &mut self.capture_history,
            "reductions" | "lmr" => &mut self.reductions,
            "null-move" | "null" => &mut self.null_move,
            "checks" => &mut self.quiet_checks,
            "pvs" => &mut self.pvs,
            "aspiration" => &mut self.aspiration,
            "pv-table-cutoff" => &mut self.pv_table_cutoff,
            "check-extension" => &mut self.check_extension,
            "reverse-futility" | "rfp" => &mut self.reverse_futility,
            "futility" => &mut self.futility,
            "late-move-pruning" | "lmp" => &mut self.late_move_pruning,
            "exchange" | "see" => &mut self.exchange,
            "delta" => &mut self.delta,
            "qs-table" => &mut self.qs_table,
            "deep-null-move" | "deep-null" => &mut self.deep_null_move,
            "check-order" => &mut self.check_order,
            "early-check-extension" => &mut self.early_check_extension,
            "improving" => &mut self.improving,
            "history-reduction" => &mut self.history_reduction,
            "shallow-null-move" => &mut self.shallow_null_move,
            "king-shelter" | "shelter" => &mut self.king_shelter,
            "zone-attack" => &mut self.zone_attack,
            "threats" => &mut self.threats,
            "development" => &mut self.development,
            "knight-reach" => &mut self.knight_reach,
            "pawn-race" => &mut self.pawn_race,
            "placement" => &mut self.placement,
            "lazy-eval" | "lazy" => &mut self.lazy_eval,
            "ffa-null-move" | "ffa-null" => &mut self.ffa_null_move,
            "standings" => &mut self.standings,
            "promoted-queens" => &mut self.promoted_queens,
            "qs-promotions" => &mut self.qs_promotions,
            "qs-pass" => &mut self.qs_pass,
            "repetition" => &mut self.repetition,
            _ => return None,
        })
    }

    /// Applies `name` (one of [`Options::SWITCHES`], optionally prefixed by `no-`; `paranoid`,
    /// `best-reply`, `max-n`), e.g. from `engine3/no-null-move`, or sets one of the
    /// evaluation's weights ([`Weights::TUNABLE`], and `pawn`, which the fit keeps as its
    /// unit): `threat=50`.
    pub fn set(&mut self, name: &str) -> Result<(), String> {
        if let Some((key, value)) = name.split_once('=') {
            let value = value
                .parse()
                .map_err(|_| format!("weight '{key}' needs a whole number, not '{value}'"))?;
            return self.eval.set(key, value);
        }
        let (on, key) = match name.strip_prefix("no-") {
            Some(k) => (false, k),
            None => (true, name),
        };
        if let Some(flag) = self.switch_mut(key) {
            *flag = on;
            return Ok(());
        }
        self.ffa = match key {
            "paranoid" if on => FfaSearch::Paranoid,
            "best-reply" | "brs" if on => FfaSearch::BestReply,
            "best-reply-plus" | "brs-plus" if on => FfaSearch::BestReplyPlus,
            "max-n" | "maxn" if on => FfaSearch::MaxN,
            _ => return Err(format!("unknown search option '{name}'")),
        };
        Ok(())
    }

    /// How these options differ from the default, in the form [`Options::set`] reads
    /// (`no-null-move,best-reply`); empty for the default.
    pub fn spec(&self) -> String {
        let (mut mine, mut default) = (*self, Options::default());
        let mut out: Vec<String> = Options::SWITCHES
            .iter()
            .filter_map(|&k| {
                let on = *mine.switch_mut(k)?;
                (on != *default.switch_mut(k)?).then(|| {
                    if on {
                        k.to_string()
                    } else {
                        format!("no-{k}")
                    }
                })
            })
            .collect();
        out.extend(self.eval.iter().map(|(k, v)| format!("{k}={v}")));
        if self.ffa != default.ffa {
            out.push(
                match self.ffa {
                    FfaSearch::Paranoid => "paranoid",
                    FfaSearch::BestReply => "best-reply",
                    FfaSearch::BestReplyPlus => "best-reply-plus",
                    FfaSearch::MaxN => "max-n",
                }
                .to_string(),
            );
        }
        out.join(",")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_size_in_megabytes_is_the_largest_power_of_two_of_entries_that_fits() {
        assert_eq!(table_bits_for_mb(4), DEFAULT_TABLE_BITS);
        assert_eq!(table_bits_for_mb(1), 16);
        assert_eq!(table_bits_for_mb(3), 17);
        assert_eq!(table_bits_for_mb(32), 21);
        assert_eq!(table_bits_for_mb(1024), 26);
    }
}
