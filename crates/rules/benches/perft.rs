//! Perft benchmark, single thread: by default perft 6 from the Modern start (77,430,383 nodes).
//!
//! `cargo bench -p fourhand-rules --bench perft -- [RULES] [DEPTH]` with RULES one of `teams`
//! (default), `ffa`, `verney1881`, `club1893` (each from its default setup). Prints each of three
//! runs and the best, in nodes per second.
//!
//! `cargo bench -p fourhand-rules --bench perft -- suite` runs the whole set once each (after a
//! warm-up) and prints one line per case: perft 6 from the Modern and Classic starts, perft 5
//! from four Teams middlegames (positions of `../shared/data/perft/positions.tsv`, with their
//! published counts), Verney 1881 perft 4 and 6, Club 1893 perft 4 and 5, FFA perft 5.

use fourhand_rules::notation::fen4;
use fourhand_rules::perft::perft;
use fourhand_rules::{Position, RuleSet, Setup, Variant};
use std::time::Instant;

/// Teams middlegames: name, FEN4, perft 5.
const MIDDLEGAMES: [(&str, &str, u64); 4] = [
    (
        "d64",
        "Y-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,1,yP,yP,yP,yP,3/6,bB,7/bR,bP,4,yP,5,gP,gR/bN,bP,9,gP,1,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,1,bP,9,gP,gQ/1,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/5,rN,3,rP,4/3,rP,rP,rP,rP,rP,rP,1,rP,3/3,rR,1,rB,rQ,rK,rB,rN,rR,3",
        25_966_457,
    ),
    (
        "d44",
        "Y-0,0,0,0-0,0,0,0-0,0,1,1-0,0,0,0-0-4,yN,1,yK,yQ,yB,1,yR,3/5,yP,2,yP,5/4,yP,3,yN,1,yP,3/1,bR,bP,3,yP,yP,1,yP,2,gP,1/14/1,bP,8,gR,3/bQ,bN,bP,10,gK/bK,bP,10,gP,1/bB,2,yR,8,gP,1/bN,1,bP,8,gP,2/1,bR,9,gN,gP,gR/3,rP,10/3,rP,1,rP,rK,rP,rP,rR,4/3,rR,4,rB,5",
        99_657_558,
    ),
    (
        "d32",
        "Y-0,0,0,0-0,1,0,0-0,0,0,0-0,0,0,0-0-4,yK,1,yR,7/3,yP,1,yP,yP,yN,1,yB,4/8,yP,5/14/bN,2,bP,1,yN,5,yQ,2/2,bP,11/10,gP,3/bK,2,bP,8,rQ,gK/3,bP,8,gP,gQ/1,bP,10,gR,gN/3,rR,4,rP,5/14/4,rP,rP,rN,7/5,rB,1,rK,2,rB,3",
        4_541_076,
    ),
    (
        "d22",
        "Y-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-3,yR,10/3,yP,2,yK,2,yP,4/14/14/3,bP,yB,7,yQ,1/12,gP,1/3,yR,10/bK,rB,10,gP,gK/1,bP,1,bN,7,gP,2/13,gN/3,rP,10/14/5,rP,3,rK,4/3,rR,6,rR,3",
        15_546_842,
    ),
];

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    if args.iter().any(|a| a == "suite") {
        suite();
        return;
    }
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

/// Runs every case once and prints its time and speed; checks the counts that are published.
fn suite() {
    let teams = RuleSet::get(Variant::Teams);
    let start = |v: Variant, setup: Setup| Position::start(RuleSet::get(v), setup);
    let mut cases: Vec<(String, Position, u32, Option<u64>)> = vec![
        (
            "Teams Modern".into(),
            start(Variant::Teams, Setup::Modern),
            6,
            Some(77_430_383),
        ),
        (
            "Teams Classic".into(),
            start(Variant::Teams, Setup::Classic),
            6,
            Some(87_378_518),
        ),
    ];
    for (name, fen, nodes) in MIDDLEGAMES {
        let pos = fen4::parse(fen, teams).expect("a valid FEN4").position;
        cases.push((format!("Teams middlegame {name}"), pos, 5, Some(nodes)));
    }
    let verney = start(Variant::Verney1881, Setup::Classic);
    let club = start(Variant::Club1893, Setup::Modern);
    cases.extend([
        ("Verney 1881".into(), verney.clone(), 4, Some(20_736)),
        ("Verney 1881".into(), verney, 6, Some(5_339_329)),
        ("Club 1893".into(), club.clone(), 4, Some(152_050)),
        ("Club 1893".into(), club, 5, Some(3_452_310)),
        ("FFA".into(), start(Variant::Ffa, Setup::Modern), 5, None),
    ]);
    perft(&cases[0].1, 4);
    for (name, pos, depth, expected) in &cases {
        let t = Instant::now();
        let nodes = perft(pos, *depth);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{name:<24} perft {depth} = {nodes:>11} nodes in {secs:>7.3} s, {:>6.1} million nodes/s",
            nodes as f64 / secs / 1e6
        );
        if let Some(n) = expected {
            assert_eq!(nodes, *n, "{name} perft {depth}");
        }
    }
}
