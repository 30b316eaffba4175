//! The in-memory store's playban tables (see `store/playbans.rs`).

use fourhand_protocol::{GameId, PlayerId};
use fourhand_rating::playban::Conduct;

/// Conduct by player and game, and playbans (player, from, until).
#[derive(Default)]
pub(super) struct PlaybanTables {
    conduct: Vec<(PlayerId, GameId, Conduct, i64)>,
    pub(super) bans: Vec<(PlayerId, i64, i64)>,
}

impl PlaybanTables {
    pub(super) fn record(&mut self, player: PlayerId, game: GameId, c: Conduct, at_ms: i64) {
        if !self.conduct.iter().any(|x| x.0 == player && x.1 == game) {
            self.conduct.push((player, game, c, at_ms));
        }
    }

    pub(super) fn latest(&self, player: PlayerId, limit: i64) -> Vec<Conduct> {
        let mut mine: Vec<&(PlayerId, GameId, Conduct, i64)> =
            self.conduct.iter().filter(|x| x.0 == player).collect();
        mine.sort_by_key(|x| std::cmp::Reverse(x.3));
        mine.into_iter()
            .take(limit.max(0) as usize)
            .map(|x| x.2)
            .collect()
    }
}
