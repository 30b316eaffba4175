//! What each client message does.

use super::{tables, Conn};
use crate::error::ServerError;
use crate::game::calls;
use crate::game::convert::seat_of;
use crate::game::core::{Input, Queued};
use crate::tournament::{entries, swiss_pairs};
use crate::wire::wire;
use fourhand_protocol::{
    ClientMsg, ErrorCode, GameId, PlayerId, SeatName, ServerMsg, PROTOCOL_VERSION,
};
use fourhand_rules::{Kind, Seat, Square};
use tokio::sync::broadcast;

/// Games one connection may follow at once.
const MAX_FOLLOWED: usize = 32;

fn bad(code: ErrorCode, m: impl Into<String>) -> ServerError {
    ServerError::new(code, m)
}

/// Handles one text message.
pub(crate) async fn handle(conn: &mut Conn, text: &str) -> Result<(), ServerError> {
    let parsed = fourhand_protocol::parse(text);
    if conn.player.is_none() {
        // Before a valid hello every failure is an authentication failure (and closes).
        if let Err(e) = &parsed {
            return Err(bad(
                ErrorCode::NotAuthenticated,
                format!(
                    "send hello with a session token and protocol 1 first ({})",
                    e.message
                ),
            ));
        }
    }
    let msg = parsed.map_err(|e| bad(e.code, e.message))?;
    let Some(player) = conn.player.clone() else {
        return match msg {
            ClientMsg::Hello { session, protocol } => hello(conn, &session, protocol).await,
            _ => Err(bad(
                ErrorCode::NotAuthenticated,
                "send hello with a session token first",
            )),
        };
    };
    let app = conn.app.clone();
    match msg {
        ClientMsg::Hello { .. } => Err(bad(ErrorCode::BadRequest, "already authenticated")),
        ClientMsg::Ping => {
            conn.send(&ServerMsg::Pong);
            Ok(())
        }
        ClientMsg::LobbySubscribe => {
            conn.follow_lobby();
            let tables = app.lobby.tables().await?;
            conn.send(&ServerMsg::Tables { tables });
            Ok(())
        }
        ClientMsg::LobbyUnsubscribe => {
            conn.unfollow_lobby();
            Ok(())
        }
        ClientMsg::CreateTable(t) => tables::create(conn, &player, t).await,
        ClientMsg::Sit { table, seat } => tables::sit(conn, &player, table, seat).await,
        ClientMsg::Stand { table, seat } => app.lobby.stand(table, seat, PlayerId(player.id)).await,
        ClientMsg::AddBot { table, seat, level } => {
            let level = tables::level_of(level.as_deref())?;
            tables::add_bot(conn, &player, table, seat, level).await
        }
        ClientMsg::QuickPair { rules, time, rated } => {
            let a = crate::lobby::admission::admit(&app, &player, &rules, time, rated).await?;
            let waiting = app
                .lobby
                .pair(
                    player.clone(),
                    &a.rules,
                    a.settings.time,
                    a.rating,
                    conn.addr(),
                )
                .await?;
            conn.in_lobby = true;
            conn.send(&ServerMsg::Queued {
                rules: a.rules,
                waiting,
                waited_ms: 0,
                rated,
                bots_offered: false,
            });
            Ok(())
        }
        ClientMsg::CancelPair => app.lobby.unpair(PlayerId(player.id)).await,
        ClientMsg::ArenaJoin { tournament } => {
            let said = entries::join(&app, &player, tournament, conn.addr()).await?;
            tournament_reply(conn, said, true)
        }
        ClientMsg::ArenaPause { tournament } => {
            let said = entries::pause(&app, &player, tournament).await?;
            tournament_reply(conn, said, false)
        }
        ClientMsg::ArenaWithdraw { tournament } => {
            let said = entries::withdraw(&app, &player, tournament).await?;
            tournament_reply(conn, said, false)
        }
        ClientMsg::ArenaFollow { tournament } => {
            let said = entries::follow(&app, &player, tournament, conn.addr()).await?;
            tournament_reply(conn, said, true)
        }
        ClientMsg::ArenaUnfollow { tournament } => {
            let note = crate::tournament::room::ArenaNote::Unfollow {
                tournament,
                conn: conn.addr(),
            };
            app.lobby.arena_note(note).await
        }
        ClientMsg::SwissInvite {
            tournament,
            partner,
        } => {
            let ask = swiss_pairs::Ask::Invite;
            let said =
                swiss_pairs::name_partner(&app, &player, tournament, &partner, conn.addr(), ask)
                    .await?;
            tournament_reply(conn, said, true)
        }
        ClientMsg::SwissAccept {
            tournament,
            partner,
        } => {
            let ask = swiss_pairs::Ask::Accept;
            let said =
                swiss_pairs::name_partner(&app, &player, tournament, &partner, conn.addr(), ask)
                    .await?;
            tournament_reply(conn, said, true)
        }
        ClientMsg::SwissLeave { tournament } => {
            let said = swiss_pairs::leave(&app, &player, tournament).await?;
            tournament_reply(conn, said, false)
        }
        ClientMsg::FillWithBots => {
            let full = app.lobby.fill_with_bots(PlayerId(player.id)).await?;
            tables::start_if_full(conn, full).await
        }
        ClientMsg::Join {
            game,
            seat_token,
            since,
        } => join(conn, game, seat_token, since).await,
        ClientMsg::LeaveGame { game } => {
            conn.leave(game.0).await;
            Ok(())
        }
        ClientMsg::Play {
            game,
            seat,
            from,
            to,
            promotion,
        } => {
            let (h, seat) = held(conn, game, seat)?;
            ask(conn, h, move_of(from, to, promotion)?.play(seat)).await
        }
        ClientMsg::Resign { game, seat } => {
            let (h, seat) = held(conn, game, seat)?;
            ask(conn, h, Input::Resign(seat)).await
        }
        ClientMsg::Berserk { game, seat } => {
            let (h, seat) = held(conn, game, seat)?;
            ask(conn, h, Input::Berserk(seat)).await
        }
        ClientMsg::ClaimWin { game, seat } => {
            let (h, seat) = held(conn, game, seat)?;
            ask(conn, h, Input::Claim(seat)).await
        }
        ClientMsg::Chat {
            game,
            seat,
            to,
            text,
        } => {
            let (h, seat) = held(conn, game, seat)?;
            crate::moderation::Sanction::Mute
                .check(&app, player.id)
                .await?;
            // Slurs are masked here, on the connection's task, not in the game's actor.
            let text = crate::chat::clean(&text);
            ask(conn, h, Input::Chat { seat, to, text }).await
        }
        ClientMsg::Arrow {
            game,
            seat,
            from,
            to,
        } => {
            let (h, seat) = held(conn, game, seat)?;
            ask(conn, h, Input::Arrow { seat, from, to }).await
        }
        ClientMsg::ClearArrows { game, seat } => {
            let (h, seat) = held(conn, game, seat)?;
            ask(conn, h, Input::ClearArrows(seat)).await
        }
        ClientMsg::Premove {
            game,
            seat,
            from,
            to,
            promotion,
        } => {
            let (h, seat) = held(conn, game, seat)?;
            let queued = Some(move_of(from, to, promotion)?);
            ask(conn, h, Input::Premove { seat, queued }).await
        }
        ClientMsg::Analyse {
            id,
            rules,
            fen4,
            lines,
        } => {
            let req = crate::analysis::socket::Request {
                id,
                rules,
                fen4,
                lines,
            };
            let tx = conn.tx.clone();
            crate::analysis::socket::analyse(&app, &player, &tx, &mut conn.analysis, req).await
        }
        ClientMsg::AnalyseStop => {
            conn.analysis.stop();
            Ok(())
        }
        ClientMsg::CancelPremove { game, seat } => {
            let (h, seat) = held(conn, game, seat)?;
            ask(conn, h, Input::Premove { seat, queued: None }).await
        }
    }
}

