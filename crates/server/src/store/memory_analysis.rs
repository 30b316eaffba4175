//! The in-memory store's analysis tables (see `store/analysis.rs`).

use super::analysis::{CachedLines, ReviewRow};
use super::{StoreError, StoreResult};
use fourhand_protocol::{GameId, PlayerId, ReviewStatus};
use std::collections::HashMap;
use uuid::Uuid;

/// Cached lines by (position, lines) and reviews by game.
#[derive(Default)]
pub(super) struct AnalysisTables {
    cache: HashMap<(String, u32), CachedLines>,
    pub(super) reviews: HashMap<Uuid, ReviewRow>,
}

impl AnalysisTables {
    pub(super) fn cached(&self, position: &str, lines: u32) -> Option<CachedLines> {
        self.cache
            .iter()
            .filter(|((p, l), _)| p == position && *l >= lines)
            .map(|(_, c)| c)
            .max_by_key(|c| (c.asked.max(c.depth), c.depth))
            .cloned()
    }

    pub(super) fn cache(&mut self, position: &str, lines: u32, c: &CachedLines) {
        let slot = self.cache.entry((position.to_string(), lines));
        match slot {
            std::collections::hash_map::Entry::Occupied(mut o) => {
                if c.asked >= o.get().asked {
                    o.insert(c.clone());
                }
            }
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(c.clone());
            }
        }
    }

    pub(super) fn create_review(&mut self, r: &ReviewRow) -> StoreResult<()> {
        if self.reviews.contains_key(&r.game.0) {
            return Err(StoreError::Conflict);
        }
        self.reviews.insert(r.game.0, r.clone());
        Ok(())
    }

    pub(super) fn open_of(&self, player: PlayerId) -> u32 {
        self.reviews
            .values()
            .filter(|r| r.requested_by == player)
            .filter(|r| matches!(r.status, ReviewStatus::Queued | ReviewStatus::Running))
            .count() as u32
    }

    pub(super) fn claim(&mut self, node: &str, now: i64, until: i64) -> Option<ReviewRow> {
        let r = self
            .reviews
            .values_mut()
            .filter(|r| {
                r.status == ReviewStatus::Queued
                    || (r.status == ReviewStatus::Running && r.lease_until < now)
            })
            .min_by_key(|r| r.created_ms)?;
        r.status = ReviewStatus::Running;
        r.node = Some(node.to_string());
        r.lease_until = until;
        Some(r.clone())
    }

    pub(super) fn renew(
        &mut self,
        game: GameId,
        node: &str,
        until: i64,
        done: u32,
        total: u32,
    ) -> bool {
        match self.reviews.get_mut(&game.0) {
            Some(r) if r.status == ReviewStatus::Running && r.node.as_deref() == Some(node) => {
                r.lease_until = until;
                r.done_positions = done;
                r.total_positions = total;
                true
            }
            _ => false,
        }
    }

    pub(super) fn finish(
        &mut self,
        game: GameId,
        node: &str,
        status: ReviewStatus,
        result: Option<&str>,
        now: i64,
    ) -> bool {
        match self.reviews.get_mut(&game.0) {
            Some(r) if r.status == ReviewStatus::Running && r.node.as_deref() == Some(node) => {
                r.status = status;
                r.result = result.map(str::to_string);
                r.finished_ms = Some(now);
                if status == ReviewStatus::Done {
                    r.done_positions = r.total_positions;
                }
                true
            }
            _ => false,
        }
    }
}
