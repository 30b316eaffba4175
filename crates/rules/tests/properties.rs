//! Properties over random playouts of Teams and FFA games: the incremental hash equals a fresh
//! one, FEN4 round-trips, copy-make leaves the parent untouched, the fast generator agrees with
//! the slow reference generator (under Verney and Club, wherever the levels of rules.md §6.2 do
//! not decide otherwise), and whole games round-trip through PGN4.

mod common;
mod reference;

use fourhand_rules::game::{Automation, Game};
use fourhand_rules::notation::{fen4, pgn4};
use fourhand_rules::{Position, RuleSet, Setup};

/// A tiny deterministic generator for choosing moves.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn check_position(pos: &Position, rules: &'static RuleSet, ctx: &str) {
    assert_eq!(pos.hash(), pos.compute_hash(), "{ctx}: incremental hash");
    let fen = fen4::write(pos);
    let back = fen4::parse(&fen, rules).unwrap_or_else(|e| panic!("{ctx}: {e}\n{fen}"));
    assert_eq!(fen4::write(&back.position), fen, "{ctx}: FEN4 round trip");
    assert!(
        back.position == *pos,
        "{ctx}: FEN4 round trip (position)\n{fen}"
    );
    assert_eq!(
        back.position.hash(),
        pos.hash(),
        "{ctx}: hash after FEN4 round trip"
    );
    let fast: Vec<String> = {
        let mut v: Vec<String> = pos.legal_moves().iter().map(|m| m.uci()).collect();
        v.sort();
        v
    };
    let slow = reference::legal_moves(pos);
    if rules.king_capture {
        assert_eq!(
            fast, slow,
            "{ctx}: legal moves differ from the reference\n{fen}"
        );
    } else {
        // The reference knows legality as the statuses stand (`legal0` of rules.md §6.2). The
        // levels differ from it only through a change of status the move brings about — a move
        // that leaves the king attacked is legal when it mates the attacking army, for one — so
        // every move on which the two disagree must change an army's status when played.
        let list = pos.legal_moves();
        for m in fast.iter().filter(|m| !slow.contains(m)) {
            let mv = list.iter().find(|x| x.uci() == *m).expect("listed");
            let mut after = pos.clone();
            after.play(*mv);
            assert!(
                after.armies() != pos.armies(),
                "{ctx}: {m} is legal only by the levels, yet changes no status\n{fen}"
            );
        }
        for m in slow.iter().filter(|m| !fast.contains(m)) {
            assert!(
                pos.armies()
                    .iter()
                    .any(|(_, a)| *a == fourhand_rules::Army::Mated),
                "{ctx}: {m} refused though no army is mated (only a revival could make it \
                 illegal)\n{fen}"
            );
        }
    }
    assert_eq!(
        pos.count_legal_moves(),
        fast.len() as u64,
        "{ctx}: perft's count of the legal moves differs from the list\n{fen}"
    );
}

fn playout(rules: RuleSet, setup: Setup, seed: u64, plies: usize, leave_every: usize) -> Game {
    let shared = rules.shared();
    let mut game = Game::from_position(rules, Position::start(shared, setup), Default::default())
        .with_seed(seed)
        .with_automation(Automation::LIVE);
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for ply in 0..plies {
        let Some(seat) = game.to_move() else { break };
        if game.must_pass() {
            game.pass(seat).unwrap();
            continue;
        }
        let ctx = format!("{:?} seed {seed} ply {ply}", rules.variant);
        check_position(game.position(), shared, &ctx);
        if leave_every > 0 && rng.below(leave_every) == 0 && game.moves_made(seat) >= 3 {
            if rng.below(2) == 0 {
                game.resign(seat).unwrap();
            } else {
                game.timeout(seat).unwrap();
            }
            continue;
        }
        // In notation order, so the games do not depend on the generator's order.
        let mut moves: Vec<_> = game.legal_moves().iter().copied().collect();
        moves.sort_by_key(|m| m.uci());
        let before = fen4::write(game.position());
        let parent = game.position().clone();
        // Prefer en-passant captures when they exist, so the playouts exercise them.
        let ep = moves
            .iter()
            .find(|m| m.kind() == fourhand_rules::MoveKind::EnPassant);
        let m = match ep {
            Some(&m) if rng.below(2) == 0 => m,
            _ => moves[rng.below(moves.len())],
        };
        let mut child = parent.clone();
        child.play(m);
        assert_eq!(
            fen4::write(&parent),
            before,
            "{ctx}: copy-make left the parent as it was"
        );
        game.play(seat, m).unwrap_or_else(|e| panic!("{ctx}: {e}"));
    }
    game
}

