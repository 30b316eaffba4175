//! Analysis in the store: the lines searched for each position (the deepest kept per position
//! and number of lines), and game reviews as jobs that any node's workers take under a lease —
//! a review whose node died is taken again once its lease runs out, and only the node that
//! holds it may complete it (once).

use super::{Backend, Store, StoreResult};
use fourhand_protocol::{GameId, PlayerId, ReviewStatus};

/// A position's lines as searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CachedLines {
    /// The depth the search was asked to reach (a node budget may have stopped it earlier).
    pub asked: u32,
    /// The depth it completed.
    pub depth: u32,
    /// The nodes it searched.
    pub nodes: u64,
    /// The lines as the server's JSON.
    pub result: String,
}

impl CachedLines {
    /// Whether this answers a search asked to reach `depth`: it was asked as deep, or got there.
    pub fn answers(&self, depth: u32) -> bool {
        self.asked >= depth || self.depth >= depth
    }
}

/// A review as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewRow {
    /// The game reviewed.
    pub game: GameId,
    /// Who asked for it.
    pub requested_by: PlayerId,
    /// Where it stands.
    pub status: ReviewStatus,
    /// The node working on it (running).
    pub node: Option<String>,
    /// Until when that node holds it (ms since the epoch).
    pub lease_until: i64,
    /// Positions evaluated so far.
    pub done_positions: u32,
    /// Positions to evaluate.
    pub total_positions: u32,
    /// The review as the server's JSON (done).
    pub result: Option<String>,
    /// When it was asked for.
    pub created_ms: i64,
    /// When it was completed.
    pub finished_ms: Option<i64>,
}

impl Store {
    /// The deepest lines kept for `position` with at least `lines` lines.
    pub async fn cached_lines(
        &self,
        position: &str,
        lines: u32,
    ) -> StoreResult<Option<CachedLines>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.analysis(|a| a.cached(position, lines))),
            Backend::Sql(s) => s.cached_lines(position, lines).await,
        }
    }

    /// Keeps `c` as `position`'s `lines` lines unless a search asked as deep is kept already.
    pub async fn cache_lines(
        &self,
        position: &str,
        lines: u32,
        c: &CachedLines,
    ) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(m) => {
                m.analysis(|a| a.cache(position, lines, c));
                Ok(())
            }
            Backend::Sql(s) => s.cache_lines(position, lines, c).await,
        }
    }

    /// Records a review asked for; `Conflict` when the game has one.
    pub async fn create_review(&self, r: &ReviewRow) -> StoreResult<()> {
        match &*self.backend {
            Backend::Memory(m) => m.analysis(|a| a.create_review(r)),
            Backend::Sql(s) => s.create_review(r).await,
        }
    }

    /// The review of `game`.
    pub async fn review(&self, game: GameId) -> StoreResult<Option<ReviewRow>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.analysis(|a| a.reviews.get(&game.0).cloned())),
            Backend::Sql(s) => s.review(game).await,
        }
    }

    /// How many reviews `player` asked for are waiting or running.
    pub async fn open_reviews_of(&self, player: PlayerId) -> StoreResult<u32> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.analysis(|a| a.open_of(player))),
            Backend::Sql(s) => s.open_reviews_of(player).await,
        }
    }

    /// Takes the oldest review waiting, or running under a lease that ran out before `now`,
    /// for `node` until `lease_until`. Two nodes never take the same one.
    pub async fn claim_review(
        &self,
        node: &str,
        now: i64,
        lease_until: i64,
    ) -> StoreResult<Option<ReviewRow>> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.analysis(|a| a.claim(node, now, lease_until))),
            Backend::Sql(s) => s.claim_review(node, now, lease_until).await,
        }
    }

    /// Renews `node`'s hold of the review of `game` and records its progress; false when the
    /// node no longer holds it.
    pub async fn renew_review(
        &self,
        game: GameId,
        node: &str,
        lease_until: i64,
        done: u32,
        total: u32,
    ) -> StoreResult<bool> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.analysis(|a| a.renew(game, node, lease_until, done, total))),
            Backend::Sql(s) => s.renew_review(game, node, lease_until, done, total).await,
        }
    }

    /// Completes the review of `game` with `result` (`Done`) or gives it up (`Failed`) if
    /// `node` holds it; false (and nothing written) otherwise.
    pub async fn finish_review(
        &self,
        game: GameId,
        node: &str,
        status: ReviewStatus,
        result: Option<&str>,
        now: i64,
    ) -> StoreResult<bool> {
        match &*self.backend {
            Backend::Memory(m) => Ok(m.analysis(|a| a.finish(game, node, status, result, now))),
            Backend::Sql(s) => s.finish_review(game, node, status, result, now).await,
        }
    }
}
