//! A bot seat's turn: its search runs on the bot pool and its move comes back as a command;
//! a bot that holds an FFA win claims it instead, by the same way back.

use super::Actor;
use crate::game::command::Command;
use crate::game::core::Input;
use fourhand_bot::Bot;
use fourhand_rules::Seat;
use tokio::sync::mpsc;

impl Actor {
    /// Starts the due bot's search on a blocking thread; its move (or its claim) comes back as
    /// a command.
    pub(super) fn start_bot(&mut self, now: u64) {
        if self.writes.busy() || self.writes.backing_off() {
            // The bot thinks once its move can be stored.
            return;
        }
        let Some((seat, level, clock)) = self.core.bot_to_move(now) else {
            return;
        };
        self.core.bot_started();
        let me = self.me.clone();
        if let Some(claim) = self.core.bot_claim(seat) {
            let bot = self.seat_bots[seat.index()].take();
            tokio::spawn(hand_back(me, seat, bot, Some(claim)));
            return;
        }
        let game = self.core.game().clone();
        let seed: u64 = rand::Rng::gen(&mut self.rng);
        let bot = self.seat_bots[seat.index()]
            .take()
            .filter(|b| b.level() == level)
            .unwrap_or_else(|| {
                self.env.metrics.bots_created.increment(1);
                crate::bot::seat_bot(level)
            });
        let thought = self
            .env
            .bots
            .think(game, bot, clock, seed, self.stop_bots.clone());
        tokio::spawn(async move {
            let (bot, found) = match thought.await {
                Ok(t) => (Some(t.bot), t.mv),
                Err(_) => (None, None),
            };
            let input = found.map(|m| Input::Play {
                seat,
                from: m.from(),
                to: m.to(),
                promotion: m.promotion(),
            });
            hand_back(me, seat, bot, input).await;
        });
    }
}

/// Hands a seat's bot and its move or claim back to its game's actor, if that still runs.
async fn hand_back(
    me: mpsc::WeakSender<Command>,
    seat: Seat,
    bot: Option<Box<Bot>>,
    input: Option<Input>,
) {
    if let Some(tx) = me.upgrade() {
        let _ = tx.send(Command::BotMove { seat, bot, input }).await;
    }
}
