//! A seat's bot level written by its name (`"engine2"`, none for a human) wherever a seat
//! travels as data: the lobby's messages, its stored document, a game about to start.

use super::BotLevel;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Writes the level's name (null for none).
pub fn serialize<S: Serializer>(l: &Option<BotLevel>, s: S) -> Result<S::Ok, S::Error> {
    l.map(|l| l.name().to_string()).serialize(s)
}

/// Reads a level's name (null for none); an unknown name is an error.
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<BotLevel>, D::Error> {
    let name = Option::<String>::deserialize(d)?;
    match name {
        None => Ok(None),
        Some(n) => BotLevel::parse(&n)
            .map(Some)
            .ok_or_else(|| serde::de::Error::custom(format!("no bot level {n}"))),
    }
}
