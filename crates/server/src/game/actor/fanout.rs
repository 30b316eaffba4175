//! Delivering a game's events through the bus: to its players' connections by audience
//! (grouped by node, never awaited; a connection that lags is resynced with a snapshot when
//! its node says it is ready), to the spectators' public stream, and the legal moves.

use super::subscriber::Subscriber;
use super::Actor;
use crate::bus::message::Delivery;
use crate::bus::{ConnAddr, NodeId};
use crate::capacity::MAX_CATCH_UP;
use crate::game::core::{Audience, Input, Numbered};
use crate::game::mail::GameReply;
use crate::wire::{wire, Wire};
use fourhand_protocol::ServerMsg;
use fourhand_rules::Seat;

impl Actor {
    /// Takes a connection in: a player's catch-up (or snapshot) is delivered to it ahead of
    /// every later event; a spectator's is returned, to be sent before the public stream.
    pub(super) fn join(
        &mut self,
        conn: ConnAddr,
        seats: Vec<Seat>,
        since: Option<u64>,
    ) -> GameReply {
        let catch_up = since
            .and_then(|s| self.core.events_since(s))
            .filter(|events| events.len() <= MAX_CATCH_UP);
        let probe = Subscriber {
            seats: seats.clone(),
            lagging: false,
        };
        let upto = self.core.seq();
        let wires: Vec<Wire> = match catch_up {
            Some(events) => events
                .iter()
                .map(|n| match probe.hears(n.audience) {
                    true => self.wire_event(n),
                    false => self.hidden(n.seq),
                })
                .collect(),
            None => vec![wire(&ServerMsg::Snapshot {
                state: Box::new(self.snapshot()),
            })],
        };
        if seats.is_empty() {
            return GameReply::Joined {
                catch_up: wires,
                upto,
            };
        }
        for w in wires {
            self.deliver_to(&conn, w, false);
        }
        let sub = self.subs.entry(conn.clone()).or_insert(Subscriber {
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
        self.send_legal(Some(&conn));
        let held = self
            .subs
            .get(&conn)
            .map(|s| s.seats.clone())
            .unwrap_or_default();
        for s in held {
            if self.core.queued(s).is_some() {
                self.tell_premove(s, None, Some(&conn));
            }
        }
        GameReply::Followed
    }

    /// The stand-in for event `seq` for those who may not see it.
    fn hidden(&self, seq: u64) -> Wire {
        wire(&ServerMsg::Event {
            game: self.id.into(),
            seq,
            event: fourhand_protocol::GameEvent::Hidden,
        })
    }

    pub(super) fn wire_event(&self, n: &Numbered) -> Wire {
        wire(&ServerMsg::Event {
            game: self.id.into(),
            seq: n.seq,
            event: n.event.clone(),
        })
    }

    pub(super) fn deliver_to(&self, conn: &ConnAddr, w: Wire, resync: bool) {
        self.env.bus.deliver(
            &conn.node,
            Delivery {
                game: self.id,
                conns: vec![conn.conn],
                wire: w,
                resync,
            },
        );
    }

    /// Delivers `w` to the players' connections that `hear`, one delivery per node.
    pub(super) fn deliver_where(&self, w: &Wire, hear: impl Fn(&Subscriber) -> bool) {
        let mut by_node: Vec<(&NodeId, Vec<u64>)> = Vec::new();
        for (addr, sub) in &self.subs {
            if sub.lagging || !hear(sub) {
                continue;
            }
            match by_node.iter_mut().find(|(n, _)| **n == addr.node) {
                Some((_, conns)) => conns.push(addr.conn),
                None => by_node.push((&addr.node, vec![addr.conn])),
            }
        }
        for (node, conns) in by_node {
            self.env.bus.deliver(
                node,
                Delivery {
                    game: self.id,
                    conns,
                    wire: w.clone(),
                    resync: false,
                },
            );
        }
    }

    pub(super) fn fan_out(&mut self, events: &[Numbered]) {
        if events.is_empty() {
            return;
        }
        self.board.store(
            self.core.game().position().placement_key(),
            std::sync::atomic::Ordering::Relaxed,
        );
        for n in events {
            let w = self.wire_event(n);
            if n.audience == Audience::All {
                self.env.bus.publish(self.id, n.seq, &w);
            } else {
                // Everyone else gets a stand-in, so that their numbers have no gap.
                let hidden = self.hidden(n.seq);
                self.env.bus.publish(self.id, n.seq, &hidden);
                self.deliver_where(&hidden, |sub| !sub.hears(n.audience));
            }
            self.deliver_where(&w, |sub| sub.hears(n.audience));
        }
        self.send_legal(None);
    }

    /// Resyncs a lagging connection whose queue has room again: a snapshot (marked as a
    /// resync), then the legal moves; it then receives events as before.
    pub(super) fn resync(&mut self, conn: &ConnAddr) {
        match self.subs.get_mut(conn) {
            Some(sub) if sub.lagging => sub.lagging = false,
            _ => return,
        }
        let msg = wire(&ServerMsg::Snapshot {
            state: Box::new(self.snapshot()),
        });
        self.deliver_to(conn, msg, true);
        self.env.metrics.resyncs.increment(1);
        self.send_legal(Some(conn));
    }

    /// Sends the legal moves to the connections holding the seat to move: once per turn to
    /// all of them, or again to one connection that just joined or was resynced.
    pub(super) fn send_legal(&mut self, only: Option<&ConnAddr>) {
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
        let holds = |addr: &ConnAddr, s: &Subscriber| {
            s.seats.contains(&seat) && !s.lagging && only.is_none_or(|o| o == addr)
        };
        if !self.subs.iter().any(|(a, s)| holds(a, s)) {
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
            game: self.id.into(),
            seat: crate::game::convert::seat_name(seat),
            moves,
        });
        match only {
            Some(conn) => self.deliver_to(conn, msg, false),
            None => self.deliver_where(&msg, |s| s.seats.contains(&seat)),
        }
        if only.is_none() {
            self.legal_sent = Some(key);
        }
    }
}
