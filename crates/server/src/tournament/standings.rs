//! An arena's standings from what the store holds: every scored game replayed in the order it
//! was scored (so a restart, or another director, computes the same standings), and the view
//! a client receives. Also the scoring of a finished game from its stored record.

use crate::store::{EntryRow, StoredGame, TournamentGameRow, TournamentRow};
use fourhand_protocol::{
    ArenaStandings, GameId, PlayerId, SheetMark, StandingRow, TournamentStatus,
};
use fourhand_rules::{RuleSet, Seat};
use fourhand_tournament::arena::{GameOutcome, PlayerGame, PlayerResult, SideResult, Standings};
use serde::{Deserialize, Serialize};

/// A player at an arena game's table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatPlayer {
    /// His seat (0 S … 3 E).
    pub seat: usize,
    /// The player.
    pub player: PlayerId,
    /// His name.
    pub name: String,
    /// His rating when he entered.
    pub rating: f64,
}

/// The players of a stored arena game (none when its record does not read).
pub fn players_of(g: &TournamentGameRow) -> Vec<SeatPlayer> {
    serde_json::from_str(&g.players).unwrap_or_default()
}

/// The points of a scored game, as stored.
fn scored_of(g: &TournamentGameRow) -> Option<Vec<PlayerResult<PlayerId>>> {
    serde_json::from_str(g.scored.as_deref()?).ok()
}

/// What a finished game gives each of its arena players; none while it runs. An aborted game
/// gives nothing (it counts as fewer than two moves of one's own).
pub fn results_of(
    game: &StoredGame,
    players: &[SeatPlayer],
) -> Option<Vec<PlayerResult<PlayerId>>> {
    let end = game.end.as_ref()?;
    let rules = RuleSet::from_name(&game.game.rules).ok()?;
    let mut moves = [0u32; 4];
    let mut berserk = [false; 4];
    for a in &game.actions {
        match a.action {
            crate::store::ActionRecord::Move { seat, .. } => {
                if let Some(m) = moves.get_mut(usize::from(seat)) {
                    *m += 1;
                }
            }
            crate::store::ActionRecord::Berserk { seat } => {
                if let Some(b) = berserk.get_mut(usize::from(seat)) {
                    *b = true;
                }
            }
            _ => {}
        }
    }
    let aborted = end.result == "aborted";
    let outcome = |seat: usize| -> GameOutcome {
        if let Some(placings) = end.placings {
            return GameOutcome::of_placings(&placings)[seat];
        }
        let south_side =
            seat == 0 || rules.partner(Seat::from_index(0)) == Some(Seat::from_index(seat));
        let result = match (end.result.as_str(), south_side) {
            ("1-0", true) | ("0-1", false) => SideResult::Win,
            ("1/2-1/2", _) => SideResult::Draw,
            _ => SideResult::Loss,
        };
        GameOutcome::Side { result }
    };
    Some(
        players
            .iter()
            .map(|p| {
                let others: Vec<f64> = players
                    .iter()
                    .filter(|o| o.player != p.player)
                    .map(|o| o.rating)
                    .collect();
                PlayerResult {
                    player: p.player,
                    game: PlayerGame {
                        outcome: outcome(p.seat),
                        own_moves: if aborted { 0 } else { moves[p.seat] },
                        berserk: berserk.get(p.seat).copied().unwrap_or(false),
                    },
                    opponents_rating: others.iter().sum::<f64>() / others.len().max(1) as f64,
                }
            })
            .collect(),
    )
}

/// The standings: the entrants in the order they came, then every scored game in the order
/// it was scored.
pub fn standings_of(
    entries: &[EntryRow],
    games: &[TournamentGameRow],
) -> Standings<PlayerId, GameId> {
    let mut s = Standings::new();
    for e in entries {
        s.join(e.player);
    }
    let mut scored: Vec<&TournamentGameRow> = games.iter().filter(|g| g.scored.is_some()).collect();
    scored.sort_by_key(|g| (g.scored_ms, g.started_ms, g.game));
    for g in scored {
        if let Some(results) = scored_of(g) {
            s.record(g.game, &results);
        }
    }
    s
}

/// A status as stored, as the protocol names it.
pub fn status_of(t: &TournamentRow) -> TournamentStatus {
    match t.status.as_str() {
        "running" => TournamentStatus::Running,
        "finished" => TournamentStatus::Finished,
        "cancelled" => TournamentStatus::Cancelled,
        _ => TournamentStatus::Created,
    }
}

/// The rows whose game-by-game sheets the socket's standings carry (every row carries its rank,
/// points and state): the standings' first page, so that what a follower is sent each second
/// stays small however many games the arena has had. HTTP gives every sheet.
pub const PUSHED_SHEETS: usize = 50;

/// The standings as a client sees them, with the sheets of the first `sheet_rows` rows.
pub fn view(
    t: &TournamentRow,
    entries: &[EntryRow],
    games: &[TournamentGameRow],
    waiting: usize,
    sheet_rows: usize,
) -> ArenaStandings {
    view_of(
        t,
        &standings_of(entries, games),
        entries,
        games,
        waiting,
        sheet_rows,
    )
}

/// The standings as a client sees them, from standings computed already, with the sheets of
/// the first `sheet_rows` rows.
pub fn view_of(
    t: &TournamentRow,
    s: &Standings<PlayerId, GameId>,
    entries: &[EntryRow],
    games: &[TournamentGameRow],
    waiting: usize,
    sheet_rows: usize,
) -> ArenaStandings {
    let playing: Vec<(GameId, Vec<PlayerId>)> = games
        .iter()
        .filter(|g| g.scored.is_none())
        .map(|g| {
            (
                g.game,
                players_of(g).into_iter().map(|p| p.player).collect(),
            )
        })
        .collect();
    let game_of = |p: PlayerId| {
        playing
            .iter()
            .find(|(_, ps)| ps.contains(&p))
            .map(|(g, _)| *g)
    };
    let rows = s.rows();
    let top_game = rows.iter().find_map(|r| game_of(r.player));
    let rows = rows
        .into_iter()
        .filter_map(|r| {
            let e = entries.iter().find(|e| e.player == r.player)?;
            Some(StandingRow {
                rank: r.rank,
                name: e.name.clone(),
                points: r.points.value(),
                on_fire: r.on_fire,
                paused: e.paused || e.withdrawn,
                playing: game_of(r.player),
                sheet: r
                    .sheet
                    .iter()
                    .filter(|_| r.rank <= sheet_rows)
                    .map(|x| SheetMark {
                        game: x.game,
                        mark: if x.scored.void {
                            "-".into()
                        } else {
                            match x.outcome {
                                GameOutcome::Place { place, .. } => place.to_string(),
                                GameOutcome::Side {
                                    result: SideResult::Win,
                                } => "W".into(),
                                GameOutcome::Side {
                                    result: SideResult::Draw,
                                } => "D".into(),
                                GameOutcome::Side {
                                    result: SideResult::Loss,
                                } => "L".into(),
                            }
                        },
                        points: x.scored.points.value(),
                        doubled: x.scored.doubled,
                        berserk: x.berserk,
                        berserk_point: x.scored.berserk_point,
                    })
                    .collect(),
                performance: r.performance,
            })
        })
        .collect();
    ArenaStandings {
        tournament: t.id,
        status: status_of(t),
        starts_ms: t.starts_ms,
        ends_ms: t.ends_ms,
        waiting,
        top_game,
        rows,
    }
}
