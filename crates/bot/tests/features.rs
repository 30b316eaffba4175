//! The survey of the evaluation features against their definitions, on every position of
//! random games under every rule set: one walk finds the same king zones, threats and hanging
//! pieces as asking each square.

use fourhand_bot::features::Features;
use fourhand_rules::game::{Automation, Game};
use fourhand_rules::{Position, RuleSet, Seat};

/// Plays, for each seed of `seeds`, a random game from the start under every rule set, at
/// most `plies` moves (passes where the game says so), and calls `visit` with the seed and
/// the game before each move.
fn every_rule_set(
    seeds: std::ops::RangeInclusive<u64>,
    plies: usize,
    mut visit: impl FnMut(u64, &Game, Seat, fourhand_rules::Move),
) {
    let rule_sets = [
        RuleSet::TEAMS,
        RuleSet::FFA,
        RuleSet::VERNEY_1881,
        RuleSet::CLUB_1893,
        RuleSet::CHATURAJI,
        RuleSet::CONQUEST,
    ];
    for seed in seeds {
        for rules in rule_sets {
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

const VALUE: [i32; 7] = [0, 25, 30, 30, 40, 50, 0];

#[test]
fn the_survey_finds_the_king_zones_that_the_attackers_of_each_square_make() {
    let (mut hanging, mut threats, mut pressed) = (0, 0, 0);
    every_rule_set(1..=12, 240, |seed, g, _, _| {
        let p = g.position();
        for threats_too in [true, false] {
            let s = p.survey(threats_too, true, &VALUE);
            for seat in Seat::ALL {
                let i = seat.index();
                if !p.army(seat).is_hostile() {
                    assert_eq!(s.activity[i], Default::default());
                    assert_eq!(s.zones[i], Default::default());
                    continue;
                }
                assert_eq!(s.zones[i], p.king_zone(seat, &VALUE), "seed {seed} {seat}");
                hanging += s.activity[i].hanging;
                threats += s.activity[i].threats;
                pressed += s.zones[i]
                    .pressure()
                    .iter()
                    .filter(|z| z.attackers > 0)
                    .count();
            }
            let without = p.survey(threats_too, false, &VALUE);
            assert_eq!(without.activity, s.activity);
            assert!(without.zones.iter().all(|z| *z == Default::default()));
            if !threats_too {
                assert!(s.activity.iter().all(|a| a.threats + a.hanging == 0));
            }
        }
    });
    // The games reach positions with hanging pieces, threats and attacked zones.
    assert!(
        hanging > 100 && threats > 100 && pressed > 100,
        "{hanging} {threats} {pressed}"
    );
}
