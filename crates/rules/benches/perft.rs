//! Perft benchmark: perft 6 from the Modern start (77,430,383 nodes), single thread.
//!
//! Run with `cargo bench -p fourhand-rules --bench perft`. Prints the best of three runs.

use fourhand_rules::perft::perft;
use fourhand_rules::{Position, RuleSet, Setup, Variant};
use std::time::Instant;

fn main() {
    let depth: u32 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(6);
    let pos = Position::start(RuleSet::get(Variant::Teams), Setup::Modern);
    perft(&pos, 4);
    let mut best = f64::MAX;
    let mut nodes = 0;
    for run in 1..=3 {
        let t = Instant::now();
        nodes = perft(&pos, depth);
        let secs = t.elapsed().as_secs_f64();
        best = best.min(secs);
        println!("run {run}: perft {depth} = {nodes} nodes in {secs:.3} s");
    }
    println!(
        "best: {best:.3} s, {:.1} million nodes/s",
        nodes as f64 / best / 1e6
    );
    if depth == 6 {
        assert_eq!(nodes, 77_430_383, "perft 6 from the Modern start");
    }
}
