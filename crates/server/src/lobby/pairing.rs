//! Quick pairing: queues per rules and time control; four waiting players form a table, and
//! after a configurable wait bots fill the empty seats.

use super::{Full, Lobby, Occupant, TableSettings};
use crate::bot::BotLevel;
use crate::game::actor::{wire, Wire};
use crate::identity::Player;
use fourhand_protocol::{SeatName, ServerMsg, TimeControl};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

struct Waiter {
    player: Player,
    notify: mpsc::Sender<Wire>,
    since: Instant,
}

/// The waiting players, by rules and time control.
#[derive(Default)]
pub struct Queues {
    queues: Mutex<HashMap<(String, TimeControl), Vec<Waiter>>>,
}

impl Queues {
    /// Queues a player (replacing an earlier entry of his); returns how many wait for this mode.
    pub fn join(
        &self,
        player: Player,
        rules: &str,
        time: TimeControl,
        notify: mpsc::Sender<Wire>,
    ) -> usize {
        let mut q = self.queues.lock().unwrap_or_else(|p| p.into_inner());
        for list in q.values_mut() {
            list.retain(|w| w.player.id != player.id);
        }
        let list = q.entry((rules.to_string(), time)).or_default();
        list.push(Waiter {
            player,
            notify,
            since: Instant::now(),
        });
        list.len()
    }

    /// Leaves every queue.
    pub fn leave(&self, player: uuid::Uuid) {
        let mut q = self.queues.lock().unwrap_or_else(|p| p.into_inner());
        for list in q.values_mut() {
            list.retain(|w| w.player.id != player);
        }
    }

    /// Groups of players ready to play now: four of a mode, or fewer that waited `wait`.
    fn ready(&self, wait: Duration) -> Vec<(String, TimeControl, Vec<Waiter>)> {
        let mut q = self.queues.lock().unwrap_or_else(|p| p.into_inner());
        let mut out = Vec::new();
        for ((rules, time), list) in q.iter_mut() {
            list.retain(|w| !w.notify.is_closed());
            while list.len() >= 4 {
                out.push((rules.clone(), *time, list.drain(..4).collect()));
            }
            if !list.is_empty() && list[0].since.elapsed() >= wait {
                out.push((rules.clone(), *time, std::mem::take(list)));
            }
        }
        out
    }
}

/// Forms the tables that are ready; returns them full, for the caller to start.
pub fn form_tables(lobby: &Lobby, wait: Duration) -> Vec<Full> {
    let mut fulls = Vec::new();
    for (rules, time, group) in lobby.pairing.ready(wait) {
        let Ok(settings) = TableSettings::parse(&rules, None, Some(time), false, true) else {
            continue;
        };
        let table = lobby.create(settings);
        let Ok(id) = table.id.parse() else { continue };
        for i in 0..4 {
            let seat = SeatName::from_index(i);
            let who = match group.get(i) {
                Some(w) => {
                    let (occ, token) = Occupant::human(&w.player, w.notify.clone());
                    let _ = w.notify.try_send(wire(&ServerMsg::Seated {
                        table: table.id.clone(),
                        seat,
                        seat_token: token,
                    }));
                    occ
                }
                None => Occupant::bot(BotLevel::Engine(1)),
            };
            if let Ok(Some(full)) = lobby.sit(id, seat, who, false) {
                fulls.push(full);
            }
        }
    }
    fulls
}
