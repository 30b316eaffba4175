//! Game reviews: asked for over HTTP, kept in the store as jobs, taken by any node's reviewer
//! under a lease (renewed as it goes; a review whose node died is taken again when the lease
//! runs out, its positions searched so far answered from the store), every position of the game
//! evaluated at the review budget on the analysis workers, and the review written once — by
//! the node that holds it.

use super::lines::{self, Kept};
use super::workers::Job;
use crate::error::ServerError;
use crate::game::convert::seat_name;
use crate::state::App;
use crate::store::{ReviewRow, StoreError};
use fourhand_bot::analysis::Score;
use fourhand_bot::judgement::Judgement as Verdict;
use fourhand_bot::review::{review, Evaluated, Ply, REVIEW_BUDGET};
use fourhand_protocol::{
    ErrorCode, GameId, GameReview, Judgement, PlayerId, ReviewState, ReviewStatus, ReviewedMove,
};
use fourhand_rules::game::{Action, Game};
use fourhand_rules::notation::pgn4;
use fourhand_rules::BySeat;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How long a node holds a review without renewing it.
pub const LEASE: Duration = Duration::from_secs(10);
/// How often a reviewer renews its lease and records its progress.
const RENEW: Duration = Duration::from_secs(2);
/// How often an idle reviewer looks for work (besides being woken by a request here).
const IDLE: Duration = Duration::from_secs(2);

fn now_ms() -> i64 {
    crate::time::epoch_ms()
}

/// The state of `game`'s review.
pub fn state_of(row: &ReviewRow) -> ReviewState {
    ReviewState {
        game: row.game,
        status: row.status,
        done: row.done_positions,
        total: row.total_positions,
        review: row
            .result
            .as_deref()
            .and_then(|r| serde_json::from_str::<GameReview>(r).ok()),
    }
}

/// Asks for a review of `game` for `player`: the review there is, or a new one queued. The game
/// must have ended; a player has one review waiting or running at a time, and so many a minute.
pub async fn ask(
    app: &App,
    player: &crate::identity::Player,
    game: GameId,
) -> Result<(bool, ReviewState), ServerError> {
    super::fair_play::finished_game(app, game).await?;
    // A review there is (done, under way, or failed: its record does not replay) is the answer.
    if let Some(row) = app.store.review(game).await? {
        return Ok((false, state_of(&row)));
    }
    if app.store.open_reviews_of(PlayerId(player.id)).await? > 0 {
        return Err(ServerError::new(
            ErrorCode::ReviewPending,
            "a review you asked for is still being made: one at a time",
        ));
    }
    app.analysis
        .quota
        .check(super::quota::Ask::Review, player)?;
    let row = ReviewRow {
        game,
        requested_by: PlayerId(player.id),
        status: ReviewStatus::Queued,
        node: None,
        lease_until: 0,
        done_positions: 0,
        total_positions: 0,
        result: None,
        created_ms: now_ms(),
        finished_ms: None,
    };
    match app.store.create_review(&row).await {
        Ok(()) => {}
        // Asked for at the same moment by someone else: that one stands.
        Err(StoreError::Conflict) => {}
        Err(e) => return Err(e.into()),
    }
    app.analysis.wake.notify_one();
    let row = app.store.review(game).await?.unwrap_or(row);
    Ok((true, state_of(&row)))
}

/// Runs this node's reviewer until shutdown: takes reviews from the store one at a time.
pub async fn run(app: App) {
    let node = app.bus.node().id.0.to_string();
    loop {
        let now = now_ms();
        let until = now + LEASE.as_millis() as i64;
        let claimed = tokio::select! {
            r = app.store.claim_review(&node, now, until) => r,
            _ = app.shutdown.cancelled() => return,
        };
        match claimed {
            Ok(Some(row)) => {
                tracing::info!(game = %row.game.0, "review taken");
                if let Err(e) = work(&app, &node, &row).await {
                    tracing::warn!(game = %row.game.0, error = %e, "review failed");
                }
            }
            Ok(None) => {
                tokio::select! {
                    _ = app.analysis.wake.notified() => {}
                    _ = tokio::time::sleep(IDLE) => {}
                    _ = app.shutdown.cancelled() => return,
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "could not look for reviews");
                tokio::select! {
                    _ = tokio::time::sleep(IDLE) => {}
                    _ = app.shutdown.cancelled() => return,
                }
            }
        }
    }
}

