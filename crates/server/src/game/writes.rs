//! The actions of one game on their way into the store: at most one write in flight, the inputs
//! waiting behind it, and what a failure means.
//!
//! The actor never waits for the store: it starts a write and goes on answering joins, chat and
//! snapshots; the input is applied (and acknowledged) only once the write is known to have
//! landed. A write the database refused is refused at once (nothing changed). A timed-out write,
//! or one whose connection was lost, is ambiguous (the commit may have happened), so the actor
//! finds out, after a backoff, whether the action is in the store, and only then answers:
//! applied, or refused with nothing changed. While the store fails, further inputs
//! that need it are refused at once and the backoff doubles; a failure is logged at most once a
//! minute per game.

use super::core::{Input, Refusal};
use crate::metrics::Metrics;
use crate::store::{Store, StoreError, StoreResult, StoredAction};
use fourhand_protocol::{ErrorCode, GameId};
use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;
use uuid::Uuid;

/// Where the answer to an input goes (none for the server's own inputs: flags, bot moves).
pub type Reply = Option<crate::bus::ReplyTo>;

/// The first wait after a store failure; it doubles with each further failure.
const BACKOFF_FIRST: Duration = Duration::from_millis(250);
/// The longest wait between attempts while the store fails.
const BACKOFF_MAX: Duration = Duration::from_secs(5);
/// A game logs a store failure at most this often.
const LOG_EVERY: Duration = Duration::from_secs(60);
/// A write that has not answered by then counts as failed (and is then checked).
const WRITE_TIMEOUT: Duration = Duration::from_secs(3);
/// Inputs that may wait behind a write in flight; more are refused.
const MAX_WAITING: usize = 32;

/// The input whose action is being stored.
pub struct Inflight {
    /// The input, applied once stored.
    pub input: Input,
    /// When it was submitted (actor ms): it is applied at that moment.
    pub now: u64,
    /// Its ply.
    pub ply: i64,
    /// Who waits for the answer.
    pub reply: Reply,
    /// When the write began.
    pub started: std::time::Instant,
}

/// What a write or a check came to.
pub enum Outcome {
    /// The action is stored: apply it.
    Stored(Inflight),
    /// The action is known not to be stored: refuse it (nothing changed).
    NotStored(Inflight),
}

enum Step {
    Written(StoreResult<()>),
    Checked(StoreResult<bool>),
}

type StepFuture = Pin<Box<dyn Future<Output = Step> + Send>>;

/// One game's writes.
pub struct Writes {
    store: Store,
    /// In a cluster: the lease every write is fenced with.
    lease: Option<crate::store::Lease>,
    /// A write was refused because another node owns the game now.
    fenced: bool,
    metrics: Arc<Metrics>,
    game: Uuid,
    inflight: Option<Inflight>,
    step: Option<StepFuture>,
    waiting: VecDeque<(Input, Reply)>,
    retry_at: Option<Instant>,
    failures: u32,
    logged_at: Option<Instant>,
}

impl Writes {
    /// No write yet.
    pub fn new(
        store: Store,
        metrics: Arc<Metrics>,
        game: Uuid,
        lease: Option<crate::store::Lease>,
    ) -> Writes {
        Writes {
            store,
            lease,
            fenced: false,
            metrics,
            game,
            inflight: None,
            step: None,
            waiting: VecDeque::new(),
            retry_at: None,
            failures: 0,
            logged_at: None,
        }
    }

    /// A write was refused because another node has taken the game over: this actor must stop.
    pub fn fenced(&self) -> bool {
        self.fenced
    }

    /// A write is in flight (or being checked).
    pub fn busy(&self) -> bool {
        self.inflight.is_some()
    }

    /// The store failed lately and its backoff has not run out: inputs that need it are
    /// refused, bots and deadlines wait.
    pub fn backing_off(&self) -> bool {
        self.retry_at().is_some()
    }

    /// When the backoff runs out.
    pub fn retry_at(&self) -> Option<Instant> {
        self.retry_at.filter(|r| Instant::now() < *r)
    }

    /// Whether an input that needs the store can be taken now, must wait behind the write in
    /// flight, or is refused (the store fails, or too much waits).
    pub fn admit(&mut self, input: Input, reply: Reply) -> Admit {
        if self.backing_off() || (self.busy() && self.failures > 0) {
            return Admit::Refused(reply);
        }
        if self.busy() {
            if self.waiting.len() >= MAX_WAITING {
                return Admit::Refused(reply);
            }
            self.waiting.push_back((input, reply));
            return Admit::Queued;
        }
        Admit::Now(input, reply)
    }

