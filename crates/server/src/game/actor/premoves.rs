//! Premoves: one move a seat queues while others are to move, held here (never stored) and
//! played the moment the seat's turn comes if it is legal then — as an instant move, so the
//! clock is charged as for one — or dropped, and its holders told either way.

use super::Actor;
use crate::bus::ConnAddr;
use crate::game::convert::seat_name;
use crate::game::core::{Input, Queued};
use crate::game::writes::Reply;
use crate::wire::wire;
use fourhand_protocol::{QueuedMove, ServerMsg};
use fourhand_rules::Seat;

impl Actor {
    /// Queues (or, with none, cancels) the seat's move; a move queued on the seat's own turn is
    /// played at once.
    pub(super) fn premove(&mut self, seat: Seat, queued: Option<Queued>, reply: Reply) {
        if let Some(q) = queued {
            if !self.core.is_over() && self.core.game().to_move() == Some(seat) {
                return self.submit(q.play(seat), reply);
            }
        }
        let input = Input::Premove { seat, queued };
        if let Err(r) = self.core.prepare(&input) {
            return self.answer(reply, Err(r));
        }
        self.core.apply(input, self.now());
        self.tell_premove(seat, None, None);
        self.answer(reply, Ok(()));
    }

    /// Tells the connections holding `seat` (or only `conn`) what it has queued now.
    pub(super) fn tell_premove(&self, seat: Seat, dropped: Option<&str>, conn: Option<&ConnAddr>) {
        let premove = self.core.queued(seat).map(|q| QueuedMove {
            from: q.from,
            to: q.to,
            promotion: q.promotion,
        });
        let msg = wire(&ServerMsg::Premove {
            game: self.id.into(),
            seat: seat_name(seat),
            premove,
            dropped: dropped.map(str::to_string),
        });
        match conn {
            Some(c) => self.deliver_to(c, msg, false),
            None => self.deliver_where(&msg, |s| s.seats.contains(&seat)),
        }
    }

    /// When the seat to move has a queued move and nothing is being stored: plays it if it is
    /// legal now, else drops it.
    pub(super) fn play_premove(&mut self) {
        if self.writes.busy() || self.core.is_over() {
            return;
        }
        let Some(seat) = self.core.game().to_move() else {
            return;
        };
        let Some(q) = self.core.take_queued(seat) else {
            return;
        };
        let mut input = q.play(seat);
        if q.promotion.is_none() && self.core.prepare(&input).is_err() {
            // A pawn queued to the promotion rank without a piece named becomes a queen.
            let queen = Queued {
                promotion: Some(fourhand_rules::Kind::Queen),
                ..q
            };
            input = queen.play(seat);
        }
        if self.core.prepare(&input).is_ok() {
            self.tell_premove(seat, None, None);
            self.submit(input, None);
        } else {
            self.tell_premove(seat, Some("illegal"), None);
        }
    }
}
