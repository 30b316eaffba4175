//! PGN4: chess.com's game format. The reader is tolerant (variations, comments, clock comments,
//! check marks, terminators, zombie suffixes, shrinking rounds); the writer is canonical.

mod check;
mod movetext;
mod reader;
mod tags;
mod writer;

pub use check::mismatches;
pub use movetext::{tokenize, Token};
pub use reader::{read, replay, replay_each, replay_slots, split_games, ReadError, Replay};
pub use tags::{parse_tags, Tags};
pub use writer::{entries, result_tag, write};
