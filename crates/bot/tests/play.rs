//! Bots play legal moves in every rule set, quickly, and the engine finds mates.

use cpu_time::ThreadTime;
use fourhand_bot::search::{Limits, Options, Searcher};
use fourhand_bot::{Bot, Clock, Level};
use fourhand_rules::game::{Automation, Game};
use fourhand_rules::notation::fen4;
use fourhand_rules::RuleSet;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// A game of `rules` after `plies` random plies (fewer if it ends), or `None` if it ended.
fn random_position(rules: RuleSet, plies: usize, rng: &mut impl rand::Rng) -> Option<Game> {
    let mut g = Game::new(rules)
        .with_seed(rng.gen())
        .with_automation(Automation::LIVE);
    for _ in 0..plies {
        let seat = g.to_move()?;
        let moves = g.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let m = moves[rng.gen_range(0..moves.len())];
        g.play(seat, m).unwrap();
    }
    g.to_move()
        .filter(|_| !g.legal_moves().is_empty())
        .map(|_| g)
}

#[test]
fn every_level_plays_legal_moves_in_every_rule_set_from_random_positions_within_its_time() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    let clock = Clock {
        bank_ms: 4_000,
        delay_ms: 50,
        increment_ms: 0,
    };
    let limit = clock.budget() + Duration::from_millis(150);
    for rules in [
        RuleSet::TEAMS,
        RuleSet::FFA,
        RuleSet::VERNEY_1881,
        RuleSet::CLUB_1893,
        RuleSet::CHATURAJI,
        RuleSet::TEAMS.with_rule_variants("BothMate").unwrap(),
        RuleSet::FFA.with_rule_variants("Play4Mate").unwrap(),
        RuleSet::FFA.with_rule_variants("FirstMate").unwrap(),
        RuleSet::TEAMS.with_rule_variants("Chess960=1").unwrap(),
        RuleSet::FFA
            .with_rule_variants("Chess960=700 Chess960Rotational")
            .unwrap(),
        RuleSet::CONQUEST,
        RuleSet::CONQUEST.with_rule_variants("Players=3").unwrap(),
    ] {
        let mut tried = 0;
        while tried < 6 {
            let plies = rng.gen_range(0..120);
            let Some(g) = random_position(rules, plies, &mut rng) else {
                continue;
            };
            tried += 1;
            for level in Level::ALL {
                let mut bot = Bot::new(level);
                // The processor time of this thread, which the search runs on: a search that
                // does not stop at its budget overruns it, and a busy machine that holds the
                // thread back (wall-clock time passing while it waits) does not make it fail.
                let t = ThreadTime::now();
                let m = bot
                    .choose(&g, clock, &mut rng)
                    .expect("a move while the game is on");
                let used = t.elapsed();
                assert!(used < limit, "{level:?} computed for {used:?}");
                assert!(
                    g.legal_moves().contains(&m),
                    "{level:?} in {} after {plies} plies: {m}",
                    rules.name()
                );
            }
        }
    }
}

fn best(fen: &str, rules: &'static RuleSet, depth: u32) -> String {
    let pos = fen4::parse(fen, rules).unwrap().position;
    let r = Searcher::new(16).search(&pos, Limits::depth(depth));
    r.best.unwrap().uci()
}

#[test]
fn the_engine_mates_in_one_in_ffa() {
    // Yellow's king g14 is checked by Green's rook; Red's knight takes the last flight square.
    let fen = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,2,yP,1,yP,3,x,x,x/x,x,x,5,gN,2,x,x,x/14/3,rN,2,gR,7/14/13,gK/bK,13/14/14/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";
    assert_eq!(
        best(fen, RuleSet::get(fourhand_rules::Variant::Ffa), 2),
        "d10-e12"
    );
}

#[test]
fn in_ffa_the_engine_takes_from_the_leader_by_the_games_standings() {
    // Red's rook on h9 can take Blue's knight on d9 or Green's on k9 (3 points each; the
    // board is otherwise a mirror image). It takes from whichever rival leads on points.
    let fen = |points: &str| {
        format!(
            "R-0,0,0,0-0,0,0,0-0,0,0,0-{points}-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/14/3,bN,3,rR,2,gN,3/14/bK,12,gK/14/14/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x"
        )
    };
    let rules = RuleSet::get(fourhand_rules::Variant::Ffa);
    let choose = |points: &str, spec: &str| {
        let f = fen4::parse(&fen(points), rules).unwrap();
        let mut opts = Options::default();
        if !spec.is_empty() {
            opts.set(spec).unwrap();
        }
        let r = Searcher::with_options(16, opts).search_with_points(
            &f.position,
            &f.points.0,
            Limits::depth(3),
        );
        r.best.unwrap().uci()
    };
    assert_eq!(choose("0,20,0,0", ""), "h9-d9");
    assert_eq!(choose("0,0,0,20", ""), "h9-k9");
    // Without the standings the points are not looked at: the same move either way.
    assert_eq!(
        choose("0,20,0,0", "no-standings"),
        choose("0,0,0,20", "no-standings")
    );
}

