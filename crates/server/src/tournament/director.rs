//! The director of the running arenas and Swisses, on the node that runs the lobby (on a single server,
//! always; in a cluster, the lobby's node — when it dies, the next one directs, from the
//! store). Once a second, for each arena: start it when its time comes; score every game of it
//! that has ended (once: the store writes a game's points only while it has none); pair a wave
//! every [`WAVE_EVERY`] while pairing is open; end it when its time is up and its last game
//! has ended; push the standings to its followers when they changed (at most once a second).

use super::room::ArenaRoom;
use super::settings::ArenaSettings;
use super::standings::{players_of, results_of, standings_of, view_of, SeatPlayer};
use crate::error::ServerError;
use crate::state::App;
use crate::store::{EntryRow, TournamentGameRow, TournamentRow};
use crate::time::epoch_ms;
use crate::wire::wire;
use fourhand_protocol::{ArenaStandings, GameId, PlayerId, ServerMsg, SwissView, TournamentId};
use fourhand_rules::Seat;
use fourhand_tournament::arena::{pair_wave, Standings, Waiter, WaveRules};
use rand::SeedableRng;
use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

/// How often a wave pairs the waiting players.
pub const WAVE_EVERY: Duration = Duration::from_secs(2);

/// A player who has waited this long is grouped first, even further from his rank.
pub const LONG_WAIT_SECS: u32 = 20;

/// What the director remembers of an arena between ticks (nothing it could not lose).
#[derive(Default)]
struct Memo {
    /// Since when each free player has waited.
    free_since: HashMap<PlayerId, Instant>,
    /// The last wave.
    wave_at: Option<Instant>,
    /// The standings last pushed, and when.
    pushed: Option<(ArenaStandings, Instant)>,
    /// A Swiss's view last pushed.
    pushed_swiss: Option<SwissView>,
}

/// Runs the director for as long as the server runs.
pub fn spawn(app: &App) {
    let app2 = app.clone();
    // The configuration's schedules (checked when the server started).
    let schedules = super::schedule::parse_all(&app.config.schedules).unwrap_or_default();
    app.tracker.spawn(async move {
        let mut memos: HashMap<TournamentId, Memo> = HashMap::new();
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = app2.shutdown.cancelled() => break,
            }
            if !app2.lobby.leads() {
                memos.clear();
                continue;
            }
            let now = epoch_ms();
            let arenas = match app2.store.tournaments(now - 86_400_000, 500).await {
                Ok(t) => t,
                Err(e) => {
                    tracing::warn!(error = %e, "could not read the tournaments");
                    continue;
                }
            };
            if let Err(e) = make_scheduled(&app2, &schedules, &arenas, now).await {
                tracing::warn!(error = %e.message, "could not make a scheduled arena");
            }
            // Finished and cancelled arenas need nothing more.
            let live: Vec<TournamentRow> = arenas
                .into_iter()
                .filter(|t| t.status == "created" || t.status == "running")
                .collect();
            memos.retain(|id, _| live.iter().any(|t| t.id == *id));
            // The games running anywhere, read once a tick for every arena.
            let running = if live.iter().any(|t| t.status == "running") {
                match app2.store.live_headers().await {
                    Ok(g) => g.into_iter().map(|g| g.game.id).collect(),
                    Err(e) => {
                        tracing::warn!(error = %e, "could not read the running games");
                        continue;
                    }
                }
            } else {
                HashSet::new()
            };
            for t in live {
                let memo = memos.entry(t.id).or_default();
                let done = if t.kind == "swiss" {
                    direct_swiss(&app2, t, &running, memo).await
                } else {
                    direct(&app2, t, &running, memo).await
                };
                if let Err(e) = done {
                    tracing::warn!(error = %e.message, "a tournament's tick failed");
                }
            }
        }
    });
}

/// Who makes the arenas of the configuration's schedules.
const SCHEDULER: &str = "schedule";

/// Makes the scheduled arenas starting within the hour that are not made yet (one per
/// schedule and start: the list of tournaments says which are).
async fn make_scheduled(
    app: &App,
    schedules: &[super::schedule::Schedule],
    known: &[TournamentRow],
    now: i64,
) -> Result<(), ServerError> {
    for s in schedules {
        for start in s.starts_ahead(now) {
            let made = known.iter().any(|t| {
                t.created_by == SCHEDULER
                    && t.starts_ms == start
                    && serde_json::from_str::<ArenaSettings>(&t.settings)
                        .is_ok_and(|x| x == s.settings)
            });
            if made {
                continue;
            }
            let t = TournamentRow {
                id: TournamentId(uuid::Uuid::now_v7()),
                kind: "arena".into(),
                settings: serde_json::to_string(&s.settings).map_err(ServerError::internal)?,
                status: "created".into(),
                starts_ms: start,
                ends_ms: start + i64::from(s.settings.minutes) * 60_000,
                created_by: SCHEDULER.into(),
                created_ms: now,
            };
            app.store.create_tournament(&t).await?;
        }
    }
    Ok(())
}

