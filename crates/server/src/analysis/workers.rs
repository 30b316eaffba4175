//! The analysis workers: a fixed number of threads (`--analysis-workers`), apart from the bots'
//! threads, each with its own analyst. Jobs wait in a queue that is fair between users: each
//! user has his own line, and the workers serve the users in turn, one job each — a review's
//! hundreds of positions never hold back another user's request. A job whose stop flag is set
//! is skipped, or its search stopped.

use fourhand_bot::analysis::{limits, Analysis, Analyst};
use fourhand_bot::review::Budget;
use fourhand_rules::game::Game;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use tokio::sync::oneshot;
use uuid::Uuid;

/// Most jobs waiting at once, all users together.
pub const MAX_WAITING: usize = 20_000;

/// Called with the lines of every completed depth, on the worker's thread.
pub type Progress = Box<dyn FnMut(&Analysis) + Send>;

/// A position to search.
pub struct Job {
    /// The position (and the game before it, for repetitions).
    pub game: Game,
    /// How deep and how long.
    pub budget: Budget,
    /// How many lines.
    pub lines: usize,
    /// A move whose line is searched too (a review's move played).
    pub also: Option<fourhand_rules::Move>,
    /// Set to stop the search (skipped if set before it starts).
    pub stop: Arc<AtomicBool>,
    /// Told each completed depth.
    pub progress: Option<Progress>,
    /// Answered with the search's lines; dropped unanswered when the job was skipped.
    pub done: oneshot::Sender<Analysis>,
}

/// The queue full: the job was refused.
#[derive(Debug)]
pub struct Busy;

/// Each user's waiting jobs, and the order users are served in.
#[derive(Default)]
struct FairQueue {
    turns: VecDeque<Uuid>,
    waiting: HashMap<Uuid, VecDeque<Job>>,
    count: usize,
    closed: bool,
}

impl FairQueue {
    fn push(&mut self, user: Uuid, job: Job) {
        let line = self.waiting.entry(user).or_default();
        if line.is_empty() {
            self.turns.push_back(user);
        }
        line.push_back(job);
        self.count += 1;
    }

    /// The next user's first job; he goes to the back if he has more.
    fn pop(&mut self) -> Option<Job> {
        let user = self.turns.pop_front()?;
        let line = self.waiting.get_mut(&user)?;
        let job = line.pop_front();
        if line.is_empty() {
            self.waiting.remove(&user);
        } else {
            self.turns.push_back(user);
        }
        self.count -= usize::from(job.is_some());
        job
    }
}

struct Shared {
    queue: Mutex<FairQueue>,
    ready: Condvar,
    searches: AtomicU64,
}

/// The analysis threads.
pub struct AnalysisPool {
    shared: Arc<Shared>,
    threads: usize,
}

impl AnalysisPool {
    /// A pool of `threads` threads (at least one), named `fourhand-analysis-N`, each with a
    /// table of `2^table_bits` entries.
    pub fn new(threads: usize, table_bits: u32) -> AnalysisPool {
        let threads = threads.max(1);
        let shared = Arc::new(Shared {
            queue: Mutex::default(),
            ready: Condvar::new(),
            searches: AtomicU64::new(0),
        });
        for i in 0..threads {
            let shared = shared.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("fourhand-analysis-{i}"))
                .spawn(move || work(&shared, table_bits));
            if let Err(e) = spawned {
                tracing::error!(error = %e, "could not start an analysis thread");
            }
        }
        AnalysisPool { shared, threads }
    }

    /// How many threads it has.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Queues `job` for `user`, or refuses it when [`MAX_WAITING`] jobs wait.
    pub fn submit(&self, user: Uuid, job: Job) -> Result<(), Busy> {
        let mut q = self.shared.queue.lock().unwrap_or_else(|p| p.into_inner());
        if q.count >= MAX_WAITING {
            return Err(Busy);
        }
        q.push(user, job);
        drop(q);
        self.shared.ready.notify_one();
        Ok(())
    }

    /// Searches started since the pool was made (a position answered from the store is none).
    pub fn searches(&self) -> u64 {
        self.shared.searches.load(Ordering::Relaxed)
    }

    /// Jobs waiting.
    pub fn waiting(&self) -> usize {
        self.shared
            .queue
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .count
    }
}

