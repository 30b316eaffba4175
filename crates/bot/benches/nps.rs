//! Search speed: nodes per second from the Modern start and from a middlegame (depth 7), single
//! thread: `cargo bench -p fourhand-bot --bench nps`. With a rule set and a depth
//! (`-- verney1881 5`), from that rule set's start instead.

use fourhand_bot::search::{Limits, Searcher};
use fourhand_rules::notation::fen4;
use fourhand_rules::{Position, RuleSet, Setup, Variant};

const MIDDLEGAME: &str = "R-0,0,0,0-1,1,0,1-1,1,0,1-0,0,0,0-0-3,yR,1,yB,3,yN,yR,3/3,yP,yP,yK,1,yP,yP,1,yP,3/7,gB,1,yP,4/bR,2,yN,8,gP,gR/bN,bP,10,yB,gN/bB,1,yQ,9,gP,gB/1,bP,10,gP,gK/bK,2,bP,6,gP,1,gQ,1/bB,bP,9,rQ,2/bN,1,bP,6,rB,2,gP,gN/bR,bP,4,rP,rP,4,rN,gR/14/3,rP,rP,rP,2,rP,rP,rP,3/3,rR,rN,2,rK,rB,1,rR,3";

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let variant: Option<Variant> = args.iter().find_map(|a| a.parse().ok());
    let depth: u32 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(7);
    let teams = RuleSet::get(Variant::Teams);
    let positions = match variant {
        Some(v) => {
            let rules = RuleSet::get(v);
            vec![("start", Position::start(rules, rules.default_setup))]
        }
        None => vec![
            ("Modern start", Position::start(teams, Setup::Modern)),
            (
                "middlegame",
                fen4::parse(MIDDLEGAME, teams).expect("FEN4").position,
            ),
        ],
    };
    for (name, pos) in positions {
        let mut s = Searcher::new(20);
        let r = s.search(&pos, Limits::depth(depth));
        println!(
            "{name}: depth {} in {:.2} s, {} nodes, {:.0} nodes/s, best {}",
            r.depth,
            r.elapsed.as_secs_f64(),
            r.nodes,
            r.nodes as f64 / r.elapsed.as_secs_f64(),
            r.best.map(|m| m.uci()).unwrap_or_default()
        );
    }
}
