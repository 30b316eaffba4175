//! Every army's [`Activity`] and every king's [`KingZone`] from one walk over the board's
//! pieces: each piece's attacks are followed once and recorded square by square, so the king
//! zones, and the test of whether a threatened piece is defended, read the record instead of
//! looking for attackers from each square again.

use super::activity::Activity;
use super::king_zone::{zone_cover, zone_squares, KingZone, ZonePressure};
use fourhand_rules::raw::{
    and, bits, has, is_empty, is_of, kind_bits, pawn_step, relative_rank, seat_bits, sideways,
    DIAG, EMPTY, KING, KNIGHT, KNIGHT_SQUARES, ORTHO, WALL,
};
use fourhand_rules::{Kind, Position, Seat};

/// What [`Features::survey`](super::Features::survey) finds: for each army that attacks (see
/// [`fourhand_rules::Army::is_hostile`]) what [`Features::activity`](super::Features::activity) finds, and for its king what
/// [`Features::king_zone`](super::Features::king_zone) finds; all zero for an army that does not attack.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Survey {
    /// Each army's activity, by seat.
    pub activity: [Activity; 4],
    /// Each king's zone, by seat (all zero unless asked for).
    pub zones: [KingZone; 4],
}

/// Distinct king-zone squares at most: four kings, nine squares each.
const ZONE_SQUARES: usize = 36;
/// Captures whose defence is tested after the walk, at most; any more are tested at once.
const PENDING: usize = 128;

const PAWN: u8 = Kind::Pawn as u8;
const KNIGHT_KIND: u8 = Kind::Knight as u8;
const KING_KIND: u8 = Kind::King as u8;

/// The walk's record of who attacks what.
struct Record {
    /// Per square, the seats with a piece (kings and pawns too) attacking it.
    by: [u8; 256],
    /// Per square, its zone slot plus one (0: in no king's zone).
    slot: [u8; 256],
    /// Per zone slot and seat: how many of the seat's pieces (not its king) attack the
    /// square, and their summed values.
    pressure: [[(u32, i32); 4]; ZONE_SQUARES],
    /// Captures of a piece of a kind no better than the taker's, by seat of the taker and
    /// square: the victim hangs unless its side defends it, which the finished record tells.
    pending: [(u8, u8); PENDING],
    waiting: usize,
}

/// [`Features::activity`](super::Features::activity) of every army that attacks (with `threats`, as there) and, with
/// `zones`, [`Features::king_zone`](super::Features::king_zone) of each such army's king weighed by `value`: the same
/// figures, found in one walk over the pieces.
pub(crate) fn survey(pos: &Position, threats: bool, zones: bool, value: &[i32; 7]) -> Survey {
    let armed = pos.hostile_armies();
    let mut out = Survey::default();
    let mut rec = Record {
        by: [0; 256],
        slot: [0; 256],
        pressure: [[(0, 0); 4]; ZONE_SQUARES],
        pending: [(0, 0); PENDING],
        waiting: 0,
    };
    // The zones' squares, each given a slot once (zones may overlap).
    let mut squares = [[0u8; 9]; 4];
    let mut lens = [0usize; 4];
    let zoned = |seat: Seat| zones && armed & seat.bit() != 0 && pos.king_index(seat) != 0;
    let mut slots = 0u8;
    for seat in Seat::ALL.into_iter().filter(|&s| zoned(s)) {
        let s = seat.index();
        for t in zone_squares(pos, pos.king_index(Seat::from_index(s))) {
            if rec.slot[t as usize] == 0 {
                slots += 1;
                rec.slot[t as usize] = slots;
            }
            squares[s][lens[s]] = t;
            lens[s] += 1;
        }
    }
    for seat in Seat::ALL {
        if armed & seat.bit() != 0 {
            out.activity[seat.index()] = walk(pos, seat, threats, value, &mut rec);
        }
    }
    for &(s, t) in &rec.pending[..rec.waiting] {
        if undefended(pos, t, armed, &rec.by) {
            out.activity[s as usize].hanging += 1;
        }
    }
    for seat in Seat::ALL.into_iter().filter(|&s| zoned(s)) {
        let s = seat.index();
        let hostile = pos.hostile_to(seat);
        let friendly = armed & !pos.rules().enemies(seat);
        let mut z = KingZone::default();
        for &t in &squares[s][..lens[s]] {
            let mut p = ZonePressure::default();
            let slot = &rec.pressure[rec.slot[t as usize] as usize - 1];
            for (o, &(n, v)) in slot.iter().enumerate() {
                if hostile >> o & 1 != 0 {
                    p.attackers += n;
                    p.attack += v;
                    if n > 0 {
                        z.attackers |= 1 << o;
                    }
                } else if friendly >> o & 1 != 0 {
                    p.defenders += n;
                    p.defence += v;
                }
            }
            z.push(p);
        }
        out.zones[s] = zone_cover(pos, seat, z);
    }
    out
}

