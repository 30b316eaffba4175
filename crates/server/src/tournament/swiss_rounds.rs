//! A Swiss's rounds, directed from the store (spec §2): at its start the teams entered fix the
//! number of rounds (fewer than two teams: it is called off); each round is first written as a
//! plan (its pairs and bye, from the pure pairing), then board by board — a game for two
//! teams whose four players have the Swiss open, a forfeit for a team absent then, a bye — so a
//! director that takes over mid-round completes the same plan; a game that ends is scored once;
//! the next round is paired when every board of the last has a result and the break has passed;
//! after the last round the Swiss is finished. Also the view its followers receive.

use super::room::ArenaRoom;
use super::seating::{start, Seating};
use super::standings::{status_of, SeatPlayer};
use super::swiss_pairs::teams_of;
use super::swiss_settings::SwissSettings;
use crate::error::ServerError;
use crate::state::App;
use crate::store::{ActionRecord, EntryRow, StoredGame, TournamentGameRow, TournamentRow};
use crate::time::epoch_ms;
use fourhand_protocol::{
    GameId, PlayerId, SwissBoard as BoardView, SwissInvitation, SwissResult, SwissRound,
    SwissTeamRow, SwissView,
};
use fourhand_tournament::swiss::pairing::{pair_round, Side, TeamRecord};
use fourhand_tournament::swiss::tiebreaks::{table, Game, GameResult, PlayedRound};
use fourhand_tournament::Points;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};

/// A team: its two players, the smaller id first.
pub type TeamKey = [PlayerId; 2];

fn key(a: PlayerId, b: PlayerId) -> TeamKey {
    if a.0 <= b.0 {
        [a, b]
    } else {
        [b, a]
    }
}

/// A row of a Swiss's games, as stored (the `players` of its tournament game row).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "swiss", rename_all = "snake_case")]
pub enum SwissRow {
    /// A round's pairing, written once before its boards.
    Plan {
        /// The round, 1 the first.
        round: u32,
        /// The boards: first side (Red and Yellow), second side.
        pairs: Vec<[TeamKey; 2]>,
        /// The team out this round.
        bye: Option<TeamKey>,
    },
    /// A board of a round: a game, a forfeit, or a bye (no second team).
    Board {
        /// The round.
        round: u32,
        /// The first side (Red and Yellow), or the team with the bye.
        first: TeamKey,
        /// The second side (Blue and Green).
        second: Option<TeamKey>,
        /// Decided without a game: a team was absent when it was to start.
        forfeit: bool,
        /// Who sat where (a game).
        seats: Vec<SeatPlayer>,
    },
}

/// A board's result, as stored once (the `scored` of its row).
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
struct BoardResult {
    /// For the first side.
    result: GameResult,
    /// Decided by forfeit (a team absent when it was to start, or that never came to it).
    #[serde(default)]
    forfeit: bool,
}

/// A board as the director reads it.
#[derive(Clone, Debug)]
struct Board {
    round: u32,
    first: TeamKey,
    second: Option<TeamKey>,
    forfeit: bool,
    game: GameId,
    /// A game that was played (not a forfeit, not a bye).
    played: bool,
    result: Option<GameResult>,
    scored_ms: Option<i64>,
}

/// What the store holds of a Swiss, read.
struct Rounds {
    plans: BTreeMap<u32, (Vec<[TeamKey; 2]>, Option<TeamKey>)>,
    boards: Vec<Board>,
}

fn read(games: &[TournamentGameRow]) -> Rounds {
    let mut plans = BTreeMap::new();
    let mut boards = Vec::new();
    for g in games {
        match serde_json::from_str::<SwissRow>(&g.players) {
            Ok(SwissRow::Plan { round, pairs, bye }) => {
                plans.insert(round, (pairs, bye));
            }
            Ok(SwissRow::Board {
                round,
                first,
                second,
                forfeit,
                seats,
            }) => {
                let scored: Option<BoardResult> = g
                    .scored
                    .as_deref()
                    .and_then(|s| serde_json::from_str(s).ok());
                boards.push(Board {
                    round,
                    first,
                    second,
                    forfeit: forfeit || scored.is_some_and(|r| r.forfeit),
                    game: g.game,
                    played: !seats.is_empty(),
                    result: scored.map(|r| r.result),
                    scored_ms: g.scored_ms,
                })
            }
            Err(_) => {}
        }
    }
    Rounds { plans, boards }
}

