//! What a client sees of a tournament: its standings, each row with the player's sheet.

use crate::ids::{GameId, TournamentId};
use serde::{Deserialize, Serialize};

/// Where a tournament is in its life.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TournamentStatus {
    /// Made, counting down to its start.
    Created,
    /// Running: games are paired.
    Running,
    /// Over: its standings are final.
    Finished,
    /// Called off by a moderator.
    Cancelled,
}

/// One game on a player's sheet.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SheetMark {
    /// The game.
    pub game: GameId,
    /// Its result for him: `1`–`4` (a place), `W`, `D` or `L`; `-` for a game that did not
    /// count (fewer than two moves of his own).
    pub mark: String,
    /// The points it gave.
    pub points: f64,
    /// Counted double (a top result on a streak).
    pub doubled: bool,
    /// He berserked in it.
    #[serde(default)]
    pub berserk: bool,
    /// His berserk earned the extra point (a top result with at least 7 moves of his own).
    #[serde(default)]
    pub berserk_point: bool,
}

/// A player's line in the standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StandingRow {
    /// Rank, 1 the best.
    pub rank: usize,
    /// The player's name.
    pub name: String,
    /// Points.
    pub points: f64,
    /// On fire: his next top result counts double.
    pub on_fire: bool,
    /// Paused (no new pairings).
    pub paused: bool,
    /// The game he plays now.
    pub playing: Option<GameId>,
    /// His games, oldest first.
    pub sheet: Vec<SheetMark>,
    /// Opponents' mean rating moved by his results.
    pub performance: Option<i32>,
}

/// An arena's standings as pushed to its followers (at most about once a second) and served
/// over HTTP.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaStandings {
    /// The arena.
    pub tournament: TournamentId,
    /// Its status.
    pub status: TournamentStatus,
    /// When it starts (ms since the epoch).
    pub starts_ms: i64,
    /// When it ends.
    pub ends_ms: i64,
    /// Players waiting for a game now.
    pub waiting: usize,
    /// The game of the best-ranked players playing now, for spectators.
    pub top_game: Option<GameId>,
    /// Every entrant, ranked.
    pub rows: Vec<StandingRow>,
}