/// Sends a tournament's answer; `opens`: the connection now has the tournament open, and so
/// gets the lobby's messages (`seated`, `paired`, `game_started`).
fn tournament_reply(conn: &mut Conn, said: ServerMsg, opens: bool) -> Result<(), ServerError> {
    conn.in_lobby |= opens;
    conn.send(&said);
    Ok(())
}

/// A move as a client names it; a promotion must be to a queen, rook, bishop or knight.
fn move_of(from: Square, to: Square, promotion: Option<Kind>) -> Result<Queued, ServerError> {
    if matches!(promotion, Some(Kind::King | Kind::Pawn)) {
        return Err(bad(ErrorCode::BadRequest, "promotion is Q, R, B or N"));
    }
    Ok(Queued {
        from,
        to,
        promotion,
    })
}

async fn hello(conn: &mut Conn, session: &str, protocol: u32) -> Result<(), ServerError> {
    if protocol != PROTOCOL_VERSION {
        return Err(bad(
            ErrorCode::UnsupportedVersion,
            format!("this server speaks protocol {PROTOCOL_VERSION}"),
        ));
    }
    let (p, _) = crate::identity::lookup::authenticate(&conn.app, session)
        .await?
        .ok_or_else(|| {
            bad(
                ErrorCode::NotAuthenticated,
                "invalid, expired or revoked session token",
            )
        })?;
    tracing::Span::current().record("player", tracing::field::display(&p.name));
    conn.send(&ServerMsg::Welcome {
        player: p.id.into(),
        name: p.name.clone(),
        protocol: PROTOCOL_VERSION,
    });
    conn.player = Some(p);
    Ok(())
}

