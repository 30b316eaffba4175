//! A fixed number of threads (about one per core) on which every game's bots think, instead of
//! one blocking task per move: many engine games at once queue for the threads rather than
//! multiply them. A search stops as soon as its game's stop flag is set (the game ended, the
//! server stops), and a job whose flag is set before it starts is not searched at all.

use fourhand_bot::{Bot, Clock};
use fourhand_rules::game::Game;
use fourhand_rules::Move;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use tokio::sync::oneshot;

/// A move to think about.
struct Job {
    game: Game,
    bot: Box<Bot>,
    clock: Clock,
    seed: u64,
    stop: Arc<AtomicBool>,
    done: oneshot::Sender<Thought>,
}

/// What a bot came back with: itself (with its table) and its move, if it found one.
pub struct Thought {
    /// The bot, to think again on its next turn.
    pub bot: Box<Bot>,
    /// Its move (none: no legal move, or stopped before it had one).
    pub mv: Option<Move>,
}

/// The search threads.
pub struct BotPool {
    tx: Mutex<mpsc::Sender<Job>>,
    threads: usize,
    counts: Arc<Counts>,
}

/// What the threads have done so far (for tests and metrics).
#[derive(Default)]
struct Counts {
    /// Searches begun.
    started: AtomicU64,
    /// Jobs answered (searched, skipped or stopped).
    answered: AtomicU64,
    /// Jobs cut short by their stop flag: skipped, or their search interrupted.
    stopped: AtomicU64,
}

impl BotPool {
    /// A pool of `threads` threads (0: one per available core), named `fourhand-bot-N`. They
    /// end when the pool is dropped.
    pub fn new(threads: usize) -> BotPool {
        let threads = if threads == 0 {
            std::thread::available_parallelism().map_or(2, |n| n.get())
        } else {
            threads
        };
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        let counts = Arc::new(Counts::default());
        for i in 0..threads {
            let rx = rx.clone();
            let counts = counts.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("fourhand-bot-{i}"))
                .spawn(move || work(&rx, &counts));
            if let Err(e) = spawned {
                tracing::error!(error = %e, "could not start a bot thread");
            }
        }
        BotPool {
            tx: Mutex::new(tx),
            threads,
            counts,
        }
    }

    /// How many threads it has.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Jobs cut short by their stop flag so far: not searched, or their search interrupted
    /// before its own time was up.
    pub fn stopped_searches(&self) -> u64 {
        self.counts.stopped.load(Ordering::Relaxed)
    }

    /// Searches begun so far.
    pub fn started_searches(&self) -> u64 {
        self.counts.started.load(Ordering::Relaxed)
    }

    /// Jobs answered so far, however they ended.
    pub fn answered(&self) -> u64 {
        self.counts.answered.load(Ordering::Relaxed)
    }

    /// Queues `bot`'s think about `game`; the answer comes on the returned channel.
    pub fn think(
        &self,
        game: Game,
        mut bot: Box<Bot>,
        clock: Clock,
        seed: u64,
        stop: Arc<AtomicBool>,
    ) -> oneshot::Receiver<Thought> {
        let (done, rx) = oneshot::channel();
        bot.set_stop(stop.clone());
        let job = Job {
            game,
            bot,
            clock,
            seed,
            stop,
            done,
        };
        let tx = self.tx.lock().unwrap_or_else(|p| p.into_inner());
        if let Err(mpsc::SendError(job)) = tx.send(job) {
            // No thread left (they could not be started): answer with no move.
            let _ = job.done.send(Thought {
                bot: job.bot,
                mv: None,
            });
        }
        rx
    }
}

fn work(rx: &Mutex<mpsc::Receiver<Job>>, counts: &Counts) {
    loop {
        let job = {
            let rx = rx.lock().unwrap_or_else(|p| p.into_inner());
            rx.recv()
        };
        let Ok(mut job) = job else { return };
        let skipped = job.stop.load(Ordering::Relaxed);
        let mv = if skipped {
            None
        } else {
            counts.started.fetch_add(1, Ordering::Relaxed);
            let mut rng: rand::rngs::StdRng = rand::SeedableRng::seed_from_u64(job.seed);
            let (bot, game, clock) = (&mut job.bot, &job.game, job.clock);
            // A bug in a search must cost one move, not a thread of the pool.
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                bot.choose(game, clock, &mut rng)
            }))
            .unwrap_or_else(|_| {
                tracing::error!("a bot search panicked; the bot passes this move");
                None
            })
        };
        if skipped || job.bot.interrupted() {
            counts.stopped.fetch_add(1, Ordering::Relaxed);
        }
        counts.answered.fetch_add(1, Ordering::Relaxed);
        let _ = job.done.send(Thought { bot: job.bot, mv });
    }
}
