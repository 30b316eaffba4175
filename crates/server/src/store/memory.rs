//! The in-memory store (tests; also what paused-time tests need, as a real pool would time out).

use super::ratings::{settle, ArchiveFilter, RatingChange, RatingJob, RatingRow, Settled};
use super::records::{
    GameEnd, ModerationRow, NewGame, ReportRow, SessionRow, StoredAction, StoredGame, User,
};
use super::{StoreError, StoreResult};
use fourhand_rating::abort::PENALTY_WINDOW_MS;
use std::collections::HashMap;
use std::sync::Mutex;
use uuid::Uuid;

#[derive(Default)]
struct State {
    settings: HashMap<String, String>,
    users: HashMap<String, User>,
    sessions: HashMap<Uuid, SessionRow>,
    reports: Vec<ReportRow>,
    moderation: Vec<ModerationRow>,
    games: HashMap<Uuid, StoredGame>,
    ratings: HashMap<(Uuid, String), RatingRow>,
    changes: Vec<RatingChange>,
    /// (player, game, at_ms)
    aborts: Vec<(Uuid, Uuid, i64)>,
    /// game → (node, epoch, expires_ms)
    leases: HashMap<Uuid, (String, i64, i64)>,
    /// Each cluster node's beat: its leases are held until then.
    nodes: HashMap<String, i64>,
    tournaments: super::memory_tournaments::TournamentTables,
    analysis: super::memory_analysis::AnalysisTables,
    playbans: super::memory_playbans::PlaybanTables,
}

/// Everything in a mutex-guarded map.
#[derive(Default)]
pub(super) struct MemoryStore {
    state: Mutex<State>,
}

