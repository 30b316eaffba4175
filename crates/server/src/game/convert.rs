//! Between the rules crate's vocabulary and the protocol's: seats, squares, the position as
//! FEN4 and who is in check.

use crate::error::ServerError;
use fourhand_protocol::{ErrorCode, SeatName};
use fourhand_rules::game::{Game, Outcome};
use fourhand_rules::notation::{fen4, pgn4};
use fourhand_rules::{Seat, Square};

/// The protocol name of a seat.
pub fn seat_name(s: Seat) -> SeatName {
    SeatName::from_index(s.index())
}

/// The rules seat of a protocol seat.
pub fn seat_of(s: SeatName) -> Seat {
    Seat::from_index(s.index())
}

/// Parses a square from the protocol.
pub fn square(s: &str) -> Result<Square, ServerError> {
    s.parse::<Square>()
        .map_err(|e| ServerError::new(ErrorCode::BadRequest, e.to_string()))
}

/// The current position as FEN4 with points.
pub fn fen(game: &Game) -> String {
    fen4::write_with_points(game.position(), &game.points())
}

/// Seats whose king is in check now.
pub fn in_check(game: &Game) -> Vec<SeatName> {
    let pos = game.position();
    Seat::ALL
        .into_iter()
        .filter(|&s| pos.army(s).is_hostile() && pos.in_check(s))
        .map(seat_name)
        .collect()
}

/// Result tag and termination words of a finished game.
pub fn result_and_termination(game: &Game, o: Outcome) -> (String, String) {
    let result = match o {
        Outcome::Aborted { .. } => "aborted".to_string(),
        _ => pgn4::result_tag(game, &Default::default()),
    };
    (result, o.termination(game.rules()))
}
