//! Quick pairing: queues per rules, time control and rated or casual; four waiting players form
//! a table (rated: four whose ratings lie within each other's window, which widens while they
//! wait), and after a configurable wait bots fill the empty seats.

use super::{Full, Lobby, Occupant, TableSettings};
use crate::bot::BotLevel;
use crate::bus::ConnAddr;
use crate::identity::Player;
use crate::wire::wire;
use fourhand_protocol::{SeatName, ServerMsg, TimeControl};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};
struct Waiter {
    player: Player,
    notify: ConnAddr,
    since: Instant,
    /// Rating in the pool (rated queues).
    rating: Option<f64>,
}

/// Rating points either side a rated waiter accepts at first.
const WINDOW_START: f64 = 100.0;
/// How much the window widens per second waited.
const WINDOW_PER_SECOND: f64 = 25.0;

impl Waiter {
    /// The rating window after waiting until `now`.
    fn window(&self, now: Instant) -> f64 {
        WINDOW_START + WINDOW_PER_SECOND * now.duration_since(self.since).as_secs_f64()
    }

    /// Both accept each other's rating.
    fn matches(&self, other: &Waiter, now: Instant) -> bool {
        match (self.rating, other.rating) {
            (Some(a), Some(b)) => (a - b).abs() <= self.window(now).min(other.window(now)),
            _ => true,
        }
    }
}

type QueueKey = (String, TimeControl, bool);

/// One quick-pairing waiter.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct WaiterDoc {
    pub(super) rules: String,
    pub(super) time: TimeControl,
    pub(super) player: Player,
    pub(super) notify: ConnAddr,
    pub(super) waited_ms: u64,
    pub(super) rating: Option<f64>,
}

/// The waiting players, by rules, time control and rated or casual.
#[derive(Default)]
pub struct Queues {
    queues: Mutex<HashMap<QueueKey, Vec<Waiter>>>,
}

impl Queues {
    /// Queues a player (replacing an earlier entry of his) — rated with his `rating` in the
    /// pool, casual without; returns how many wait in his queue.
    pub fn join(
        &self,
        player: Player,
        rules: &str,
        time: TimeControl,
        rating: Option<f64>,
        notify: ConnAddr,
    ) -> usize {
        let mut q = self.queues.lock().unwrap_or_else(|p| p.into_inner());
        for list in q.values_mut() {
            list.retain(|w| w.player.id != player.id);
        }
        let list = q
            .entry((rules.to_string(), time, rating.is_some()))
            .or_default();
        list.push(Waiter {
            player,
            notify,
            since: Instant::now(),
            rating,
        });
        list.len()
    }

    /// Every waiter, as documents (for the lobby's document in the store).
    pub(super) fn all(&self) -> Vec<WaiterDoc> {
        let q = self.queues.lock().unwrap_or_else(|p| p.into_inner());
        q.iter()
            .flat_map(|((rules, time, _), list)| {
                list.iter().map(move |w| WaiterDoc {
                    rules: rules.clone(),
                    time: *time,
                    player: w.player.clone(),
                    notify: w.notify.clone(),
                    waited_ms: w.since.elapsed().as_millis() as u64,
                    rating: w.rating,
                })
            })
            .collect()
    }

    /// Replaces the queues with these waiters; `ago(ms)` is the instant `ms` ago.
    pub(super) fn import(&self, waiters: Vec<WaiterDoc>, ago: fn(u64) -> Instant) {
        let mut q = self.queues.lock().unwrap_or_else(|p| p.into_inner());
        q.clear();
        for w in waiters {
            q.entry((w.rules, w.time, w.rating.is_some()))
                .or_default()
                .push(Waiter {
                    player: w.player,
                    notify: w.notify,
                    since: ago(w.waited_ms),
                    rating: w.rating,
                });
        }
    }

    /// Takes the waiters of a closed connection out of every queue.
    pub fn connection_closed(&self, conn: &ConnAddr) {
        let mut q = self.queues.lock().unwrap_or_else(|p| p.into_inner());
        for list in q.values_mut() {
            list.retain(|w| w.notify != *conn);
        }
    }

    /// Leaves every queue.
    pub fn leave(&self, player: uuid::Uuid) {
        let mut q = self.queues.lock().unwrap_or_else(|p| p.into_inner());
        for list in q.values_mut() {
            list.retain(|w| w.player.id != player);
        }
    }

