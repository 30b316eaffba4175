//! The rules crate's events as protocol events, with the clocks restarted for the new turn.

use super::log::Audience;
use super::{GameCore, Numbered};
use crate::game::convert::{fen, in_check, seat_name};
use fourhand_protocol::GameEvent;
use fourhand_rules::game::Event;

impl GameCore {
    /// Turns rules events into protocol events and restarts the clock for the new turn.
    pub(super) fn after_rules(&mut self, events: Vec<Event>, now: u64, out: &mut Vec<Numbered>) {
        self.restart_clock(now);
        if self.game.is_over() {
            self.clocks.start(None, now);
        }
        let clocks = self.clocks.read(now);
        for ev in events {
            match ev {
                Event::MovePlayed {
                    seat,
                    mv,
                    zombie,
                    text,
                } => {
                    self.moves.push(text.clone());
                    let e = GameEvent::Moved {
                        seat: seat_name(seat),
                        from: mv.from(),
                        to: mv.to(),
                        promotion: mv.promotion(),
                        text,
                        zombie,
                        clocks_ms: clocks,
                        fen4: fen(&self.game),
                        to_move: self.game.to_move().map(seat_name),
                        in_check: in_check(&self.game),
                    };
                    self.emit(Audience::All, e, out);
                }
                Event::TurnPassed { seat } => {
                    let e = GameEvent::Passed {
                        seat: seat_name(seat),
                        to_move: self.game.to_move().map(seat_name),
                    };
                    self.emit(Audience::All, e, out);
                }
                Event::Scored {
                    seat,
                    points,
                    reason,
                } => {
                    let e = GameEvent::Scored {
                        seat: seat_name(seat),
                        points,
                        reason: format!("{reason:?}").to_lowercase(),
                    };
                    self.emit(Audience::All, e, out);
                }
                Event::StatusChanged { seat, status } => {
                    let e = GameEvent::Status {
                        seat: seat_name(seat),
                        status: crate::game::convert::status(status),
                    };
                    self.emit(Audience::All, e, out);
                }
                Event::GameEnded(_) => {
                    let e = self.over_event();
                    self.emit(Audience::All, e, out);
                }
            }
        }
    }

    /// The `over` event (also for a game not over yet: result `*`).
    pub fn over_event(&self) -> GameEvent {
        let (result, termination) = self
            .result()
            .unwrap_or_else(|| ("*".into(), "in progress".into()));
        let rules = self.game.rules();
        GameEvent::Over {
            result,
            termination,
            ending: self.ending(),
            points: self.game.points().0,
            placings: (!rules.sides()).then(|| self.game.placings().0),
        }
    }
}
