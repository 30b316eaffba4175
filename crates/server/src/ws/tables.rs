//! Opening tables from a socket: a plain table, one the creator sits at with bots in the other
//! seats at once (the client's "play against bots"), and the rematch of a finished game.

use super::Conn;
use crate::error::ServerError;
use crate::identity::Player;
use crate::lobby::{Full, Occupant, Rematch, TableSettings};
use fourhand_protocol::{ErrorCode, NewTable, PlayerId, SeatName, ServerMsg, TableId};
use fourhand_rules::notation::fen4;
use fourhand_rules::{Position, RuleSet, Setup};
use uuid::Uuid;

fn bad(code: ErrorCode, m: impl Into<String>) -> ServerError {
    ServerError::new(code, m)
}

/// Opens the table, then seats the creator and the bots it names; the game starts when that
/// fills it. Settings and seats are all checked before the table opens.
pub(super) async fn create(
    conn: &mut Conn,
    player: &Player,
    t: NewTable,
) -> Result<(), ServerError> {
    if let Some(of) = &t.rematch_of {
        return rematch(conn, player, of).await;
    }
    if t.rated && !player.registered {
        return Err(bad(
            ErrorCode::AccountRequired,
            "rated games need an account",
        ));
    }
    if t.rated {
        crate::lobby::playban::may_play_rated(&conn.app, player.id).await?;
    }
    let rules = crate::lobby::draw_chess960(&t.rules, &mut rand::thread_rng());
    let mut settings =
        TableSettings::parse(&rules, t.setup.as_deref(), t.time, t.rated, t.table_chat)?;
    settings.rated_bots = t.rated && t.rated_bots;
    if t.sit.iter().any(|s| t.bots.contains_key(s)) {
        return Err(bad(
            ErrorCode::BadRequest,
            "a seat is either yours or a bot's",
        ));
    }
    let mut seats = t.sit.clone();
    seats.sort();
    seats.dedup();
    if seats.len() != t.sit.len() {
        return Err(bad(ErrorCode::BadRequest, "each seat once"));
    }
    let bots = t
        .bots
        .iter()
        .map(|(seat, level)| Ok((*seat, level_of(Some(level))?)))
        .collect::<Result<Vec<_>, ServerError>>()?;
    if !bots.is_empty() && t.sit.is_empty() {
        return Err(bad(
            ErrorCode::NotSeated,
            "sit at the table to put bots in it",
        ));
    }
    let table = conn.app.lobby.create(&settings, conn.addr()).await?;
    conn.in_lobby = true;
    let id = table.id;
    conn.send(&ServerMsg::Table { table });
    for seat in t.sit {
        sit(conn, player, id, seat).await?;
    }
    for (seat, level) in bots {
        add_bot(conn, player, id, seat, level).await?;
    }
    Ok(())
}

pub(super) fn level_of(name: Option<&str>) -> Result<crate::bot::BotLevel, ServerError> {
    crate::bot::parse_level(name).ok_or_else(|| {
        bad(
            ErrorCode::BadRequest,
            "bot levels: random, greedy, engine1, engine2, engine3",
        )
    })
}

/// Seats the player (with his ratings, shown beside his name) and starts the game if full.
pub(super) async fn sit(
    conn: &mut Conn,
    player: &Player,
    table: TableId,
    seat: SeatName,
) -> Result<(), ServerError> {
    let app = conn.app.clone();
    crate::moderation::Sanction::Ban
        .check(&app, player.id)
        .await?;
    let rated = app
        .lobby
        .tables()
        .await?
        .iter()
        .any(|t| t.id == table && t.rated);
    if rated {
        crate::lobby::playban::may_play_rated(&app, player.id).await?;
    }
    let ratings = if player.registered {
        crate::records::shown_ratings(&app, player.id).await?
    } else {
        Vec::new()
    };
    let (occ, token) = Occupant::human(player, conn.addr());
    let full = app
        .lobby
        .sit(table, seat, occ.with_ratings(ratings), player.registered)
        .await?;
    conn.in_lobby = true;
    conn.send(&ServerMsg::Seated {
        table,
        seat,
        seat_token: token,
    });
    start_if_full(conn, full).await
}

