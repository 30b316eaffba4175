//! Measures of activity for evaluation: how many squares an army's pieces reach, how many it
//! develops, which captures would win material, and how many squares around a king its enemies
//! attack.

use fourhand_rules::raw::{forward, is_of, kind_bits, sideways, EMPTY, KING, WALL};
use fourhand_rules::{Kind, Position, Seat};

/// How well a king is sheltered (see [`Features::king_shelter`](super::Features::king_shelter)).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct KingShelter {
    /// Squares of the king zone (the eight around the king) that a hostile enemy attacks.
    pub attacked: u32,
    /// The hostile seats that attack some square of the zone, one bit per seat (several
    /// armies converging on one king is how most four-player mates happen).
    pub attackers: u8,
    /// The seat's own pawns on the three squares in front of the king and the three beyond.
    pub shield: u32,
}

/// What one army's pieces do, for evaluation (see [`Features::activity`](super::Features::activity)).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Activity {
    /// The squares its knights, bishops, rooks and queens reach counted once per piece.
    pub mobility: u32,
    /// Its developed pieces: knights off the back row, bishops, rooks and queens that reach at
    /// least [`Activity::DEVELOPED_REACH`] squares.
    pub developed: u32,
    /// The captures its pawns, knights, bishops, rooks and queens could make of a hostile
    /// piece of a more valuable kind (in the order pawn, knight, bishop, rook, queen). Kings
    /// are not counted as prey.
    pub threats: u32,
    /// The other captures they could make of a hostile piece that no piece of the victim's
    /// side defends (kings again not counted).
    pub hanging: u32,
    /// Its knights one or two jumps (on an empty board) from a hostile king.
    pub knights_near_kings: u32,
}

impl Activity {
    /// How many squares a bishop, rook or queen must reach to count as developed.
    pub const DEVELOPED_REACH: u32 = 5;
}

/// How many of the squares next to `seat`'s king that it could step to (empty, or held by
/// an enemy) a hostile enemy piece attacks (0 when it has no king).
pub(crate) fn king_danger(pos: &Position, seat: Seat) -> u32 {
    let k = pos.king_index(seat);
    if k == 0 {
        return 0;
    }
    let own = 1u8 << seat as u8;
    let enemies = pos.hostile_to(seat);
    KING.iter()
        .map(|&d| k.wrapping_add(d))
        .filter(|&t| reachable(pos, t, own))
        .filter(|&t| pos.is_attacked(t, enemies, k))
        .count() as u32
}

/// The king zone's attacked squares and the pawn shield of `seat`'s king (all zero when it
/// has no king). "In front" is the seat's forward direction.
pub(crate) fn king_shelter(pos: &Position, seat: Seat) -> KingShelter {
    let k = pos.king_index(seat);
    if k == 0 {
        return KingShelter::default();
    }
    let own = 1u8 << seat as u8;
    let enemies = pos.hostile_to(seat);
    let mut attacked = 0;
    let mut attackers = 0;
    for t in KING.iter().map(|&d| k.wrapping_add(d)) {
        if pos.cell(t) == WALL {
            continue;
        }
        // One test for all enemies; which of them attack is asked only of an attacked square.
        if !pos.is_attacked(t, enemies, k) {
            continue;
        }
        let mut by = 0;
        for e in Seat::ALL {
            if enemies & e.bit() != 0 && pos.is_attacked(t, e.bit(), k) {
                by |= e.bit();
            }
        }
        attacked += u32::from(by != 0);
        attackers |= by;
    }
    let f = forward(seat as u8);
    let side = sideways(f);
    let mut shield = 0;
    for row in [k.wrapping_add(f), k.wrapping_add(f).wrapping_add(f)] {
        for t in [row, row.wrapping_add(side), row.wrapping_sub(side)] {
            let c = pos.cell(t);
            if c != WALL && kind_bits(c) == Kind::Pawn as u8 && is_of(c, own) {
                shield += 1;
            }
        }
    }
    KingShelter {
        attacked,
        attackers,
        shield,
    }
}

/// A square a piece of `own` (a one-bit seat set) could move to, ignoring legality.
#[inline(always)]
fn reachable(pos: &Position, t: u8, own: u8) -> bool {
    let c = pos.cell(t);
    c == EMPTY || (c != WALL && !is_of(c, own))
}

