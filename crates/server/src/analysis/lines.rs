//! A position's lines as the wire carries them (each move with its text and squares, every
//! seat's score), and the store's cache of them: by position (rule set and FEN4 with points)
//! and number of lines, the deepest search kept — a position asked again to a depth already
//! searched is answered from the store, without a search.

use crate::game::convert::seat_name;
use crate::state::App;
use crate::store::{CachedLines, StoreResult};
use fourhand_bot::analysis::{Analysis, Score};
use fourhand_bot::review::Budget;
use fourhand_protocol::{AnalysisLine, LineMove, SeatScore};
use fourhand_rules::game::Game;
use fourhand_rules::Move;
use serde::{Deserialize, Serialize};

/// Lines as kept in the store.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Kept {
    /// The depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The lines, best first.
    pub lines: Vec<AnalysisLine>,
}

/// The store's key of `game`'s position: the rule set's name and the FEN4 with points.
pub fn position_key(game: &Game) -> String {
    format!(
        "{}|{}",
        game.rules().name(),
        crate::game::convert::fen(game)
    )
}

/// A score on the wire.
pub fn wire_score(s: Score) -> SeatScore {
    SeatScore {
        centi: s.centi,
        mate: s.mate,
    }
}

/// The moves of a line from `game`'s position, each as the record writes it.
pub fn line_moves(game: &Game, moves: &[Move]) -> Vec<LineMove> {
    let mut g = game.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        let Ok(entries) = super::board::play(&mut g, m) else {
            break;
        };
        if let Some(e) = entries.iter().find(|e| e.mv == Some(m)) {
            out.push(LineMove {
                seat: seat_name(e.seat),
                text: e.text.clone(),
                from: m.from(),
                to: m.to(),
            });
        }
    }
    out
}

/// An analysis on the wire.
pub fn kept(game: &Game, a: &Analysis) -> Kept {
    Kept {
        depth: a.depth,
        nodes: a.nodes,
        lines: a
            .lines
            .iter()
            .map(|l| AnalysisLine {
                moves: line_moves(game, &l.moves),
                scores: l.scores.0.map(wire_score),
            })
            .collect(),
    }
}

/// The kept lines of `key` with at least `lines` lines that answer a search to `depth`.
pub async fn cached(app: &App, key: &str, lines: u32, depth: u32) -> StoreResult<Option<Kept>> {
    let Some(c) = app.store.cached_lines(key, lines).await? else {
        return Ok(None);
    };
    if !c.answers(depth) {
        return Ok(None);
    }
    Ok(serde_json::from_str::<Kept>(&c.result)
        .ok()
        .filter(|k| k.lines.len() >= lines as usize || k.lines.is_empty()))
}

/// Keeps the lines of a search of `key` asked to reach `budget`'s depth.
pub async fn keep(app: &App, key: &str, lines: u32, budget: Budget, k: &Kept) -> StoreResult<()> {
    let c = CachedLines {
        asked: budget.depth,
        depth: k.depth,
        nodes: k.nodes,
        result: serde_json::to_string(k).unwrap_or_default(),
    };
    app.store.cache_lines(key, lines, &c).await
}

/// The legal move of `game` a line's move names.
pub fn move_of(game: &Game, m: &LineMove) -> Option<Move> {
    let mut probe = game.clone();
    for _ in 0..4 {
        if !probe.must_pass() {
            break;
        }
        let s = probe.position().turn();
        probe.pass(s).ok()?;
    }
    let promotion = m
        .text
        .split_once('=')
        .and_then(|(_, p)| p.chars().next())
        .and_then(fourhand_rules::Kind::from_letter);
    probe.legal_moves().iter().copied().find(|c| {
        c.from() == m.from && c.to() == m.to && (promotion.is_none() || c.promotion() == promotion)
    })
}
