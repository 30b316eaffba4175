//! Between the rules crate's vocabulary and the protocol's: seats, statuses, squares, the
//! position as FEN4 and who is in check.

use fourhand_protocol::{AbortCause, Ending, SeatName};
use fourhand_rules::game::{Game, Outcome, SeatStatus};
use fourhand_rules::notation::{fen4, pgn4};
use fourhand_rules::{RuleSet, Seat};

/// The protocol name of a seat.
pub fn seat_name(s: Seat) -> SeatName {
    SeatName::from_index(s.index())
}

/// The protocol's status of a seat.
pub fn status(s: SeatStatus) -> fourhand_protocol::SeatStatus {
    use fourhand_protocol::SeatStatus as P;
    match s {
        SeatStatus::Active => P::Active,
        SeatStatus::Mated => P::Mated,
        SeatStatus::Absent => P::Absent,
        SeatStatus::Zombie(r) => P::Zombie(r),
        SeatStatus::Out(r) => P::Out(r),
    }
}

/// How a game of `rules` ended, as the protocol's data.
pub fn ending(rules: &RuleSet, o: Outcome) -> Ending {
    match o {
        Outcome::Won { side, by } => Ending::Won {
            winners: Seat::ALL
                .into_iter()
                .filter(|&s| rules.side_of(s) == side)
                .map(seat_name)
                .collect(),
            loser: seat_name(by.seat),
            reason: by.reason,
        },
        Outcome::Drawn(r) => Ending::Drawn { reason: r },
        Outcome::Finished => Ending::Finished,
        Outcome::Aborted { by } => Ending::Aborted {
            cause: AbortCause::Player,
            by: Some(seat_name(by)),
        },
    }
}

/// The rules seat of a protocol seat.
pub fn seat_of(s: SeatName) -> Seat {
    Seat::from_index(s.index())
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

#[cfg(test)]
mod tests {
    use super::*;
    use fourhand_rules::game::OutReason;

    #[test]
    fn a_status_goes_out_as_the_code_the_rules_describe() {
        let mut all = vec![SeatStatus::Active, SeatStatus::Mated, SeatStatus::Absent];
        for r in OutReason::ALL {
            all.extend([SeatStatus::Zombie(r), SeatStatus::Out(r)]);
        }
        for s in all {
            assert_eq!(status(s).to_string(), s.describe(), "{s:?}");
        }
    }
}
