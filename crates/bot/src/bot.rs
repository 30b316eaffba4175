//! A bot: a level with its own search memory, and the `Player` trait it shares with engines
//! in other processes.

use crate::greedy::greedy;
use crate::search::{self, Limits, Options, Searcher};
use crate::{Clock, Level};
use fourhand_rules::game::Game;
use fourhand_rules::Move;
use rand::seq::SliceRandom;
use rand::Rng;

/// A player of games: a bot here, or an engine in another process ([`crate::external`]).
pub trait Player {
    /// The move for the seat to move of `game`, thinking within `clock`'s means.
    fn choose(&mut self, game: &Game, clock: Clock, rng: &mut dyn rand::RngCore) -> Option<Move>;

    /// Whether it claims an FFA win, with two players left, whenever claiming leaves it alone
    /// in first place ([`crate::wins_by_claiming`]): a bot does; an engine in another process,
    /// whose protocol answers only with moves, does not.
    fn claims_wins(&self) -> bool {
        true
    }
}

/// A bot with its own search memory.
pub struct Bot {
    level: Level,
    searcher: Searcher,
}

impl Bot {
    /// A bot of `level` with the default search options.
    pub fn new(level: Level) -> Bot {
        Bot::with_options(level, Options::default())
    }

    /// A bot of `level` searching with `opts`.
    pub fn with_options(level: Level, opts: Options) -> Bot {
        Bot::with_table(level, opts, search::DEFAULT_TABLE_BITS)
    }

    /// A bot whose transposition table has `2^bits` entries (engine levels).
    pub fn with_table(level: Level, opts: Options, bits: u32) -> Bot {
        let bits = if matches!(level, Level::Engine(_)) {
            bits
        } else {
            4
        };
        Bot {
            level,
            searcher: Searcher::with_options(bits, opts),
        }
    }

    /// Stops its searches as soon as `flag` is set (see [`Searcher::set_stop`]).
    pub fn set_stop(&mut self, flag: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.searcher.set_stop(flag);
    }

    /// Whether its last move's search was cut short by the flag of [`Bot::set_stop`] (engine
    /// levels; the others do not search).
    pub fn interrupted(&self) -> bool {
        self.searcher.interrupted()
    }

    /// Searches on `threads` threads sharing one table (engine levels; see
    /// [`Searcher::set_threads`]).
    pub fn set_threads(&mut self, threads: usize) {
        self.searcher.set_threads(threads);
    }

    /// Its level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The move for the seat to move of `game`, thinking within `clock`'s means.
    pub fn choose(&mut self, game: &Game, clock: Clock, rng: &mut impl Rng) -> Option<Move> {
        match self.level {
            Level::Random => game.legal_moves().choose(rng).copied(),
            Level::Greedy => greedy(game, rng),
            Level::Engine(_) => {
                let limits = self.level.limits(clock.budget());
                self.searcher.search_game(game, limits).best
            }
        }
    }

    /// Searches with explicit limits (the engine protocol).
    pub fn search(&mut self, game: &Game, limits: Limits) -> search::Report {
        self.searcher.search_game(game, limits)
    }
}

impl Player for Bot {
    fn choose(
        &mut self,
        game: &Game,
        clock: Clock,
        mut rng: &mut dyn rand::RngCore,
    ) -> Option<Move> {
        Bot::choose(self, game, clock, &mut rng)
    }
}
