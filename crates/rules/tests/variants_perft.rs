//! Every variant's start (variants.md §2–§5 and the chess.com options): perft to depth 4 as the
//! test data gives it, each count also made by the slow reference generator.

mod common;
mod reference;

use fourhand_rules::perft::perft;
use fourhand_rules::{Position, RuleSet};

#[test]
fn each_variants_start_counts_as_the_data_and_the_reference_say() {
    let text = include_str!("data/variants-perft.tsv");
    let mut seen = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let rules = RuleSet::from_name(cols[0]).unwrap_or_else(|e| panic!("{line}: {e}"));
        let shared = rules.shared();
        let p = Position::start(shared, shared.default_setup);
        for (d, want) in cols[1..].iter().enumerate() {
            let depth = d as u32 + 1;
            let want: u64 = want.parse().unwrap();
            assert_eq!(perft(&p, depth), want, "{} depth {depth}", cols[0]);
            assert_eq!(
                reference::perft(&p, depth),
                want,
                "{} depth {depth}",
                cols[0]
            );
        }
        seen += 1;
    }
    assert_eq!(seen, 24);
}
