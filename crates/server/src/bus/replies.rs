//! Requests of this node waiting for a game's reply, by number: a reply address is the number
//! (or, across nodes, a NATS inbox), never a channel inside a message.

use super::message::GameReply;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use tokio::sync::oneshot;

/// Waiting requests.
#[derive(Default)]
pub struct Replies {
    next: AtomicU64,
    pending: Mutex<HashMap<u64, oneshot::Sender<GameReply>>>,
}

/// A request's place in [`Replies`]: dropping it forgets the request (a late reply is then
/// dropped).
pub struct Waiting<'a> {
    replies: &'a Replies,
    /// The reply address.
    pub id: u64,
    /// Where the reply arrives.
    pub rx: oneshot::Receiver<GameReply>,
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.replies.lock().remove(&self.id);
    }
}

impl Replies {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, oneshot::Sender<GameReply>>> {
        self.pending.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Opens a place for a reply.
    pub fn open(&self) -> Waiting<'_> {
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
    pub fn answer(&self, id: u64, reply: GameReply) {
        if let Some(tx) = self.lock().remove(&id) {
            let _ = tx.send(reply);
        }
    }
}
