//! The Swiss for Teams pairs (spec §2): each round's pairing ([`pairing`]) and the final table's
//! tiebreaks ([`tiebreaks`]).

pub mod pairing;
pub mod tiebreaks;
