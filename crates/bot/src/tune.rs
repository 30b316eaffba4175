//! Fitting the evaluation's [`Weights`] to game results ("Texel" tuning): every quiet position
//! of a set of finished games is labelled with its game's result, and the weights are moved,
//! one at a time, while the mean squared difference between the results and a logistic
//! function of the evaluation falls.

use crate::eval::evaluate;
use crate::weights::Weights;
use fourhand_rules::notation::pgn4::{replay_each, split_games};
use fourhand_rules::{Position, RuleSet, Seat, Variant};
use rayon::prelude::*;

/// Samples per piece of work when the error is summed on every core: the sum is taken per
/// chunk and the chunks' sums in order, so it comes out the same however the work was shared.
const CHUNK: usize = 4096;

/// A position of a finished game, the seat it is evaluated for, and the game's result for it.
pub struct Sample {
    /// The position (the seat to move not in check, reached by a move that took nothing).
    pub pos: Position,
    /// The seat the evaluation is from: South in sides games; in FFA each seat still playing
    /// (a position gives a sample for each).
    pub root: Seat,
    /// Each seat's points when the position stood (FFA; 0 in sides games).
    pub points: [i32; 4],
    /// Sides games: 1 when the root's side won, 0 when it lost, 0.5 for a draw. FFA: the
    /// root's placing when the record ends, 1 for first to 0 for fourth (a shared placing
    /// counts as its number: two firsts 1 each, the next third).
    pub result: f64,
}

/// The quiet positions of the games of `variant` in `text` (PGN4 games one after another, as
/// `fourhand arena --pgn` writes them) from ply `skip` on, and how many games gave some. A
/// sides game is labelled by its `Result` tag and left out without a decisive or drawn one; an
/// FFA game by the placings its points give where its record ends (a game cut off by the
/// arena, `*`, is judged so too, as the arena judges it). Games of another rule set, or that
/// do not replay, are left out.
pub fn samples(text: &str, skip: usize, variant: Variant) -> (Vec<Sample>, usize) {
    let mut out = Vec::new();
    let mut games = 0;
    let sides = RuleSet::get(variant).partner(Seat::South).is_some();
    for g in split_games(text) {
        let side_result = match result_tag(g) {
            Some("1-0") => Some(1.0),
            Some("0-1") => Some(0.0),
            Some("1/2-1/2") => Some(0.5),
            // A sides game without a result gives nothing: not worth replaying.
            _ if sides => continue,
            _ => None,
        };
        let mut plies = 0;
        let mut pieces = usize::MAX;
        let mut found = Vec::new();
        let replayed = replay_each(g, |_, game| {
            plies += 1;
            let pos = game.position();
            let n = pos.pieces().filter(|(_, p)| !p.dead).count();
            let quiet = n == pieces;
            pieces = n;
            if plies > skip && quiet && !game.is_over() && !pos.in_check(pos.turn()) {
                found.push((pos.clone(), game.points().0));
            }
        });
        let Ok(r) = replayed else { continue };
        let rules = r.game.rules();
        if r.error.is_some() || rules.variant != variant || found.is_empty() {
            continue;
        }
        let labelled: Vec<Sample> = if let Some(result) = side_result.filter(|_| sides) {
            found
                .into_iter()
                .map(|(pos, _)| Sample {
                    pos,
                    root: Seat::South,
                    points: [0; 4],
                    result,
                })
                .collect()
        } else {
            let placings = r.game.placings();
            // Each seat still playing, as the search evaluates a line's last position for
            // its root whoever is to move there.
            found
                .into_iter()
                .flat_map(|(pos, points)| {
                    Seat::ALL.into_iter().filter_map(move |root| {
                        let place = placings[root];
                        (pos.army(root).is_hostile() && (1..=4).contains(&place)).then(|| Sample {
                            pos: pos.clone(),
                            root,
                            points,
                            result: f64::from(4 - place) / 3.0,
                        })
                    })
                })
                .collect()
        };
        if !labelled.is_empty() {
            games += 1;
            out.extend(labelled);
        }
    }
    (out, games)
}