fn assert_round_trip(game: &Game, ctx: &str) {
    let text = pgn4::write(game, &Default::default());
    let (_, again) = pgn4::read(&text).unwrap_or_else(|e| panic!("{ctx}: {e}\n{text}"));
    assert_eq!(
        fen4::write(again.position()),
        fen4::write(game.position()),
        "{ctx}: PGN4 round trip\n{text}"
    );
    assert_eq!(again.points(), game.points(), "{ctx}: points\n{text}");
    assert_eq!(again.statuses(), game.statuses(), "{ctx}: statuses\n{text}");
    assert_eq!(again.outcome(), game.outcome(), "{ctx}: outcome\n{text}");
}

#[test]
fn teams_playouts() {
    for seed in 1..=24u64 {
        let setup = Setup::ALL[seed as usize % 5];
        let g = playout(RuleSet::TEAMS, setup, seed, 160, 0);
        assert_round_trip(&g, &format!("teams seed {seed}"));
    }
}

#[test]
fn option_playouts() {
    for seed in 1..=32u64 {
        let (base, option) = [
            (RuleSet::TEAMS, "Teammate=1"),
            (RuleSet::TEAMS, "Teammate=3 CaptureTheKing"),
            (RuleSet::FFA, "CaptureTheKing 3-check"),
            (RuleSet::TEAMS, "KotH 3-check"),
            (RuleSet::TEAMS, "BothMate CaptureTheKing"),
            (RuleSet::TEAMS, "BothMate 3-check"),
            (RuleSet::FFA, "Play4Mate"),
            (RuleSet::FFA, "FirstMate CaptureTheKing"),
        ][seed as usize % 8];
        let rules = base.with_rule_variants(option).unwrap();
        let setup = Setup::ALL[seed as usize % 5];
        let g = playout(rules, setup, seed, 160, 0);
        assert_round_trip(&g, &format!("{option} seed {seed}"));
    }
}

#[test]
fn ffa_playouts_with_resignations_and_zombies() {
    let mut zombie_moves = 0;
    for seed in 1..=24u64 {
        let g = playout(RuleSet::FFA, Setup::Modern, seed, 260, 40);
        zombie_moves += common::zombie_moves(&g);
        assert_round_trip(&g, &format!("ffa seed {seed}"));
    }
    assert!(
        zombie_moves > 0,
        "the playouts should exercise Dead King Walking"
    );
}

#[test]
fn chaturaji_playouts_with_resignations() {
    let mut out = 0;
    for seed in 1..=24u64 {
        let g = playout(RuleSet::CHATURAJI, Setup::Chaturaji, seed, 300, 50);
        out += g.statuses().iter().filter(|(_, s)| !s.is_active()).count();
        assert_round_trip(&g, &format!("chaturaji seed {seed}"));
    }
    assert!(out > 0, "the playouts should put players out");
}

#[test]
fn verney_and_club_playouts() {
    let mut mates = 0;
    for seed in 1..=16u64 {
        for rules in [RuleSet::VERNEY_1881, RuleSet::CLUB_1893] {
            let g = playout(rules, rules.default_setup, seed, 200, 60);
            mates += g
                .records()
                .iter()
                .flat_map(|r| r.events.iter())
                .filter(|e| {
                    matches!(
                        e,
                        fourhand_rules::game::Event::StatusChanged {
                            status: fourhand_rules::game::SeatStatus::Mated,
                            ..
                        }
                    )
                })
                .count();
            assert_round_trip(&g, &format!("{:?} seed {seed}", rules.variant));
        }
    }
    assert!(mates > 0, "the playouts should reach mates");
}

#[test]
fn same_seed_same_zombie_moves() {
    let a = playout(RuleSet::FFA, Setup::Modern, 7, 200, 30);
    let b = playout(RuleSet::FFA, Setup::Modern, 7, 200, 30);
    assert_eq!(a.records(), b.records());
}

#[test]
fn reference_agrees_on_every_node_near_the_listed_positions() {
    if !common::has_data() {
        return;
    }
    let rules = RuleSet::get(fourhand_rules::Variant::Teams);
    let mut nodes = 0;
    for row in common::tsv("perft/positions.tsv") {
        let root = fen4::parse(&row[3], rules).unwrap().position;
        check_position(&root, rules, &row[0]);
        for m in root.legal_moves().iter() {
            let mut child = root.clone();
            child.play(*m);
            check_position(&child, rules, &format!("{} {m}", row[0]));
            nodes += 1;
        }
    }
    assert!(nodes > 500);
}
