//! Delivering a game's events: players' bounded queues (never awaited; a full one lags and is
//! resynced with a snapshot), the spectators' broadcast, joins with catch-up, legal moves.

use super::Actor;
use crate::game::command::{ConnId, PublicEvent};
use crate::game::core::{Audience, Input, Numbered};
use crate::metrics::Metrics;
use crate::wire::{wire, Wire};
use fourhand_protocol::ServerMsg;
use fourhand_rules::Seat;
use tokio::sync::{broadcast, mpsc, oneshot};

/// Room a lagging player's queue must have again before it is resynced with a snapshot.
const RESYNC_ROOM: usize = 64;

pub(super) struct Subscriber {
    pub(super) tx: mpsc::Sender<Wire>,
    pub(super) seats: Vec<Seat>,
    /// Its queue was full: it gets nothing until there is room again, then a snapshot. Its
    /// seats stay connected meanwhile (the socket is still there).
    pub(super) lagging: bool,
}

impl Subscriber {
    /// Queues `w` unless the subscriber lags. A full queue makes it lag: it keeps its seats
    /// and is resynced with a snapshot once the queue has room again. True when that began now.
    fn offer(&mut self, w: &Wire, metrics: &Metrics) -> bool {
        if self.lagging || self.tx.try_send(w.clone()).is_ok() {
            return false;
        }
        self.lagging = true;
        metrics.queue_full.increment(1);
        true
    }
}

impl Actor {
    pub(super) fn join(
        &mut self,
        conn: ConnId,
        seats: Vec<Seat>,
        tx: mpsc::Sender<Wire>,
        since: Option<u64>,
        reply: oneshot::Sender<broadcast::Receiver<PublicEvent>>,
    ) {
        let rx = self.spectators.subscribe();
        // A catch-up that would not fit in the connection's queue is a snapshot instead.
        let catch_up = since
            .and_then(|s| self.core.events_since(s))
            .filter(|events| events.len() + 2 <= tx.capacity());
        match catch_up {
            Some(events) => {
                for n in events {
                    if seats.is_empty() && n.audience != Audience::All {
                        continue;
                    }
                    if let Audience::Side(side) = n.audience {
                        if !seats.iter().any(|s| s.side() == side) {
                            continue;
                        }
                    }
                    let _ = tx.try_send(self.wire_event(&n));
                }
            }
            None => {
                let msg = ServerMsg::Snapshot {
                    state: Box::new(self.snapshot()),
                };
                let _ = tx.try_send(wire(&msg));
            }
        }
        let _ = reply.send(rx);
        if seats.is_empty() {
            return;
        }
        let sub = self.subs.entry(conn).or_insert(Subscriber {
            tx,
            seats: Vec::new(),
            lagging: false,
        });
        let new: Vec<Seat> = seats
            .into_iter()
            .filter(|s| !sub.seats.contains(s))
            .collect();
        sub.seats.extend(new.iter().copied());
        for s in new {
            self.submit(Input::Connected(s), None);
        }
        self.send_legal(Some(conn));
    }

    pub(super) fn wire_event(&self, n: &Numbered) -> Wire {
        wire(&ServerMsg::Event {
            game: self.id.to_string(),
            seq: n.seq,
            event: n.event.clone(),
        })
    }

    pub(super) fn fan_out(&mut self, events: &[Numbered]) {
        if events.is_empty() {
            return;
        }
        for n in events {
            let w = self.wire_event(n);
            if n.audience == Audience::All {
                let _ = self.spectators.send((n.seq, w.clone()));
            }
            for (conn, sub) in self.subs.iter_mut() {
                let allowed = match n.audience {
                    Audience::All => true,
                    Audience::Side(side) => sub.seats.iter().any(|s| s.side() == side),
                };
                if allowed && sub.offer(&w, &self.env.metrics) {
                    tracing::debug!(game = %self.id, conn, "a player's queue is full");
                }
            }
        }
        self.resync_lagging();
        self.send_legal(None);
    }

    /// Sends a snapshot (and the legal moves) to every lagging player whose queue has room
    /// again; it then receives events as before.
    pub(super) fn resync_lagging(&mut self) {
        let ready: Vec<ConnId> = self
            .subs
            .iter()
            .filter(|(_, s)| s.lagging && s.tx.capacity() >= RESYNC_ROOM)
            .map(|(c, _)| *c)
            .collect();
        if ready.is_empty() {
            return;
        }
        let msg = wire(&ServerMsg::Snapshot {
            state: Box::new(self.snapshot()),
        });
        for conn in ready {
            if let Some(sub) = self.subs.get_mut(&conn) {
                if sub.tx.try_send(msg.clone()).is_ok() {
                    sub.lagging = false;
                    self.env.metrics.resyncs.increment(1);
                    self.send_legal(Some(conn));
                }
            }
        }
    }

    /// Sends the legal moves to the connections holding the seat to move: once per turn to
    /// all of them, or again to one connection that just joined.
    pub(super) fn send_legal(&mut self, only: Option<ConnId>) {
        if self.core.is_over() {
            return;
        }
        let Some(seat) = self.core.game().to_move() else {
            return;
        };
        let key = (self.core.game().records().len(), seat);
        if only.is_none() && self.legal_sent == Some(key) {
            return;
        }
        let holders: Vec<ConnId> = self
            .subs
            .iter()
            .filter(|(c, s)| s.seats.contains(&seat) && !s.lagging && only.is_none_or(|o| o == **c))
            .map(|(c, _)| *c)
            .collect();
        if holders.is_empty() {
            return;
        }
        let moves: Vec<String> = self
            .core
            .game()
            .legal_moves()
            .iter()
            .map(|m| m.uci())
            .collect();
        let msg = wire(&ServerMsg::Legal {
            game: self.id.to_string(),
            seat: crate::game::convert::seat_name(seat),
            moves,
        });
        for c in holders {
            if let Some(s) = self.subs.get_mut(&c) {
                s.offer(&msg, &self.env.metrics);
            }
        }
        if only.is_none() {
            self.legal_sent = Some(key);
        }
    }
}