/// One entry of the record with the game after it.
struct Step {
    ply: Ply,
    after: Game,
}

/// The start and each entry of a stored record.
fn steps(text: &str) -> Result<(Game, Vec<Step>), String> {
    let mut steps: Vec<Step> = Vec::new();
    let mut seen = 0;
    let mut legal_before = Vec::new();
    let r = pgn4::replay_slots(text, |seat, _, g| {
        let mv = g.records()[seen..].iter().find_map(|rec| match rec.action {
            Action::Move { mv, .. } => Some(mv),
            _ => None,
        });
        seen = g.records().len();
        steps.push(Step {
            ply: Ply {
                seat,
                mv,
                forced: false,
            },
            after: g.clone(),
        });
    })
    .map_err(|e| e.to_string())?;
    if let Some(e) = r.error {
        return Err(e.to_string());
    }
    let start = Game::from_position_with(
        *r.game.rules(),
        r.game.start_position().clone(),
        r.game.start_points(),
        fourhand_rules::game::Automation::REPLAY,
    );
    legal_before.push(start.legal_moves().len());
    for s in &steps {
        legal_before.push(s.after.legal_moves().len());
    }
    for (k, s) in steps.iter_mut().enumerate() {
        s.ply.forced = legal_before[k] == 1;
    }
    Ok((start, steps))
}

/// Evaluates every position of the review `row` holds and writes the review.
async fn work(app: &App, node: &str, row: &ReviewRow) -> Result<(), ServerError> {
    let game = row.game;
    let fail = |why: String| async move {
        tracing::warn!(game = %game.0, %why, "review given up");
        app.store
            .finish_review(game, node, ReviewStatus::Failed, None, now_ms())
            .await
    };
    let Some(stored) = app.store.game(game).await? else {
        fail("the game is gone".into()).await?;
        return Ok(());
    };
    let Some(end) = stored.end else {
        fail("the game has not ended".into()).await?;
        return Ok(());
    };
    let (start, steps) = match steps(&end.pgn4) {
        Ok(s) => s,
        Err(e) => {
            fail(e).await?;
            return Ok(());
        }
    };
    let games: Vec<&Game> = std::iter::once(&start)
        .chain(steps.iter().map(|s| &s.after))
        .collect();
    let total = games.len() as u32;
    let stop = Arc::new(AtomicBool::new(false));
    // Every position not in the store goes to the workers at once; they serve other users in
    // between.
    let mut answers = Vec::with_capacity(games.len());
    for (k, g) in games.iter().enumerate() {
        let played = steps.get(k).and_then(|s| s.ply.mv);
        answers.push(position(app, row.requested_by, g, played, &stop).await?);
    }
    let mut evals = Vec::with_capacity(games.len());
    let mut renewed = tokio::time::Instant::now();
    for (k, answer) in answers.into_iter().enumerate() {
        let e = match answer {
            Answer::Ready(e) => e,
            Answer::Waiting(g, played, rx) => {
                let a = tokio::select! {
                    a = rx => a,
                    _ = app.shutdown.cancelled() => {
                        stop.store(true, Ordering::Relaxed);
                        return Ok(());
                    }
                };
                let Ok(a) = a else {
                    stop.store(true, Ordering::Relaxed);
                    return Err(ServerError::new(
                        ErrorCode::Internal,
                        "a search was dropped",
                    ));
                };
                let kept = lines::kept(&g, &a);
                let key = lines::position_key(&g);
                lines::keep(app, &key, 1, REVIEW_BUDGET, &kept).await?;
                evaluated(&g, &kept, played)
            }
        };
        evals.push(e);
        if renewed.elapsed() >= RENEW {
            renewed = tokio::time::Instant::now();
            let until = now_ms() + LEASE.as_millis() as i64;
            if !app
                .store
                .renew_review(game, node, until, k as u32 + 1, total)
                .await?
            {
                // Another node holds it now: leave it to that one.
                stop.store(true, Ordering::Relaxed);
                tracing::info!(game = %game.0, "review taken over by another node");
                return Ok(());
            }
        }
    }
    let plies: Vec<Ply> = steps.iter().map(|s| s.ply.clone()).collect();
    let r = review(&plies, &evals);
    let wire = GameReview {
        game,
        rules: start.rules().name(),
        sides: start.rules().sides(),
        depth: REVIEW_BUDGET.depth,
        nodes: REVIEW_BUDGET.nodes,
        scores: evals
            .iter()
            .map(|e| e.scores.0.map(lines::wire_score))
            .collect(),
        moves: r
            .verdicts
            .iter()
            .enumerate()
            .map(|(k, v)| {
                v.as_ref().map(|v| ReviewedMove {
                    seat: seat_name(v.seat),
                    judgement: judgement(v.judgement),
                    loss: v.loss,
                    better: v
                        .better
                        .and_then(|m| lines::line_moves(games[k], &[m]).into_iter().next()),
                    accuracy: (v.accuracy * 10.0).round() / 10.0,
                })
            })
            .collect(),
        accuracy: r.accuracy.0.map(|a| a.map(|a| (a * 10.0).round() / 10.0)),
        counts: r.counts.0,
    };
    let text = serde_json::to_string(&wire).map_err(ServerError::internal)?;
    let written = app
        .store
        .finish_review(game, node, ReviewStatus::Done, Some(&text), now_ms())
        .await?;
    if written {
        app.metrics.reviews_done.increment(1);
        tracing::info!(game = %game.0, positions = total, "review done");
    }
    Ok(())
}