#[test]
fn the_engine_mates_in_one_in_teams() {
    // Blue's rook to e1 boxes Red's king in; neither Yellow nor Green can help.
    let fen = "B-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/14/14/bK,12,gK/14/14/4,bR,9/14/x,x,x,8,x,x,x/x,x,x,3,rP,rP,rP,2,x,x,x/x,x,x,4,rK,rN,2,x,x,x";
    assert_eq!(
        best(fen, RuleSet::get(fourhand_rules::Variant::Teams), 4),
        "e5-e1"
    );
}

#[test]
fn the_engine_conquers_with_a_mate_in_one() {
    // variants.md §5.7 test 1: Red's rook to h11 mates Blue along rank 11, taking his army.
    let fen = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/bK,13/bR,bP,12/14/14/13,gK/14/7,rR,6/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";
    assert_eq!(
        best(fen, RuleSet::get(fourhand_rules::Variant::Conquest), 2),
        "h5-h11"
    );
}

#[test]
fn engine_games_at_one_minute_plus_fifteen_seconds_delay_never_flag() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    for rules in [RuleSet::TEAMS, RuleSet::FFA] {
        let mut bots: Vec<Bot> = (0..4).map(|_| Bot::new(Level::Engine(1))).collect();
        let mut banks = [60_000u64; 4];
        let mut g = Game::new(rules)
            .with_seed(2)
            .with_automation(Automation::LIVE);
        let mut plies = 0;
        while let Some(seat) = g.to_move() {
            if plies == 300 {
                break;
            }
            let s = seat.index();
            let clock = Clock {
                bank_ms: banks[s],
                delay_ms: 15_000,
                increment_ms: 0,
            };
            let t = Instant::now();
            let m = bots[s].choose(&g, clock, &mut rng).expect("a move");
            let used = t.elapsed().as_millis() as u64;
            banks[s] = banks[s].saturating_sub(used.saturating_sub(15_000));
            assert!(banks[s] > 0, "{seat} flagged");
            g.play(seat, m).unwrap();
            plies += 1;
        }
        assert!(
            banks.iter().all(|&b| b == 60_000),
            "moves stay inside the delay: {banks:?}"
        );
    }
}

#[test]
fn time_budgets_stay_inside_the_delay_and_away_from_the_flag() {
    for level in [Level::Engine(1), Level::Engine(2), Level::Engine(3)] {
        // 1 minute + 15 s delay: every engine level thinks inside the free delay.
        let default = Clock {
            bank_ms: 60_000,
            delay_ms: 15_000,
            increment_ms: 0,
        };
        let t = level.limits(default.budget()).time.unwrap();
        assert!(t < Duration::from_millis(15_000), "{level:?}: {t:?}");
        for bank_ms in [0, 50, 1_000, 10_000, 600_000] {
            for (delay_ms, increment_ms) in [(0, 0), (0, 2_000), (5_000, 0)] {
                let c = Clock {
                    bank_ms,
                    delay_ms,
                    increment_ms,
                };
                let t = level.limits(c.budget()).time.unwrap().as_millis() as u64;
                assert!(
                    t <= delay_ms + bank_ms / 4 || t <= 5,
                    "{level:?} {c:?}: {t} ms"
                );
            }
        }
    }
}

/// The nodes engine3 with `switches` (none: "") searches from the start of `rules` to depth 6;
/// the search must name a move.
fn nodes_to_depth_six(rules: RuleSet, switches: &str) -> u64 {
    let mut opts = Options::default();
    if !switches.is_empty() {
        opts.set(switches).unwrap();
    }
    let pos = Game::new(rules).position().clone();
    let r = Searcher::with_options(16, opts).search(&pos, Limits::depth(6));
    assert!(r.best.is_some(), "{switches}");
    r.nodes
}

