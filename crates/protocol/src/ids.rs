//! The ids the protocol carries, each its own type over a UUID: a game's id cannot be passed
//! where a table's is meant. On the wire each is the UUID's text; a message whose id is not a
//! UUID is refused at parse (`bad_message`).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use uuid::Uuid;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub Uuid);

        impl From<Uuid> for $name {
            fn from(u: Uuid) -> $name {
                $name(u)
            }
        }

        impl From<$name> for Uuid {
            fn from(id: $name) -> Uuid {
                id.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl FromStr for $name {
            type Err = uuid::Error;

            fn from_str(s: &str) -> Result<$name, uuid::Error> {
                s.parse().map($name)
            }
        }
    };
}

id_type!(
    /// A game's id (live or finished).
    GameId
);
id_type!(
    /// An open table's id.
    TableId
);
id_type!(
    /// A player's id: an account's or a guest's.
    PlayerId
);
id_type!(
    /// A tournament's id (an arena or a Swiss).
    TournamentId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_its_uuid_text_on_the_wire_and_nothing_else_reads_as_one() {
        let id = GameId(Uuid::now_v7());
        let text = serde_json::to_string(&id).unwrap();
        assert_eq!(text, format!("\"{}\"", id.0));
        assert_eq!(serde_json::from_str::<GameId>(&text).unwrap(), id);
        assert_eq!(id.to_string().parse::<GameId>().unwrap(), id);
        assert!(serde_json::from_str::<GameId>("\"nonsense\"").is_err());
        assert!("nonsense".parse::<TableId>().is_err());
    }
}