/// The game and seat, when this connection holds that seat.
fn held(conn: &Conn, game: GameId, seat: SeatName) -> Result<(GameId, Seat), ServerError> {
    let id = game.0;
    let j = conn.games.get(&id).ok_or_else(|| {
        bad(
            ErrorCode::NotYourSeat,
            "join the game with your seat token first",
        )
    })?;
    let seat = seat_of(seat);
    if !j.seats.contains(&seat) {
        return Err(bad(
            ErrorCode::NotYourSeat,
            "this connection holds no token for that seat",
        ));
    }
    Ok((game, seat))
}

/// Sends an input to its game. The answer comes when the input is stored and applied (or
/// refused); a refusal is sent to the client then, so this connection goes on reading
/// meanwhile (its pings and other messages are not held up by a slow store).
async fn ask(conn: &Conn, game: GameId, input: Input) -> Result<(), ServerError> {
    let out = conn.tx.clone();
    let bus = conn.app.bus.clone();
    tokio::spawn(async move {
        let refusal = match crate::game::calls::input(&*bus, game, input).await {
            Ok(()) => return,
            Err(e) if e.code == ErrorCode::UnknownGame => {
                bad(ErrorCode::GameOver, "the game has closed")
            }
            Err(e) => e,
        };
        let _ = out.try_send(wire(&ServerMsg::Error {
            code: refusal.code,
            message: refusal.message,
        }));
    });
    Ok(())
}

/// The refusal of a join to a game no node runs.
fn no_live_game(e: ServerError) -> ServerError {
    match e.code {
        ErrorCode::UnknownGame => bad(
            ErrorCode::UnknownGame,
            "no such live game (finished games: GET /api/games/{id})",
        ),
        _ => e,
    }
}

async fn join(
    conn: &mut Conn,
    game: GameId,
    token: Option<String>,
    since: Option<u64>,
) -> Result<(), ServerError> {
    let id = game.0;
    if !conn.games.contains_key(&id) && conn.games.len() >= MAX_FOLLOWED {
        return Err(bad(
            ErrorCode::BadRequest,
            format!("a connection follows at most {MAX_FOLLOWED} games; leave one first"),
        ));
    }
    let bus = conn.app.bus.clone();
    let mut seats = conn
        .games
        .get(&id)
        .map(|j| j.seats.clone())
        .unwrap_or_default();
    if let Some(token) = token {
        let seat = calls::authorize(&*bus, game, token)
            .await
            .map_err(no_live_game)?
            .ok_or_else(|| {
                bad(
                    ErrorCode::BadSeatToken,
                    "that seat token is not valid for this game",
                )
            })?;
        if !seats.contains(&seat) {
            seats.push(seat);
        }
    }
    if !seats.is_empty() {
        calls::follow(&*bus, game, conn.addr(), &seats, since)
            .await
            .map_err(no_live_game)?;
        conn.joined(id, seats, None);
        return Ok(());
    }
    // A spectator follows the public stream from before its join, so that nothing published
    // after the catch-up is missed; what the catch-up covers is skipped.
    let stream = bus.watch(id).await;
    let (catch_up, upto) = calls::spectate(&*bus, game, conn.addr(), since)
        .await
        .map_err(no_live_game)?;
    let forward = spectate(bus, game, stream, catch_up, upto, conn.tx.clone());
    conn.joined(id, seats, Some(forward));
    Ok(())
}

/// Forwards a game's public events to a spectator after its catch-up, waiting for room in its
/// queue (this task is the spectator's own, so only it waits); a spectator that falls behind
/// the game's stream gets a snapshot instead of a gap, and then only the events after it.
fn spectate(
    bus: crate::game::mail::SharedBus,
    game: GameId,
    mut rx: broadcast::Receiver<crate::bus::PublicEvent>,
    catch_up: Vec<crate::wire::Wire>,
    upto: u64,
    tx: tokio::sync::mpsc::Sender<crate::wire::Wire>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        for m in catch_up {
            if tx.send(m).await.is_err() {
                return;
            }
        }
        let mut after = upto;
        loop {
            match rx.recv().await {
                Ok((seq, m)) => {
                    if seq <= after {
                        continue;
                    }
                    after = seq;
                    if tx.send(m).await.is_err() {
                        break;
                    }
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    let Ok((state, _)) = calls::snapshot(&*bus, game).await else {
                        break;
                    };
                    after = state.seq;
                    let msg = wire(&ServerMsg::Snapshot {
                        state: Box::new(state),
                    });
                    if tx.send(msg).await.is_err() {
                        break;
                    }
                }
                Err(broadcast::error::RecvError::Closed) => break,
            }
        }
    })
}
