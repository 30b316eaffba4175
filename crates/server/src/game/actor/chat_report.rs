//! A seat's chat turned off by FFA's chat rule is reported to the moderators: a report in their
//! queue from the chat filter, with the lines it refused.

use super::Actor;
use crate::store::ReportRow;
use fourhand_rules::Seat;

/// The reporter's name of the chat filter's reports.
pub const CHAT_FILTER: &str = "chat filter";

impl Actor {
    /// Files the chat filter's report of `seat`, whose `lines` were refused.
    pub(super) fn report_chat_off(&self, seat: Seat, lines: Vec<String>) {
        let state = &self.core.seat_states()[seat];
        let colour = self.core.game().rules().colour(seat);
        let row = ReportRow {
            id: uuid::Uuid::now_v7(),
            game: self.id,
            reporter: uuid::Uuid::nil(),
            reporter_name: CHAT_FILTER.into(),
            reason: format!(
                "FFA chat rule: {} lines of {colour} ({}) refused; chat off for the game",
                lines.len(),
                state.name
            ),
            chat: lines
                .iter()
                .map(|l| format!("{colour} ({}) to table: {l}", state.name))
                .collect(),
            created_ms: crate::time::epoch_ms(),
            closed_ms: None,
            closed_by: None,
        };
        let store = self.env.store.clone();
        let game = self.id;
        tokio::spawn(async move {
            if let Err(e) = store.create_report(&row).await {
                tracing::warn!(%game, error = %e, "could not file the chat filter's report");
            }
        });
    }
}
