//! How a live game looks to clients: snapshots, results and the mapping of seats.

use super::convert::{fen, in_check, seat_name};
use super::core::GameCore;
use fourhand_protocol::{GameState, RecordEntry, SeatInfo};
use fourhand_rules::notation::{fen4, pgn4};
use fourhand_rules::Seat;

/// Seat information for clients.
pub fn seats(core: &GameCore) -> Vec<SeatInfo> {
    core.seat_states()
        .iter()
        .map(|(seat, s)| SeatInfo {
            seat: seat_name(seat),
            name: Some(s.name.clone()),
            bot: s.bot.is_some(),
            level: s.bot.map(|l| l.name()),
            connected: s.bot.is_some() || s.connections > 0,
            rating: s.rating,
            reserved: None,
        })
        .collect()
}

/// The whole state at `now` (monotonic ms) and `epoch_ms`; `rated` as the game was created.
pub fn snapshot(
    core: &GameCore,
    id: uuid::Uuid,
    rated: bool,
    now: u64,
    epoch_ms: i64,
) -> GameState {
    let g = core.game();
    let rules = g.rules();
    let over = core.result();
    GameState {
        game: id.into(),
        rules: rules.name(),
        colours: rules.colours.iter().map(|c| c.to_string()).collect(),
        time: core.control(),
        start_fen4: fen4::write_with_points(g.start_position(), &g.start_points()),
        fen4: fen(g),
        moves: core.moves().to_vec(),
        record: pgn4::entries(g)
            .into_iter()
            .map(|e| RecordEntry {
                seat: seat_name(e.seat),
                text: e.text,
                from: e.mv.map(|m| m.from()),
                to: e.mv.map(|m| m.to()),
            })
            .collect(),
        rated,
        berserk_allowed: core.berserk_allowed(),
        berserked: core.berserked().into_iter().map(seat_name).collect(),
        to_move: if core.is_over() {
            None
        } else {
            g.to_move().map(seat_name)
        },
        in_check: in_check(g),
        clocks_ms: core.clocks(now),
        clock_at_ms: epoch_ms,
        delay_left_ms: core.delay_left(now),
        statuses: Seat::ALL
            .iter()
            .map(|&s| crate::game::convert::status(g.statuses()[s]))
            .collect(),
        points: g.points().0,
        seats: seats(core),
        placings: (over.is_some() && !rules.sides()).then(|| g.placings().0),
        result: over.as_ref().map(|o| o.0.clone()),
        termination: over.map(|o| o.1),
        ending: core.ending(),
        seq: core.seq(),
    }
}

/// The PGN4 tags every record of a game carries: each colour's player and the game's id.
pub fn record_tags(core: &GameCore, id: uuid::Uuid) -> pgn4::Tags {
    let mut tags = pgn4::Tags::default();
    for (seat, s) in core.seat_states().iter() {
        tags.set(core.game().rules().colour(seat), s.name.clone());
    }
    tags.set("GameNr", id.to_string());
    tags
}