impl Rounds {
    /// The last round planned (0 before the first).
    fn current(&self) -> u32 {
        self.plans.keys().next_back().copied().unwrap_or(0)
    }

    /// The board of `team` in `round`, if it has one.
    fn board_of(&self, round: u32, team: &TeamKey) -> Option<&Board> {
        self.boards
            .iter()
            .find(|b| b.round == round && (b.first == *team || b.second.as_ref() == Some(team)))
    }

    /// Every planned board of `round` is there and has its result.
    fn round_done(&self, round: u32) -> bool {
        let Some((pairs, bye)) = self.plans.get(&round) else {
            return true;
        };
        let teams = pairs.iter().map(|p| &p[0]).chain(bye.iter());
        teams
            .into_iter()
            .all(|t| self.board_of(round, t).is_some_and(|b| b.result.is_some()))
    }

    /// The rounds played, as the tiebreaks take them (results only).
    fn played(&self) -> Vec<PlayedRound<TeamKey>> {
        self.plans
            .keys()
            .map(|&r| PlayedRound {
                games: self
                    .boards
                    .iter()
                    .filter(|b| b.round == r)
                    .filter_map(|b| {
                        Some(Game {
                            first: b.first,
                            second: b.second?,
                            result: b.result?,
                        })
                    })
                    .collect(),
                bye: self
                    .boards
                    .iter()
                    .find(|b| b.round == r && b.second.is_none())
                    .map(|b| b.first),
            })
            .collect()
    }

    /// Each team as the pairing needs it: score, opponents met, sides of the games played.
    fn records(&self, teams: &[(TeamKey, f64)]) -> Vec<TeamRecord<TeamKey>> {
        let keys: Vec<TeamKey> = teams.iter().map(|t| t.0).collect();
        let lines = table(&keys, &self.played());
        teams
            .iter()
            .enumerate()
            .map(|(i, (team, _))| {
                let mine: Vec<&Board> = self
                    .boards
                    .iter()
                    .filter(|b| b.first == *team || b.second.as_ref() == Some(team))
                    .collect();
                let sides: Vec<(u32, Side)> = mine
                    .iter()
                    .filter(|b| b.played)
                    .map(|b| {
                        let side = if b.first == *team {
                            Side::First
                        } else {
                            Side::Second
                        };
                        (b.round, side)
                    })
                    .collect();
                TeamRecord {
                    team: *team,
                    seed: i + 1,
                    score: lines
                        .iter()
                        .find(|l| l.team == *team)
                        .map_or(Points::ZERO, |l| l.points),
                    met: mine
                        .iter()
                        .filter_map(|b| {
                            if b.first == *team {
                                b.second
                            } else {
                                Some(b.first)
                            }
                        })
                        .collect(),
                    side_balance: sides
                        .iter()
                        .map(|(_, s)| if *s == Side::First { 1 } else { -1 })
                        .sum(),
                    last_side: sides.iter().max_by_key(|(r, _)| *r).map(|(_, s)| *s),
                    had_bye: mine.iter().any(|b| b.second.is_none()),
                }
            })
            .collect()
    }
}

/// The teams entered now (both partners in), strongest first by their mean rating, each with
/// it.
fn seeded(entries: &[EntryRow]) -> Vec<(TeamKey, f64)> {
    let mut teams: Vec<(TeamKey, f64)> = teams_of(entries)
        .into_iter()
        .map(|[a, b]| (key(a.player, b.player), (a.rating + b.rating) / 2.0))
        .collect();
    teams.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0[0].0.cmp(&b.0[0].0)));
    teams
}