impl Drop for AnalysisPool {
    fn drop(&mut self) {
        let mut q = self.shared.queue.lock().unwrap_or_else(|p| p.into_inner());
        q.closed = true;
        for line in q.waiting.values() {
            for job in line {
                job.stop.store(true, Ordering::Relaxed);
            }
        }
        drop(q);
        self.shared.ready.notify_all();
    }
}

/// A worker: takes jobs in the users' turn until the pool is dropped.
fn work(shared: &Shared, table_bits: u32) {
    let mut analyst = Analyst::new(table_bits);
    loop {
        let job = {
            let mut q = shared.queue.lock().unwrap_or_else(|p| p.into_inner());
            loop {
                if q.closed {
                    return;
                }
                if let Some(job) = q.pop() {
                    break job;
                }
                q = shared.ready.wait(q).unwrap_or_else(|p| p.into_inner());
            }
        };
        if job.stop.load(Ordering::Relaxed) {
            continue;
        }
        shared.searches.fetch_add(1, Ordering::Relaxed);
        analyst.set_stop(job.stop.clone());
        let mut progress = job.progress;
        let a = analyst.lines_with(
            &job.game,
            limits(job.budget.depth, job.budget.nodes),
            job.lines,
            job.also,
            |a| {
                if let Some(p) = progress.as_mut() {
                    p(a);
                }
            },
        );
        let _ = job.done.send(a);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(stop: &Arc<AtomicBool>) -> (Job, oneshot::Receiver<Analysis>) {
        let (tx, rx) = oneshot::channel();
        let game = Game::new(*fourhand_rules::RuleSet::get(
            fourhand_rules::Variant::Teams,
        ));
        let job = Job {
            game,
            budget: Budget {
                depth: 1,
                nodes: 10_000,
            },
            lines: 1,
            also: None,
            stop: stop.clone(),
            progress: None,
            done: tx,
        };
        (job, rx)
    }

    #[test]
    fn users_are_served_in_turn() {
        let mut q = FairQueue::default();
        let stop = Arc::new(AtomicBool::new(false));
        let (a, b) = (Uuid::from_u128(1), Uuid::from_u128(2));
        let mut order = Vec::new();
        for _ in 0..3 {
            q.push(a, job(&stop).0);
        }
        q.push(b, job(&stop).0);
        // Tag the jobs by their lines count to see whose came out.
        for line in q.waiting.get_mut(&a).unwrap() {
            line.lines = 1;
        }
        q.waiting.get_mut(&b).unwrap()[0].lines = 2;
        while let Some(j) = q.pop() {
            order.push(j.lines);
        }
        assert_eq!(order, [1, 2, 1, 1], "a, then b, then a's others");
        assert_eq!(q.count, 0);
    }

    #[tokio::test]
    async fn a_job_is_searched_and_one_stopped_before_it_starts_is_skipped() {
        let pool = AnalysisPool::new(1, 12);
        let stop = Arc::new(AtomicBool::new(false));
        let (j, rx) = job(&stop);
        pool.submit(Uuid::from_u128(1), j).unwrap();
        let a = rx.await.expect("answered");
        assert_eq!(a.depth, 1);
        assert_eq!(pool.searches(), 1);
        let stopped = Arc::new(AtomicBool::new(true));
        let (j, rx) = job(&stopped);
        pool.submit(Uuid::from_u128(1), j).unwrap();
        assert!(rx.await.is_err(), "skipped, never answered");
        assert_eq!(pool.searches(), 1);
    }
}
