//! Verney/Club evaluation: an inert (mated) army is half the win, so the engine does not free a
//! mated opponent for a piece, and it frees its mated partner rather than take a queen.

use fourhand_bot::search::{Limits, Searcher};
use fourhand_rules::notation::fen4;
use fourhand_rules::position::Army;
use fourhand_rules::{RuleSet, Seat, Variant};

/// Black (West) is mated: king a4, pawn b4; South's rook a9 checks, South's bishop e8 guards
/// b5. Green (East, Black's partner) to move: e12xe8 frees Black; n9xk9 takes Yellow's queen.
const FREE_THE_PARTNER: &str = "G-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'status':('','mated','','')}-x,x,x,4,yK,3,x,x,x/x,x,x,8,x,x,x/x,x,x,1,gR,6,x,x,x/14/14/rR,9,yQ,2,gR/4,rB,9/14/14/13,gK/bK,bP,12/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";

/// The same mate, South to move: the mating bishop could take Green's knight on h5, which
/// would free Black (b5 unguarded).
const KEEP_THE_MATE: &str = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'status':('','mated','','')}-x,x,x,4,yK,3,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/14/rR,13/4,rB,9/14/14/7,gN,5,gK/bK,bP,12/x,x,x,8,x,x,x/x,x,x,rP,7,x,x,x/x,x,x,4,rK,3,x,x,x";

fn best(fen: &str, variant: Variant, depth: u32) -> (String, Army) {
    let pos = fen4::parse(fen, RuleSet::get(variant))
        .expect("FEN4")
        .position;
    assert_eq!(pos.army(Seat::West), Army::Mated);
    let m = Searcher::new(16)
        .search(&pos, Limits::depth(depth))
        .best
        .expect("a move");
    let mut after = pos.clone();
    after.play(m);
    (m.uci(), after.army(Seat::West))
}

#[test]
fn the_engine_frees_its_mated_partner_rather_than_take_a_queen() {
    for variant in [Variant::Verney1881, Variant::Club1893] {
        for depth in 1..=3 {
            let (m, west) = best(FREE_THE_PARTNER, variant, depth);
            assert_eq!(m, "e12-e8", "{variant:?} depth {depth}");
            assert_eq!(west, Army::Live, "Black is free again");
        }
    }
}

#[test]
fn the_engine_does_not_free_a_mated_opponent_for_a_piece() {
    for variant in [Variant::Verney1881, Variant::Club1893] {
        for depth in 1..=3 {
            let (m, west) = best(KEEP_THE_MATE, variant, depth);
            assert_ne!(m, "e8-h5", "{variant:?} depth {depth}");
            assert_eq!(west, Army::Mated, "{variant:?} depth {depth}: {m}");
        }
    }
}
