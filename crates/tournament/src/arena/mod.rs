//! The arena (spec §1): a game's points for each player ([`scoring`]), the standings built from
//! the scored games ([`standings`]), and the pairing waves ([`waves`]).

pub mod scoring;
pub mod standings;
pub mod waves;

pub use scoring::{score, GameOutcome, PlayerGame, Scored, SideResult, Streak};
pub use standings::{PlayerResult, Row, SheetEntry, Standings};
pub use waves::{pair_wave, Group, Waiter, WaveRules};
