//! Where the pieces stand, for the sides games' evaluation (the `placement` switch): pieces
//! near the centre and on the enemies' back rows, rooks in the centre or on a line free of
//! pawns, two queens on one side, and partners whose armies have shrunk unevenly (one partner
//! left alone is mated by two).

use fourhand_rules::{Kind, Piece, Position, Seat, Square};

use crate::weights::Weights;

/// What an uneven pair of partners costs by how many more knights, bishops, rooks and queens
/// one has than the other (0, 1, 2, …; 7 and more as 7), at an `imbalance` of 100.
const IMBALANCE: [i32; 8] = [0, 25, 50, 150, 300, 350, 400, 400];

/// How far forward a rook looks for a pawn (of any army) before its line counts as open.
const ROOK_LOOK: i8 = 6;

/// Ten times each square's straight-line distance from the board's centre (the corner of four
/// squares), rounded down, by square index (file + 14 × rank).
const CENTRE_DISTANCE: [i32; 196] = {
    let mut t = [0; 196];
    let mut i = 0;
    while i < 196 {
        // (10 d)² = 100 ((f − 6.5)² + (r − 6.5)²) = 25 ((2f − 13)² + (2r − 13)²).
        let (f, r) = ((i % 14) as i32 * 2 - 13, (i / 14) as i32 * 2 - 13);
        t[i] = (25 * (f * f + r * r)).isqrt();
        i += 1;
    }
    t
};

/// Ten times `sq`'s distance from the centre.
fn centre_distance(sq: Square) -> i32 {
    CENTRE_DISTANCE[usize::from(sq.file()) + 14 * usize::from(sq.rank())]
}

/// Whether `sq` is on one of the three back rows of the side opposing `seat`'s (for South and
/// North the outer three files, for West and East the outer three ranks).
fn on_enemy_back_rows(seat: Seat, sq: Square) -> bool {
    let line = match seat {
        Seat::South | Seat::North => sq.file(),
        Seat::West | Seat::East => sq.rank(),
    };
    !(3..11).contains(&line)
}

/// A rook's bonus: `rook_central` in the centre (files and ranks 5–10), else `rook_open` when
/// no pawn stands on the next six squares ahead of it.
fn rook(pos: &Position, seat: Seat, sq: Square, w: &Weights) -> i32 {
    let central = |x: u8| (4..=9).contains(&x);
    if central(sq.file()) && central(sq.rank()) {
        return w.rook_central;
    }
    let (df, dr) = seat.forward();
    let blocked = (1..=ROOK_LOOK).any(|i| {
        let f = sq.file().checked_add_signed(i * df);
        let r = sq.rank().checked_add_signed(i * dr);
        f.zip(r)
            .and_then(|(f, r)| Square::new(f, r))
            .and_then(|t| pos.piece_at(t))
            .is_some_and(|p| p.kind == Kind::Pawn)
    });
    if blocked {
        0
    } else {
        w.rook_open
    }
}

/// The placement score of one live piece `pc` of `seat` on `sq` (knights, bishops, rooks and
/// queens; 0 for pawns and kings).
pub fn piece(pos: &Position, seat: Seat, sq: Square, pc: Piece, w: &Weights) -> i32 {
    if matches!(pc.kind, Kind::Pawn | Kind::King) {
        return 0;
    }
    let mut v = -centre_distance(sq) * w.centrality / 10;
    if on_enemy_back_rows(seat, sq) {
        v += w.back_rows;
    }
    if pc.kind == Kind::Rook {
        v += rook(pos, seat, sq, w);
    }
    v
}

/// The side's score for its two armies' counts of pieces (knights to queens) and queens:
/// minus the imbalance of the counts, plus `queens_pair` for two queens or more.
pub fn side(pieces: [i32; 2], queens: i32, w: &Weights) -> i32 {
    let diff = pieces[0].abs_diff(pieces[1]) as usize;
    let uneven = IMBALANCE[diff.min(IMBALANCE.len() - 1)] * w.imbalance / 100;
    let pair = if queens >= 2 { w.queens_pair } else { 0 };
    pair - uneven
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourhand_rules::{RuleSet, Setup, Variant};

    fn sq(f: char, r: u8) -> Square {
        Square::new(f as u8 - b'a', r - 1).unwrap()
    }

    #[test]
    fn distances_from_the_centre_are_in_tenths() {
        assert_eq!(centre_distance(sq('g', 7)), 7);
        assert_eq!(centre_distance(sq('d', 1)), 73);
        assert_eq!(centre_distance(sq('a', 4)), 73);
        assert_eq!(centre_distance(sq('k', 14)), 73);
        assert_eq!(centre_distance(sq('h', 1)), 65);
    }

    #[test]
    fn the_start_places_every_army_alike() {
        let p = Position::start(RuleSet::get(Variant::Teams), Setup::Modern);
        let w = Weights::default();
        let mut per = [0; 4];
        for (s, pc) in p.pieces() {
            per[pc.seat.index()] += piece(&p, pc.seat, s, pc, &w);
        }
        assert!(per.iter().all(|&v| v == per[0]), "{per:?}");
        assert!(
            per[0] < 0,
            "back-row pieces stand far from the centre: {per:?}"
        );
    }

    #[test]
    fn rooks_gain_in_the_centre_and_on_lines_free_of_pawns() {
        let w = Weights::default();
        let mut p = Position::empty(RuleSet::get(Variant::Teams));
        let rook = Piece::new(Seat::South, Kind::Rook);
        let knight = Piece::new(Seat::South, Kind::Knight);
        let open = piece(&p, Seat::South, sq('d', 1), rook, &w);
        assert_eq!(
            open - piece(&p, Seat::South, sq('d', 1), knight, &w),
            w.rook_open
        );
        // A pawn (here Blue's) six squares ahead closes the line; seven does not.
        p.put(sq('d', 7), Piece::new(Seat::West, Kind::Pawn));
        assert_eq!(
            piece(&p, Seat::South, sq('d', 1), rook, &w),
            open - w.rook_open
        );
        p.remove(sq('d', 7));
        p.put(sq('d', 8), Piece::new(Seat::West, Kind::Pawn));
        assert_eq!(piece(&p, Seat::South, sq('d', 1), rook, &w), open);
        // In the centre the rook's bonus does not depend on pawns.
        let centre = piece(&p, Seat::South, sq('g', 7), rook, &w);
        assert_eq!(
            centre - piece(&p, Seat::South, sq('g', 7), knight, &w),
            w.rook_central
        );
        // Red's pieces are welcome on Blue's and Green's back rows, Blue's on Red's and Yellow's.
        let on_b = piece(&p, Seat::South, sq('b', 7), knight, &w);
        let off = piece(
            &p,
            Seat::West,
            sq('b', 7),
            Piece::new(Seat::West, Kind::Knight),
            &w,
        );
        assert_eq!(on_b - off, w.back_rows);
    }

    #[test]
    fn uneven_partners_cost_more_than_linearly_and_two_queens_gain() {
        let w = Weights::default();
        assert_eq!(side([7, 7], 2, &w), w.queens_pair);
        assert_eq!(side([7, 6], 1, &w), -25 * w.imbalance / 100);
        assert!(side([7, 3], 1, &w) < 4 * side([7, 6], 1, &w));
        assert_eq!(side([9, 0], 0, &w), side([7, 0], 0, &w));
    }
}