/// The value of the `Result` tag of one PGN4 game.
fn result_tag(game: &str) -> Option<&str> {
    game.lines()
        .find_map(|l| l.trim().strip_prefix("[Result \"")?.strip_suffix("\"]"))
}

/// The expected result for the root of a position it evaluates at `eval` centipawns, with the
/// scale `k`.
fn expected(eval: i32, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * f64::from(eval) / 400.0))
}

/// The mean squared difference between the samples' results and their expected results under
/// `w` and the scale `k`, evaluated on every core (the same sum, to the bit, on any number).
pub fn error(samples: &[Sample], w: &Weights, k: f64) -> f64 {
    let chunks: Vec<f64> = samples
        .par_chunks(CHUNK)
        .map(|chunk| {
            chunk
                .iter()
                .map(|s| {
                    let e = evaluate(&s.pos, s.root, &s.points, w);
                    (s.result - expected(e, k)).powi(2)
                })
                .sum()
        })
        .collect();
    chunks.iter().sum::<f64>() / samples.len().max(1) as f64
}

/// The scale `k` (0.05 to 3) under which `w` explains the samples best.
pub fn fit_scale(samples: &[Sample], w: &Weights) -> f64 {
    let evals: Vec<(i32, f64)> = samples
        .par_iter()
        .map(|s| (evaluate(&s.pos, s.root, &s.points, w), s.result))
        .collect();
    let err = |k: f64| {
        evals
            .iter()
            .map(|&(e, r)| (r - expected(e, k)).powi(2))
            .sum::<f64>()
    };
    // Golden-section search: the error is unimodal in k.
    let (mut a, mut b) = (0.05f64, 3.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let (c, d) = (b - g * (b - a), a + g * (b - a));
        if err(c) < err(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// The first step of a weight that starts at 0, which has no size to take a tenth of (the
/// weights off by default: `tempo`, the percentages): small against a pawn or a percent, large
/// enough to leave 0 in a few passes.
const ZERO_STEP: i32 = 8;

/// Fits the tunable weights of `start` to `samples` under the scale `k`: each weight in turn is
/// moved up or down by a step (a tenth of its size, at least 1; 8 from 0, `ZERO_STEP`) while that lowers the error;
/// a pass that improves nothing halves the steps, and the fit ends when every step is 1 and a
/// pass improves nothing, after `passes` passes, or when `report` (told the pass, the error and
/// the weights after each pass) answers false — e.g. when the error on games held out of the
/// fit stops falling.
pub fn fit(
    samples: &[Sample],
    start: Weights,
    k: f64,
    passes: usize,
    mut report: impl FnMut(usize, f64, &Weights) -> bool,
) -> Weights {
    let mut best = start;
    let mut best_err = error(samples, &best, k);
    let mut steps: Vec<i32> = best
        .named()
        .map(|(_, v)| match v {
            0 => ZERO_STEP,
            v => (v.abs() / 10).max(1),
        })
        .collect();
    for pass in 0..passes {
        let mut improved = false;
        for (i, step) in steps.iter().enumerate() {
            for dir in [1, -1] {
                let mut w = best;
                *w.tunable()[i] += dir * step;
                let e = error(samples, &w, k);
                if e < best_err {
                    (best, best_err, improved) = (w, e, true);
                    break;
                }
            }
        }
        if !report(pass, best_err, &best) {
            break;
        }
        if !improved {
            if steps.iter().all(|&s| s == 1) {
                break;
            }
            for s in &mut steps {
                *s = (*s / 2).max(1);
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourhand_rules::game::{Automation, Game};
    use fourhand_rules::notation::pgn4::write;

    /// Three Teams games of 16 plies (the first legal move each time, then the seventh, …),
    /// recorded as won by South's side.
    fn won_games() -> String {
        let rules = RuleSet::TEAMS;
        let start = Position::start(rules.shared(), rules.default_setup);
        let mut out = String::new();
        for n in 0..3 {
            let mut g = Game::from_position(rules, start.clone(), Default::default())
                .with_automation(Automation::LIVE);
            for i in 0..16 {
                let seat = g.to_move().unwrap();
                let moves = g.legal_moves();
                g.play(seat, moves[(i * 7 + n) % moves.len()]).unwrap();
            }
            let text = write(&g, &Default::default());
            let result = text.lines().find(|l| l.starts_with("[Result")).unwrap();
            out.push_str(&text.replace(result, "[Result \"1-0\"]"));
            out.push('\n');
        }
        out
    }

    #[test]
    fn samples_are_the_quiet_positions_of_decided_sides_games() {
        let text = won_games();
        let (s, games) = samples(&text, 2, Variant::Teams);
        assert_eq!(games, 3);
        assert!(!s.is_empty());
        assert!(s.iter().all(|x| x.result == 1.0));
        assert!(s.iter().all(|x| !x.pos.in_check(x.pos.turn())));
        // An undecided record gives nothing.
        let (none, n) = samples(&text.replace("1-0", "*"), 0, Variant::Teams);
        assert_eq!((none.len(), n), (0, 0));
        // Nor do games of another rule set.
        let (none, n) = samples(&text, 0, Variant::Verney1881);
        assert_eq!((none.len(), n), (0, 0));
    }

    #[test]
    fn ffa_samples_are_labelled_by_the_placing_of_each_seat_still_playing() {
        // An FFA game of 80 plies in which every seat takes whatever it can.
        let rules = RuleSet::FFA;
        let mut g = Game::new(rules).with_automation(Automation::LIVE);
        for i in 0..80 {
            let Some(seat) = g.to_move() else { break };
            let moves = g.legal_moves();
            let pos = g.position();
            let take = moves.iter().find(|m| pos.piece_at(m.to()).is_some());
            g.play(seat, *take.unwrap_or(&moves[(i * 7) % moves.len()]))
                .unwrap();
        }
        let placings = g.placings();
        let text = write(&g, &Default::default());
        let (s, games) = samples(&text, 0, Variant::Ffa);
        assert_eq!(games, 1);
        assert!(s.iter().any(|x| x.points.iter().any(|&p| p > 0)));
        for x in &s {
            assert!(x.pos.army(x.root).is_hostile());
            assert_eq!(x.result, f64::from(4 - placings[x.root]) / 3.0);
        }
        // Seats not to move are evaluated too, as the search's leaves evaluate its root.
        assert!(s.iter().any(|x| x.root == x.pos.turn()));
        assert!(s.iter().any(|x| x.root != x.pos.turn()));
        // Not every seat placed alike.
        assert!(s.iter().any(|x| x.result != s[0].result));
        // The fit takes them: its error is finite and does not rise.
        let w = Weights::default();
        let k = fit_scale(&s, &w);
        let fitted = fit(&s, w, k, 2, |_, _, _| true);
        assert!(error(&s, &fitted, k) <= error(&s, &w, k));
        // Nor are they sides games'.
        assert_eq!(samples(&text, 0, Variant::Teams).1, 0);
    }

    #[test]
    fn the_fit_lowers_the_error_and_never_raises_it() {
        let (s, _) = samples(&won_games(), 0, Variant::Teams);
        let w = Weights::default();
        let k = fit_scale(&s, &w);
        assert!((0.05..=3.0).contains(&k));
        let before = error(&s, &w, k);
        let mut reported = Vec::new();
        let fitted = fit(&s, w, k, 3, |_, e, _| {
            reported.push(e);
            true
        });
        let after = error(&s, &fitted, k);
        assert!(after <= before);
        // The error is summed on every core, to the same bit as on one.
        let on = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| error(&s, &fitted, k))
        };
        assert_eq!(on(1).to_bits(), on(3).to_bits());
        assert!(reported.windows(2).all(|p| p[1] <= p[0]));
        // Told to stop after the first pass, it does.
        let mut passes = 0;
        fit(&s, w, k, 10, |_, _, _| {
            passes += 1;
            false
        });
        assert_eq!(passes, 1);
    }
}
