//! What the evaluation reads off a position besides material: each army's activity (reach,
//! development, threats, hanging pieces, knights near kings), the danger and shelter around
//! each king, and the pressure on each king's zone — found in one walk over the pieces
//! ([`Features::survey`]). Built on the rules crate's board view (`fourhand_rules::raw`).

mod activity;
mod king_zone;
mod survey;

pub use activity::{Activity, KingShelter};
pub use king_zone::{KingZone, ZonePressure};
pub use survey::Survey;

use fourhand_rules::{Position, Seat};

/// The evaluation's measures of a position.
pub trait Features {
    /// Every hostile army's [`Activity`] (with `threats`, its threats and hanging pieces too)
    /// and, with `zones`, each such army's [`KingZone`] weighed by `value` (by kind index), in
    /// one walk over the pieces.
    fn survey(&self, threats: bool, zones: bool, value: &[i32; 7]) -> Survey;
    /// [`Activity`] of `seat`'s army: its mobility, development and (with `threats`; else left
    /// at 0, which saves a defence test per capture) threats (all zero for an army with no live
    /// pieces, or one that does not attack). Asking for every army at once,
    /// [`Features::survey`] does the work of one call.
    fn activity(&self, seat: Seat, threats: bool) -> Activity;
    /// How many squares next to `seat`'s king, free or enemy-held, its enemies attack.
    fn king_danger(&self, seat: Seat) -> u32;
    /// The squares around `seat`'s king its enemies attack, by whom, and its pawn shield.
    fn king_shelter(&self, seat: Seat) -> KingShelter;
    /// The pressure on `seat`'s king zone, each attacker and defender weighed by `value`.
    fn king_zone(&self, seat: Seat, value: &[i32; 7]) -> KingZone;
}

impl Features for Position {
    #[inline]
    fn survey(&self, threats: bool, zones: bool, value: &[i32; 7]) -> Survey {
        survey::survey(self, threats, zones, value)
    }

    fn activity(&self, seat: Seat, threats: bool) -> Activity {
        survey::survey(self, threats, false, &[0; 7]).activity[seat.index()]
    }

    fn king_danger(&self, seat: Seat) -> u32 {
        activity::king_danger(self, seat)
    }

    fn king_shelter(&self, seat: Seat) -> KingShelter {
        activity::king_shelter(self, seat)
    }

    fn king_zone(&self, seat: Seat, value: &[i32; 7]) -> KingZone {
        king_zone::king_zone(self, seat, value)
    }
}
