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

use crate::game::{Action, Event, OutReason, Record, SeatStatus};

/// True when `rec` is the rules' judgement that took its own seat out as stalemated (a slot the
/// movetext writes as `S`, or `SR`/`ST` after a resignation in the same slot).
/// A Teams player found mated on his own turn (PGN4 `#` in his slot): the record of that
/// judgement. Under `BothMate` the turn passes on at once, so the `#` still to be read belongs to
/// this seat, not to the seat now to move.
fn mate_judgement(rec: &Record) -> bool {
    rec.action == Action::Judged
        && rec.events.iter().any(|e| {
            matches!(
                e,
                Event::StatusChanged {
                    seat,
                    status: SeatStatus::Out(OutReason::Checkmated),
                } if *seat == rec.seat
            )
        })
}

fn stalemate_judgement(rec: &Record) -> bool {
    rec.action == Action::Judged
        && rec.events.iter().any(|e| {
            matches!(
                e,
                Event::StatusChanged {
                    seat,
                    status: SeatStatus::Out(OutReason::Stalemated),
                } if *seat == rec.seat
            )
        })
}
