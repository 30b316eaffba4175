//! Reports of chat and the moderators' actions (mutes, bans, closed tables, aborted games).

use super::records::{ModerationRow, ReportRow};
use super::{Backend, Store, StoreResult};
use fourhand_protocol::PlayerId;
use uuid::Uuid;

impl Store {
    /// Records a report.
    pub async fn create_report(&self, r: &ReportRow) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(m) => {
                m.create_report(r);
                Ok(())
            }
            Backend::Sql(q) => q.create_report(r).await,
        }
    }

    /// Reports not closed yet, oldest first.
    pub async fn open_reports(&self, limit: i64) -> StoreResult<Vec<ReportRow>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.open_reports(limit)),
            Backend::Sql(q) => q.open_reports(limit).await,
        }
    }

    /// Closes a report; false when there is no such open report.
    pub async fn close_report(&self, id: Uuid, by: &str, at_ms: i64) -> StoreResult<bool> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.close_report(id, by, at_ms)),
            Backend::Sql(q) => q.close_report(id, by, at_ms).await,
        }
    }

    /// Records a moderator's action.
    pub async fn record_moderation(&self, a: &ModerationRow) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(m) => {
                m.record_moderation(a);
                Ok(())
            }
            Backend::Sql(q) => q.record_moderation(a).await,
        }
    }

    /// The latest moderator actions, newest first.
    pub async fn moderation_log(&self, limit: i64) -> StoreResult<Vec<ModerationRow>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.moderation_log(limit)),
            Backend::Sql(q) => q.moderation_log(limit).await,
        }
    }

    /// The mute or ban (`action`) of `player` in force at `now_ms`, the one lasting longest.
    pub async fn sanction(
        &self,
        player: PlayerId,
        action: super::ModerationAction,
        now_ms: i64,
    ) -> StoreResult<Option<ModerationRow>> {
        let player = player.0;
        match &*self.backend {
            Backend::Memory(m) => Ok(m.sanction(player, action, now_ms)),
            Backend::Sql(q) => q.sanction(player, action, now_ms).await,
        }
    }
}
