//! The rule pages' diagrams (web/rules/diagrams.json) against the rules crate: each start
//! position is the rule set's own start, and each key position is a legal FEN4 of its rules —
//! so a page never draws a start the server does not play.

use fourhand_rules::notation::fen4;
use fourhand_rules::{Position, RuleSet};
use serde_json::Value;

fn diagrams() -> serde_json::Map<String, Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/rules/diagrams.json");
    let text = std::fs::read_to_string(path).expect("web/rules/diagrams.json");
    match serde_json::from_str(&text).expect("diagrams.json is JSON") {
        Value::Object(m) => m,
        other => panic!("diagrams.json is not an object: {other}"),
    }
}

fn rules(name: &str) -> &'static RuleSet {
    RuleSet::from_name(name)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .shared()
}

#[test]
fn every_rule_page_draws_its_rules_start_and_a_legal_key_position() {
    let pages = diagrams();
    // One entry per rule page of the client (web/js/rules.js).
    assert_eq!(pages.len(), 13, "{:?}", pages.keys().collect::<Vec<_>>());
    for (page, d) in &pages {
        let name = d["rules"].as_str().expect("rules");
        let r = rules(name);
        assert_eq!(
            d["start"].as_str().expect("start"),
            fen4::write(&Position::start(r, r.default_setup)),
            "{page}: the start of {name}"
        );
        if let Some(key) = d.get("key") {
            let kname = key.get("rules").and_then(Value::as_str).unwrap_or(name);
            let text = key["fen4"].as_str().expect("key fen4");
            let parsed = fen4::parse(text, rules(kname));
            assert!(parsed.is_ok(), "{page}: {parsed:?}");
            // Squares named by arrows and checks lie on the board.
            for sq in key["arrows"]
                .as_array()
                .into_iter()
                .flatten()
                .flat_map(|a| a.as_array().unwrap()[1..].to_vec())
                .chain(key["checks"].as_array().into_iter().flatten().cloned())
            {
                let s = sq.as_str().unwrap();
                assert!(s.parse::<fourhand_rules::Square>().is_ok(), "{page}: {s}");
            }
        }
    }
}