    /// Starts writing `action` for `inflight`.
    pub fn start(&mut self, inflight: Inflight, action: StoredAction) {
        let (store, game, lease) = (self.store.clone(), self.game, self.lease.clone());
        self.inflight = Some(inflight);
        self.step = Some(Box::pin(async move {
            let write = async {
                match &lease {
                    Some(lease) => store.append_action_fenced(lease, &action).await,
                    None => store.append_action(GameId(game), &action).await,
                }
            };
            let r = tokio::time::timeout(WRITE_TIMEOUT, write)
                .await
                .unwrap_or(Err(StoreError::Timeout));
            Step::Written(r)
        }));
    }

    /// The next input waiting behind the last write.
    pub fn next_waiting(&mut self) -> Option<(Input, Reply)> {
        if self.busy() {
            return None;
        }
        self.waiting.pop_front()
    }

    /// Every input still waiting (to refuse them after a failure).
    pub fn drain_waiting(&mut self) -> Vec<(Input, Reply)> {
        self.waiting.drain(..).collect()
    }

    /// Resolves when the write in flight is known to be stored or not (never when none is).
    /// Failures along the way back off and check again.
    pub async fn settled(&mut self) -> Outcome {
        loop {
            let step = match self.step.as_mut() {
                Some(f) => f.await,
                None => std::future::pending().await,
            };
            self.step = None;
            let ply = self.inflight.as_ref().map_or(0, |i| i.ply);
            match step {
                Step::Written(Ok(())) | Step::Checked(Ok(true)) => return self.done(true),
                Step::Checked(Ok(false)) => return self.done(false),
                Step::Written(Err(StoreError::Fenced)) => {
                    tracing::warn!(game = %self.game, "another node owns this game now; stopping");
                    self.fenced = true;
                    return self.done(false);
                }
                Step::Written(Err(e)) if e.never_written() => {
                    self.failed(&e);
                    return self.done(false);
                }
                Step::Written(Err(e)) | Step::Checked(Err(e)) => {
                    let wait = self.failed(&e);
                    let (store, game) = (self.store.clone(), self.game);
                    self.step = Some(Box::pin(async move {
                        tokio::time::sleep(wait).await;
                        let r = tokio::time::timeout(
                            WRITE_TIMEOUT,
                            store.has_action(GameId(game), ply),
                        )
                        .await
                        .unwrap_or(Err(StoreError::Timeout));
                        Step::Checked(r)
                    }));
                }
            }
        }
    }

    fn done(&mut self, stored: bool) -> Outcome {
        let inflight = self
            .inflight
            .take()
            .expect("a step runs only for a write in flight");
        if stored {
            if self.failures > 0 {
                tracing::info!(game = %self.game, "the store records actions again");
            }
            self.failures = 0;
            self.retry_at = None;
            Outcome::Stored(inflight)
        } else {
            Outcome::NotStored(inflight)
        }
    }

    /// Backs off after a failure (doubling up to [`BACKOFF_MAX`]), logs at most once a
    /// minute, and returns the wait.
    fn failed(&mut self, e: &StoreError) -> Duration {
        self.metrics.store_errors.increment(1);
        let wait = BACKOFF_FIRST
            .saturating_mul(1 << self.failures.min(8))
            .min(BACKOFF_MAX);
        self.failures += 1;
        let now = Instant::now();
        self.retry_at = Some(now + wait);
        if self
            .logged_at
            .is_none_or(|t| now.duration_since(t) >= LOG_EVERY)
        {
            self.logged_at = Some(now);
            tracing::error!(game = %self.game, error = %e, failures = self.failures,
                "could not store an action; backing off and checking");
        }
        wait
    }
}

/// What [`Writes::admit`] decided.
pub enum Admit {
    /// Write it now.
    Now(Input, Reply),
    /// It waits behind the write in flight.
    Queued,
    /// Refuse it: the store fails, or too much waits.
    Refused(Reply),
}

/// The refusal while the store cannot record actions.
pub fn store_unavailable() -> Refusal {
    Refusal {
        code: ErrorCode::StoreUnavailable,
        message: "the server cannot record moves right now; nothing changed, try again shortly"
            .into(),
    }
}
