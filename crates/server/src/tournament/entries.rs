//! Entering, pausing and leaving an arena, from a player's connection: checked against the
//! stored tournament and entry, written to the store, then the lobby's node is told that the
//! player's connection has the arena open (he is paired only then).

use super::room::ArenaNote;
use super::settings::{ArenaSettings, MAX_PLAYERS};
use crate::bus::ConnAddr;
use crate::error::ServerError;
use crate::identity::Player;
use crate::state::App;
use crate::store::{EntryRow, TournamentRow};
use crate::time::epoch_ms;
use fourhand_protocol::{ErrorCode, PlayerId, ServerMsg, TournamentId};

fn err(code: ErrorCode, m: &str) -> ServerError {
    ServerError::new(code, m)
}

/// The arena and its settings, if it is one and still takes part.
async fn open_arena(
    app: &App,
    id: TournamentId,
) -> Result<(TournamentRow, ArenaSettings), ServerError> {
    let t = app
        .store
        .tournament(id)
        .await?
        .filter(|t| t.kind == "arena")
        .ok_or_else(|| err(ErrorCode::UnknownTournament, "no such arena"))?;
    if t.status == "finished" || t.status == "cancelled" {
        return Err(err(ErrorCode::TournamentOver, "this arena is over"));
    }
    let s: ArenaSettings = serde_json::from_str(&t.settings).map_err(ServerError::internal)?;
    Ok((t, s))
}

/// The entry conditions against the player's rating and rated games in the arena's pool.
fn conditions_met(s: &ArenaSettings, rating: f64, games: i64) -> Result<(), ServerError> {
    let no = |m: String| Err(ServerError::new(ErrorCode::EntryConditions, m));
    if let Some(n) = s.min_games.filter(|&n| games < i64::from(n)) {
        return no(format!(
            "this arena takes players with {n} rated games in its pool; you have {games}"
        ));
    }
    if let Some(lo) = s.min_rating.filter(|&lo| rating < f64::from(lo)) {
        return no(format!(
            "this arena takes players rated {lo} or more; you are {}",
            rating.round()
        ));
    }
    if let Some(hi) = s.max_rating.filter(|&hi| rating > f64::from(hi)) {
        return no(format!(
            "this arena takes players rated {hi} or less; you are {}",
            rating.round()
        ));
    }
    Ok(())
}

/// The player's entry, if any.
async fn entry_of(
    app: &App,
    id: TournamentId,
    player: PlayerId,
) -> Result<Option<EntryRow>, ServerError> {
    Ok(app
        .store
        .entries(id)
        .await?
        .into_iter()
        .find(|e| e.player == player))
}

/// The entry as the player is told it.
fn told(e: &EntryRow) -> ServerMsg {
    ServerMsg::ArenaEntry {
        tournament: e.tournament,
        entered: !e.withdrawn,
        paused: e.paused,
    }
}

/// Enters `player` (or brings him back after a pause); his connection `conn` has it open.
pub async fn join(
    app: &App,
    player: &Player,
    id: TournamentId,
    conn: ConnAddr,
) -> Result<ServerMsg, ServerError> {
    let (_, settings) = open_arena(app, id).await?;
    let pid = PlayerId(player.id);
    let entries = app.store.entries(id).await?;
    let mine = entries.iter().find(|e| e.player == pid).cloned();
    let entry = match mine {
        Some(e) if e.removed => {
            return Err(err(
                ErrorCode::Banned,
                "a moderator removed you from this arena",
            ))
        }
        Some(e) if !e.paused && !e.withdrawn => {
            return Err(err(
                ErrorCode::AlreadyEntered,
                "you are in this arena already",
            ))
        }
        Some(e) => EntryRow {
            paused: false,
            withdrawn: false,
            ..e
        },
        None => {
            if entries.iter().filter(|e| !e.withdrawn).count() >= MAX_PLAYERS {
                return Err(err(ErrorCode::TournamentFull, "this arena is full"));
            }
            if settings.accounts_only && !player.registered {
                return Err(err(
                    ErrorCode::EntryConditions,
                    "this arena is for players with an account",
                ));
            }
            crate::moderation::Sanction::Ban
                .check(app, player.id)
                .await?;
            if settings.rated {
                crate::lobby::playban::may_play_rated(app, player.id).await?;
            }
            let table = settings.table()?;
            let pool = crate::game::rating::pool_of(&table.rules.name(), &table.time);
            let rating = crate::game::rating::pool_rating(&app.store, player.id, &pool).await?;
            if settings.conditions() {
                let games = app
                    .store
                    .ratings_of(pid)
                    .await?
                    .into_iter()
                    .find(|r| r.pool == pool)
                    .map_or(0, |r| r.games);
                conditions_met(&settings, rating, games)?;
            }
            EntryRow {
                tournament: id,
                player: pid,
                name: player.name.clone(),
                rating,
                joined_ms: epoch_ms(),
                paused: false,
                withdrawn: false,
                removed: false,
                partner: None,
                partner_name: None,
            }
        }
    };
    app.store.put_entry(&entry).await?;
    app.lobby
        .arena_note(ArenaNote::Present {
            tournament: id,
            player: pid,
            conn,
        })
        .await?;
    Ok(told(&entry))
}