/// Puts a bot in a seat for the player (engine bots are rationed) and starts the game if full.
pub(super) async fn add_bot(
    conn: &mut Conn,
    player: &Player,
    table: TableId,
    seat: SeatName,
    level: crate::bot::BotLevel,
) -> Result<(), ServerError> {
    let app = conn.app.clone();
    let limits = crate::lobby::EngineLimits {
        per_player: app.config.max_engine_games_per_player,
        total: app.config.max_engine_games,
    };
    let live = app
        .games
        .engine_games()
        .into_iter()
        .map(|g| g.into_iter().map(PlayerId).collect())
        .collect();
    let full = app
        .lobby
        .add_bot(table, seat, level, PlayerId(player.id), live, limits)
        .await?;
    start_if_full(conn, full).await
}

pub(super) async fn start_if_full(conn: &mut Conn, full: Option<Full>) -> Result<(), ServerError> {
    let Some(full) = full else { return Ok(()) };
    let app = conn.app.clone();
    let id = app.games.start(full.spec.clone()).await?;
    app.lobby.started(&full, id).await
}

/// A rematch of a finished game the player played in: a table of its settings whose seats are
/// kept for its players for a minute, its bots back in their seats, the asker seated in his.
async fn rematch(conn: &mut Conn, player: &Player, of: &str) -> Result<(), ServerError> {
    let unknown = || bad(ErrorCode::UnknownGame, "no such finished game");
    let game: Uuid = of.parse().map_err(|_| unknown())?;
    let g = crate::records::game(&conn.app, game)
        .await?
        .ok_or_else(unknown)?;
    if g.end.is_none() || g.game.imported {
        return Err(bad(
            ErrorCode::BadRequest,
            "only a finished game played here has a rematch",
        ));
    }
    let mine: Vec<SeatName> = (0..g.game.seats.len())
        .filter(|&i| g.game.seats[i].player == Some(player.id) && g.game.seats[i].bot.is_none())
        .map(SeatName::from_index)
        .collect();
    if mine.is_empty() {
        return Err(bad(
            ErrorCode::NotSeated,
            "only its players may ask for a rematch",
        ));
    }
    let rules = RuleSet::from_name(&g.game.rules)
        .map_err(ServerError::internal)?
        .shared();
    // A rule set with a start of its own (Chaturaji, Chess960=N) starts from it again.
    let setup = Setup::ALL
        .into_iter()
        .filter(|_| rules.any_setup)
        .find(|&s| {
            fen4::parse(&g.game.start_fen4, rules)
                .is_ok_and(|f| f.position == Position::start(rules, s))
        })
        .unwrap_or(rules.default_setup);
    let bots: Vec<(SeatName, crate::bot::BotLevel)> = g
        .game
        .seats
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            Some((
                SeatName::from_index(i),
                crate::bot::parse_level(s.bot.as_deref())?,
            ))
        })
        .collect();
    let mut settings = TableSettings::parse(
        &g.game.rules,
        Some(setup.code()),
        Some(g.game.time),
        g.game.rated,
        g.game.table_chat,
    )?;
    settings.rated_bots = g.game.rated && !bots.is_empty();
    settings.rematch = Some(Rematch {
        of: game,
        reserved: std::array::from_fn(|i| {
            let s = g.game.seats.get(i)?;
            if s.bot.is_some() {
                return None;
            }
            Some((s.player?, s.name.clone()))
        }),
    });
    // One rematch table per game: a later asker sits at the one that is open.
    let open = conn
        .app
        .lobby
        .tables()
        .await?
        .into_iter()
        .find(|t| t.rematch_of == Some(game.into()));
    let id = match open {
        Some(t) => t.id,
        None => {
            let table = conn.app.lobby.create(&settings, conn.addr()).await?;
            conn.in_lobby = true;
            let id = table.id;
            conn.send(&ServerMsg::Table { table });
            id
        }
    };
    for seat in &mine {
        sit(conn, player, id, *seat).await?;
    }
    for (seat, level) in bots {
        match add_bot(conn, player, id, seat, level).await {
            Ok(()) => {}
            Err(e) if e.code == ErrorCode::SeatTaken || e.code == ErrorCode::UnknownTable => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}
