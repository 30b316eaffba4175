//! Bots that play any seat of any rule set: random, greedy, and alpha-beta engine levels that
//! manage their time from the clock.
//!
//! - [`Level`] (level.rs) and [`Clock`] (clock.rs): how strong, and how long it may think.
//! - [`Bot`] and [`Player`] (bot.rs): a level with its search memory; [`greedy`] (greedy.rs);
//!   [`wins_by_claiming`] (claim.rs): when a bot claims an FFA win.
//! - [`search`]: the alpha-beta search and its options; [`eval`]: the evaluation, [`Weights`]
//!   (weights.rs) its weights, placement.rs its terms for where pieces stand, [`tune`] their fit to game results.
//! - [`arena`]: matches between levels; [`external`]: engines in other processes.
//! - [`analysis`]: a position's best lines with every seat's score, as the analysis board shows
//!   them; [`judgement`]: a game review's verdict on a move and a player's accuracy; [`review`]:
//!   a whole game's review from its positions' evaluations.

pub mod analysis;
pub mod arena;
mod bot;
mod claim;
mod clock;
pub mod eval;
pub mod external;
pub mod features;
mod greedy;
pub mod judgement;
mod level;
mod placement;
pub mod review;
pub mod search;
pub mod tune;
mod weights;

pub use bot::{Bot, Player};
pub use claim::wins_by_claiming;
pub use clock::Clock;
pub use greedy::greedy;
pub use level::{parse_spec, Level};
pub use weights::{Weights, FFA_POINT};