/// A position's evaluation, ready or on its way from the workers.
enum Answer {
    Ready(Evaluated),
    Waiting(
        Box<Game>,
        Option<fourhand_rules::Move>,
        tokio::sync::oneshot::Receiver<fourhand_bot::analysis::Analysis>,
    ),
}

/// The evaluation of `g`'s position, where `played` was played: its end, the store's (when it
/// holds the line of the move played), or a search queued for `user`.
async fn position(
    app: &App,
    user: PlayerId,
    g: &Game,
    played: Option<fourhand_rules::Move>,
    stop: &Arc<AtomicBool>,
) -> Result<Answer, ServerError> {
    if g.is_over() || g.legal_moves().is_empty() {
        return Ok(Answer::Ready(Evaluated::ended(g)));
    }
    let key = lines::position_key(g);
    if let Some(kept) = lines::cached(app, &key, 1, REVIEW_BUDGET.depth).await? {
        let e = evaluated(g, &kept, played);
        if played.is_none() || e.played.is_some() {
            return Ok(Answer::Ready(e));
        }
    }
    let (tx, rx) = tokio::sync::oneshot::channel();
    let job = Job {
        game: g.clone(),
        budget: REVIEW_BUDGET,
        lines: 1,
        also: played,
        stop: stop.clone(),
        progress: None,
        done: tx,
    };
    app.analysis.pool.submit(user.0, job).map_err(|_| busy())?;
    Ok(Answer::Waiting(Box::new(g.clone()), played, rx))
}

/// The analysis workers' queue is full.
pub fn busy() -> ServerError {
    ServerError::new(
        ErrorCode::AnalysisBusy,
        "the analysis workers are busy; try again in a moment",
    )
}

/// The review's view of kept lines: the first line's move and scores, and the line of the
/// move `played` when they hold it.
fn evaluated(g: &Game, kept: &Kept, played: Option<fourhand_rules::Move>) -> Evaluated {
    let scores = |l: &fourhand_protocol::AnalysisLine| {
        BySeat(l.scores.map(|s| Score {
            centi: s.centi,
            mate: s.mate,
        }))
    };
    let first_move =
        |l: &fourhand_protocol::AnalysisLine| l.moves.first().and_then(|m| lines::move_of(g, m));
    match kept.lines.first() {
        Some(best) => Evaluated {
            best: first_move(best),
            scores: scores(best),
            played: played.and_then(|m| {
                kept.lines
                    .iter()
                    .find(|l| first_move(l) == Some(m))
                    .map(|l| (m, scores(l)))
            }),
        },
        None => Evaluated::ended(g),
    }
}

fn judgement(v: Verdict) -> Judgement {
    match v {
        Verdict::Best => Judgement::Best,
        Verdict::Good => Judgement::Good,
        Verdict::Inaccuracy => Judgement::Inaccuracy,
        Verdict::Mistake => Judgement::Mistake,
        Verdict::Blunder => Judgement::Blunder,
    }
}
