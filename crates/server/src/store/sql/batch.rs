//! Group commit of game actions: every game has at most one write in flight, and the writes of
//! all games queue here and go to the database many at a time, as one multi-row `INSERT` (one
//! statement, one transaction). Each game still gets its answer only after the commit, so an
//! action is stored before it is acknowledged; a batch the database refuses is written again
//! row by row, so each action gets its own answer (a duplicate ply is `Conflict` for that game
//! alone).
//!
//! There is no waiting for a batch to fill: while one batch is being written the next one
//! gathers, so batches grow with the load and a lone write goes at once. An action whose game
//! stopped waiting for it (a timeout) before its batch was taken is dropped, not written: the
//! game checks the store and takes its absence for "not stored".

use super::{json, unique_violation, SqlStore};
use crate::capacity::{MAX_BATCH, STORE_QUEUE};
use crate::store::{StoreError, StoreResult, StoredAction};
use tokio::sync::{mpsc, oneshot};
use uuid::Uuid;

struct Pending {
    game: Uuid,
    action: StoredAction,
    reply: oneshot::Sender<StoreResult<()>>,
}

/// The handle of the writer task.
#[derive(Clone)]
pub(in crate::store) struct Batcher {
    tx: mpsc::Sender<Pending>,
}

impl Batcher {
    /// Starts the writer on the current runtime.
    pub(in crate::store) fn start(store: SqlStore) -> Batcher {
        let (tx, rx) = mpsc::channel(STORE_QUEUE);
        let (alive, gone) = oneshot::channel::<()>();
        if let SqlStore::Sqlite(pool) = &store {
            tokio::spawn(checkpoints((*pool.connect_options()).clone(), gone));
        }
        tokio::spawn(write_batches(store, rx, alive));
        Batcher { tx }
    }

    /// Appends `action` of `game` with the next batch; returns once it is committed (or why not).
    pub(in crate::store) async fn append(
        &self,
        game: Uuid,
        action: &StoredAction,
    ) -> StoreResult<()> {
        let (reply, answer) = oneshot::channel();
        let p = Pending {
            game,
            action: action.clone(),
            reply,
        };
        if self.tx.send(p).await.is_err() {
            // The writer is gone (its runtime stopped): nothing was written.
            return Err(StoreError::Db(sqlx::Error::PoolClosed));
        }
        // A writer that stops mid-batch may or may not have committed it.
        answer.await.unwrap_or(Err(StoreError::Timeout))
    }
}

/// From this size of the WAL file on, checkpoints also run in the background (below it the
/// writer's own checkpoints are small; SQLite's automatic one comes at 1000 pages, ~4 MiB).
const BACKGROUND_CHECKPOINT_BYTES: u64 = 1 << 20;

/// SQLite: checkpoints the WAL every half second on a connection of its own (PASSIVE: it
/// copies what it can without waiting for the writer) once the WAL has grown past
/// [`BACKGROUND_CHECKPOINT_BYTES`], until the writer task ends (`gone`). The writer's automatic
/// checkpoints then find little left to copy, and restart the WAL.
async fn checkpoints(opts: sqlx::sqlite::SqliteConnectOptions, mut gone: oneshot::Receiver<()>) {
    let mut wal = opts.get_filename().as_os_str().to_owned();
    wal.push("-wal");
    let wal = std::path::PathBuf::from(wal);
    let mut conn = match sqlx::ConnectOptions::connect(&opts).await {
        Ok(c) => c,
        Err(e) => {
            tracing::error!(error = %e, "no connection for WAL checkpoints");
            return;
        }
    };
    let mut tick = tokio::time::interval(std::time::Duration::from_millis(500));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut failing = false;
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = &mut gone => break,
        }
        let grown = std::fs::metadata(&wal).is_ok_and(|m| m.len() >= BACKGROUND_CHECKPOINT_BYTES);
        if !grown {
            continue;
        }
        let r = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .execute(&mut conn)
            .await;
        // Said once when checkpoints start failing (a full disk, say) and once when they work
        // again, not twice a second.
        match r {
            Err(e) if !failing => {
                failing = true;
                tracing::warn!(error = %e, "WAL checkpoints fail");
            }
            Ok(_) if failing => {
                failing = false;
                tracing::info!("WAL checkpoints work again");
            }
            _ => {}
        }
    }
}

/// Writes what is queued, a batch at a time; `_alive` ends the checkpoints with it.
async fn write_batches(
    store: SqlStore,
    mut rx: mpsc::Receiver<Pending>,
    _alive: oneshot::Sender<()>,
) {
    let mut batch: Vec<Pending> = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        // A game that stopped waiting (its write timed out) checks the store for its action
        // and takes "not there" for not stored: what it gave up on must not be written later.
        batch.retain(|p| !p.reply.is_closed());
        if batch.is_empty() {
            continue;
        }
        match insert_all(&store, &batch).await {
            Ok(()) => {
                for p in batch.drain(..) {
                    let _ = p.reply.send(Ok(()));
                }
            }
            Err(e) if batch.len() > 1 && e.never_written() => {
                // Refused as a whole (a duplicate ply, say): each on its own, for its own answer.
                for p in batch.drain(..) {
                    let r = store.append_action(p.game, &p.action).await;
                    let _ = p.reply.send(r);
                }
            }
            Err(e) if e.never_written() => {
                // A batch of one, refused.
                if let Some(p) = batch.pop() {
                    let _ = p.reply.send(Err(e));
                }
            }
            Err(e) => {
                // Maybe committed, maybe not: every game verifies its own action.
                let why = e.to_string();
                for p in batch.drain(..) {
                    let _ = p.reply.send(Err(StoreError::Ambiguous(why.clone())));
                }
            }
        }
    }
}

/// One multi-row `INSERT` of the whole batch.
async fn insert_all(store: &SqlStore, batch: &[Pending]) -> StoreResult<()> {
    if let [one] = batch {
        return store.append_action(one.game, &one.action).await;
    }
    let mut sql = String::from("INSERT INTO actions (game_id, ply, action, clocks, at_ms) VALUES ");
    for i in 0..batch.len() {
        let b = i * 5;
        if i > 0 {
            sql.push_str(", ");
        }
        sql.push_str(&format!(
            "(${}, ${}, ${}, ${}, ${})",
            b + 1,
            b + 2,
            b + 3,
            b + 4,
            b + 5
        ));
    }
    let r = on_pool!(store, p => {
        let mut q = sqlx::query(&sql);
        for x in batch {
            q = q
                .bind(x.game)
                .bind(x.action.ply)
                .bind(json(&x.action.action))
                .bind(json(&x.action.clocks))
                .bind(x.action.at_ms);
        }
        q.execute(p).await.map(|_| ())
    });
    match r {
        Ok(()) => Ok(()),
        Err(e) if unique_violation(&e) => Err(StoreError::Conflict),
        Err(e) => Err(e.into()),
    }
}
