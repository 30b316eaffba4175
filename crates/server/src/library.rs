//! Games that come with the server, and replaying any PGN4 position by position.

use fourhand_rules::game::Action;
use fourhand_rules::notation::{fen4, pgn4};
use serde::Serialize;

/// A built-in game.
pub struct Builtin {
    /// Stable id.
    pub id: &'static str,
    /// The title the library shows.
    pub title: &'static str,
    /// The PGN4.
    pub pgn4: &'static str,
}

/// The built-in library.
pub const LIBRARY: &[Builtin] = &[Builtin {
    id: "london-cambridge-1892",
    title:
        "London v Cambridge, four-handed match game 1, 1892 (Club rules; G. H. Verney played Black)",
    pgn4: include_str!("../library/club-1892-london-cambridge.pgn4"),
}, Builtin {
    id: "london-cambridge-1892-mate",
    title: "London v Cambridge 1892: the printed note's mating line (White mated, then revived)",
    pgn4: include_str!("../library/club-1892-mating-line.pgn4"),
}];

/// A game shown position by position.
#[derive(Serialize, Debug)]
pub struct Positions {
    /// The rule set's name, options included (`ffa KotH`).
    pub rules: String,
    /// Colour names of S, W, N, E.
    pub colours: Vec<String>,
    /// The tags.
    pub tags: Vec<(String, String)>,
    /// The start position.
    pub start: String,
    /// Each entry of the main line (`h2-h3`, `R`, `-` …).
    pub moves: Vec<String>,
    /// The position after each entry.
    pub fens: Vec<String>,
    /// Whose slot each entry filled (`S`, `W`, `N`, `E`).
    pub seats: Vec<fourhand_protocol::SeatName>,
    /// The squares of each entry's move, from and to (none for an entry without a move).
    pub squares: Vec<Option<[fourhand_rules::Square; 2]>>,
    /// After each entry: the seats whose king is in check.
    pub checks: Vec<Vec<fourhand_protocol::SeatName>>,
    /// Why the game ended, in words (none while it goes on).
    pub termination: Option<String>,
    /// The result so far.
    pub result: String,
    /// The points after the last entry (FFA; zeros in the sides games).
    pub points: [i32; 4],
    /// How the game ended, as data (none while it goes on).
    pub ending: Option<fourhand_protocol::Ending>,
    /// The first entry that could not be played, if any.
    pub error: Option<String>,
}

/// Replays a PGN4, keeping the position after every entry.
pub fn positions(text: &str) -> Result<Positions, String> {
    let mut moves = Vec::new();
    let mut fens = Vec::new();
    let mut seats = Vec::new();
    let mut checks = Vec::new();
    let mut squares = Vec::new();
    let mut seen = 0;
    let r = pgn4::replay_slots(text, |seat, tok, g| {
        // The entry's move is the first move recorded since the last entry (a replay makes no
        // move of its own: zombie moves come from the record).
        let mv = g.records()[seen..].iter().find_map(|rec| match rec.action {
            Action::Move { mv, .. } => Some(mv),
            _ => None,
        });
        seen = g.records().len();
        squares.push(mv.map(|m| [m.from(), m.to()]));
        moves.push(tok.text.clone());
        fens.push(fen4::write_with_points(g.position(), &g.points()));
        seats.push(crate::game::convert::seat_name(seat));
        checks.push(crate::game::convert::in_check(g));
    })
    .map_err(|e| e.to_string())?;
    let g = &r.game;
    Ok(Positions {
        rules: g.rules().name(),
        colours: g.rules().colours.iter().map(|c| c.to_string()).collect(),
        tags: r.tags.0.clone(),
        start: fen4::write_with_points(g.start_position(), &g.start_points()),
        moves,
        fens,
        seats,
        squares,
        checks,
        termination: r
            .tags
            .get("Termination")
            .map(str::to_string)
            .or_else(|| g.outcome().map(|o| o.termination(g.rules()))),
        result: pgn4::result_tag(g, &r.tags),
        points: g.points().0,
        ending: g
            .outcome()
            .map(|o| crate::game::convert::ending(g.rules(), o)),
        error: r.error.map(|e| e.to_string()),
    })
}
