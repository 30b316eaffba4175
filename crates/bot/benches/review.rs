//! A game review's cost on one worker: every position of a 200-ply Teams game (engine self-play,
//! fixed seed) and of the first 300 plies of a real FFA game (`shared/data`, game 12101520)
//! searched at the review's default budget (the best line and the move played), as the server's
//! analysis workers do — wall time and CPU time, and the verdicts the moves get: `cargo bench -p fourhand-bot --bench review` (`-- DEPTH NODES` for another budget).

use fourhand_bot::analysis::{limits, Analyst};
use fourhand_bot::review::{review as judge, Budget, Evaluated, Ply, REVIEW_BUDGET};
use fourhand_bot::search::{Limits, Searcher};
use fourhand_rules::game::{Automation, Game};
use fourhand_rules::notation::pgn4;
use fourhand_rules::{RuleSet, Variant};
use rand::{Rng, SeedableRng};
use std::path::PathBuf;
use std::time::Instant;

/// A Teams game of at least `plies` plies: each seat searches two plies, a random move now and
/// then so that games differ; the first seed whose game lasts that long.
fn teams_game(plies: usize) -> Vec<Game> {
    for seed in 0.. {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut g = Game::new(*RuleSet::get(Variant::Teams)).with_automation(Automation::LIVE);
        let mut s = Searcher::new(16);
        let mut out = vec![g.clone()];
        while out.len() <= plies {
            let Some(seat) = g.to_move() else { break };
            let moves = g.legal_moves();
            let mv = if rng.gen_range(0..4) == 0 {
                moves[rng.gen_range(0..moves.len())]
            } else {
                s.search_game(&g, Limits::depth(2)).best.expect("a move")
            };
            g.play(seat, mv).expect("legal");
            out.push(g.clone());
        }
        if out.len() > plies {
            return out;
        }
    }
    unreachable!()
}

/// The positions of the first `plies` entries of a real FFA game.
fn ffa_game(plies: usize) -> Vec<Game> {
    let data = std::env::var("FOURHAND_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"));
    let path = data.join("games/fidelity/chesscom-ffa-12101520.pgn4");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (set FOURHAND_DATA)", path.display()));
    let mut out = Vec::new();
    let r = pgn4::replay_each(&text, |_, g| {
        if out.len() < plies {
            out.push(g.clone());
        }
    })
    .expect("replays");
    let mut start = vec![Game::from_position(
        *r.game.rules(),
        r.game.start_position().clone(),
        r.game.start_points(),
    )];
    start.extend(out);
    start
}

/// The move that led to `after` (its last record's), if it was one.
fn played_in(after: &Game) -> Option<fourhand_rules::Move> {
    after.records().last().and_then(|r| match r.action {
        fourhand_rules::game::Action::Move { mv, .. } => Some(mv),
        _ => None,
    })
}

fn review(name: &str, games: &[Game], budget: Budget) {
    let mut analyst = Analyst::new(18);
    let wall = Instant::now();
    let cpu = cpu_time::ThreadTime::now();
    let (mut nodes, mut depths, mut searched) = (0u64, 0u64, 0u64);
    let mut evals = Vec::with_capacity(games.len());
    for (k, g) in games.iter().enumerate() {
        if g.to_move().is_none() || g.legal_moves().is_empty() {
            evals.push(Evaluated::ended(g));
            continue;
        }
        let played = games.get(k + 1).and_then(played_in);
        let a = analyst.lines_with(g, limits(budget.depth, budget.nodes), 1, played, |_| {});
        nodes += a.nodes;
        depths += u64::from(a.depth);
        searched += 1;
        evals.push(Evaluated::of(&a, played).unwrap_or_else(|| Evaluated::ended(g)));
    }
    let wall = wall.elapsed().as_secs_f64();
    let cpu = cpu.elapsed().as_secs_f64();
    println!(
        "{name}: {} positions in {wall:.1} s wall, {cpu:.1} s CPU ({:.0} ms a position), \
         mean depth {:.1}, {} nodes ({:.0} nodes/s)",
        searched,
        cpu * 1000.0 / searched as f64,
        depths as f64 / searched as f64,
        nodes,
        nodes as f64 / cpu
    );
    // The verdicts the review gives the game's moves (the mover of each entry: the seat that was
    // to move before it).
    let plies: Vec<Ply> = games
        .windows(2)
        .map(|w| {
            let before = &w[0];
            let mv = played_in(&w[1]);
            Ply {
                seat: before.position().turn(),
                mv,
                forced: before.legal_moves().len() == 1,
            }
        })
        .collect();
    let r = judge(&plies, &evals);
    let mut counts = [0u32; 5];
    for c in r.counts.0 {
        for (k, n) in c.iter().enumerate() {
            counts[k] += n;
        }
    }
    println!(
        "  verdicts (best, good, inaccuracy, mistake, blunder): {counts:?}; accuracy by seat: {:?}",
        r.accuracy.0.map(|a| a.map(|a| (a * 10.0).round() / 10.0))
    );
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let budget = match args.as_slice() {
        [d, n, ..] => Budget {
            depth: *d as u32,
            nodes: *n,
        },
        _ => REVIEW_BUDGET,
    };
    println!("budget: depth {}, {} nodes", budget.depth, budget.nodes);
    review("Teams, 200 plies", &teams_game(200), budget);
    review("FFA, 300 plies", &ffa_game(300), budget);
}
