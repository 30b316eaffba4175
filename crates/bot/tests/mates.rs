//! The engine finds mates in two (two of its own moves, the other three seats moving between
//! them) in Teams and FFA, and the mate happens when the game is played out.

use fourhand_bot::search::{FfaSearch, Limits, Options, Searcher, MATE};
use fourhand_rules::game::{Automation, Game, Outcome};
use fourhand_rules::notation::fen4;
use fourhand_rules::position::Army;
use fourhand_rules::{RuleSet, Seat, Side, Variant};

/// Red (South) to move: rooks e5 and f6 against Blue's king on a7. One rook takes the b-file,
/// Blue's king must go to a8 (a6 is covered by the f6 rook or by the rook on b6), and the other
/// rook mates on the a-file.
const TEAMS: &str = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,4,yK,3,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/14/14/13,gK/bK,13/5,rR,8/4,rR,9/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";

/// The same net in FFA, with pawns for Yellow and Green to move.
const FFA: &str = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,4,yK,3,x,x,x/x,x,x,yP,6,yP,x,x,x/x,x,x,8,x,x,x/14/14/12,gP,1/13,gK/bK,13/5,rR,6,gP,1/4,rR,9/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";

fn game(fen: &str, variant: Variant) -> Game {
    let rules = RuleSet::get(variant);
    let f = fen4::parse(fen, rules).expect("FEN4");
    Game::from_position(*rules, f.position, f.points).with_automation(Automation::LIVE)
}

/// Plays `plies` plies, every seat searching `depth` plies, and returns the game.
fn play_out(mut g: Game, plies: usize, depth: u32, opts: Options) -> Game {
    let mut s = Searcher::with_options(16, opts);
    for _ in 0..plies {
        let Some(seat) = g.to_move() else { break };
        let r = s.search(g.position(), Limits::depth(depth));
        g.play(seat, r.best.expect("a move")).unwrap();
    }
    g
}

fn score(fen: &str, variant: Variant, depth: u32) -> i32 {
    let g = game(fen, variant);
    Searcher::new(16)
        .search(g.position(), Limits::depth(depth))
        .score
}

#[test]
fn the_engine_mates_in_two_in_teams() {
    assert!(
        score(TEAMS, Variant::Teams, 1) < MATE - 100,
        "no mate in one"
    );
    assert!(
        score(TEAMS, Variant::Teams, 5) > MATE - 100,
        "the engine sees the mate in two"
    );
    let g = play_out(game(TEAMS, Variant::Teams), 5, 5, Options::default());
    match g.outcome() {
        Some(Outcome::Won { side, by }) => {
            assert_eq!(side, Side::First);
            assert_eq!(by.seat, Seat::West, "Blue is mated");
        }
        other => panic!("expected Red and Yellow to win, got {other:?}"),
    }
}

#[test]
fn the_engine_mates_in_two_in_ffa() {
    let g = play_out(game(FFA, Variant::Ffa), 5, 5, Options::default());
    assert_ne!(
        g.position().army(Seat::West),
        Army::Live,
        "Blue is mated after Red's second move"
    );
    assert!(
        g.points()[Seat::South] >= 20,
        "Red scored the mate: {:?}",
        g.points()
    );
}

#[test]
fn the_turn_keeping_best_reply_search_mates_in_two_in_ffa() {
    // Three plies of BRS+ hold the mate: Red's move, one layer of replies (Blue's, Yellow's or
    // Green's; the others play their first moves), Red's mate. Every reply of the layer must
    // be searched (none pruned near a mate), or Blue's only flight is missed.
    let opts = Options {
        ffa: FfaSearch::BestReplyPlus,
        ..Options::default()
    };
    let g = play_out(game(FFA, Variant::Ffa), 5, 3, opts);
    assert_ne!(g.position().army(Seat::West), Army::Live, "Blue is mated");
    assert!(g.points()[Seat::South] >= 20, "{:?}", g.points());
}

#[test]
fn in_ffa_a_seat_mated_by_anothers_move_sees_its_mate() {
    // After Red's rook takes the b-file, Blue's king has one move, a7-a8, and Red mates it on
    // Red's next move: Blue is out when Red's move leaves it mated, before Blue's turn comes
    // round, and a search for Blue scores that as its mate, not as an army that went out.
    let mut g = game(FFA, Variant::Ffa);
    let mv = g.find_uci("e5-b5").unwrap();
    g.play(Seat::South, mv).unwrap();
    let r = Searcher::new(16).search(g.position(), Limits::depth(5));
    assert_eq!(r.best.unwrap().uci(), "a7-a8");
    assert!(r.score < -(MATE - 100), "Blue sees its mate: {}", r.score);
}

