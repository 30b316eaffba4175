//! Tournaments for four-player chess as pure rules (`../shared/spec/tournaments.md`): no clock,
//! no store, no socket — the server's director feeds in what happened and applies what comes out.
//!
//! - [`arena`]: the points of one game for each player (placings or sides, tied places sharing,
//!   streaks, berserk, the two-move minimum), the standings with each player's sheet, and the
//!   pairing waves (groups of four by rank, never the same four again, Teams partners).
//! - [`swiss`]: a Swiss for fixed Teams pairs — round pairing within score groups without
//!   rematches, side balance and byes — and its tiebreaks (Buchholz cut 1, Sonneborn–Berger,
//!   direct encounter).
//!
//! Points are kept exactly in twelfths ([`Points`]): a tie of three FFA places shares a third.

pub mod arena;
mod points;
pub mod swiss;

pub use points::Points;
