//! The game's numbered event log: who may see each event, the catch-up a resuming client
//! gets, and the chat lines a report keeps.

use super::GameCore;
use crate::game::convert::seat_of;
use fourhand_protocol::{ChatTarget, GameEvent};
use fourhand_rules::Seat;

/// Who may see an event.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Players and spectators.
    All,
    /// The two partners of a side only (their seats, as the table's pairing has them).
    Partners([Seat; 2]),
}

/// An event with its number and audience.
#[derive(Clone, Debug, PartialEq)]
pub struct Numbered {
    /// Sequence number (1, 2, …).
    pub seq: u64,
    /// Who may see it.
    pub audience: Audience,
    /// The event.
    pub event: GameEvent,
}

/// Keep this many events for resyncing clients; older ones need a snapshot.
const LOG_LEN: usize = 2048;

impl GameCore {
    pub(super) fn emit(&mut self, audience: Audience, event: GameEvent, out: &mut Vec<Numbered>) {
        self.seq += 1;
        let n = Numbered {
            seq: self.seq,
            audience,
            event,
        };
        self.log.push_back(n.clone());
        if self.log.len() > LOG_LEN {
            self.log.pop_front();
        }
        out.push(n);
    }

    /// Events after `since`, if the log still has them all (none for a number of another run
    /// of the stream or one never given out: the client needs a snapshot).
    pub fn events_since(&self, since: u64) -> Option<Vec<Numbered>> {
        if since > self.seq || since < self.seq_base {
            return None;
        }
        let first = self.log.front().map(|e| e.seq).unwrap_or(self.seq + 1);
        if since + 1 < first && since < self.seq {
            return None;
        }
        Some(self.log.iter().filter(|e| e.seq > since).cloned().collect())
    }

    /// The chat lines the holder of `seats` could see (a spectator, with none: table chat),
    /// oldest first, as `Red (ada_l) to partner: text` — what a report keeps.
    pub fn chat_lines(&self, seats: &[Seat]) -> Vec<String> {
        self.log
            .iter()
            .filter(|n| match n.audience {
                Audience::All => true,
                Audience::Partners(pair) => seats.iter().any(|s| pair.contains(s)),
            })
            .filter_map(|n| match &n.event {
                GameEvent::Chat {
                    seat,
                    name,
                    to,
                    text,
                } => {
                    let colour = self.game.rules().colour(seat_of(*seat));
                    let to = match to {
                        ChatTarget::Partner => "partner",
                        ChatTarget::Table => "table",
                    };
                    Some(format!("{colour} ({name}) to {to}: {text}"))
                }
                _ => None,
            })
            .collect()
    }
}