#[test]
fn best_reply_its_turn_keeping_form_and_max_n_also_mate_in_one_in_ffa() {
    // Yellow's king g14 is checked by Green's rook; Red's knight takes the last flight square.
    let fen = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,2,yP,1,yP,3,x,x,x/x,x,x,5,gN,2,x,x,x/14/3,rN,2,gR,7/14/13,gK/bK,13/14/14/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";
    for ffa in [
        FfaSearch::BestReply,
        FfaSearch::BestReplyPlus,
        FfaSearch::MaxN,
    ] {
        let opts = Options {
            ffa,
            ..Options::default()
        };
        let g = game(fen, Variant::Ffa);
        let r = Searcher::with_options(16, opts).search(g.position(), Limits::depth(2));
        assert_eq!(r.best.unwrap().uci(), "d10-e12", "{ffa:?}");
    }
}

#[test]
fn the_parallel_search_shares_its_table_and_still_mates_in_two() {
    let g = game(TEAMS, Variant::Teams);
    let mut s = Searcher::new(16);
    s.set_threads(3);
    assert_eq!(s.threads(), 3);
    let r = s.search(g.position(), Limits::depth(5));
    assert!(r.score > MATE - 100, "the mate in two: {}", r.score);
    // Either rook may take the b-file first, so the threads may choose another rook than one
    // thread does: whichever, after it Blue is mated.
    let mut after = g.clone();
    after.play(Seat::South, r.best.expect("a move")).unwrap();
    let blue = Searcher::new(16).search(after.position(), Limits::depth(4));
    assert!(
        blue.score < -(MATE - 100),
        "{:?} keeps the mate in two: Blue scores {}",
        r.best.map(|m| m.uci()),
        blue.score
    );
    // A time-limited parallel search stops all its threads and plays a legal move.
    let start = game(
        "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x",
        Variant::Teams,
    );
    let r = s.search(
        start.position(),
        Limits {
            depth: 64,
            nodes: u64::MAX,
            time: Some(std::time::Duration::from_millis(200)),
        },
    );
    assert!(r.best.is_some_and(|m| start.legal_moves().contains(&m)));
    s.set_threads(1);
    assert_eq!(s.threads(), 1);
}

#[test]
fn the_optional_search_techniques_still_mate_in_two() {
    // Every switch that is off by default, on (a new one joins by itself), and three of the
    // default's off.
    let mut opts = Options::default();
    let optional: Vec<&str> = Options::SWITCHES
        .iter()
        .copied()
        .filter(|s| {
            let mut o = Options::default();
            o.set(s).unwrap();
            o != Options::default()
        })
        .collect();
    assert!(optional.contains(&"qs-pass") && optional.len() >= 10);
    for s in optional.into_iter().chain([
        "no-early-check-extension",
        "no-shallow-null-move",
        "no-pv-table-cutoff",
    ]) {
        opts.set(s).unwrap();
    }
    let g = play_out(game(TEAMS, Variant::Teams), 5, 5, opts);
    assert!(
        matches!(g.outcome(), Some(Outcome::Won { side: Side::First, by }) if by.seat == Seat::West),
        "Blue is mated in Teams, got {:?}",
        g.outcome()
    );
    // FFA without `qs-pass`: with it and `checks` together, Red's fifth ply weighs the mate
    // f6-a6 (+20, Blue out) below f6-m6 (1373 against about 1340), the passing opponents
    // letting Green take what the mate leaves hanging — a judgement of the evaluation, not a
    // mate missed (with `qs-pass` alone, Blue is mated).
    opts.qs_pass = false;
    let g = play_out(game(FFA, Variant::Ffa), 5, 5, opts);
    assert_ne!(
        g.position().army(Seat::West),
        Army::Live,
        "Blue is mated in FFA"
    );
    opts = Options::default();
    opts.set("qs-pass").unwrap();
    let g = play_out(game(FFA, Variant::Ffa), 5, 5, opts);
    assert_ne!(
        g.position().army(Seat::West),
        Army::Live,
        "Blue is mated with qs-pass"
    );
}

#[test]
fn a_mate_in_two_is_found_even_when_its_first_move_looks_bad() {
    // Rooks weighed heavily in the centre make the mate's first move (e5-b5 or f6-b6, a rook
    // leaving the centre) look bad statically. Reverse futility two plies from the horizon cut
    // the other side's nodes on that score and missed the mate; at one ply it does not.
    let mut opts = Options::default();
    opts.set("rook_central=300").unwrap();
    let g = game(TEAMS, Variant::Teams);
    let r = Searcher::with_options(16, opts).search(g.position(), Limits::depth(5));
    assert!(r.score > MATE - 100, "the mate in two: {}", r.score);
    let best = r.best.map(|m| m.uci());
    assert!(
        matches!(best.as_deref(), Some("e5-b5" | "f6-b6")),
        "{best:?}"
    );
}
