//! A seat's standing in a game, as `STATE.statuses` and the `status` event carry it. Typed on
//! both sides; on the wire each status is one of the codes proto-docs lists (`active`,
//! `zombie (resigned)`, `out (king captured)`, …), which a client maps to its own words.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// Why a seat left the game, or its army stopped: the rules crate's reasons. Inside a status
/// code it is written in words (`timed out`, [`LeaveReason::as_str`]); on its own (an
/// [`crate::Ending`]'s `reason`) as a snake_case code (`timed_out`).
pub use fourhand_rules::game::OutReason as LeaveReason;

/// A seat's standing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SeatStatus {
    /// Playing.
    Active,
    /// Verney, Club: mated, his army inert until a partner frees it.
    Mated,
    /// No army in this game (three-player Conquest's East).
    Absent,
    /// FFA Dead King Walking: out of the game, his king still walks.
    Zombie(LeaveReason),
    /// Out of the game (FFA), or lost (sides games).
    Out(LeaveReason),
}

impl fmt::Display for SeatStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatStatus::Active => f.write_str("active"),
            SeatStatus::Mated => f.write_str("mated"),
            SeatStatus::Absent => f.write_str("absent"),
            SeatStatus::Zombie(r) => write!(f, "zombie ({})", r.as_str()),
            SeatStatus::Out(r) => write!(f, "out ({})", r.as_str()),
        }
    }
}

/// A text that is no status code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStatus(pub String);

impl fmt::Display for UnknownStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is no seat status", self.0)
    }
}

impl std::error::Error for UnknownStatus {}

impl FromStr for SeatStatus {
    type Err = UnknownStatus;

    fn from_str(s: &str) -> Result<SeatStatus, UnknownStatus> {
        let reason = |inner: &str| {
            LeaveReason::ALL
                .into_iter()
                .find(|r| r.as_str() == inner)
                .ok_or_else(|| UnknownStatus(s.to_string()))
        };
        match s {
            "active" => Ok(SeatStatus::Active),
            "mated" => Ok(SeatStatus::Mated),
            "absent" => Ok(SeatStatus::Absent),
            _ => {
                if let Some(inner) = s.strip_prefix("zombie (").and_then(|r| r.strip_suffix(')')) {
                    reason(inner).map(SeatStatus::Zombie)
                } else if let Some(inner) =
                    s.strip_prefix("out (").and_then(|r| r.strip_suffix(')'))
                {
                    reason(inner).map(SeatStatus::Out)
                } else {
                    Err(UnknownStatus(s.to_string()))
                }
            }
        }
    }
}

impl Serialize for SeatStatus {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for SeatStatus {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SeatStatus, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_is_its_code_on_the_wire_and_reads_back() {
        let mut all = vec![SeatStatus::Active, SeatStatus::Mated, SeatStatus::Absent];
        for r in LeaveReason::ALL {
            all.push(SeatStatus::Zombie(r));
            all.push(SeatStatus::Out(r));
        }
        for s in all {
            let wire = serde_json::to_value(s).unwrap();
            assert_eq!(wire, serde_json::json!(s.to_string()));
            assert_eq!(serde_json::from_value::<SeatStatus>(wire).unwrap(), s);
        }
        assert_eq!(
            serde_json::to_value(SeatStatus::Zombie(LeaveReason::TimedOut)).unwrap(),
            serde_json::json!("zombie (timed out)")
        );
        assert!("out (bored)".parse::<SeatStatus>().is_err());
        assert!("sleeping".parse::<SeatStatus>().is_err());
    }
}
