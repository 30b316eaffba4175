//! PGN4: chess.com's game format. The reader is tolerant (variations, comments, clock comments,
//! check marks, terminators, zombie suffixes, shrinking rounds); the writer is canonical.

mod check;
mod movetext;
mod read_fault;
mod reader;
mod tags;
mod tree;
mod writer;

pub use check::mismatches;
pub use movetext::{tokenize, Token};
pub use read_fault::{MoveSyntax, ReadFault};
pub use reader::{
    read, replay, replay_each, replay_slots, replay_tokens, split_games, ReadError, Replay,
};
pub use tags::{parse_tags, StartError, Tags};
pub use tree::{
    read_tree, replay_tree, write_tree, MoveTree, TreeError, TreeNode, MAX_COMMENT, MAX_NODES,
};
pub use writer::{entries, result_tag, write, Entry};

use crate::game::{Action, Event, OutReason, Record, SeatStatus};

/// True when `rec` is the rules' judgement that took its own seat out for `reason` on his turn:
/// stalemated (a slot the movetext writes as `S`, or `SR`/`ST` after a resignation in the same
/// slot) or, in Teams, mated (`#`; under `BothMate` the turn then passes on at once, so the `#`
/// still to be read belongs to this seat, not to the seat now to move).
fn judged_out(rec: &Record, reason: OutReason) -> bool {
    rec.action == Action::Judged
        && rec.events.iter().any(|e| {
            matches!(
                e,
                Event::StatusChanged {
                    seat,
                    status: SeatStatus::Out(r),
                } if *seat == rec.seat && *r == reason
            )
        })
}
