//! What is due and when: flags, reconnect windows, the start timeout and bot turns.

use super::{GameCore, Input};
use crate::bot::BotLevel;
use fourhand_rules::Seat;

impl GameCore {
    /// The next moment something is due (a flag, a reconnect window, the start timeout, a bot
    /// move).
    pub fn next_deadline(&self) -> Option<u64> {
        if self.is_over() {
            return None;
        }
        let mut d: Option<u64> = None;
        let mut consider = |t: u64| d = Some(d.map_or(t, |x: u64| x.min(t)));
        if let Some(f) = self.clocks.flag_at() {
            consider(f);
        }
        for s in &self.seats.0 {
            if let Some(at) = s.disconnected_at {
                consider(at + self.timing.reconnect_ms);
            }
            if s.bot.is_none() && !s.ever_connected {
                consider(self.started_at + self.timing.start_ms);
            }
        }
        if let Some(seat) = self.game.to_move() {
            if self.seats[seat].bot.is_some() && !self.bot_thinking {
                consider(self.bot_due());
            }
        }
        d
    }

    /// A bot moves after a short pause, well inside any delay or bank.
    pub(super) fn bot_due(&self) -> u64 {
        self.clocks.turn_start() + self.timing.bot_ms
    }

    /// What is due at `now`, as an input to prepare and apply.
    pub fn due(&self, now: u64) -> Option<Input> {
        if self.is_over() {
            return None;
        }
        if self
            .seats
            .0
            .iter()
            .any(|s| s.bot.is_none() && !s.ever_connected)
            && now >= self.started_at + self.timing.start_ms
        {
            return Some(Input::Cancel);
        }
        if let (Some(f), Some(s)) = (self.clocks.flag_at(), self.clocks.running()) {
            if now >= f {
                return Some(Input::Timeout(Seat::from_index(s)));
            }
        }
        for (seat, s) in self.seats.iter() {
            if let Some(at) = s.disconnected_at {
                if now >= at + self.timing.reconnect_ms
                    && matches!(
                        self.game.statuses()[seat],
                        fourhand_rules::game::SeatStatus::Active
                            | fourhand_rules::game::SeatStatus::Mated
                    )
                {
                    return Some(Input::Forfeit(seat));
                }
            }
        }
        None
    }

    /// The claim the bot of `seat` makes instead of a move: FFA with two players left, when
    /// claiming leaves it alone in first place ([`fourhand_bot::wins_by_claiming`]), as a
    /// player would claim.
    pub fn bot_claim(&self, seat: Seat) -> Option<Input> {
        self.seats[seat].bot?;
        fourhand_bot::wins_by_claiming(&self.game, seat).then_some(Input::Claim(seat))
    }

    /// The bot whose move is due at `now`, with its clock.
    pub fn bot_to_move(&self, now: u64) -> Option<(Seat, BotLevel, fourhand_bot::Clock)> {
        if self.is_over() || self.bot_thinking {
            return None;
        }
        let seat = self.game.to_move()?;
        let level = self.seats[seat].bot?;
        if now < self.bot_due() {
            return None;
        }
        let clock = fourhand_bot::Clock {
            bank_ms: self.clocks.read(now)[seat.index()],
            delay_ms: self.clocks.delay_left(now),
            increment_ms: self.clocks.increment(seat.index()),
        };
        Some((seat, level, clock))
    }
}