    /// Groups of players ready to play now: four of a queue (rated: within each other's
    /// windows), or fewer whose longest waiter waited `wait`.
    fn ready(&self, wait: Duration) -> Vec<(QueueKey, Vec<Waiter>)> {
        let mut q = self.queues.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        let mut out = Vec::new();
        // Queues of time controls nobody waits for go (clients choose the time control).
        q.retain(|_, list| !list.is_empty());
        for (key, list) in q.iter_mut() {
            // A table seats four, or three in three-player Conquest.
            let size = fourhand_rules::RuleSet::from_name(&key.0).map_or(4, |r| r.players());
            if !key.2 {
                // Casual: first come, first served.
                while list.len() >= size {
                    out.push((key.clone(), list.drain(..size).collect()));
                }
                if list
                    .first()
                    .is_some_and(|w| now.duration_since(w.since) >= wait)
                {
                    out.push((key.clone(), std::mem::take(list)));
                }
                continue;
            }
            list.sort_by_key(|w| w.since);
            let mut i = 0;
            while i < list.len() {
                let anchor = &list[i];
                // The nearest ratings among those the anchor and they both accept.
                let mut fits: Vec<usize> = (0..list.len())
                    .filter(|&j| j != i && anchor.matches(&list[j], now))
                    .collect();
                let r = anchor.rating.unwrap_or(0.0);
                fits.sort_by(|&a, &b| {
                    let d = |j: usize| (list[j].rating.unwrap_or(0.0) - r).abs();
                    d(a).total_cmp(&d(b))
                });
                fits.truncate(size - 1);
                let group_mates = fits.iter().all(|&a| {
                    fits.iter()
                        .all(|&b| a == b || list[a].matches(&list[b], now))
                });
                let full = fits.len() == size - 1 && group_mates;
                if full || now.duration_since(anchor.since) >= wait {
                    let mut take: Vec<usize> = if group_mates { fits } else { Vec::new() };
                    take.push(i);
                    take.sort_unstable();
                    let group: Vec<Waiter> = take.iter().rev().map(|&j| list.remove(j)).collect();
                    out.push((key.clone(), group));
                    i = 0;
                } else {
                    i += 1;
                }
            }
        }
        out
    }
}

/// Forms the tables that are ready; returns them full, for the caller to start.
pub fn form_tables(lobby: &Lobby, wait: Duration) -> Vec<Full> {
    let mut fulls = Vec::new();
    for ((rules, time, rated), group) in lobby.pairing.ready(wait) {
        let rules = super::draw_chess960(&rules, &mut rand::thread_rng());
        let Ok(mut settings) = TableSettings::parse(&rules, None, Some(time), rated, true) else {
            continue;
        };
        // Rated pairing fills with bots at their fixed ratings when no one else comes.
        settings.rated_bots = rated;
        // The seats with an army, in order (three-player Conquest's East has none: the table
        // holds it already).
        let in_play: Vec<usize> = (0..4)
            .filter(|&i| settings.rules.in_play(fourhand_rules::Seat::from_index(i)))
            .collect();
        let table = lobby.create(settings);
        let id = table.id;
        for (n, &i) in in_play.iter().enumerate() {
            let seat = SeatName::from_index(i);
            let registered = group.get(n).is_none_or(|w| w.player.registered);
            let who = match group.get(n) {
                Some(w) => {
                    let (occ, token) = Occupant::human(&w.player, w.notify.clone());
                    let seated = wire(&ServerMsg::Seated {
                        table: table.id,
                        seat,
                        seat_token: token,
                    });
                    lobby.tell(std::slice::from_ref(&w.notify), &seated);
                    occ
                }
                None => Occupant::bot(filling_level(rated)),
            };
            if let Ok(Some(full)) = lobby.sit(id.0, seat, who, registered) {
                fulls.push(full);
            }
        }
    }
    fulls
}

/// The bots that fill a quick-pairing table after the wait: the strongest level in rated
/// games (they count for ratings: the bot should be a real opponent), the quick one otherwise.
pub fn filling_level(rated: bool) -> BotLevel {
    if rated {
        BotLevel::Engine(3)
    } else {
        BotLevel::Engine(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn queue(q: &Queues, name: &str, rating: f64) {
        let player = Player {
            id: uuid::Uuid::now_v7(),
            name: name.into(),
            registered: true,
        };
        let conn = ConnAddr {
            node: crate::bus::NodeId("test".into()),
            conn: rand::random(),
        };
        q.join(player, "teams", TimeControl::DEFAULT, Some(rating), conn);
    }

    fn names(group: &[Waiter]) -> Vec<String> {
        let mut v: Vec<String> = group.iter().map(|w| w.player.name.clone()).collect();
        v.sort();
        v
    }

    #[test]
    fn rated_tables_form_from_near_ratings_and_the_window_widens() {
        let q = Queues::default();
        [
            ("a", 1500.0),
            ("far", 2100.0),
            ("b", 1540.0),
            ("c", 1460.0),
            ("d", 1550.0),
        ]
        .iter()
        .for_each(|(n, r)| queue(&q, n, *r));
        let long = Duration::from_secs(3600);
        let ready = q.ready(long);
        assert_eq!(ready.len(), 1);
        assert!(ready[0].0 .2, "a rated queue");
        assert_eq!(names(&ready[0].1), ["a", "b", "c", "d"]);
        // 2100 alone: nobody within its window, and it has not waited long.
        assert!(q.ready(long).is_empty());
        // Three near 1000 wait for a fourth: 1400 is 400 away, outside their windows …
        [("e", 1000.0), ("f", 1010.0), ("g", 990.0), ("h", 1400.0)]
            .iter()
            .for_each(|(n, r)| queue(&q, n, *r));
        assert!(q.ready(long).is_empty());
        // … until the windows have widened by waiting (25 points a second).
        let mut list = q.queues.lock().unwrap();
        for w in list.values_mut().flatten() {
            w.since -= Duration::from_secs(14);
        }
        drop(list);
        let ready = q.ready(long);
        assert_eq!(ready.len(), 1);
        assert_eq!(names(&ready[0].1), ["e", "f", "g", "h"]);
        // After the bot wait, the lone player goes to a table of bots.
        let ready = q.ready(Duration::from_secs(1));
        assert_eq!(names(&ready[0].1), ["far"]);
    }
}
