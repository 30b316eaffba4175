//! Reports and moderation in SQL.

use super::super::records::{ModerationRow, ReportRow};
use super::super::StoreResult;
use super::{corrupt, json, SqlStore};
use uuid::Uuid;

type ReportTuple = (
    Uuid,
    Uuid,
    Uuid,
    String,
    String,
    String,
    i64,
    Option<i64>,
    Option<String>,
);
type ModerationTuple = (
    Uuid,
    String,
    String,
    String,
    Option<Uuid>,
    String,
    i64,
    Option<i64>,
);

impl SqlStore {
    pub(crate) async fn create_report(&self, r: &ReportRow) -> StoreResult<()> {
        let q = "INSERT INTO reports (id, game_id, reporter_id, reporter_name, reason, chat, \
                 created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7)";
        on_pool!(self, p => sqlx::query(q).bind(r.id).bind(r.game).bind(r.reporter)
            .bind(&r.reporter_name).bind(&r.reason).bind(json(&r.chat)).bind(r.created_ms)
            .execute(p).await.map(|_| ())?);
        Ok(())
    }

    pub(crate) async fn open_reports(&self, limit: i64) -> StoreResult<Vec<ReportRow>> {
        let q = "SELECT id, game_id, reporter_id, reporter_name, reason, chat, created_ms, \
                 closed_ms, closed_by FROM reports WHERE closed_ms IS NULL \
                 ORDER BY created_ms LIMIT $1";
        let rows: Vec<ReportTuple> =
            on_pool!(self, p => sqlx::query_as(q).bind(limit).fetch_all(p).await?);
        rows.into_iter()
            .map(|t| {
                Ok(ReportRow {
                    id: t.0,
                    game: t.1,
                    reporter: t.2,
                    reporter_name: t.3,
                    reason: t.4,
                    chat: serde_json::from_str(&t.5).map_err(corrupt)?,
                    created_ms: t.6,
                    closed_ms: t.7,
                    closed_by: t.8,
                })
            })
            .collect()
    }

    pub(crate) async fn close_report(&self, id: Uuid, by: &str, at: i64) -> StoreResult<bool> {
        let q = "UPDATE reports SET closed_ms = $1, closed_by = $2 \
                 WHERE id = $3 AND closed_ms IS NULL";
        let n = on_pool!(self, p => sqlx::query(q).bind(at).bind(by).bind(id)
            .execute(p).await?.rows_affected());
        Ok(n > 0)
    }

    pub(crate) async fn record_moderation(&self, a: &ModerationRow) -> StoreResult<()> {
        let q = "INSERT INTO moderation (id, admin_name, action, target, player_id, reason, \
                 at_ms, until_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";
        on_pool!(self, p => sqlx::query(q).bind(a.id).bind(&a.admin).bind(a.action.as_str())
            .bind(&a.target).bind(a.player).bind(&a.reason).bind(a.at_ms).bind(a.until_ms)
            .execute(p).await.map(|_| ())?);
        Ok(())
    }

    pub(crate) async fn moderation_log(&self, limit: i64) -> StoreResult<Vec<ModerationRow>> {
        let q = "SELECT id, admin_name, action, target, player_id, reason, at_ms, until_ms \
                 FROM moderation ORDER BY at_ms DESC, id DESC LIMIT $1";
        let rows: Vec<ModerationTuple> =
            on_pool!(self, p => sqlx::query_as(q).bind(limit).fetch_all(p).await?);
        rows.into_iter().map(moderation_row).collect()
    }

    pub(crate) async fn sanction(
        &self,
        player: Uuid,
        action: crate::store::ModerationAction,
        now: i64,
    ) -> StoreResult<Option<ModerationRow>> {
        let q = "SELECT id, admin_name, action, target, player_id, reason, at_ms, until_ms \
                 FROM moderation WHERE player_id = $1 AND action = $2 AND at_ms <= $3 \
                 AND (until_ms IS NULL OR until_ms > $3) \
                 ORDER BY (until_ms IS NULL) DESC, until_ms DESC LIMIT 1";
        let row: Option<ModerationTuple> = on_pool!(self, p => sqlx::query_as(q).bind(player)
            .bind(action.as_str()).bind(now).fetch_optional(p).await?);
        row.map(moderation_row).transpose()
    }
}

/// A stored moderation row; an action name the server does not know is a corrupt record.
fn moderation_row(t: ModerationTuple) -> StoreResult<ModerationRow> {
    Ok(ModerationRow {
        id: t.0,
        admin: t.1,
        action: t.2.parse().map_err(|e: crate::store::UnknownAction| {
            crate::store::StoreError::Corrupt(e.to_string())
        })?,
        target: t.3,
        player: t.4,
        reason: t.5,
        at_ms: t.6,
        until_ms: t.7,
    })
}
