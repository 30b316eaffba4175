//! Engine lines over the socket: `analyse` starts a search of a position on the analysis
//! workers (or answers from the store), each completed depth is sent as an `analysis` message,
//! and the search stops when the connection asks for another position, says `analyse_stop`, or
//! closes.

use super::lines;
use super::workers::Job;
use crate::error::ServerError;
use crate::state::App;
use crate::wire::{wire, Wire};
use fourhand_bot::review::Budget;
use fourhand_protocol::{ErrorCode, ServerMsg};
use fourhand_rules::RuleSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tokio::sync::mpsc;

/// The budget of a request for lines: as deep as 4 million nodes go (a few seconds of one
/// worker), at most 30 plies.
pub const LINES_BUDGET: Budget = Budget {
    depth: 30,
    nodes: 4_000_000,
};

/// Most lines asked for.
pub const MAX_LINES: u8 = 3;

/// One connection's analysis under way.
#[derive(Default)]
pub struct Running {
    stop: Option<Arc<AtomicBool>>,
}

impl Running {
    /// Stops the search under way, if any.
    pub fn stop(&mut self) {
        if let Some(s) = self.stop.take() {
            s.store(true, Ordering::Relaxed);
        }
    }
}

/// What an `analyse` asks for.
pub struct Request {
    /// The request's number.
    pub id: u32,
    /// The rule set.
    pub rules: RuleSet,
    /// The position.
    pub fen4: String,
    /// How many lines.
    pub lines: u8,
}

/// Starts (or answers from the store) `req` for `player`, whose connection's outgoing queue is
/// `tx`; `running` is the connection's search, stopped first.
pub async fn analyse(
    app: &App,
    player: &crate::identity::Player,
    tx: &mpsc::Sender<Wire>,
    running: &mut Running,
    req: Request,
) -> Result<(), ServerError> {
    running.stop();
    if !(1..=MAX_LINES).contains(&req.lines) {
        return Err(ServerError::new(
            ErrorCode::BadRequest,
            format!("lines: from 1 to {MAX_LINES}"),
        ));
    }
    let game = super::board::game_of(req.rules, &req.fen4)
        .map_err(|e| ServerError::new(ErrorCode::BadRequest, e.to_string()))?;
    super::fair_play::not_live(app, &game)?;
    app.analysis.quota.check(super::quota::Ask::Lines, player)?;
    let id = req.id;
    let send = move |tx: &mpsc::Sender<Wire>, k: &lines::Kept, done: bool, cached: bool| {
        let _ = tx.try_send(wire(&ServerMsg::Analysis {
            id,
            depth: k.depth,
            nodes: k.nodes,
            lines: k.lines.clone(),
            done,
            cached,
        }));
    };
    if game.is_over() || game.legal_moves().is_empty() {
        let none = lines::Kept {
            depth: 0,
            nodes: 0,
            lines: Vec::new(),
        };
        send(tx, &none, true, false);
        return Ok(());
    }
    let key = lines::position_key(&game);
    let count = u32::from(req.lines);
    if let Some(k) = lines::cached(app, &key, count, LINES_BUDGET.depth).await? {
        app.metrics.analysis_cached.increment(1);
        let mut k = k;
        k.lines.truncate(req.lines as usize);
        send(tx, &k, true, true);
        return Ok(());
    }
    let stop = Arc::new(AtomicBool::new(false));
    running.stop = Some(stop.clone());
    let (done_tx, done_rx) = tokio::sync::oneshot::channel();
    let progress_tx = tx.clone();
    let progress_game = game.clone();
    let progress_stop = stop.clone();
    let job = Job {
        game: game.clone(),
        budget: LINES_BUDGET,
        lines: req.lines as usize,
        also: None,
        stop: stop.clone(),
        progress: Some(Box::new(move |a| {
            if !progress_stop.load(Ordering::Relaxed) {
                send(&progress_tx, &lines::kept(&progress_game, a), false, false);
            }
        })),
        done: done_tx,
    };
    app.analysis
        .pool
        .submit(player.id, job)
        .map_err(|_| super::review::busy())?;
    let app = app.clone();
    let tx = tx.clone();
    tokio::spawn(async move {
        let Ok(a) = done_rx.await else { return };
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let k = lines::kept(&game, &a);
        if let Err(e) = lines::keep(&app, &key, count, LINES_BUDGET, &k).await {
            tracing::warn!(error = %e, "could not keep an analysis");
        }
        if !stop.load(Ordering::Relaxed) {
            send(&tx, &k, true, false);
        }
    });
    Ok(())
}