/// Walks `seat`'s pieces: its activity (as [`Features::activity`](super::Features::activity), except for the captures
/// left pending in `rec`), every square they attack recorded in `rec`.
fn walk(pos: &Position, seat: Seat, threats: bool, value: &[i32; 7], rec: &mut Record) -> Activity {
    let s = seat.index();
    let own = seat.bit();
    let prey = pos.hostile_to(seat);
    let mut a = Activity::default();
    // The squares of the hostile kings (0: none).
    let kings: [u8; 4] =
        std::array::from_fn(|o| pos.king_index(Seat::from_index(o)) * (prey >> o & 1));
    for from in bits(pos.occupancy(seat)) {
        let c = pos.cell(from);
        let k = kind_bits(c);
        let v = value[k as usize];
        // `t` is attacked by this piece (a wall is not).
        let attack = |t: u8, rec: &mut Record| {
            rec.by[t as usize] |= own;
            let slot = rec.slot[t as usize];
            if slot != 0 && k != KING_KIND {
                let e = &mut rec.pressure[slot as usize - 1][s];
                e.0 += 1;
                e.1 += v;
            }
        };
        // `t` could be taken by this piece: a threat, or a capture pending its defence.
        let hit = |t: u8, a: &mut Activity, rec: &mut Record| {
            let tc = pos.cell(t);
            if !threats || !is_of(tc, prey) {
                return;
            }
            let victim = kind_bits(tc);
            if victim == KING_KIND {
            } else if victim > k {
                a.threats += 1;
            } else if rec.waiting < PENDING {
                rec.pending[rec.waiting] = (s as u8, t);
                rec.waiting += 1;
            } else if undefended_now(pos, t) {
                a.hanging += 1;
            }
        };
        let mut reach = 0;
        match k {
            PAWN => {
                let f = pawn_step(c);
                let side = sideways(f);
                let ahead = from.wrapping_add(f);
                for t in [ahead.wrapping_add(side), ahead.wrapping_sub(side)] {
                    if pos.cell(t) != WALL {
                        attack(t, rec);
                        hit(t, &mut a, rec);
                    }
                }
                continue;
            }
            KNIGHT_KIND => {
                for t in KNIGHT.iter().map(|&d| from.wrapping_add(d)) {
                    let tc = pos.cell(t);
                    if tc == WALL {
                        continue;
                    }
                    attack(t, rec);
                    if tc == EMPTY || !is_of(tc, own) {
                        reach += 1;
                        hit(t, &mut a, rec);
                    }
                }
                let jumps = &KNIGHT_SQUARES[from as usize];
                a.knights_near_kings += kings
                    .iter()
                    .filter(|&&ks| {
                        ks != 0
                            && (has(jumps, ks)
                                || !is_empty(&and(jumps, &KNIGHT_SQUARES[ks as usize])))
                    })
                    .count() as u32;
                a.developed += u32::from(relative_rank(seat as u8, from) != 1);
            }
            KING_KIND => {
                for t in KING.iter().map(|&d| from.wrapping_add(d)) {
                    if pos.cell(t) != WALL {
                        attack(t, rec);
                    }
                }
                continue;
            }
            _ => {
                for (dirs, kinds) in [(&DIAG, [3, 5]), (&ORTHO, [4, 5])] {
                    if !kinds.contains(&k) {
                        continue;
                    }
                    for &d in dirs {
                        let mut t = from.wrapping_add(d);
                        while pos.cell(t) == EMPTY {
                            attack(t, rec);
                            reach += 1;
                            t = t.wrapping_add(d);
                        }
                        let tc = pos.cell(t);
                        if tc != WALL {
                            attack(t, rec);
                            if !is_of(tc, own) {
                                reach += 1;
                                hit(t, &mut a, rec);
                            }
                        }
                    }
                }
                a.developed += u32::from(reach >= Activity::DEVELOPED_REACH);
            }
        }
        a.mobility += reach;
    }
    a
}

/// True when no piece of the side of the piece on `t` attacks `t`, by the record `by`
/// (complete once every army's walk is done; `armed`: the armies that attack).
fn undefended(pos: &Position, t: u8, armed: u8, by: &[u8; 256]) -> bool {
    let s = Seat::from_index(seat_bits(pos.cell(t)) as usize);
    by[t as usize] & armed & !pos.rules().enemies(s) == 0
}

/// The same as [`Position::undefended`], asked of the board (for a capture found while
/// the record is still incomplete).
fn undefended_now(pos: &Position, t: u8) -> bool {
    let s = Seat::from_index(seat_bits(pos.cell(t)) as usize);
    !pos.is_attacked(t, pos.hostile_armies() & !pos.rules().enemies(s), 0)
}
