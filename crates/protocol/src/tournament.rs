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

/// Whether a flag is off (it is then left out of the message).
fn is_false(b: &bool) -> bool {
    !*b
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
    /// Counted double (a top result on a streak); absent when not.
    #[serde(default, skip_serializing_if = "is_false")]
    pub doubled: bool,
    /// He berserked in it; absent when not.
    #[serde(default, skip_serializing_if = "is_false")]
    pub berserk: bool,
    /// His berserk earned the extra point (a top result with at least 7 moves of his own);
    /// absent when not.
    #[serde(default, skip_serializing_if = "is_false")]
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

/// A Swiss game's result, for the team on the first side (Red and Yellow).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SwissResult {
    /// The first side won (also by the other's forfeit, and a bye).
    FirstWins,
    /// Drawn.
    Draw,
    /// The second side won (also by the other's forfeit).
    SecondWins,
    /// Neither scores: both forfeited (absent, or a game a moderator aborted).
    NeitherWins,
}

/// One board of a Swiss round: two teams and their game, or a team's bye.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SwissBoard {
    /// The team on the first side (Red and Yellow), or the team with the bye.
    pub first: [String; 2],
    /// The team on the second side (Blue and Green); none for a bye.
    pub second: Option<[String; 2]>,
    /// The game played (none for a bye or a forfeit).
    pub game: Option<GameId>,
    /// How it ended (none while it is played).
    pub result: Option<SwissResult>,
    /// Decided by forfeit: a team was absent when its game was to start, or never came to it.
    pub forfeit: bool,
}

/// One round of a Swiss.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SwissRound {
    /// Its number, 1 the first.
    pub round: u32,
    /// Its boards, the best-placed teams first.
    pub boards: Vec<SwissBoard>,
}

/// A team's line in a Swiss table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SwissTeamRow {
    /// Rank, 1 the best (before the start: by rating).
    pub rank: usize,
    /// Its two players.
    pub players: [String; 2],
    /// The mean of their ratings when they entered.
    pub rating: f64,
    /// Points (win 1, draw ½, bye 1).
    pub points: f64,
    /// Buchholz cut 1: the opponents' scores less the lowest.
    pub buchholz_cut1: f64,
    /// Sonneborn–Berger: each opponent's score times the result against him.
    pub sonneborn_berger: f64,
    /// Withdrawn: no longer paired.
    pub withdrawn: bool,
}

/// A Swiss pair invitation not yet accepted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SwissInvitation {
    /// Who invites.
    pub from: String,
    /// Whom.
    pub to: String,
}

/// A Swiss for Teams pairs as pushed to its followers and served over HTTP.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SwissView {
    /// The Swiss.
    pub tournament: TournamentId,
    /// Its status.
    pub status: TournamentStatus,
    /// When it starts (ms since the epoch).
    pub starts_ms: i64,
    /// Rounds it has (fixed when it starts; before, as it would be with the teams entered).
    pub rounds: u32,
    /// The round being played or last played (0 before the first).
    pub round: u32,
    /// When the next round is paired, during a break.
    pub next_round_ms: Option<i64>,
    /// The teams, ranked by points, Buchholz cut 1, Sonneborn–Berger, direct encounter.
    pub teams: Vec<SwissTeamRow>,
    /// Invitations waiting for an answer.
    pub invitations: Vec<SwissInvitation>,
    /// Every round's pairings and results, the first first.
    pub played: Vec<SwissRound>,
}