impl MemoryStore {
    fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        let mut s = self.state.lock().unwrap_or_else(|p| p.into_inner());
        f(&mut s)
    }

    /// Works on the playban tables.
    pub(super) fn playbans<T>(
        &self,
        f: impl FnOnce(&mut super::memory_playbans::PlaybanTables) -> T,
    ) -> T {
        self.with(|s| f(&mut s.playbans))
    }

    /// Works on the analysis tables.
    pub(super) fn analysis<T>(
        &self,
        f: impl FnOnce(&mut super::memory_analysis::AnalysisTables) -> T,
    ) -> T {
        self.with(|s| f(&mut s.analysis))
    }

    /// Works on the tournaments' tables.
    pub(super) fn tournaments<T>(
        &self,
        f: impl FnOnce(&mut super::memory_tournaments::TournamentTables) -> T,
    ) -> T {
        self.with(|s| f(&mut s.tournaments))
    }

    pub(super) fn setting(&self, key: &str) -> Option<String> {
        self.with(|s| s.settings.get(key).cloned())
    }

    pub(super) fn set_setting(&self, key: &str, value: &str) {
        self.with(|s| s.settings.insert(key.to_string(), value.to_string()));
    }

    pub(super) fn init_setting(&self, key: &str, value: &str) -> String {
        self.with(|s| {
            s.settings
                .entry(key.to_string())
                .or_insert_with(|| value.to_string())
                .clone()
        })
    }

    pub(super) fn create_user(&self, u: &User) -> StoreResult<()> {
        self.with(|s| {
            if s.users.contains_key(&u.name) || s.users.values().any(|x| x.name_key == u.name_key) {
                return Err(StoreError::Conflict);
            }
            s.users.insert(u.name.clone(), u.clone());
            Ok(())
        })
    }

    pub(super) fn user_by_name(&self, name: &str) -> Option<User> {
        self.with(|s| s.users.get(name).cloned())
    }

    pub(super) fn create_report(&self, r: &ReportRow) {
        self.with(|s| s.reports.push(r.clone()));
    }

    pub(super) fn open_reports(&self, limit: i64) -> Vec<ReportRow> {
        self.with(|s| {
            s.reports
                .iter()
                .filter(|r| r.closed_ms.is_none())
                .take(limit.max(0) as usize)
                .cloned()
                .collect()
        })
    }

    pub(super) fn close_report(&self, id: Uuid, by: &str, at: i64) -> bool {
        self.with(|s| {
            match s
                .reports
                .iter_mut()
                .find(|r| r.id == id && r.closed_ms.is_none())
            {
                Some(r) => {
                    r.closed_ms = Some(at);
                    r.closed_by = Some(by.to_string());
                    true
                }
                None => false,
            }
        })
    }

    pub(super) fn moderation_log(&self, limit: i64) -> Vec<ModerationRow> {
        self.with(|s| {
            s.moderation
                .iter()
                .rev()
                .take(limit.max(0) as usize)
                .cloned()
                .collect()
        })
    }

    pub(super) fn record_moderation(&self, a: &ModerationRow) {
        self.with(|s| s.moderation.push(a.clone()));
    }

    pub(super) fn sanction(
        &self,
        player: Uuid,
        action: super::ModerationAction,
        now: i64,
    ) -> Option<ModerationRow> {
        self.with(|s| {
            s.moderation
                .iter()
                .filter(|m| m.player == Some(player) && m.action == action && m.at_ms <= now)
                .filter(|m| m.until_ms.is_none_or(|u| u > now))
                .max_by_key(|m| m.until_ms.unwrap_or(i64::MAX))
                .cloned()
        })
    }

    pub(super) fn user_by_id(&self, id: Uuid) -> Option<User> {
        self.with(|s| s.users.values().find(|u| u.id == id).cloned())
    }

    pub(super) fn set_password(&self, id: Uuid, hash: &str) {
        self.with(|s| {
            if let Some(u) = s.users.values_mut().find(|u| u.id == id) {
                u.password_hash = hash.to_string();
            }
        })
    }

    pub(super) fn delete_account(
        &self,
        id: Uuid,
        placeholder: &str,
        retag: super::Retag,
        now: i64,
    ) -> bool {
        self.with(|s| {
            let Some(old) = s
                .users
                .values()
                .find(|u| u.id == id)
                .map(|u| u.name.clone())
            else {
                return false;
            };
            let mut user = s.users.remove(&old).expect("found above");
            user.name = placeholder.to_string();
            user.name_key = placeholder.to_string();
            user.password_hash = "!".into();
            s.users.insert(placeholder.to_string(), user);
            for g in s.games.values_mut() {
                let mut hit = false;
                for seat in g.game.seats.iter_mut().filter(|x| x.player == Some(id)) {
                    seat.name = placeholder.to_string();
                    hit = true;
                }
                if let (true, Some(end)) = (hit, g.end.as_mut()) {
                    end.pgn4 = retag(&end.pgn4, &g.game.rules, &old, placeholder);
                }
            }
            for r in s.sessions.values_mut().filter(|r| r.player == id) {
                r.revoked_ms.get_or_insert(now);
            }
            s.ratings.retain(|(p, _), _| *p != id);
            true
        })
    }

    pub(super) fn user_by_key(&self, key: &str) -> Option<User> {
        self.with(|s| s.users.values().find(|u| u.name_key == key).cloned())
    }

    pub(super) fn create_session(&self, row: &SessionRow) -> StoreResult<()> {
        self.with(|s| {
            if s.sessions.contains_key(&row.id) {
                return Err(StoreError::Conflict);
            }
            s.sessions.insert(row.id, row.clone());
            Ok(())
        })
    }

    pub(super) fn session(&self, id: Uuid) -> Option<SessionRow> {
        self.with(|s| s.sessions.get(&id).cloned())
    }

    pub(super) fn extend_session(&self, id: Uuid, expires_ms: i64) {
        self.with(|s| {
            if let Some(r) = s.sessions.get_mut(&id) {
                r.expires_ms = expires_ms;
            }
        })
    }

    /// Revokes one session (`player` none) or every session of `player` but `id`.
    pub(super) fn revoke_sessions(&self, id: Option<Uuid>, player: Option<Uuid>, at: i64) {
        self.with(|s| {
            for r in s.sessions.values_mut() {
                let hit = match player {
                    None => Some(r.id) == id,
                    Some(p) => r.player == p && Some(r.id) != id,
                };
                if hit && r.revoked_ms.is_none() {
                    r.revoked_ms = Some(at);
                }
            }
        })
    }

    pub(super) fn sweep_sessions(&self, before: i64) -> u64 {
        self.with(|s| {
            let n = s.sessions.len();
            s.sessions
                .retain(|_, r| r.expires_ms >= before && r.revoked_ms.is_none_or(|t| t >= before));
            (n - s.sessions.len()) as u64
        })
    }

    pub(super) fn create_game(&self, g: &NewGame) -> StoreResult<()> {
        self.with(|s| {
            if s.games.contains_key(&g.id) {
                return Err(StoreError::Conflict);
            }
            s.games.insert(
                g.id,
                StoredGame {
                    game: g.clone(),
                    actions: Vec::new(),
                    stream: 0,
                    end: None,
                },
            );
            Ok(())
        })
    }

    pub(super) fn append_action(&self, id: Uuid, a: &StoredAction) -> StoreResult<()> {
        self.with(|s| {
            let g = s
                .games
                .get_mut(&id)
                .ok_or_else(|| StoreError::Corrupt(format!("no game {id}")))?;
            if g.actions.iter().any(|x| x.ply == a.ply) {
                return Err(StoreError::Conflict);
            }
            g.actions.push(a.clone());
            Ok(())
        })
    }

    pub(super) fn has_action(&self, id: Uuid, ply: i64) -> bool {
        self.with(|s| {
            s.games
                .get(&id)
                .is_some_and(|g| g.actions.iter().any(|a| a.ply == ply))
        })
    }

    pub(super) fn next_stream(&self, id: Uuid) -> StoreResult<u32> {
        self.with(|s| {
            let g = s
                .games
                .get_mut(&id)
                .ok_or_else(|| StoreError::Corrupt(format!("no game {id}")))?;
            g.stream += 1;
            Ok(g.stream)
        })
    }

    pub(super) fn finish_game(
        &self,
        id: Uuid,
        end: &GameEnd,
        job: Option<&RatingJob>,
    ) -> StoreResult<bool> {
        self.with(|s| {
            match s.games.get_mut(&id) {
                Some(g) if g.end.is_none() => g.end = Some(end.clone()),
                _ => return Ok(false),
            }
            let Some(job) = job else { return Ok(true) };
            let now = end.ended_ms;
            let mut earlier = 0;
            if let Settled::Aborted { seat } = job.finish {
                if let Some(player) = job.players[seat] {
                    earlier = s
                        .aborts
                        .iter()
                        .filter(|a| a.0 == player && a.2 >= now - PENALTY_WINDOW_MS)
                        .count() as u32;
                    s.aborts.push((player, id, now));
                }
            }
            let current: [Option<RatingRow>; 4] = std::array::from_fn(|seat| {
                let p = job.players[seat].filter(|_| job.rated)?;
                s.ratings.get(&(p, job.pool.clone())).cloned()
            });
            let st = settle(id, job, &current, earlier, now);
            for r in st.rows {
                s.ratings.insert((r.player, r.pool.clone()), r);
            }
            s.changes.extend(st.changes);
            Ok(true)
        })
    }

    pub(super) fn ratings_of(&self, player: Uuid) -> Vec<RatingRow> {
        self.with(|s| {
            let mut v: Vec<RatingRow> = s
                .ratings
                .values()
                .filter(|r| r.player == player)
                .cloned()
                .collect();
            v.sort_by(|a, b| a.pool.cmp(&b.pool));
            v
        })
    }

    pub(super) fn rating_history(&self, player: Uuid, limit: i64) -> Vec<RatingChange> {
        self.with(|s| {
            let v: Vec<RatingChange> = s
                .changes
                .iter()
                .filter(|c| c.player == player)
                .cloned()
                .collect();
            let skip = v.len().saturating_sub(limit.max(0) as usize);
            v[skip..].to_vec()
        })
    }

    pub(super) fn game_rating_changes(&self, game: Uuid) -> Vec<RatingChange> {
        self.with(|s| {
            let mut v: Vec<RatingChange> = s
                .changes
                .iter()
                .filter(|c| c.game == game)
                .cloned()
                .collect();
            v.sort_by_key(|c| c.seat);
            v
        })
    }

    pub(super) fn leaderboard(
        &self,
        pool: &str,
        who: &super::BoardRule,
        limit: i64,
    ) -> Vec<(String, RatingRow)> {
        self.with(|s| {
            let banned = |p: Uuid| {
                s.moderation.iter().any(|m| {
                    m.player == Some(p)
                        && matches!(
                            m.action,
                            super::ModerationAction::Ban | super::ModerationAction::BanRated
                        )
                        && m.at_ms <= who.now_ms
                        && m.until_ms.is_none_or(|u| u > who.now_ms)
                })
            };
            let mut v: Vec<(String, RatingRow)> = s
                .ratings
                .values()
                .filter(|r| r.pool == pool && r.rating.rd <= who.max_rd)
                .filter(|r| r.games >= who.min_games && r.last_ms >= who.since_ms)
                .filter(|r| !banned(r.player))
                .filter_map(|r| {
                    let u = s.users.values().find(|u| u.id == r.player)?;
                    Some((u.name.clone(), r.clone()))
                })
                .collect();
            v.sort_by(|a, b| {
                b.1.rating
                    .rating
                    .total_cmp(&a.1.rating.rating)
                    .then(a.0.cmp(&b.0))
            });
            v.truncate(limit.max(0) as usize);
            v
        })
    }

    pub(super) fn archive(&self, f: &ArchiveFilter) -> Vec<StoredGame> {
        self.with(|s| {
            let mut v: Vec<StoredGame> = s
                .games
                .values()
                .filter(|g| !g.game.imported)
                .filter(|g| {
                    let Some(e) = &g.end else { return false };
                    f.player
                        .as_ref()
                        .is_none_or(|n| g.game.seats.iter().any(|x| &x.name == n))
                        && f.rules.as_ref().is_none_or(|r| &g.game.rules == r)
                        && f.from_ms.is_none_or(|t| e.ended_ms >= t)
                        && f.to_ms.is_none_or(|t| e.ended_ms < t)
                })
                .map(|g| StoredGame {
                    actions: Vec::new(),
                    ..g.clone()
                })
                .collect();
            v.sort_by_key(|g| std::cmp::Reverse(g.end.as_ref().map(|e| e.ended_ms)));
            v.truncate(f.limit.max(0) as usize);
            v
        })
    }

    pub(super) fn aborts_since(&self, player: Uuid, since_ms: i64) -> (u32, Option<i64>) {
        self.with(|s| {
            let mine = s.aborts.iter().filter(|a| a.0 == player && a.2 >= since_ms);
            let n = mine.clone().count() as u32;
            (n, mine.map(|a| a.2).max())
        })
    }

    pub(super) fn game(&self, id: Uuid) -> Option<StoredGame> {
        self.with(|s| s.games.get(&id).cloned())
    }

    pub(super) fn live_games(&self) -> Vec<StoredGame> {
        self.with(|s| {
            s.games
                .values()
                .filter(|g| g.end.is_none() && !g.game.imported)
                .cloned()
                .collect()
        })
    }

    pub(super) fn live_headers(&self) -> Vec<StoredGame> {
        let mut v = self.live_games();
        for g in &mut v {
            g.actions.clear();
        }
        v
    }

    pub(super) fn finished_games(&self, limit: i64) -> Vec<StoredGame> {
        self.with(|s| {
            let mut v: Vec<StoredGame> = s
                .games
                .values()
                .filter(|g| g.end.is_some())
                .cloned()
                .collect();
            v.sort_by_key(|g| std::cmp::Reverse(g.end.as_ref().map(|e| e.ended_ms)));
            v.truncate(limit.max(0) as usize);
            v
        })
    }

    fn holds(s: &State, node: &str, expires: i64, now: i64) -> bool {
        expires > now && s.nodes.get(node).is_some_and(|until| *until > now)
    }

    pub(super) fn acquire_lease(&self, game: Uuid, node: &str, now: i64, ttl: i64) -> Option<i64> {
        self.with(|s| {
            s.nodes.insert(node.to_string(), now + ttl);
            let epoch = match s.leases.get(&game) {
                None => 1,
                Some((n, e, exp)) if n == node && *exp > now => *e,
                Some((n, e, exp)) if !Self::holds(s, n, *exp, now) => e + 1,
                Some(_) => return None,
            };
            s.leases
                .insert(game, (node.to_string(), epoch, super::leases::HELD));
            Some(epoch)
        })
    }

    pub(super) fn orphaned_games(&self, now: i64) -> Vec<(Uuid, Option<String>)> {
        self.with(|s| {
            let mut v: Vec<(Uuid, Option<String>)> = s
                .games
                .values()
                .filter(|g| g.end.is_none() && !g.game.imported)
                .filter(|g| {
                    s.leases
                        .get(&g.game.id)
                        .is_none_or(|l| !Self::holds(s, &l.0, l.2, now))
                })
                .map(|g| (g.game.id, s.leases.get(&g.game.id).map(|l| l.0.clone())))
                .collect();
            v.sort();
            v
        })
    }

    pub(super) fn renew_node_leases(&self, node: &str, now: i64, ttl: i64) -> Vec<(Uuid, i64)> {
        self.with(|s| {
            s.nodes.insert(node.to_string(), now + ttl);
            s.leases
                .iter()
                .filter(|(_, (n, _, exp))| n == node && *exp > now)
                .filter(|(g, _)| s.games.get(g).is_some_and(|x| x.end.is_none()))
                .map(|(g, (_, e, _))| (*g, *e))
                .collect()
        })
    }

    pub(super) fn release_node_leases(&self, node: &str, now: i64) {
        self.with(|s| {
            for (n, _, exp) in s.leases.values_mut() {
                if n == node {
                    *exp = now;
                }
            }
            s.nodes.remove(node);
        })
    }

    pub(super) fn is_unfinished(&self, game: Uuid) -> bool {
        self.with(|s| s.games.get(&game).is_some_and(|g| g.end.is_none()))
    }

    pub(super) fn append_action_fenced(
        &self,
        lease: &super::Lease,
        a: &StoredAction,
    ) -> StoreResult<()> {
        let current = self.with(|s| {
            s.leases
                .get(&lease.game)
                .is_some_and(|(n, e, _)| *n == lease.node && *e == lease.epoch)
        });
        if !current {
            return Err(StoreError::Fenced);
        }
        self.append_action(lease.game, a)
    }
}
