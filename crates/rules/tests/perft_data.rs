//! Perft counts from `shared/data/perft`: the five setups to depth 5 and every listed position
//! to depth 4.

mod common;

use fourhand_rules::notation::fen4;
use fourhand_rules::perft::perft;
use fourhand_rules::{Position, RuleSet, Setup, Variant};

#[test]
fn start_positions_to_depth_5() {
    if !common::has_data() {
        return;
    }
    let rows = common::tsv("perft/start.tsv");
    let mut checked = 0;
    for row in rows {
        let setup: Setup = row[0].parse().unwrap();
        let depth: u32 = row[1].parse().unwrap();
        let nodes: u64 = row[2].parse().unwrap();
        if depth > 5 {
            continue;
        }
        let pos = Position::start(RuleSet::get(Variant::Teams), setup);
        assert_eq!(perft(&pos, depth), nodes, "{setup} depth {depth}");
        checked += 1;
    }
    assert_eq!(checked, 25);
}

#[test]
fn listed_positions_to_depth_4() {
    if !common::has_data() {
        return;
    }
    let rows = common::tsv("perft/positions.tsv");
    assert!(rows.len() >= 24);
    let mut failures = Vec::new();
    for row in &rows {
        let (name, d4) = (&row[0], row[1].parse::<u64>().unwrap());
        let pos = fen4::parse(&row[3], RuleSet::get(Variant::Teams))
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .position;
        let got = perft(&pos, 4);
        if got != d4 {
            failures.push(format!("{name}: depth 4 expected {d4}, got {got}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
