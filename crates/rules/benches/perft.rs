//! Perft benchmark, single thread: by default perft 6 from the Modern start (77,430,383 nodes).
//!
//! `cargo bench -p fourhand-rules --bench perft -- [RULES] [DEPTH]` with RULES one of `teams`
//! (default), `ffa`, `verney1881`, `club1893` (each from its default setup). Prints each of three
//! runs and the best, in nodes per second.

use fourhand_rules::perft::perft;
use fourhand_rules::{Position, RuleSet, Variant};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let variant: Variant = args
        .iter()
        .find_map(|a| a.parse().ok())
        .unwrap_or(Variant::Teams);
    let depth: u32 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(6);
    let rules = RuleSet::get(variant);
    let pos = Position::start(rules, rules.default_setup);
    perft(&pos, depth.min(4));
    let mut best = f64::MAX;
    let mut nodes = 0;
    for run in 1..=3 {
        let t = Instant::now();
        nodes = perft(&pos, depth);
        let secs = t.elapsed().as_secs_f64();
        best = best.min(secs);
        println!("run {run}: {variant} perft {depth} = {nodes} nodes in {secs:.3} s");
    }
    println!(
        "best: {best:.3} s, {:.1} million nodes/s",
        nodes as f64 / best / 1e6
    );
    if variant == Variant::Teams && depth == 6 {
        assert_eq!(nodes, 77_430_383, "perft 6 from the Modern start");
    }
}
