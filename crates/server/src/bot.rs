//! Bot seats: the levels of the bot crate (random, greedy, engine1–3).

pub use fourhand_bot::Level as BotLevel;

/// Parses a level name given by a client; none means greedy.
pub fn parse_level(s: Option<&str>) -> Option<BotLevel> {
    match s.map(str::trim) {
        None | Some("") => Some(BotLevel::Greedy),
        Some(x) => BotLevel::parse(x),
    }
}