/// One tick of one arena.
async fn direct(
    app: &App,
    mut t: TournamentRow,
    running: &HashSet<uuid::Uuid>,
    memo: &mut Memo,
) -> Result<(), ServerError> {
    let now = epoch_ms();
    if t.status == "created" && t.starts_ms <= now {
        t.status = "running".into();
        app.store.update_tournament(&t).await?;
    }
    let settings: ArenaSettings =
        serde_json::from_str(&t.settings).map_err(ServerError::internal)?;
    let mut games = app.store.tournament_games(t.id).await?;
    let points = |stored: &crate::store::StoredGame, g: &TournamentGameRow| {
        results_of(stored, &players_of(g))
            .map(|r| serde_json::to_string(&r).map_err(ServerError::internal))
            .transpose()
    };
    if super::scoring::score_ended(app, &games, running, points).await? {
        games = app.store.tournament_games(t.id).await?;
    }
    let entries = app.store.entries(t.id).await?;
    // The standings of the tick (a game paired below is unscored: it changes none of them).
    let standings = standings_of(&entries, &games);
    let playing: HashSet<PlayerId> = games
        .iter()
        .filter(|g| g.scored.is_none())
        .flat_map(|g| players_of(g).into_iter().map(|p| p.player))
        .collect();
    let room = &app.lobby.local.arenas;
    let free: Vec<&EntryRow> = entries
        .iter()
        .filter(|e| !e.paused && !e.withdrawn && !playing.contains(&e.player))
        .filter(|e| room.present(t.id, e.player).is_some())
        .collect();
    let keep: Vec<PlayerId> = free.iter().map(|e| e.player).collect();
    memo.free_since.retain(|p, _| keep.contains(p));
    for p in &keep {
        memo.free_since.entry(*p).or_insert_with(Instant::now);
    }
    let open = t.status == "running" && now < settings.pairing_stops_ms(t.ends_ms);
    let due = memo.wave_at.is_none_or(|w| w.elapsed() >= WAVE_EVERY);
    let mut waiting = free.len();
    if open && due {
        memo.wave_at = Some(Instant::now());
        let paired = wave(
            app, &t, &settings, &standings, &entries, &games, &free, memo, room,
        )
        .await?;
        if paired > 0 {
            games = app.store.tournament_games(t.id).await?;
            waiting -= paired;
        }
    }
    if t.status == "running" && now >= t.ends_ms && games.iter().all(|g| g.scored.is_some()) {
        t.status = "finished".into();
        app.store.update_tournament(&t).await?;
    }
    push(app, &t, &standings, &entries, &games, waiting, memo, room);
    Ok(())
}

/// The rules a wave needs: the seats with an army and, in a sides game, the two sides.
fn wave_rules(settings: &ArenaSettings) -> Result<WaveRules, ServerError> {
    let rules = settings.table()?.rules;
    let seats: Vec<usize> = (0..4)
        .filter(|&i| rules.in_play(Seat::from_index(i)))
        .collect();
    let sides = rules.sides().then(|| {
        let partner = rules.partner(Seat::from_index(0)).map_or(2, |s| s.index());
        let other: Vec<usize> = (1..4).filter(|&i| i != partner).collect();
        [[0, partner], [other[0], other[1]]]
    });
    Ok(WaveRules {
        seats,
        sides,
        long_wait_secs: LONG_WAIT_SECS,
    })
}

