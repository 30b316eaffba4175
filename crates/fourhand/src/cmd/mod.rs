//! The subcommands.

pub mod arena;
pub mod engine;
pub mod perft;
pub mod replay;
pub mod tune;

/// The `--options` help of `perft` and `arena`: the rule options they take.
pub(crate) const OPTIONS_HELP: &str = "chess.com rule options on top of Teams or FFA, as PGN4's \
`RuleVariants` writes them (space-separated): `Teammate=1` or `Teammate=3` (partners side by \
side: Red with Blue, Red with Green), `KotH` (King of the Hill), `3-check` (any `N-check`, N \
1-9), `CaptureTheKing` (king capture instead of mate), `BothMate` (Teams until both opponents \
are mated), `Play4Mate` / `FirstMate` (FFA to the last one standing / to the first mate, no \
points), `PointsForMate=N` (FFA), `Prom=N` (promotion on the own Nth rank), \
`PromoteTo=Q|D|QRBN`, `Chess960=N` (N 1-960, chess.com's number: the same back row for all \
four, 519 the Classic setup; castle by moving the king onto its rook) with \
`Chess960Rotational` (the row turned onto West and East, 519 the Modern setup); e.g. \
--options \"KotH 3-check\"";
