//! Pairs entering a Swiss (spec §2), from a player's connection: one invites a partner (an
//! entry naming him), the partner accepts (an entry naming the inviter) — two entries naming
//! each other are a team. Before the start an invitation may be replaced or taken back and a
//! pair undone; after it, a team that leaves is no longer paired (its points stay).

use super::room::ArenaNote;
use super::swiss_settings::{SwissSettings, MAX_TEAMS};
use crate::bus::ConnAddr;
use crate::error::ServerError;
use crate::identity::Player;
use crate::state::App;
use crate::store::{EntryRow, TournamentRow};
use crate::time::epoch_ms;
use fourhand_protocol::{ErrorCode, PlayerId, ServerMsg, TournamentId};

fn err(code: ErrorCode, m: impl Into<String>) -> ServerError {
    ServerError::new(code, m)
}

/// The teams among a Swiss's entries: pairs of entries naming each other, neither withdrawn,
/// each pair once (in the order its first entry came).
pub fn teams_of(entries: &[EntryRow]) -> Vec<[&EntryRow; 2]> {
    let mut out: Vec<[&EntryRow; 2]> = Vec::new();
    for e in entries.iter().filter(|e| !e.withdrawn) {
        let Some(p) = e.partner else { continue };
        let Some(mate) = entries
            .iter()
            .find(|m| m.player == p && !m.withdrawn && m.partner == Some(e.player))
        else {
            continue;
        };
        if !out.iter().any(|t| t[0].player == p) {
            out.push([e, mate]);
        }
    }
    out
}

/// The Swiss, if it is one and has not ended.
async fn open_swiss(
    app: &App,
    id: TournamentId,
) -> Result<(TournamentRow, SwissSettings), ServerError> {
    let t = app
        .store
        .tournament(id)
        .await?
        .filter(|t| t.kind == "swiss")
        .ok_or_else(|| err(ErrorCode::UnknownTournament, "no such Swiss"))?;
    if t.status == "finished" || t.status == "cancelled" {
        return Err(err(ErrorCode::TournamentOver, "this Swiss is over"));
    }
    let s: SwissSettings = serde_json::from_str(&t.settings).map_err(ServerError::internal)?;
    Ok((t, s))
}

/// The Swiss before its start (pairs register only then).
async fn before_start(
    app: &App,
    id: TournamentId,
) -> Result<(TournamentRow, SwissSettings), ServerError> {
    let (t, s) = open_swiss(app, id).await?;
    if t.status != "created" {
        return Err(err(
            ErrorCode::TournamentStarted,
            "this Swiss has started: pairs register before",
        ));
    }
    Ok((t, s))
}

/// Whether `player` is in a team of `entries`.
fn in_team(entries: &[EntryRow], player: PlayerId) -> bool {
    teams_of(entries)
        .iter()
        .any(|t| t[0].player == player || t[1].player == player)
}

/// What the player is told of his place.
fn told(id: TournamentId, entries: &[EntryRow], player: PlayerId) -> ServerMsg {
    let mine = entries.iter().find(|e| e.player == player && !e.withdrawn);
    let partner = mine.and_then(|e| e.partner_name.clone());
    ServerMsg::SwissEntry {
        tournament: id,
        partner,
        team: in_team(entries, player),
    }
}

/// The account named `name` (case-insensitively), as an entry of the Swiss would name him.
async fn account(app: &App, name: &str) -> Result<(PlayerId, String), ServerError> {
    let key = crate::identity::names::name_key(name.trim());
    let u = app
        .store
        .user_by_key(&key)
        .await?
        .ok_or_else(|| err(ErrorCode::UnknownPlayer, "no account of that name"))?;
    Ok((PlayerId(u.id), u.name))
}

/// The entry `player` makes naming `partner` (his rating in the Swiss's pool now).
async fn entry(
    app: &App,
    s: &SwissSettings,
    id: TournamentId,
    player: &Player,
    (partner, partner_name): (PlayerId, String),
    before: Option<&EntryRow>,
) -> Result<EntryRow, ServerError> {
    let table = s.table()?;
    let pool = crate::game::rating::pool_of(&table.rules.name(), &table.time);
    let rating = crate::game::rating::pool_rating(&app.store, player.id, &pool).await?;
    Ok(EntryRow {
        tournament: id,
        player: PlayerId(player.id),
        name: player.name.clone(),
        rating,
        joined_ms: before.map_or_else(epoch_ms, |b| b.joined_ms),
        paused: false,
        withdrawn: false,
        removed: false,
        partner: Some(partner),
        partner_name: Some(partner_name),
    })
}

/// Checks what every pair request needs: an account, not banned, not removed.
async fn may_enter(app: &App, player: &Player, entries: &[EntryRow]) -> Result<(), ServerError> {
    if !player.registered {
        return Err(err(
            ErrorCode::EntryConditions,
            "a Swiss pair is two players with accounts",
        ));
    }
    if entries
        .iter()
        .any(|e| e.player == PlayerId(player.id) && e.removed)
    {
        return Err(err(
            ErrorCode::Banned,
            "a moderator removed you from this Swiss",
        ));
    }
    crate::moderation::Sanction::Ban.check(app, player.id).await
}