/// Pairs the free players; returns how many were seated.
#[allow(clippy::too_many_arguments)]
async fn wave(
    app: &App,
    t: &TournamentRow,
    settings: &ArenaSettings,
    standings: &Standings<PlayerId, GameId>,
    entries: &[EntryRow],
    games: &[TournamentGameRow],
    free: &[&EntryRow],
    memo: &Memo,
    room: &ArenaRoom,
) -> Result<usize, ServerError> {
    let rules = wave_rules(settings)?;
    if free.len() < rules.seats.len() {
        return Ok(0);
    }
    let rank: HashMap<PlayerId, usize> = standings
        .rows()
        .into_iter()
        .map(|r| (r.player, r.rank))
        .collect();
    // Each player's last table, from one pass over the games (oldest first).
    let mut last_table: HashMap<PlayerId, Vec<SeatPlayer>> = HashMap::new();
    let mut by_start: Vec<&TournamentGameRow> = games.iter().collect();
    by_start.sort_by_key(|g| g.started_ms);
    for g in by_start {
        let table = players_of(g);
        for p in &table {
            last_table.insert(p.player, table.clone());
        }
    }
    let waiters: Vec<Waiter<PlayerId>> = free
        .iter()
        .map(|e| {
            let table: Vec<SeatPlayer> = last_table.get(&e.player).cloned().unwrap_or_default();
            let my_seat = table.iter().find(|p| p.player == e.player).map(|p| p.seat);
            let partner_seat = my_seat.and_then(|s| {
                rules.sides.and_then(|sides| {
                    sides
                        .iter()
                        .find(|x| x.contains(&s))
                        .map(|x| if x[0] == s { x[1] } else { x[0] })
                })
            });
            Waiter {
                player: e.player,
                rank: rank.get(&e.player).copied().unwrap_or(usize::MAX / 2),
                waited_secs: memo
                    .free_since
                    .get(&e.player)
                    .map_or(0, |i| i.elapsed().as_secs() as u32),
                last_group: table.iter().map(|p| p.player).collect(),
                last_partner: partner_seat
                    .and_then(|ps| table.iter().find(|p| p.seat == ps).map(|p| p.player)),
            }
        })
        .collect();
    let (groups, _) = pair_wave(&waiters, &rules, &mut rand::rngs::StdRng::from_entropy());
    let mut seated = 0;
    for g in groups {
        let players: Vec<SeatPlayer> = g
            .seats
            .iter()
            .filter_map(|(seat, p)| {
                let e = entries.iter().find(|e| e.player == *p)?;
                Some(SeatPlayer {
                    seat: *seat,
                    player: *p,
                    name: e.name.clone(),
                    rating: e.rating,
                })
            })
            .collect();
        let record = serde_json::to_string(&players).map_err(ServerError::internal)?;
        let table = settings.table()?;
        let how = super::seating::Seating {
            table,
            berserk: settings.berserk,
            accounts_only: settings.accounts_only,
        };
        match super::seating::start(app, t.id, &how, &players, record, room).await {
            Ok(_) => seated += players.len(),
            Err(e) => tracing::warn!(error = %e.message, "could not start an arena game"),
        }
    }
    Ok(seated)
}

/// One tick of one Swiss: its rounds, then its view to its followers when it changed.
async fn direct_swiss(
    app: &App,
    t: TournamentRow,
    running: &HashSet<uuid::Uuid>,
    memo: &mut Memo,
) -> Result<(), ServerError> {
    let mut t = t;
    let (entries, games) = super::swiss_rounds::direct(app, &mut t, running).await?;
    let followers = app.lobby.local.arenas.followers(t.id);
    if followers.is_empty() {
        return Ok(());
    }
    let v = super::swiss_rounds::view(&t, &entries, &games);
    if memo.pushed_swiss.as_ref() != Some(&v) {
        app.lobby.local.tell(
            &followers,
            &wire(&ServerMsg::Swiss {
                swiss: Box::new(v.clone()),
            }),
        );
        memo.pushed_swiss = Some(v);
    }
    Ok(())
}

/// Pushes the standings to the arena's followers when they changed, at most once a second.
#[allow(clippy::too_many_arguments)]
fn push(
    app: &App,
    t: &TournamentRow,
    standings: &Standings<PlayerId, GameId>,
    entries: &[EntryRow],
    games: &[TournamentGameRow],
    waiting: usize,
    memo: &mut Memo,
    room: &ArenaRoom,
) {
    // Nobody follows: nothing to build (a new follower is sent the standings as he follows).
    let followers = room.followers(t.id);
    if followers.is_empty() {
        return;
    }
    let v = view_of(
        t,
        standings,
        entries,
        games,
        waiting,
        super::standings::PUSHED_SHEETS,
    );
    if memo
        .pushed
        .as_ref()
        .is_some_and(|(last, at)| *last == v || at.elapsed() < Duration::from_millis(950))
    {
        return;
    }
    app.lobby.local.tell(
        &followers,
        &wire(&ServerMsg::Standings {
            standings: Box::new(v.clone()),
        }),
    );
    memo.pushed = Some((v, Instant::now()));
}