/// A Swiss game's result for the first side, and whether a team forfeited it: an aborted game
/// is lost by the team whose seat aborted it (never connected, or left before his first move);
/// a moderator's abort: neither scores. None while it runs.
pub fn result_of(game: &StoredGame) -> Option<(GameResult, bool)> {
    let end = game.end.as_ref()?;
    Some(match end.result.as_str() {
        "1-0" => (GameResult::FirstWins, false),
        "0-1" => (GameResult::SecondWins, false),
        "1/2-1/2" => (GameResult::Draw, false),
        _ => {
            // Who aborted it: the seats that never came (a cancel), or the seat whose
            // resignation, flag or disconnection before his first move aborted it; none for a
            // moderator's abort.
            let absent = game
                .actions
                .iter()
                .rev()
                .find_map(|a| match &a.action {
                    ActionRecord::Cancel { absent } => Some(absent.clone()),
                    ActionRecord::Resign { seat }
                    | ActionRecord::Timeout { seat }
                    | ActionRecord::Forfeit { seat } => Some(vec![*seat]),
                    ActionRecord::Abort { .. } => Some(Vec::new()),
                    _ => None,
                })
                .unwrap_or_default();
            let first = absent.iter().any(|s| s % 2 == 0);
            let second = absent.iter().any(|s| s % 2 == 1);
            let r = match (first, second) {
                (true, false) => GameResult::SecondWins,
                (false, true) => GameResult::FirstWins,
                _ => GameResult::NeitherWins,
            };
            (r, true)
        }
    })
}

/// One tick of one Swiss (`t` as it stands after it); returns its entries and games as they
/// stand after it, read once more only when the tick wrote games.
pub async fn direct(
    app: &App,
    t: &mut TournamentRow,
    running: &HashSet<uuid::Uuid>,
) -> Result<(Vec<EntryRow>, Vec<TournamentGameRow>), ServerError> {
    let entries = app.store.entries(t.id).await?;
    let mut games = app.store.tournament_games(t.id).await?;
    if advance(app, t, &entries, &games, running).await? {
        games = app.store.tournament_games(t.id).await?;
    }
    Ok((entries, games))
}

/// Starts, pairs, scores and finishes the Swiss as its time and its games say; true when it
/// wrote games (scores, a plan, boards).
async fn advance(
    app: &App,
    t: &mut TournamentRow,
    entries: &[EntryRow],
    games: &[TournamentGameRow],
    running: &HashSet<uuid::Uuid>,
) -> Result<bool, ServerError> {
    let now = epoch_ms();
    let mut settings: SwissSettings =
        serde_json::from_str(&t.settings).map_err(ServerError::internal)?;
    if t.status == "created" && t.starts_ms <= now {
        let teams = seeded(entries);
        if teams.len() < 2 {
            t.status = "cancelled".into();
            app.store.update_tournament(t).await?;
            return Ok(false);
        }
        settings.rounds = Some(settings.rounds_for(teams.len()));
        t.settings = serde_json::to_string(&settings).map_err(ServerError::internal)?;
        t.status = "running".into();
        app.store.update_tournament(t).await?;
    }
    if t.status != "running" {
        return Ok(false);
    }
    let points = |stored: &StoredGame, _: &TournamentGameRow| {
        result_of(stored)
            .map(|(result, forfeit)| {
                serde_json::to_string(&BoardResult { result, forfeit })
                    .map_err(ServerError::internal)
            })
            .transpose()
    };
    let scored = super::scoring::score_ended(app, games, running, points).await?;
    let rounds = if scored {
        read(&app.store.tournament_games(t.id).await?)
    } else {
        read(games)
    };
    let room = &app.lobby.local.arenas;
    let how = Seating {
        table: settings.table()?,
        berserk: false,
        accounts_only: true,
    };
    let cur = rounds.current();
    // A round planned and not yet wholly on its boards (a director stopped mid-way): the rest.
    if let Some((pairs, bye)) = rounds.plans.get(&cur) {
        let missing = rounds.boards.iter().filter(|b| b.round == cur).count()
            < pairs.len() + usize::from(bye.is_some());
        if missing {
            lay_boards(app, t, &how, &rounds, cur, entries, room).await?;
            return Ok(true);
        }
    }
    if !rounds.round_done(cur) {
        return Ok(scored);
    }
    let total = settings.rounds.unwrap_or(1);
    let last_result = rounds
        .boards
        .iter()
        .filter(|b| b.round == cur)
        .filter_map(|b| b.scored_ms)
        .max();
    if cur >= total {
        finish(app, t, now).await?;
        return Ok(scored);
    }
    let break_over =
        cur == 0 || last_result.is_none_or(|at| at + i64::from(settings.break_secs) * 1000 <= now);
    if !break_over {
        return Ok(scored);
    }
    let teams = seeded(entries);
    let Some(plan) = pair_round(&rounds.records(&teams)) else {
        // No pairing without a rematch is left: the Swiss is over.
        finish(app, t, now).await?;
        return Ok(scored);
    };
    let row = SwissRow::Plan {
        round: cur + 1,
        pairs: plan.pairs.iter().map(|p| [p.first, p.second]).collect(),
        bye: plan.bye,
    };
    app.store
        .add_tournament_game(&TournamentGameRow {
            game: GameId(uuid::Uuid::now_v7()),
            tournament: t.id,
            players: serde_json::to_string(&row).map_err(ServerError::internal)?,
            started_ms: now,
            scored: Some("{}".into()),
            scored_ms: Some(now),
        })
        .await?;
    let planned = read(&app.store.tournament_games(t.id).await?);
    lay_boards(app, t, &how, &planned, cur + 1, entries, room).await?;
    Ok(true)
}

