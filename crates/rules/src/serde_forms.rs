//! How squares, piece kinds, seats, rule sets and setups are written in JSON and on the bus
//! (the `serde` feature): a square by its name (`"h2"`), a kind by its letter (`"Q"`), a seat by
//! its compass letter (`"S"`), a rule set by its canonical name (`"teams Prom=8"`), a setup by
//! its code (`"4PC"`). Reading is as lenient as the names people type: a kind's letter in either
//! case, `D` (chess.com's one-point queen) for a queen; a seat's letter in either case or its
//! name (`"south"`, `"South"`).

use crate::board::{Kind, Seat, Setup, Square};
use crate::ruleset::RuleSet;
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        d.deserialize_str(Named::<Square>::new("a square name such as \"h2\""))
    }
}

impl Serialize for Kind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut buf = [0; 4];
        s.serialize_str(self.letter().encode_utf8(&mut buf))
    }
}

impl<'de> Deserialize<'de> for Kind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Kind, D::Error> {
        d.deserialize_str(Named::<Kind>::new(
            "a piece letter (P, N, B, R, Q, K; D for a queen)",
        ))
    }
}

impl Serialize for Seat {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            Seat::South => "S",
            Seat::West => "W",
            Seat::North => "N",
            Seat::East => "E",
        })
    }
}

impl<'de> Deserialize<'de> for Seat {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        d.deserialize_str(Named::<Seat>::new("a seat: S, W, N or E"))
    }
}

impl Serialize for RuleSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

impl<'de> Deserialize<'de> for RuleSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RuleSet, D::Error> {
        d.deserialize_str(Named::<RuleSet>::new(
            "a rule set's name such as \"teams Prom=8\"",
        ))
    }
}

impl Serialize for Setup {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for Setup {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Setup, D::Error> {
        d.deserialize_str(Named::<Setup>::new("a setup code such as \"4PC\""))
    }
}

/// Reads a `T` from its written name.
trait FromName: Sized {
    fn from_name(s: &str) -> Option<Self>;
}

impl FromName for Square {
    fn from_name(s: &str) -> Option<Square> {
        s.parse().ok()
    }
}

impl FromName for RuleSet {
    fn from_name(s: &str) -> Option<RuleSet> {
        RuleSet::from_name(s).ok()
    }
}

impl FromName for Setup {
    fn from_name(s: &str) -> Option<Setup> {
        s.parse().ok()
    }
}

impl FromName for Kind {
    fn from_name(s: &str) -> Option<Kind> {
        let mut cs = s.chars();
        match (cs.next(), cs.next()) {
            (Some('D' | 'd'), None) => Some(Kind::Queen),
            (Some(c), None) => Kind::from_letter(c.to_ascii_uppercase()),
            _ => None,
        }
    }
}

impl FromName for Seat {
    fn from_name(s: &str) -> Option<Seat> {
        match s {
            "S" | "s" | "south" | "South" => Some(Seat::South),
            "W" | "w" | "west" | "West" => Some(Seat::West),
            "N" | "n" | "north" | "North" => Some(Seat::North),
            "E" | "e" | "east" | "East" => Some(Seat::East),
            _ => None,
        }
    }
}

/// A visitor of string names, saying what it expected when one is not a name.
struct Named<T> {
    expected: &'static str,
    of: std::marker::PhantomData<T>,
}

impl<T> Named<T> {
    fn new(expected: &'static str) -> Named<T> {
        Named {
            expected,
            of: std::marker::PhantomData,
        }
    }
}

impl<T: FromName> Visitor<'_> for Named<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expected)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        T::from_name(v).ok_or_else(|| E::invalid_value(de::Unexpected::Str(v), &self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_kinds_and_seats_are_written_by_name_and_read_back() {
        let sq: Square = "h2".parse().unwrap();
        assert_eq!(serde_json::to_string(&sq).unwrap(), "\"h2\"");
        assert_eq!(serde_json::from_str::<Square>("\"h2\"").unwrap(), sq);
        assert!(
            serde_json::from_str::<Square>("\"a1\"").is_err(),
            "a cut-off corner"
        );
        assert!(serde_json::from_str::<Square>("\"zz9\"").is_err());
        assert!(serde_json::from_str::<Square>("7").is_err());
        assert_eq!(serde_json::to_string(&Kind::Queen).unwrap(), "\"Q\"");
        for q in ["\"Q\"", "\"q\"", "\"D\""] {
            assert_eq!(serde_json::from_str::<Kind>(q).unwrap(), Kind::Queen, "{q}");
        }
        assert!(serde_json::from_str::<Kind>("\"QQ\"").is_err());
        assert_eq!(serde_json::to_string(&Seat::West).unwrap(), "\"W\"");
        for w in ["\"W\"", "\"w\"", "\"west\"", "\"West\""] {
            assert_eq!(serde_json::from_str::<Seat>(w).unwrap(), Seat::West, "{w}");
        }
        assert!(serde_json::from_str::<Seat>("\"X\"").is_err());
        let rules = RuleSet::from_name("teams Prom=8 Teammate=3").unwrap();
        let text = serde_json::to_string(&rules).unwrap();
        assert_eq!(text, "\"teams Prom=8 Teammate=3\"");
        assert_eq!(serde_json::from_str::<RuleSet>(&text).unwrap(), rules);
        assert!(serde_json::from_str::<RuleSet>("\"atomic\"").is_err());
        assert_eq!(serde_json::to_string(&Setup::Modern).unwrap(), "\"4PC\"");
        assert_eq!(
            serde_json::from_str::<Setup>("\"4PC\"").unwrap(),
            Setup::Modern
        );
    }
}
