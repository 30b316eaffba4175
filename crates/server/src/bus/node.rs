//! What a node keeps whatever its bus: the inboxes of the games it runs, the requests waiting
//! for replies, its connections' queues and the spectator streams it follows.

use super::actors::Actors;
use super::hubs::Hubs;
use super::mailboxes::Mailboxes;
use super::replies::Replies;
use super::Mail;
use super::{BusError, NodeId, ReplyTo};
use std::time::Duration;
use uuid::Uuid;

/// How long a request waits for its game's reply. An input's reply waits for its write, which
/// gives up after a few seconds and is then checked, so this is a backstop, not a deadline.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// A node's local parts.
pub struct Node<M: Mail> {
    /// Its id.
    pub id: NodeId,
    /// The games it runs.
    pub actors: Actors<M::Command>,
    /// Its requests waiting for replies.
    pub replies: Replies<M::Reply>,
    /// Its connections.
    pub mailboxes: Mailboxes,
    /// The public streams its spectators follow.
    pub hubs: std::sync::Arc<Hubs>,
    /// The lobby's pushes, for this node's lobby followers.
    pub lobby: tokio::sync::broadcast::Sender<crate::wire::Wire>,
}

impl<M: Mail> Node<M> {
    /// A node with nothing yet.
    pub fn new(id: NodeId) -> Node<M> {
        Node {
            id,
            actors: Actors::default(),
            replies: Replies::default(),
            mailboxes: Mailboxes::default(),
            hubs: Default::default(),
            lobby: tokio::sync::broadcast::channel(crate::capacity::LOBBY_STREAM).0,
        }
    }

    /// Asks a game that runs here and waits for its reply; `None` when it does not run here.
    pub async fn request_here(
        &self,
        game: Uuid,
        req: M::Request,
    ) -> Option<Result<M::Reply, BusError>> {
        let tx = self.actors.get(game)?;
        let mut waiting = self.replies.open();
        let cmd = M::command(req, Some(ReplyTo::Local(waiting.id)));
        if tx.send(cmd).await.is_err() {
            return Some(Err(BusError::NoGame));
        }
        Some(
            match tokio::time::timeout(REQUEST_TIMEOUT, &mut waiting.rx).await {
                Ok(Ok(reply)) => Ok(reply),
                // The actor stopped without answering.
                Ok(Err(_)) => Err(BusError::NoGame),
                Err(_) => Err(BusError::Timeout),
            },
        )
    }

    /// Hands a local request its reply.
    pub fn answer_here(&self, to: ReplyTo, reply: M::Reply) -> Option<(String, M::Reply)> {
        match to {
            ReplyTo::Local(id) => {
                self.replies.answer(id, reply);
                None
            }
            ReplyTo::Inbox(subject) => Some((subject, reply)),
        }
    }
}
