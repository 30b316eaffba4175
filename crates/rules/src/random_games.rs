//! Random games for tests: deterministic walks from the start under each rule set (a seed per
//! game), calling a visitor before each move. The crate's tests check the position's invariants
//! on every move of them (the levels, the remembered checks, the check test before a move and
//! the piece sets); the bot's `tests/features.rs` walks the same games for its survey. (Here,
//! beside the game they play, rather than in `position`, which the game is built on.)

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
pub fn historical(
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
pub fn every(
    seeds: std::ops::RangeInclusive<u64>,
    plies: usize,
    visit: impl FnMut(u64, &Game, Seat, Move),
) {
    of(&EVERY_RULE_SET, seeds, plies, visit);
}

/// [`historical`] under each rule set of `rule_sets`.
pub fn of(
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

#[cfg(test)]
mod tests {
    mod checks {

        //! The remembered checks against the attack test, and the statuses `play` settles with
        //! them against those settled without, on every move of random Verney and Club games.

        use crate::board::Seat;
        use crate::position::Position;

        /// `seat`'s check by the attack test alone.
        fn attacked(pos: &Position, seat: Seat) -> bool {
            let k = pos.kings[seat.index()];
            k != 0 && pos.is_attacked(k, pos.hostile_to(seat), 0)
        }

        #[test]
        fn the_check_test_before_a_move_agrees_with_the_board_after_it() {
            let (mut moves, mut checks) = (0, 0);
            super::super::every(1..=24, 200, |seed, g, seat, m| {
                let before = g.position();
                let mut after = before.clone();
                after.apply_on_board(seat, m);
                let enemies = before.rules().enemies(seat);
                let exact = Seat::ALL.into_iter().any(|q| {
                    enemies & q.bit() != 0 && before.army(q).is_hostile() && attacked(&after, q)
                });
                assert_eq!(
                    before.gives_check(m, &before.enemy_kings()),
                    exact,
                    "seed {seed} {:?} {}",
                    before.rules().variant,
                    m.uci()
                );
                moves += 1;
                checks += usize::from(exact);
            });
            assert!(moves > 20_000, "{moves} moves");
            assert!(checks > 500, "{checks} checks");
        }

        #[test]
        fn remembered_checks_and_the_statuses_settled_with_them_are_exact() {
            let (mut known, mut checked_kings, mut status_changes) = (0, 0, 0);
            super::super::historical(1..=32, 200, |seed, g, seat, m| {
                let before = g.position();
                let mut remembered = before.clone();
                remembered.play(m);
                // The same move with nothing remembered on the way: every check asked afresh by
                // the levels.
                let mut afresh = before.clone();
                afresh.apply_on_board(seat, m);
                afresh.update_statuses(1, seat);
                afresh.advance_turn();
                assert_eq!(remembered, afresh, "seed {seed} {}", m.uci());
                if remembered.armies != before.armies {
                    status_changes += 1;
                }
                for s in Seat::ALL {
                    if let Some(check) = remembered.known_check(s) {
                        known += 1;
                        checked_kings += usize::from(check);
                        assert_eq!(check, attacked(&remembered, s), "seed {seed} {s:?}");
                    }
                }
            });
            assert!(known > 20_000, "{known} remembered checks");
            assert!(
                checked_kings > 100,
                "{checked_kings} remembered kings in check"
            );
            assert!(status_changes > 0, "the games change statuses");
        }
    }

    mod levels {

        //! The quick test against the definition, on every position of random games.

        use crate::board::Seat;
        use crate::moves::MoveList;
        use crate::position::levels::TURN_LEVEL;
        use crate::position::Position;

        /// The `legal2` moves by the definition alone (every move made and the statuses updated).
        fn by_definition(pos: &Position, seat: Seat) -> Vec<String> {
            let mut out = MoveList::new();
            pos.gen_pseudo(seat, &mut out);
            out.retain(|m| pos.legal_at(seat, m, TURN_LEVEL));
            let mut v: Vec<String> = out.iter().map(|m| m.uci()).collect();
            v.sort();
            v
        }

        /// `has_legal_at` by the definition alone.
        fn has_by_definition(pos: &Position, seat: Seat, k: u8) -> bool {
            let mut out = MoveList::new();
            pos.gen_pseudo(seat, &mut out);
            out.iter().any(|&m| pos.legal_at(seat, m, k))
        }

        #[test]
        fn the_quick_test_agrees_with_the_definition_in_random_games() {
            let mut checked = 0;
            let mut mated_positions = 0;
            super::super::historical(1..=24, 160, |seed, g, _, _| {
                let pos = g.position();
                if pos.armies.contains(&crate::position::Army::Mated) {
                    mated_positions += 1;
                }
                for s in Seat::ALL {
                    let mut fast = MoveList::new();
                    pos.legal_moves_of(s, &mut fast);
                    let mut fast: Vec<String> = fast.iter().map(|m| m.uci()).collect();
                    fast.sort();
                    if pos.army(s).takes_turns() {
                        assert_eq!(fast, by_definition(pos, s), "seed {seed} {s:?}");
                    }
                    for k in 0..=2 {
                        assert_eq!(
                            pos.has_legal_at(s, k),
                            has_by_definition(pos, s, k),
                            "seed {seed} {s:?} level {k}"
                        );
                    }
                }
                checked += 1;
            });
            assert!(checked > 5000, "{checked} positions");
            assert!(mated_positions > 0, "the games reach mates");
        }
    }

    mod pieces {

        use crate::board::Square;

        #[test]
        fn the_pieces_from_the_sets_are_the_pieces_on_the_squares() {
            let mut seen = 0;
            super::super::every(1..=12, 240, |_, g, _, _| {
                let p = g.position();
                let scanned: Vec<_> = Square::all()
                    .filter_map(|sq| p.piece_at(sq).map(|pc| (sq, pc)))
                    .collect();
                assert_eq!(p.pieces().collect::<Vec<_>>(), scanned);
                seen += scanned.iter().filter(|(_, pc)| pc.dead).count();
            });
            // FFA's eliminations leave grey pieces, which the sets hold apart.
            assert!(seen > 0);
        }
    }
}
