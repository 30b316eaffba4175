//! How a live game looks to clients: snapshots, results and the mapping of seats.

use super::core::GameCore;
use fourhand_protocol::{GameEvent, GameState, SeatInfo, SeatName};
use fourhand_rules::game::{Game, Outcome};
use fourhand_rules::notation::{fen4, pgn4};
use fourhand_rules::Seat;

/// The protocol name of a seat.
pub fn seat_name(s: Seat) -> SeatName {
    SeatName::from_index(s.index())
}

/// The rules seat of a protocol seat.
pub fn seat_of(s: SeatName) -> Seat {
    Seat::from_index(s.index())
}

/// The current position as FEN4 with points.
pub fn fen(core: &GameCore) -> String {
    fen4::write_with_points(core.game.position(), &core.game.points())
}

/// Seats whose king is in check now.
pub fn in_check(core: &GameCore) -> Vec<SeatName> {
    let pos = core.game.position();
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

/// The `over` event.
pub fn over(core: &GameCore) -> GameEvent {
    let (result, termination) = core
        .result()
        .unwrap_or_else(|| ("*".into(), "in progress".into()));
    let rules = core.game.rules();
    GameEvent::Over {
        result,
        termination,
        points: core.game.points().0,
        placings: rules.scoring.then(|| core.game.placings().0),
    }
}

/// Seat information for clients.
pub fn seats(core: &GameCore) -> Vec<SeatInfo> {
    core.seats
        .iter()
        .enumerate()
        .map(|(i, s)| SeatInfo {
            seat: SeatName::from_index(i),
            name: Some(s.name.clone()),
            bot: s.bot.is_some(),
            connected: s.bot.is_some() || s.connections > 0,
        })
        .collect()
}

/// The whole state at `now` (monotonic ms) and `epoch_ms`.
pub fn snapshot(core: &GameCore, id: &str, now: u64, epoch_ms: i64) -> GameState {
    let g = &core.game;
    let rules = g.rules();
    let over = core.result();
    GameState {
        game: id.to_string(),
        rules: rules.variant.short_name().to_string(),
        colours: rules.colours.iter().map(|c| c.to_string()).collect(),
        time: core.clocks.control(),
        start_fen4: fen4::write_with_points(g.start_position(), &g.start_points()),
        fen4: fen(core),
        moves: core.moves.clone(),
        to_move: if core.is_over() {
            None
        } else {
            g.to_move().map(seat_name)
        },
        in_check: in_check(core),
        clocks_ms: core.clocks(now),
        clock_at_ms: epoch_ms,
        delay_left_ms: core.clocks.delay_left(now),
        statuses: Seat::ALL
            .iter()
            .map(|&s| g.statuses()[s].describe())
            .collect(),
        points: g.points().0,
        seats: seats(core),
        placings: (over.is_some() && rules.scoring).then(|| g.placings().0),
        result: over.as_ref().map(|o| o.0.clone()),
        termination: over.map(|o| o.1),
        seq: core.seq,
    }
}
