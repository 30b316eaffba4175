//! Playbans on the server (`fourhand_rating::playban`): each rated game's conduct recorded once
//! when its end is stored, the wait a bad one brings, and rated play refused while it holds.

use crate::error::ServerError;
use crate::state::App;
use crate::store::{Settled, Store, StoreResult};
use crate::time::{epoch_ms, whole_minutes_up};
use fourhand_protocol::{ErrorCode, GameId, PlayerId};
use fourhand_rating::playban::{playban_ms, Conduct, ESCALATION_MS, WINDOW};
use fourhand_rules::game::{OutReason, SeatStatus};
use fourhand_rules::BySeat;
use uuid::Uuid;

/// Each player's conduct in a rated game that ended `how`, the seats' statuses at its end being
/// `statuses`: the aborter's alone when it was aborted (the others played no game), else left
/// for a seat out by disconnection and good for the others.
pub fn conduct_of(
    players: &[Option<Uuid>; 4],
    how: &Settled,
    statuses: &BySeat<SeatStatus>,
) -> Vec<(PlayerId, Conduct)> {
    match how {
        Settled::Void => Vec::new(),
        Settled::Aborted { seat } => players[*seat]
            .map(|p| vec![(PlayerId(p), Conduct::Aborted)])
            .unwrap_or_default(),
        Settled::Played(_) => players
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                let left = matches!(
                    statuses.0[i],
                    SeatStatus::Out(OutReason::Disconnected)
                        | SeatStatus::Zombie(OutReason::Disconnected)
                );
                p.map(|p| {
                    (
                        PlayerId(p),
                        if left { Conduct::Left } else { Conduct::Good },
                    )
                })
            })
            .collect(),
    }
}

/// Records each player's `conduct` in `game` at `now_ms` and gives a playban to each whose bad
/// game brings one. Returns the playbans given (player, until).
pub async fn judge(
    store: &Store,
    game: GameId,
    conduct: &[(PlayerId, Conduct)],
    now_ms: i64,
) -> StoreResult<Vec<(PlayerId, i64)>> {
    let mut given = Vec::new();
    for &(player, c) in conduct {
        store.record_conduct(player, game, c, now_ms).await?;
        if !c.bad() {
            continue;
        }
        let latest = store.latest_conduct(player, WINDOW as i64).await?;
        let recent = store.playbans_since(player, now_ms - ESCALATION_MS).await?;
        if let Some(ms) = playban_ms(&latest, recent) {
            store.add_playban(player, now_ms, now_ms + ms).await?;
            given.push((player, now_ms + ms));
        }
    }
    Ok(given)
}

/// Refuses a rated game to `player` while a moderator's ban from rated play or a playban holds:
/// what every way into a rated game (pairing, tables, tournaments) asks.
pub async fn may_play_rated(app: &App, player: Uuid) -> Result<(), ServerError> {
    crate::moderation::Sanction::RatedBan
        .check(app, player)
        .await?;
    check(app, player).await
}

/// Refuses a rated game to `player` while a playban holds, saying for how long.
async fn check(app: &App, player: Uuid) -> Result<(), ServerError> {
    let now = epoch_ms();
    let Some(until) = app.store.playban_until(PlayerId(player), now).await? else {
        return Ok(());
    };
    Err(ServerError::new(
        ErrorCode::Playban,
        format!(
            "after aborting or leaving rated games, you may play a rated game again in {} min",
            whole_minutes_up(until - now)
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourhand_rating::Finish;

    #[test]
    fn the_aborter_alone_has_conduct_in_an_aborted_game_and_a_disconnected_seat_left() {
        let p = |n: u128| Some(Uuid::from_u128(n));
        let players = [p(1), None, p(3), p(4)];
        let active = BySeat([SeatStatus::Active; 4]);
        assert_eq!(
            conduct_of(&players, &Settled::Aborted { seat: 2 }, &active),
            vec![(PlayerId(Uuid::from_u128(3)), Conduct::Aborted)]
        );
        let mut statuses = active;
        statuses.0[3] = SeatStatus::Out(OutReason::Disconnected);
        let played = Settled::Played(Finish::Placings([1, 2, 3, 4]));
        assert_eq!(
            conduct_of(&players, &played, &statuses),
            vec![
                (PlayerId(Uuid::from_u128(1)), Conduct::Good),
                (PlayerId(Uuid::from_u128(3)), Conduct::Good),
                (PlayerId(Uuid::from_u128(4)), Conduct::Left),
            ]
        );
        assert!(conduct_of(&players, &Settled::Void, &active).is_empty());
    }
}
