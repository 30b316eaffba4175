//! Random games for the tests of the levels, the remembered checks, the check test before a
//! move, the piece sets and the survey.

use crate::board::Seat;
use crate::game::{Automation, Game};
use crate::moves::Move;
use crate::position::Position;
use crate::ruleset::RuleSet;

/// Every rule set the crate plays.
const EVERY_RULE_SET: [RuleSet; 6] = [
    RuleSet::TEAMS,
    RuleSet::FFA,
    RuleSet::VERNEY_1881,
    RuleSet::CLUB_1893,
    RuleSet::CHATURAJI,
    RuleSet::CONQUEST,
];

/// Plays, for each seed of `seeds`, a random game under Verney 1881 and one under Club 1893 from
/// their starts, at most `plies` moves each (passes where the game says so), and calls `visit`
/// with the seed, the game, the seat to move and the move it is about to play, before each move.
pub(crate) fn historical(
    seeds: std::ops::RangeInclusive<u64>,
    plies: usize,
    visit: impl FnMut(u64, &Game, Seat, Move),
) {
    of(
        &[RuleSet::VERNEY_1881, RuleSet::CLUB_1893],
        seeds,
        plies,
        visit,
    );
}

/// [`historical`] under every rule set the crate plays.
pub(crate) fn every(
    seeds: std::ops::RangeInclusive<u64>,
    plies: usize,
    visit: impl FnMut(u64, &Game, Seat, Move),
) {
    of(&EVERY_RULE_SET, seeds, plies, visit);
}

/// [`historical`] under each rule set of `rule_sets`.
pub(crate) fn of(
    rule_sets: &[RuleSet],
    seeds: std::ops::RangeInclusive<u64>,
    plies: usize,
    mut visit: impl FnMut(u64, &Game, Seat, Move),
) {
    for seed in seeds {
        for &rules in rule_sets {
            let start = Position::start(rules.shared(), rules.default_setup);
            let mut g = Game::from_position(rules, start, Default::default())
                .with_automation(Automation::LIVE);
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            for _ in 0..plies {
                let Some(seat) = g.to_move() else { break };
                if g.must_pass() {
                    g.pass(seat).unwrap();
                    continue;
                }
                let moves = g.legal_moves();
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let m = moves[(x % moves.len() as u64) as usize];
                visit(seed, &g, seat, m);
                g.play(seat, m).unwrap();
            }
        }
    }
}