#[cfg(test)]
mod tests {
    use crate::features::Features;
    use fourhand_rules::Position;
    use fourhand_rules::RuleSet;
    use fourhand_rules::{Seat, Setup};

    #[test]
    fn at_the_start_only_knights_move_and_no_king_is_threatened() {
        let p = Position::start(RuleSet::get(fourhand_rules::Variant::Teams), Setup::Modern);
        for seat in Seat::ALL {
            let a = p.activity(seat, true);
            assert_eq!(a.mobility, 4, "{seat}");
            assert_eq!((a.developed, a.threats, a.knights_near_kings), (0, 0, 0));
            assert_eq!(p.king_danger(seat), 0, "{seat}");
            let s = p.king_shelter(seat);
            assert_eq!((s.attacked, s.attackers, s.shield), (0, 0, 3), "{seat}");
        }
    }

    #[test]
    fn activity_counts_threats_on_better_pieces_hanging_ones_and_knights_near_kings() {
        use fourhand_rules::{Kind, Piece, Square};
        let sq = |f: char, r: u8| Square::new(f as u8 - b'a', r - 1).unwrap();
        let mut p = Position::empty(RuleSet::get(fourhand_rules::Variant::Teams));
        p.put(sq('h', 1), Piece::new(Seat::South, Kind::King));
        // Red's pawn on e4 attacks Blue's knight on f5 (a better piece); Red's rook on k4
        // attacks Blue's pawn on k9, which Green's bishop on m11 defends.
        p.put(sq('e', 4), Piece::new(Seat::South, Kind::Pawn));
        p.put(sq('k', 4), Piece::new(Seat::South, Kind::Rook));
        p.put(sq('f', 5), Piece::new(Seat::West, Kind::Knight));
        p.put(sq('k', 9), Piece::new(Seat::West, Kind::Pawn));
        p.put(sq('m', 11), Piece::new(Seat::East, Kind::Bishop));
        let red = p.activity(Seat::South, true);
        assert_eq!(red.threats, 1);
        // The rook: k5-k9 up, k1-k3 down, f4-j4 and l4-n4 along the rank.
        assert_eq!((red.mobility, red.developed), (16, 1));
        // Blue's knight is off Blue's back row (the a-file) and two jumps from Red's king
        // (f5-g3-h1); it attacks nothing.
        let blue = p.activity(Seat::West, true);
        assert_eq!(
            (blue.developed, blue.knights_near_kings, blue.threats),
            (1, 1, 0)
        );
        assert_eq!(red.hanging, 0);
        // Undefended, the pawn hangs.
        p.remove(sq('m', 11));
        let red = p.activity(Seat::South, true);
        assert_eq!((red.threats, red.hanging), (1, 1));
        // A capture of a king is a check, not a threat.
        p.put(sq('k', 9), Piece::new(Seat::West, Kind::King));
        let red = p.activity(Seat::South, true);
        assert_eq!((red.threats, red.hanging), (1, 0));
    }

    #[test]
    fn the_shelter_counts_the_attacked_zone_and_the_pawns_in_front() {
        use fourhand_rules::{Kind, Piece, Square};
        let sq = |f: char, r: u8| Square::new(f as u8 - b'a', r - 1).unwrap();
        let mut p = Position::empty(RuleSet::get(fourhand_rules::Variant::Teams));
        let red = |k| Piece::new(Seat::South, k);
        p.put(sq('h', 1), red(Kind::King));
        // In front: g2 and h3 (two ahead); k2 is not.
        for (f, r) in [('g', 2), ('h', 3), ('k', 2)] {
            p.put(sq(f, r), red(Kind::Pawn));
        }
        // Green's rook on d1 attacks e1, f1 and g1 (in the zone); Blue's bishop on d6 attacks
        // h2 and i1 (both in the zone) down the diagonal; Yellow (the partner) attacks nothing
        // that counts.
        p.put(sq('d', 1), Piece::new(Seat::East, Kind::Rook));
        p.put(sq('e', 2), Piece::new(Seat::North, Kind::Rook));
        p.put(sq('d', 6), Piece::new(Seat::West, Kind::Bishop));
        let s = p.king_shelter(Seat::South);
        assert_eq!(s.shield, 2);
        assert_eq!(s.attacked, 3);
        assert_eq!(s.attackers, Seat::East.bit() | Seat::West.bit());
        assert_eq!(p.king_shelter(Seat::North), Default::default());
    }
}