async fn finish(app: &App, t: &mut TournamentRow, now: i64) -> Result<(), ServerError> {
    t.status = "finished".into();
    t.ends_ms = now;
    app.store.update_tournament(t).await?;
    Ok(())
}

/// Lays the boards of `round` that are not there yet: a bye, and for each pair a game when its
/// four players have the Swiss open, else a forfeit against the team absent (both: neither
/// scores).
async fn lay_boards(
    app: &App,
    t: &TournamentRow,
    how: &Seating,
    rounds: &Rounds,
    round: u32,
    entries: &[EntryRow],
    room: &ArenaRoom,
) -> Result<(), ServerError> {
    let Some((pairs, bye)) = rounds.plans.get(&round) else {
        return Ok(());
    };
    let now = epoch_ms();
    let decided = |first: TeamKey, second: Option<TeamKey>, result: GameResult| {
        let row = SwissRow::Board {
            round,
            first,
            second,
            forfeit: second.is_some(),
            seats: Vec::new(),
        };
        serde_json::to_string(&row).map(|players| TournamentGameRow {
            game: GameId(uuid::Uuid::now_v7()),
            tournament: t.id,
            players,
            started_ms: now,
            scored: serde_json::to_string(&BoardResult {
                result,
                forfeit: second.is_some(),
            })
            .ok(),
            scored_ms: Some(now),
        })
    };
    if let Some(b) = bye.filter(|b| rounds.board_of(round, b).is_none()) {
        let row = decided(b, None, GameResult::FirstWins).map_err(ServerError::internal)?;
        app.store.add_tournament_game(&row).await?;
    }
    for [first, second] in pairs {
        if rounds.board_of(round, first).is_some() {
            continue;
        }
        let here = |team: &TeamKey| team.iter().all(|p| room.present(t.id, *p).is_some());
        let forfeit = match (here(first), here(second)) {
            (true, true) => None,
            (true, false) => Some(GameResult::FirstWins),
            (false, true) => Some(GameResult::SecondWins),
            (false, false) => Some(GameResult::NeitherWins),
        };
        if let Some(result) = forfeit {
            let row = decided(*first, Some(*second), result).map_err(ServerError::internal)?;
            app.store.add_tournament_game(&row).await?;
            continue;
        }
        let name = |p: PlayerId| {
            entries
                .iter()
                .find(|e| e.player == p)
                .map(|e| (e.name.clone(), e.rating))
                .unwrap_or_default()
        };
        // The first side sits South and North (Red and Yellow), the second West and East.
        let seats: Vec<SeatPlayer> = [(0, first[0]), (2, first[1]), (1, second[0]), (3, second[1])]
            .into_iter()
            .map(|(seat, player)| {
                let (name, rating) = name(player);
                SeatPlayer {
                    seat,
                    player,
                    name,
                    rating,
                }
            })
            .collect();
        let row = SwissRow::Board {
            round,
            first: *first,
            second: Some(*second),
            forfeit: false,
            seats: seats.clone(),
        };
        let record = serde_json::to_string(&row).map_err(ServerError::internal)?;
        if let Err(e) = start(app, t.id, how, &seats, record, room).await {
            // A player left between the check and the seating: the next tick tries again.
            tracing::warn!(error = %e.message, "could not start a Swiss game");
        }
    }
    Ok(())
}

