//! Quick pairing: queues per rules, time control and rated or casual; four waiting players form
//! a table (rated: four whose ratings lie within each other's window, which widens while they
//! wait). Pairing never seats a bot by itself: after a configurable wait each waiter is offered
//! an unrated game against bots, which he takes or leaves ([`fill_with_bots`]).

use super::{Full, Lobby, Occupant, TableSettings};
use crate::bot::BotLevel;
use crate::bus::ConnAddr;
use crate::error::ServerError;
use crate::identity::Player;
use crate::wire::wire;
use fourhand_protocol::{ErrorCode, SeatName, ServerMsg, TimeControl};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};
struct Waiter {
    player: Player,
    notify: ConnAddr,
    since: Instant,
    /// Rating in the pool (rated queues).
    rating: Option<f64>,
    /// What he was last told: how many waited, and whether bots were offered.
    told: (usize, bool),
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
        let waiting = list.len() + 1;
        list.push(Waiter {
            player,
            notify,
            since: Instant::now(),
            rating,
            told: (waiting, false),
        });
        waiting
    }

    /// Takes `player` out of the queue he waits in: the queue and his entry.
    fn take(&self, player: uuid::Uuid) -> Option<(QueueKey, Waiter)> {
        let mut q = self.queues.lock().unwrap_or_else(|p| p.into_inner());
        q.iter_mut().find_map(|(key, list)| {
            let i = list.iter().position(|w| w.player.id == player)?;
            Some((key.clone(), list.remove(i)))
        })
    }

    /// The `queued` news each waiter has not been told yet: how many wait in his queue now,
    /// and (once he has waited `wait`) the offer of bots.
    pub(super) fn news(&self, wait: Duration) -> Vec<(ConnAddr, ServerMsg)> {
        let mut q = self.queues.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        let mut out = Vec::new();
        for ((rules, _, rated), list) in q.iter_mut() {
            let waiting = list.len();
            for w in list.iter_mut() {
                let waited = now.duration_since(w.since);
                let now_told = (waiting, waited >= wait);
                if now_told == w.told {
                    continue;
                }
                w.told = now_told;
                out.push((
                    w.notify.clone(),
                    ServerMsg::Queued {
                        rules: rules.clone(),
                        waiting,
                        waited_ms: waited.as_millis() as u64,
                        rated: *rated,
                        bots_offered: now_told.1,
                    },
                ));
            }
        }
        out
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
                    told: (0, false),
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
    /// windows). Fewer never form a table, however long they wait.
    fn ready(&self) -> Vec<(QueueKey, Vec<Waiter>)> {
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
                if fits.len() == size - 1 && group_mates {
                    let mut take = fits;
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
pub fn form_tables(lobby: &Lobby) -> Vec<Full> {
    let mut fulls = Vec::new();
    for ((rules, time, rated), group) in lobby.pairing.ready() {
        fulls.extend(seat_group(lobby, &rules, time, rated, &group));
    }
    fulls
}

/// Tells every waiter what changed in his queue: how many wait now, and (once he has waited
/// `wait`) the offer of bots — each change once.
pub fn tell_waiters(lobby: &Lobby, wait: Duration) {
    for (conn, msg) in lobby.pairing.news(wait) {
        lobby.tell(std::slice::from_ref(&conn), &wire(&msg));
    }
}

/// `player` takes the offer of bots: he leaves his queue for an unrated table of its rules and
/// time control, the other seats [`FILLING_LEVEL`] bots. Returns the full table, for the caller
/// to start.
pub fn fill_with_bots(lobby: &Lobby, player: uuid::Uuid) -> Result<Option<Full>, ServerError> {
    let ((rules, time, _), waiter) = lobby.pairing.take(player).ok_or_else(|| {
        ServerError::new(
            ErrorCode::NotQueued,
            "you are not waiting for a game: ask for quick pairing first",
        )
    })?;
    Ok(seat_group(
        lobby,
        &rules,
        time,
        false,
        std::slice::from_ref(&waiter),
    ))
}

/// Opens a table of `rules` for `group`, each told his seat; the seats beyond the group take
/// bots (only when a player asked for them: see [`fill_with_bots`]).
fn seat_group(
    lobby: &Lobby,
    rules: &str,
    time: TimeControl,
    rated: bool,
    group: &[Waiter],
) -> Option<Full> {
    let rules = super::draw_chess960(rules, &mut rand::thread_rng());
    let settings = TableSettings::parse(&rules, None, Some(time), rated, true).ok()?;
    // The seats with an army, in order (three-player Conquest's East has none: the table holds
    // it already).
    let in_play: Vec<usize> = (0..4)
        .filter(|&i| settings.rules.in_play(fourhand_rules::Seat::from_index(i)))
        .collect();
    let table = lobby.create(settings, None);
    let id = table.id;
    let mut full = None;
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
            None => Occupant::bot(FILLING_LEVEL),
        };
        if let Ok(Some(f)) = lobby.sit(id.0, seat, who, registered) {
            full = Some(f);
        }
    }
    full
}

/// The bots of a table filled at a waiter's request: the quick engine (the game is unrated).
pub const FILLING_LEVEL: BotLevel = BotLevel::Engine(1);

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
        let ready = q.ready();
        assert_eq!(ready.len(), 1);
        assert!(ready[0].0 .2, "a rated queue");
        assert_eq!(names(&ready[0].1), ["a", "b", "c", "d"]);
        // 2100 alone: nobody within its window.
        assert!(q.ready().is_empty());
        // Three near 1000 wait for a fourth: 1400 is 400 away, outside their windows …
        [("e", 1000.0), ("f", 1010.0), ("g", 990.0), ("h", 1400.0)]
            .iter()
            .for_each(|(n, r)| queue(&q, n, *r));
        assert!(q.ready().is_empty());
        // … until the windows have widened by waiting (25 points a second).
        let mut list = q.queues.lock().unwrap();
        for w in list.values_mut().flatten() {
            w.since -= Duration::from_secs(14);
        }
        drop(list);
        let ready = q.ready();
        assert_eq!(ready.len(), 1);
        assert_eq!(names(&ready[0].1), ["e", "f", "g", "h"]);
        // The lone player waits on, however long: no table forms without four people …
        for w in q.queues.lock().unwrap().values_mut().flatten() {
            w.since -= Duration::from_secs(3600);
        }
        assert!(q.ready().is_empty());
        // … and is told, once, that bots are on offer.
        let news = q.news(Duration::from_secs(20));
        assert_eq!(news.len(), 1);
        assert!(matches!(
            &news[0].1,
            ServerMsg::Queued {
                waiting: 1,
                bots_offered: true,
                rated: true,
                ..
            }
        ));
        assert!(q.news(Duration::from_secs(20)).is_empty());
    }
}
