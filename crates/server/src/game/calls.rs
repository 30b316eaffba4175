//! Typed requests to a game over any bus: each sends one [`GameRequest`] and reads the reply
//! it expects, with the bus's failures as [`ServerError`]s a client understands.

use super::core::Input;
use super::mail::{GameBus, GameReply, GameRequest};
use crate::bus::{BusError, ConnAddr};
use crate::error::ServerError;
use crate::wire::Wire;
use fourhand_protocol::{ErrorCode, GameId, GameState, PlayerId};
use fourhand_rules::Seat;

impl From<BusError> for ServerError {
    fn from(e: BusError) -> ServerError {
        match e {
            BusError::NoGame => ServerError::new(ErrorCode::UnknownGame, "no such live game"),
            BusError::Timeout | BusError::Unavailable(_) => ServerError::new(
                ErrorCode::GameUnavailable,
                "the game did not answer in time; try again in a few seconds",
            ),
        }
    }
}

fn unexpected(r: GameReply) -> ServerError {
    match r {
        GameReply::Refused { code, message } => ServerError::new(code, message),
        other => ServerError::internal(format!("unexpected reply {other:?}")),
    }
}

/// Sends an input; `Ok` once it is stored and applied.
pub async fn input(bus: &GameBus, game: GameId, input: Input) -> Result<(), ServerError> {
    match bus.request(game.0, GameRequest::Input { input }).await? {
        GameReply::Done => Ok(()),
        other => Err(unexpected(other)),
    }
}

/// The seat `token` opens in `game`, if any.
pub async fn authorize(
    bus: &GameBus,
    game: GameId,
    token: String,
) -> Result<Option<Seat>, ServerError> {
    match bus
        .request(game.0, GameRequest::Authorize { token })
        .await?
    {
        GameReply::Seat { seat } => Ok(seat.map(super::convert::seat_of)),
        other => Err(unexpected(other)),
    }
}

/// Follows `game` from `conn` as a player holding `seats` (its catch-up is delivered).
pub async fn follow(
    bus: &GameBus,
    game: GameId,
    conn: ConnAddr,
    seats: &[Seat],
    since: Option<u64>,
) -> Result<(), ServerError> {
    let seats = seats
        .iter()
        .map(|s| super::convert::seat_name(*s))
        .collect();
    match bus
        .request(game.0, GameRequest::Join { conn, seats, since })
        .await?
    {
        GameReply::Followed => Ok(()),
        other => Err(unexpected(other)),
    }
}

/// Follows `game` from `conn` as a spectator: the catch-up and the last event it covers.
pub async fn spectate(
    bus: &GameBus,
    game: GameId,
    conn: ConnAddr,
    since: Option<u64>,
) -> Result<(Vec<Wire>, u64), ServerError> {
    let req = GameRequest::Join {
        conn,
        seats: Vec::new(),
        since,
    };
    match bus.request(game.0, req).await? {
        GameReply::Joined { catch_up, upto } => Ok((catch_up, upto)),
        other => Err(unexpected(other)),
    }
}

/// The game's state, and whether it is over.
pub async fn snapshot(bus: &GameBus, game: GameId) -> Result<(GameState, bool), ServerError> {
    match bus.request(game.0, GameRequest::Snapshot).await? {
        GameReply::Snapshot { state, over } => Ok((*state, over)),
        other => Err(unexpected(other)),
    }
}

/// The chat lines `player` could see in `game`.
pub async fn chat_lines(
    bus: &GameBus,
    game: GameId,
    player: Option<PlayerId>,
) -> Result<Vec<String>, ServerError> {
    match bus
        .request(game.0, GameRequest::ChatLines { player })
        .await?
    {
        GameReply::ChatLines { lines } => Ok(lines),
        other => Err(unexpected(other)),
    }
}
