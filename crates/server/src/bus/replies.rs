//! Requests of this node waiting for a game's reply, by number: a reply address is the number
//! (or, across nodes, a NATS inbox), never a channel inside a message.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use tokio::sync::oneshot;

/// Waiting requests.
pub struct Replies<R> {
    next: AtomicU64,
    pending: Mutex<HashMap<u64, oneshot::Sender<R>>>,
}

/// A request's place in [`Replies`]: dropping it forgets the request (a late reply is then
/// dropped).
pub struct Waiting<'a, R> {
    replies: &'a Replies<R>,
    /// The reply address.
    pub id: u64,
    /// Where the reply arrives.
    pub rx: oneshot::Receiver<R>,
}

impl<R> Drop for Waiting<'_, R> {
    fn drop(&mut self) {
        self.replies.lock().remove(&self.id);
    }
}

impl<R> Default for Replies<R> {
    fn default() -> Replies<R> {
        Replies {
            next: AtomicU64::new(0),
            pending: Mutex::new(HashMap::new()),
        }
    }
}

impl<R> Replies<R> {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, oneshot::Sender<R>>> {
        self.pending.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Opens a place for a reply.
    pub fn open(&self) -> Waiting<'_, R> {
        let id = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let (tx, rx) = oneshot::channel();
        self.lock().insert(id, tx);
        Waiting {
            replies: self,
            id,
            rx,
        }
    }

    /// Hands `reply` to the request numbered `id`, if it still waits.
    pub fn answer(&self, id: u64, reply: R) {
        if let Some(tx) = self.lock().remove(&id) {
            let _ = tx.send(reply);
        }
    }
}
