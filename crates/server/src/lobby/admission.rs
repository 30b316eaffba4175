//! Who may queue for quick pairing, and with what: rated pairing needs an account; a banned
//! player may not queue; a player who aborted too many games lately waits out a pause that
//! grows with each further abort (rating crate's `abort` rules); a rated player queues with his
//! rating in the pool of the rules and speed he asks for.

use super::{queue_settings, TableSettings};
use crate::error::ServerError;
use crate::identity::Player;
use crate::moderation::Sanction;
use crate::state::App;
use crate::time::{epoch_ms, whole_minutes_up};
use fourhand_protocol::{ErrorCode, PlayerId, TimeControl};

/// A player admitted to the quick-pairing queue of `rules`.
pub struct Admission {
    /// The table the queue forms.
    pub settings: TableSettings,
    /// The queue's name: the canonical rule set name (`Chess960=random` kept as itself).
    pub rules: String,
    /// His rating in the queue's pool (rated queues only).
    pub rating: Option<f64>,
}

/// Admits `player` to quick pairing for `rules` at `time`, rated or not, or says why not.
pub async fn admit(
    app: &App,
    player: &Player,
    rules: &str,
    time: Option<TimeControl>,
    rated: bool,
) -> Result<Admission, ServerError> {
    if rated && !player.registered {
        return Err(ServerError::new(
            ErrorCode::AccountRequired,
            "rated games need an account",
        ));
    }
    let (settings, rules) = queue_settings(rules, time, rated)?;
    Sanction::Ban.check(app, player.id).await?;
    if rated {
        super::playban::may_play_rated(app, player.id).await?;
    }
    pause_over(app, player).await?;
    let rating = if rated {
        let pool = crate::game::rating::pool_of(&rules, &settings.time);
        Some(crate::game::rating::pool_rating(&app.store, player.id, &pool).await?)
    } else {
        None
    };
    Ok(Admission {
        settings,
        rules,
        rating,
    })
}

/// Refuses a player who aborted too often lately, until his pause is over.
async fn pause_over(app: &App, player: &Player) -> Result<(), ServerError> {
    use fourhand_rating::abort::{pairing_ban_ms, BAN_WINDOW_MS};
    let now = epoch_ms();
    let (n, last) = app
        .store
        .aborts_since(PlayerId(player.id), now - BAN_WINDOW_MS)
        .await?;
    let until = last.unwrap_or(0) + pairing_ban_ms(n);
    if pairing_ban_ms(n) > 0 && until > now {
        let minutes = whole_minutes_up(until - now);
        return Err(ServerError::new(
            ErrorCode::PairingClosed,
            format!("after {n} aborted games today, quick pairing opens again in {minutes} min"),
        ));
    }
    Ok(())
}
