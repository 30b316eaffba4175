//! The pressure on a king's zone for evaluation: per square next to the king, the pieces that
//! attack it and those that defend it, weighed by kind, and whether pieces shelter the king.

use fourhand_rules::raw::{bits, forward, is_of, kind_bits, seat_bits, sideways, KING, WALL};
use fourhand_rules::{Kind, Position, Seat, Square};

/// The pieces bearing on one square of a king zone (see [`Features::king_zone`](super::Features::king_zone)). Kings are
/// not counted on either side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ZonePressure {
    /// How many hostile pieces attack the square.
    pub attackers: u32,
    /// The attackers' values, by the table given to [`Features::king_zone`](super::Features::king_zone).
    pub attack: i32,
    /// How many pieces of the king's side (its own army and a partner's) defend the square.
    pub defenders: u32,
    /// The defenders' values.
    pub defence: i32,
}

/// The pressure on a king's zone (see [`Features::king_zone`](super::Features::king_zone)).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct KingZone {
    /// The zone's squares in use, `len` of them: the king's square and the squares next to it,
    /// leaving out those on the board's outer rows and files (where an attack on a king at
    /// home rarely lands).
    squares: [ZonePressure; 9],
    len: usize,
    /// The hostile seats with a piece (not a king) attacking some square of the zone, one bit
    /// per seat.
    pub attackers: u8,
    /// Each of the three lines ahead of the king (straight and the two diagonals) is closed
    /// within two squares by a piece of its own army or by the board's edge.
    pub shielded: bool,
    /// The king stands on the board's outer row or file (its home row, or another army's).
    pub on_edge: bool,
}

impl KingZone {
    /// The pressure on each square of the zone.
    pub fn pressure(&self) -> &[ZonePressure] {
        &self.squares[..self.len]
    }

    /// Adds the next square's pressure (at most nine).
    pub(crate) fn push(&mut self, p: ZonePressure) {
        self.squares[self.len] = p;
        self.len += 1;
    }
}

/// On the board's outer ring: rank or file 1 or 14.
fn on_edge(sq: u8) -> bool {
    Square::from_index(sq)
        .is_some_and(|s| s.file() == 0 || s.file() == 13 || s.rank() == 0 || s.rank() == 13)
}

/// The pressure on `seat`'s king zone: per square, the hostile pieces that attack it and
/// the pieces of the king's side that defend it, each counted and weighed by `value`
/// (indexed by [`Kind`] as a number; kings never count); which hostile seats take part; the
/// king's cover. Sliders are stopped by the king itpos. All zero when `seat` has no king.
pub(crate) fn king_zone(pos: &Position, seat: Seat, value: &[i32; 7]) -> KingZone {
    let k = pos.king_index(seat);
    let mut z = KingZone::default();
    if k == 0 {
        return z;
    }
    let armed = pos.hostile_armies();
    let hostile = pos.hostile_to(seat);
    let friendly = armed & !pos.rules().enemies(seat);
    for t in zone_squares(pos, k) {
        let mut p = ZonePressure::default();
        for from in bits(&pos.attackers(t, armed)) {
            let c = pos.cell(from);
            let kind = kind_bits(c);
            if kind == Kind::King as u8 {
                continue;
            }
            let v = value[kind as usize];
            if is_of(c, hostile) {
                p.attackers += 1;
                p.attack += v;
                z.attackers |= 1 << seat_bits(c);
            } else if is_of(c, friendly) {
                p.defenders += 1;
                p.defence += v;
            }
        }
        z.push(p);
    }
    zone_cover(pos, seat, z)
}

/// The squares of the zone of a king on `k`: its own and those next to it, leaving out
/// walls and the board's outer ring, in a fixed order.
pub(crate) fn zone_squares(pos: &Position, k: u8) -> impl Iterator<Item = u8> + '_ {
    std::iter::once(k)
        .chain(KING.iter().map(move |&d| k.wrapping_add(d)))
        .filter(|&t| pos.cell(t) != WALL && !on_edge(t))
}

/// `z` with the cover of `seat`'s king filled in: whether its own pieces (or the edge)
/// close the lines ahead, and whether it stands on the outer ring.
pub(crate) fn zone_cover(pos: &Position, seat: Seat, mut z: KingZone) -> KingZone {
    let k = pos.king_index(seat);
    let f = forward(seat as u8);
    let side = sideways(f);
    let own = seat.bit();
    z.shielded = [f, f.wrapping_add(side), f.wrapping_sub(side)]
        .iter()
        .all(|&d| {
            let near = k.wrapping_add(d);
            [near, near.wrapping_add(d)].iter().any(|&t| {
                let c = pos.cell(t);
                c == WALL || is_of(c, own)
            })
        });
    z.on_edge = on_edge(k);
    z
}

#[cfg(test)]
mod tests {
    use crate::features::Features;
    use fourhand_rules::RuleSet;
    use fourhand_rules::{Kind, Piece, Seat, Setup, Square};
    use fourhand_rules::{Position, Variant};

    const VALUE: [i32; 7] = [0, 25, 30, 30, 40, 50, 0];

    #[test]
    fn at_the_start_every_king_is_sheltered_and_unattacked() {
        let p = Position::start(RuleSet::get(Variant::Teams), Setup::Modern);
        for seat in Seat::ALL {
            let z = p.king_zone(seat, &VALUE);
            assert!(z.shielded && z.on_edge, "{seat}");
            assert_eq!(z.attackers, 0, "{seat}");
            // The king's own row is left out: its square and the two beside it.
            assert_eq!(z.pressure().len(), 3, "{seat}");
            assert!(z.pressure().iter().all(|p| p.attackers == 0));
            // The queen and a bishop defend two of them; the third only the king (not counted).
            let defended = z.pressure().iter().filter(|p| p.defenders > 0).count();
            assert_eq!(defended, 2, "{seat}");
        }
    }

    #[test]
    fn the_zone_weighs_attackers_and_defenders_square_by_square() {
        let sq = |f: char, r: u8| Square::new(f as u8 - b'a', r - 1).unwrap();
        let mut p = Position::empty(RuleSet::get(Variant::Teams));
        p.put(sq('h', 3), Piece::new(Seat::South, Kind::King));
        // Blue's queen on d7 attacks g4 and the king's own square h3 down the diagonal.
        p.put(sq('d', 7), Piece::new(Seat::West, Kind::Queen));
        // Green's knight on j5 attacks i3 and h4.
        p.put(sq('j', 5), Piece::new(Seat::East, Kind::Knight));
        // Yellow (the partner) defends i3 with a rook on i10.
        p.put(sq('i', 10), Piece::new(Seat::North, Kind::Rook));
        let z = p.king_zone(Seat::South, &VALUE);
        assert!(!z.on_edge && !z.shielded);
        assert_eq!(z.attackers, Seat::West.bit() | Seat::East.bit());
        assert_eq!(z.pressure().len(), 9);
        let total = |f: fn(&super::ZonePressure) -> i32| z.pressure().iter().map(f).sum::<i32>();
        // The queen: g4 and h3 (the king's own square); the knight: i3 and h4.
        assert_eq!(total(|p| p.attackers as i32), 4);
        assert_eq!(total(|p| p.attack), 2 * 50 + 2 * 30);
        // Down the i-file the rook defends i4, i3 and i2.
        assert_eq!(total(|p| p.defence), 3 * 40);
        assert_eq!(
            p.king_zone(Seat::North, &VALUE),
            Default::default(),
            "no king, no zone"
        );
    }
}
