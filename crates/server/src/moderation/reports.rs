//! Reports of a game's chat: a player files one with the lines he could see, kept as they were;
//! moderators list the open ones and close them (each close recorded as a moderation action).

use super::{record, ModerationAction};
use crate::error::ServerError;
use crate::identity::Player;
use crate::state::App;
use crate::store::{ModerationRow, ReportRow};
use crate::time::epoch_ms;
use fourhand_protocol::{ErrorCode, GameId, PlayerId};
use uuid::Uuid;

/// How many reports, or log rows, a moderator's list shows (the newest).
const LISTED: i64 = 200;

/// Files `reporter`'s report of `game`'s chat: the lines he can see now are kept with it. A
/// game's chat can be reported while it is played and for a few minutes after.
pub async fn file(
    app: &App,
    reporter: &Player,
    game: GameId,
    reason: String,
) -> Result<ReportRow, ServerError> {
    let chat = crate::game::calls::chat_lines(&*app.bus, game, Some(PlayerId(reporter.id)))
        .await
        .map_err(|e| match e.code {
            ErrorCode::UnknownGame => ServerError::new(
                ErrorCode::UnknownGame,
                "a game's chat can be reported while it is played and for a few minutes after",
            ),
            _ => e,
        })?;
    let row = ReportRow {
        id: Uuid::now_v7(),
        game: game.0,
        reporter: reporter.id,
        reporter_name: reporter.name.clone(),
        reason,
        chat,
        created_ms: epoch_ms(),
        closed_ms: None,
        closed_by: None,
    };
    app.store.create_report(&row).await?;
    Ok(row)
}

/// The open reports, newest first.
pub async fn open(app: &App) -> Result<Vec<ReportRow>, ServerError> {
    Ok(app.store.open_reports(LISTED).await?)
}

/// The moderators' log, newest first.
pub async fn log(app: &App) -> Result<Vec<ModerationRow>, ServerError> {
    Ok(app.store.moderation_log(LISTED).await?)
}

/// Closes report `id` as moderator `by`, for `reason`; `bad_request` when no such report is
/// open.
pub async fn close(
    app: &App,
    by: &Player,
    id: Uuid,
    reason: String,
) -> Result<ModerationRow, ServerError> {
    if !app.store.close_report(id, &by.name, epoch_ms()).await? {
        return Err(ServerError::new(
            ErrorCode::BadRequest,
            "no such open report",
        ));
    }
    record(
        app,
        by,
        ModerationAction::CloseReport,
        id.to_string(),
        None,
        reason,
        None,
    )
    .await
}