/// What a pair request asks for: an invitation, or the acceptance of one.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Ask {
    /// `player` invites the partner (replacing an invitation of his not yet accepted).
    Invite,
    /// `player` accepts the partner's invitation: they are a team.
    Accept,
}

/// `player`'s entry names `partner_name` — an invitation, or (`Ask::Accept`) the answer to his
/// — once every rule allows it; his connection has the Swiss open.
pub async fn name_partner(
    app: &App,
    player: &Player,
    id: TournamentId,
    partner_name: &str,
    conn: ConnAddr,
    ask: Ask,
) -> Result<ServerMsg, ServerError> {
    let (_, s) = before_start(app, id).await?;
    let entries = app.store.entries(id).await?;
    may_enter(app, player, &entries).await?;
    if s.rated {
        crate::lobby::playban::may_play_rated(app, player.id).await?;
    }
    let me = PlayerId(player.id);
    let (partner, name) = account(app, partner_name).await?;
    if partner == me {
        return Err(err(ErrorCode::InviteSelf, "you cannot pair with yourself"));
    }
    if in_team(&entries, me) {
        return Err(err(
            ErrorCode::AlreadyPaired,
            "you are in a pair already: leave it first",
        ));
    }
    match ask {
        Ask::Invite if in_team(&entries, partner) => {
            return Err(err(
                ErrorCode::AlreadyPaired,
                format!("{name} is in a pair already"),
            ));
        }
        Ask::Accept
            if !entries
                .iter()
                .any(|e| e.player == partner && !e.withdrawn && e.partner == Some(me)) =>
        {
            return Err(err(
                ErrorCode::AlreadyPaired,
                format!("{name} has not invited you (or is in another pair)"),
            ));
        }
        _ => {}
    }
    if teams_of(&entries).len() >= MAX_TEAMS {
        return Err(err(ErrorCode::TournamentFull, "this Swiss is full"));
    }
    let before = entries.iter().find(|e| e.player == me);
    let e = entry(app, &s, id, player, (partner, name), before).await?;
    app.store.put_entry(&e).await?;
    present(app, id, me, conn).await?;
    let entries = app.store.entries(id).await?;
    Ok(told(id, &entries, me))
}

/// `player` leaves: before the start his invitation or pair is undone (his partner's
/// invitation stays, to be taken back or accepted by another); after it his team is no longer
/// paired.
pub async fn leave(app: &App, player: &Player, id: TournamentId) -> Result<ServerMsg, ServerError> {
    open_swiss(app, id).await?;
    let me = PlayerId(player.id);
    let entries = app.store.entries(id).await?;
    let mut e = entries
        .iter()
        .find(|e| e.player == me && !e.withdrawn)
        .cloned()
        .ok_or_else(|| err(ErrorCode::NotEntered, "you are not in this Swiss"))?;
    e.withdrawn = true;
    app.store.put_entry(&e).await?;
    let entries = app.store.entries(id).await?;
    Ok(told(id, &entries, me))
}

/// The player's connection has the Swiss open: his games are started only while it does.
async fn present(
    app: &App,
    tournament: TournamentId,
    player: PlayerId,
    conn: ConnAddr,
) -> Result<(), ServerError> {
    app.lobby
        .arena_note(ArenaNote::Present {
            tournament,
            player,
            conn,
        })
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(n: u128, partner: Option<u128>, withdrawn: bool) -> EntryRow {
        EntryRow {
            tournament: TournamentId(uuid::Uuid::nil()),
            player: PlayerId(uuid::Uuid::from_u128(n)),
            name: format!("p{n}"),
            rating: 1500.0,
            joined_ms: n as i64,
            paused: false,
            withdrawn,
            removed: false,
            partner: partner.map(|p| PlayerId(uuid::Uuid::from_u128(p))),
            partner_name: partner.map(|p| format!("p{p}")),
        }
    }

    #[test]
    fn two_entries_naming_each_other_are_a_team_and_an_invitation_alone_is_not() {
        let entries = [
            e(1, Some(2), false),
            e(2, Some(1), false),
            e(3, Some(4), false), // 3 invites 4, who has not answered
            e(5, Some(6), false),
            e(6, Some(5), true), // 6 left
        ];
        let teams = teams_of(&entries);
        assert_eq!(teams.len(), 1);
        assert_eq!(
            teams[0].map(|x| x.name.clone()),
            ["p1".to_string(), "p2".to_string()]
        );
        assert!(in_team(&entries, PlayerId(uuid::Uuid::from_u128(2))));
        assert!(!in_team(&entries, PlayerId(uuid::Uuid::from_u128(3))));
        assert!(!in_team(&entries, PlayerId(uuid::Uuid::from_u128(5))));
    }
}