#[test]
fn the_null_move_reaches_the_ffa_search_by_its_switch() {
    // Off by default in FFA; switched on, it changes the tree searched from the start to the
    // same depth and still names a move. (Not always a smaller tree: from the start the null
    // move searches more nodes to depth 6 and far fewer to depths 7 and 8.)
    let plain = nodes_to_depth_six(RuleSet::FFA, "");
    let n = nodes_to_depth_six(RuleSet::FFA, "ffa-null-move");
    assert_ne!(n, plain, "ffa-null-move: the same tree as without it");
}

#[test]
fn in_ffa_the_engine_sees_its_mate_of_the_player_across_at_once() {
    // The mate in one above with a Blue rook on a10: Red's knight leaving d10 lets it through
    // to Green's rook, which gives the check. Yellow is mated by Red's move, before Blue moves,
    // so even a one-ply search plays it and counts the mate's 20 points (800) for Red.
    let fen = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,2,yP,1,yP,3,x,x,x/x,x,x,5,gN,2,x,x,x/14/bR,2,rN,2,gR,7/14/13,gK/bK,13/14/14/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";
    let pos = fen4::parse(fen, RuleSet::get(fourhand_rules::Variant::Ffa))
        .unwrap()
        .position;
    for depth in [1, 3] {
        let r = Searcher::new(16).search(&pos, Limits::depth(depth));
        assert_eq!(r.best.unwrap().uci(), "d10-e12", "depth {depth}");
        assert!(r.score > 800, "depth {depth}: {}", r.score);
    }
}

/// Red to move, each king at home, and Blue's pawn on `pawn`, whose step to `promotes_on`
/// promotes it to a queen (asserted).
fn promotion_race(
    variant: fourhand_rules::Variant,
    pawn: &str,
    promotes_on: &str,
) -> fourhand_rules::Position {
    use fourhand_rules::{Kind, Piece, Position, Seat};
    let mut pos = Position::empty(RuleSet::get(variant));
    for (at, seat, kind) in [
        ("h1", Seat::South, Kind::King),
        ("a7", Seat::West, Kind::King),
        ("g14", Seat::North, Kind::King),
        ("n8", Seat::East, Kind::King),
        (pawn, Seat::West, Kind::Pawn),
    ] {
        pos.put(at.parse().unwrap(), Piece::new(seat, kind));
    }
    pos.set_turn(Seat::West);
    let step = format!("{pawn}-{promotes_on}");
    assert!(
        pos.legal_moves()
            .iter()
            .any(|m| m.uci().starts_with(&step) && m.promotion() == Some(Kind::Queen)),
        "Blue's pawn promotes on {promotes_on}"
    );
    pos.set_turn(Seat::South);
    pos
}

/// The score of a one-ply search of `pos` by engine3 with `switches`.
fn depth_one_score(pos: &fourhand_rules::Position, switches: &str) -> i32 {
    let (_, opts) = fourhand_bot::parse_spec(&format!("engine3/{switches}")).unwrap();
    Searcher::with_options(16, opts)
        .search(pos, Limits::depth(1))
        .score
}

#[test]
fn with_qs_promotions_the_quiescence_search_sees_a_rivals_promotion() {
    // Red to move, far from Blue's pawn on g5, which promotes on h5 (FFA's eighth rank) to a
    // queen that `promoted-queens` counts as a queen. A one-ply search ends in the quiescence
    // search on Blue's turn: only with `qs-promotions` does Blue promote there.
    let pos = promotion_race(fourhand_rules::Variant::Ffa, "g5", "h5");
    let without = depth_one_score(&pos, "promoted-queens,no-qs-promotions");
    let with = depth_one_score(&pos, "promoted-queens,qs-promotions");
    assert!(with < without, "{with} < {without}");
}

#[test]
fn qs_promotions_leaves_the_quiescence_search_of_a_sides_game_to_captures() {
    // The same race in Teams: Blue's pawn on j5 promotes on k5 (Teams' eleventh rank). Sides
    // games keep their captures-only quiescence, so the switch changes nothing there.
    let pos = promotion_race(fourhand_rules::Variant::Teams, "j5", "k5");
    assert_eq!(
        depth_one_score(&pos, "qs-promotions"),
        depth_one_score(&pos, "no-qs-promotions")
    );
}

