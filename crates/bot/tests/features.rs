//! The survey of the evaluation features against their definitions, on every position of
//! random games under every rule set: one walk finds the same king zones, threats and hanging
//! pieces as asking each square.

use fourhand_bot::features::Features;
use fourhand_rules::Seat;

const VALUE: [i32; 7] = [0, 25, 30, 30, 40, 50, 0];

#[test]
fn the_survey_finds_the_king_zones_that_the_attackers_of_each_square_make() {
    let (mut hanging, mut threats, mut pressed) = (0, 0, 0);
    fourhand_rules::random_games::every(1..=12, 240, |seed, g, _, _| {
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