/// Pauses `player`: no new pairings until he joins again.
pub async fn pause(app: &App, player: &Player, id: TournamentId) -> Result<ServerMsg, ServerError> {
    change(app, player, id, |e| e.paused = true).await
}

/// Withdraws `player` for good (a game he plays goes on and still counts).
pub async fn withdraw(
    app: &App,
    player: &Player,
    id: TournamentId,
) -> Result<ServerMsg, ServerError> {
    change(app, player, id, |e| e.withdrawn = true).await
}

async fn change(
    app: &App,
    player: &Player,
    id: TournamentId,
    f: impl FnOnce(&mut EntryRow),
) -> Result<ServerMsg, ServerError> {
    open_arena(app, id).await?;
    let mut e = entry_of(app, id, PlayerId(player.id))
        .await?
        .filter(|e| !e.withdrawn)
        .ok_or_else(|| err(ErrorCode::NotEntered, "you are not in this arena"))?;
    f(&mut e);
    app.store.put_entry(&e).await?;
    Ok(told(&e))
}

/// Follows an arena's standings (a Swiss's rounds and table): the connection receives them now
/// and as they change. An entrant who follows has the tournament open again (after a reload, on
/// a new connection): he is paired from it.
pub async fn follow(
    app: &App,
    player: &Player,
    id: TournamentId,
    conn: ConnAddr,
) -> Result<ServerMsg, ServerError> {
    let t = app
        .store
        .tournament(id)
        .await?
        .ok_or_else(|| err(ErrorCode::UnknownTournament, "no such arena"))?;
    let note = ArenaNote::Follow {
        tournament: id,
        conn: conn.clone(),
    };
    app.lobby.arena_note(note).await?;
    let entries = app.store.entries(id).await?;
    let pid = PlayerId(player.id);
    if entries.iter().any(|e| e.player == pid && !e.withdrawn) {
        let note = ArenaNote::Present {
            tournament: id,
            player: pid,
            conn,
        };
        app.lobby.arena_note(note).await?;
    }
    let games = app.store.tournament_games(id).await?;
    if t.kind == "swiss" {
        return Ok(ServerMsg::Swiss {
            swiss: Box::new(super::swiss_rounds::view(&t, &entries, &games)),
        });
    }
    Ok(ServerMsg::Standings {
        standings: Box::new(super::standings::view(
            &t,
            &entries,
            &games,
            0,
            super::standings::PUSHED_SHEETS,
        )),
    })
}

/// A moderator removes `name` from the tournament (an arena or a Swiss, whose team is then no
/// longer paired): he is withdrawn (a game he plays goes on and counts) and may not enter
/// again. Returns his entry; `unknown_player` when he never entered.
pub async fn remove(app: &App, id: TournamentId, name: &str) -> Result<EntryRow, ServerError> {
    let t = app
        .store
        .tournament(id)
        .await?
        .ok_or_else(|| err(ErrorCode::UnknownTournament, "no such tournament"))?;
    if t.status == "finished" || t.status == "cancelled" {
        return Err(err(ErrorCode::TournamentOver, "this tournament is over"));
    }
    let key = crate::identity::names::name_key(name);
    let mut e = app
        .store
        .entries(id)
        .await?
        .into_iter()
        .find(|e| crate::identity::names::name_key(&e.name) == key)
        .ok_or_else(|| {
            err(
                ErrorCode::UnknownPlayer,
                "nobody of that name entered this tournament",
            )
        })?;
    e.withdrawn = true;
    e.removed = true;
    app.store.put_entry(&e).await?;
    Ok(e)
}