/// The best move of a one-ply search of `pos` by engine3 with `switches`.
fn depth_one_move(pos: &fourhand_rules::Position, switches: &str) -> String {
    let (_, opts) = fourhand_bot::parse_spec(&format!("engine3/{switches}")).unwrap();
    let report = Searcher::with_options(16, opts).search(pos, Limits::depth(1));
    report.best.expect("a move").uci()
}

#[test]
fn with_qs_pass_a_piece_left_to_the_third_opponent_is_lost_at_the_horizon() {
    use fourhand_rules::{Kind, Piece, Position, Seat};
    // FFA, Red to move. Green's knight on g7 attacks Red's queen on f5; Red's knight on j4
    // can take Blue's undefended knight on k6. Green moves third after Red, so a one-ply
    // search ends on Blue's turn: standing pat there, Blue ends the line and the queen only
    // counts as Green's threat; with `qs-pass` Blue and Yellow may pass and Green takes it.
    let mut pos = Position::empty(RuleSet::get(fourhand_rules::Variant::Ffa));
    for (at, seat, kind) in [
        ("h1", Seat::South, Kind::King),
        ("a7", Seat::West, Kind::King),
        ("g14", Seat::North, Kind::King),
        ("n8", Seat::East, Kind::King),
        ("f5", Seat::South, Kind::Queen),
        ("j4", Seat::South, Kind::Knight),
        ("k6", Seat::West, Kind::Knight),
        ("g7", Seat::East, Kind::Knight),
    ] {
        pos.put(at.parse().unwrap(), Piece::new(seat, kind));
    }
    pos.set_turn(Seat::South);
    assert!(depth_one_move(&pos, "no-qs-pass").starts_with("j4-k6"));
    assert!(depth_one_move(&pos, "qs-pass").starts_with("f5-"));
    assert!(depth_one_score(&pos, "qs-pass") < depth_one_score(&pos, "no-qs-pass"));
}

#[test]
fn qs_pass_leaves_a_sides_game_alone() {
    // Teams: the quiescence search of a sides game stands pat as it did.
    let pos = promotion_race(fourhand_rules::Variant::Teams, "j5", "k5");
    assert_eq!(
        depth_one_score(&pos, "qs-pass"),
        depth_one_score(&pos, "no-qs-pass")
    );
}

/// An FFA game from the start with `points`, in which every seat has twice walked a knight
/// out and back but for Green's last step home, which would bring the start position round a
/// third time: Green to move.
fn a_third_repetition_on_greens_move(points: [i32; 4]) -> Game {
    use fourhand_rules::{BySeat, Position, Setup, Variant};
    let rules = RuleSet::get(Variant::Ffa);
    let mut game = Game::from_position(
        *rules,
        Position::start(rules, Setup::Modern),
        BySeat(points),
    );
    let round = [
        "j1-i3", "a10-c9", "j14-k12", "n10-l9", "i3-j1", "c9-a10", "k12-j14", "l9-n10",
    ];
    for uci in round.iter().chain(&round[..7]) {
        let seat = game.to_move().unwrap();
        let m = game.find_uci(uci).unwrap();
        game.play(seat, m).unwrap();
    }
    assert_eq!(game.to_move(), Some(fourhand_rules::Seat::East));
    game
}

/// Green's move and score by engine3 with `switches`, two plies deep.
fn greens_choice(game: &Game, switches: &str) -> (String, i32) {
    let (_, opts) = fourhand_bot::parse_spec(&format!("engine3/{switches}")).unwrap();
    let r = Searcher::with_options(16, opts).search_game(game, Limits::depth(2));
    (r.best.unwrap().uci(), r.score)
}

#[test]
fn with_repetition_the_engine_ends_the_game_by_repetition_when_it_leads_and_not_when_behind() {
    // Green leads by 10: the knight's step home draws the game, each live player scores 10,
    // and Green is alone in first place.
    let leading = a_third_repetition_on_greens_move([0, 0, 0, 10]);
    let (m, score) = greens_choice(&leading, "repetition");
    assert_eq!(m, "l9-n10");
    assert!(score > 50_000, "{score}");
    // Red leads by 10: the same step would end the game with Green behind.
    let behind = a_third_repetition_on_greens_move([10, 0, 0, 0]);
    let (m, score) = greens_choice(&behind, "repetition");
    assert_ne!(m, "l9-n10");
    assert!(score.abs() < 50_000, "{score}");
    // Without the switch the search does not see the game end.
    assert!(greens_choice(&leading, "no-repetition").1.abs() < 50_000);
}
