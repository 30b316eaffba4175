//! Bots that play any seat of any rule set: random, greedy, and alpha-beta engine levels that
//! manage their time from the clock.

pub mod arena;
pub mod eval;
pub mod external;
pub mod search;

use fourhand_rules::game::scoring::capture_value;
use fourhand_rules::game::Game;
use fourhand_rules::{Move, Seat};
use rand::seq::SliceRandom;
use rand::Rng;
use search::{Limits, Options, Searcher};
use std::time::Duration;

/// How strong a bot plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Any legal move.
    Random,
    /// Takes the most valuable piece it can take safely, else moves at random.
    Greedy,
    /// Alpha-beta search; 1 (fast) to 3 (strongest).
    Engine(u8),
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Greedy,
        Level::Engine(1),
        Level::Engine(2),
        Level::Engine(3),
    ];

    /// Parses `random`, `greedy`, `engine1` … `engine3` (or `1` … `3`).
    pub fn parse(s: &str) -> Option<Level> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Some(Level::Random),
            "greedy" => Some(Level::Greedy),
            "engine1" | "1" => Some(Level::Engine(1)),
            "engine2" | "2" => Some(Level::Engine(2)),
            "engine3" | "3" => Some(Level::Engine(3)),
            _ => None,
        }
    }

    /// Its name.
    pub fn name(self) -> String {
        match self {
            Level::Random => "random".into(),
            Level::Greedy => "greedy".into(),
            Level::Engine(n) => format!("engine{n}"),
        }
    }

    /// The search limits of an engine level, within a time budget.
    pub fn limits(self, budget: Duration) -> Limits {
        let (depth, cap) = match self {
            Level::Engine(1) => (2, Duration::from_millis(100)),
            Level::Engine(2) => (3, Duration::from_millis(400)),
            _ => (8, Duration::from_millis(1500)),
        };
        Limits {
            depth,
            nodes: u64::MAX,
            time: Some(budget.min(cap)),
        }
    }
}

/// The clock of the seat to move, for time management.
#[derive(Copy, Clone, Debug, Default)]
pub struct Clock {
    /// Bank left, ms.
    pub bank_ms: u64,
    /// Free delay per move, ms.
    pub delay_ms: u64,
    /// Increment per move, ms.
    pub increment_ms: u64,
}

impl Clock {
    /// How long to think: most of the delay (free), a small slice of the bank, most of the
    /// increment — never close to the flag.
    pub fn budget(self) -> Duration {
        let ms = self.delay_ms * 6 / 10 + self.bank_ms / 40 + self.increment_ms * 7 / 10;
        Duration::from_millis(ms.min(self.delay_ms + self.bank_ms / 4).max(5))
    }
}

/// Parses a bot specification: a level, optionally followed by `/` and comma-separated search
/// options (see [`Options::set`]), e.g. `engine3/no-null-move,paranoid`.
pub fn parse_spec(spec: &str) -> Result<(Level, Options), String> {
    let (level, opts) = spec.split_once('/').unwrap_or((spec, ""));
    let level = Level::parse(level).ok_or_else(|| {
        format!("unknown level '{level}' (random, greedy, engine1, engine2, engine3)")
    })?;
    let mut o = Options::default();
    for name in opts.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        o.set(name)?;
    }
    Ok((level, o))
}

/// A player of games: a bot here, or an engine in another process ([`external`]).
pub trait Player {
    /// The move for the seat to move of `game`, thinking within `clock`'s means.
    fn choose(&mut self, game: &Game, clock: Clock, rng: &mut dyn rand::RngCore) -> Option<Move>;
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
        Bot::with_table(level, opts, 18)
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
                self.searcher.search(game.position(), limits).best
            }
        }
    }

    /// Searches with explicit limits (the engine protocol).
    pub fn search(&mut self, game: &Game, limits: Limits) -> search::Report {
        self.searcher.search(game.position(), limits)
    }
}

/// The most valuable safe capture (value taken minus the capturer's if it can be taken back),
/// a promotion, or a random move.
pub fn greedy(game: &Game, rng: &mut impl Rng) -> Option<Move> {
    let moves: Vec<Move> = game.legal_moves().iter().copied().collect();
    let pos = game.position();
    let seat = pos.turn();
    let enemies = game.rules().enemies(seat);
    let mut best: Option<(i32, Move)> = None;
    for &m in &moves {
        let Some(victim) = pos.piece_at(m.to()) else {
            continue;
        };
        let gain = capture_value(victim);
        let mover = pos.piece_at(m.from()).map(capture_value).unwrap_or(0);
        let mut after = pos.clone();
        after.play(m);
        let attacked = Seat::ALL.into_iter().any(|o| {
            enemies & o.bit() != 0
                && after.army(o).is_hostile()
                && after.attacked_by(m.to(), o.bit())
        });
        let score = if attacked { gain - mover } else { gain };
        if score > 0 && best.is_none_or(|(b, _)| score > b) {
            best = Some((score, m));
        }
    }
    if let Some((_, m)) = best {
        return Some(m);
    }
    if let Some(&m) = moves.iter().find(|m| m.promotion().is_some()) {
        return Some(m);
    }
    moves.choose(rng).copied()
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
