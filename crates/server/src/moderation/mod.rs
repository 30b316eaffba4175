//! Moderation: players report a game's chat (the lines are kept as they were); moderators —
//! accounts named by `--admins` — list the reports, mute a player's chat or ban him from
//! playing (for a time or for good), close a table and abort a live game. Every action is
//! stored with who did it and why ([`ModerationAction`], [`record`]); what a mute and a ban
//! refuse, and what a sanctioned player is told, is in `sanction.rs` ([`Sanction`]); reports
//! are filed, listed and closed in [`reports`]. The moderators' HTTP API is
//! `http/moderation.rs`.

pub mod report_quota;
pub mod reports;
mod sanction;

pub use crate::store::{ModerationAction, UnknownAction};
pub use sanction::Sanction;

use crate::error::ServerError;
use crate::identity::Player;
use crate::state::App;
use crate::store::ModerationRow;
use crate::time::epoch_ms;
use uuid::Uuid;

/// Stores a moderator's action.
pub async fn record(
    app: &App,
    by: &Player,
    action: ModerationAction,
    target: String,
    player: Option<Uuid>,
    reason: String,
    until_ms: Option<i64>,
) -> Result<ModerationRow, ServerError> {
    let row = ModerationRow {
        id: Uuid::now_v7(),
        admin: by.name.clone(),
        action,
        target,
        player,
        reason,
        at_ms: epoch_ms(),
        until_ms,
    };
    app.store.record_moderation(&row).await?;
    tracing::info!(admin = %by.name, %action, target = %row.target, reason = %row.reason, "moderation");
    Ok(row)
}
