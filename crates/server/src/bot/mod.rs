//! Bot seats: the levels of the bot crate (random, greedy, engine1–3), and the bounded pool of
//! threads their searches run on.

pub mod level_name;
mod pool;

pub use fourhand_bot::Level as BotLevel;
pub use pool::{BotPool, Thought};

/// Parses a level name given by a client; none means greedy.
pub fn parse_level(s: Option<&str>) -> Option<BotLevel> {
    match s.map(str::trim) {
        None | Some("") => Some(BotLevel::Greedy),
        Some(x) => BotLevel::parse(x),
    }
}

/// Whether a level searches (costs real CPU): these are rationed per player and in all.
pub fn is_engine(level: BotLevel) -> bool {
    matches!(level, BotLevel::Engine(_))
}

/// A new bot for a seat, with a transposition table sized to its level; it keeps the table
/// for the whole game.
pub fn seat_bot(level: BotLevel) -> Box<fourhand_bot::Bot> {
    Box::new(fourhand_bot::Bot::with_table(
        level,
        fourhand_bot::search::Options::default(),
        level.table_bits(),
    ))
}