/// The Swiss as its followers see it.
pub fn view(t: &TournamentRow, entries: &[EntryRow], games: &[TournamentGameRow]) -> SwissView {
    let settings: Option<SwissSettings> = serde_json::from_str(&t.settings).ok();
    let rounds = read(games);
    let now_teams = seeded(entries);
    // Every team: those in now, and those that played and left.
    let mut teams: Vec<(TeamKey, f64)> = now_teams.clone();
    for b in &rounds.boards {
        for team in std::iter::once(b.first).chain(b.second) {
            if !teams.iter().any(|t| t.0 == team) {
                let rating = team
                    .iter()
                    .filter_map(|p| entries.iter().find(|e| e.player == *p))
                    .map(|e| e.rating)
                    .sum::<f64>()
                    / 2.0;
                teams.push((team, rating));
            }
        }
    }
    let name = |p: PlayerId| {
        entries
            .iter()
            .find(|e| e.player == p)
            .map_or_else(String::new, |e| e.name.clone())
    };
    let names = |t: &TeamKey| [name(t[0]), name(t[1])];
    let keys: Vec<TeamKey> = teams.iter().map(|t| t.0).collect();
    let lines = table(&keys, &rounds.played());
    let result_view = |r: GameResult| match r {
        GameResult::FirstWins => SwissResult::FirstWins,
        GameResult::Draw => SwissResult::Draw,
        GameResult::SecondWins => SwissResult::SecondWins,
        GameResult::NeitherWins => SwissResult::NeitherWins,
    };
    let in_team: HashSet<PlayerId> = now_teams.iter().flat_map(|t| t.0).collect();
    let cur = rounds.current();
    let next_round_ms = (t.status == "running" && rounds.round_done(cur) && cur > 0)
        .then(|| {
            let last = rounds
                .boards
                .iter()
                .filter(|b| b.round == cur)
                .filter_map(|b| b.scored_ms)
                .max()?;
            Some(last + i64::from(settings.as_ref()?.break_secs) * 1000)
        })
        .flatten();
    SwissView {
        tournament: t.id,
        status: status_of(t),
        starts_ms: t.starts_ms,
        rounds: settings.as_ref().map_or(0, |s| {
            s.rounds.unwrap_or_else(|| s.rounds_for(now_teams.len()))
        }),
        round: cur,
        next_round_ms,
        teams: lines
            .iter()
            .map(|l| SwissTeamRow {
                rank: l.rank,
                players: names(&l.team),
                rating: teams
                    .iter()
                    .find(|t| t.0 == l.team)
                    .map_or(0.0, |t| t.1.round()),
                points: l.points.value(),
                buchholz_cut1: l.buchholz_cut1.value(),
                sonneborn_berger: l.sonneborn_berger.value(),
                withdrawn: !now_teams.iter().any(|t| t.0 == l.team),
            })
            .collect(),
        invitations: entries
            .iter()
            .filter(|e| !e.withdrawn && !in_team.contains(&e.player))
            .filter_map(|e| {
                Some(SwissInvitation {
                    from: e.name.clone(),
                    to: e.partner_name.clone()?,
                })
            })
            .collect(),
        played: rounds
            .plans
            .iter()
            .map(|(&round, (pairs, bye))| SwissRound {
                round,
                boards: pairs
                    .iter()
                    .map(|[f, s]| (*f, Some(*s)))
                    .chain(bye.map(|b| (b, None)))
                    .map(|(first, second)| {
                        let b = rounds.board_of(round, &first);
                        BoardView {
                            first: names(&first),
                            second: second.as_ref().map(names),
                            game: b.filter(|b| b.played).map(|b| b.game),
                            result: b.and_then(|b| b.result).map(result_view),
                            forfeit: b.is_some_and(|b| b.forfeit),
                        }
                    })
                    .collect(),
            })
            .collect(),
    }
}
