//! Static evaluation from the point of view of one seat: material (FFA: point values), pawn
//! advancement, mobility near the king, and for Verney/Club the inert armies.

use fourhand_rules::game::scoring::capture_value;
use fourhand_rules::position::Army;
use fourhand_rules::{Kind, Position, Seat};

/// Centipawn-like values for sides games.
const fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Pawn => 100,
        Kind::Knight => 300,
        Kind::Bishop => 400,
        Kind::Rook => 500,
        Kind::Queen => 1000,
        Kind::King => 0,
    }
}

/// Whether `a` and `b` count as one team for `root`'s search (the same seat, or partners).
pub fn allied(pos: &Position, a: Seat, b: Seat) -> bool {
    pos.rules().allied(a, b)
}

/// How far a pawn of `seat` on `sq` has come (0 on its own row).
fn advance(seat: Seat, file: u8, rank: u8) -> i32 {
    let rel = match seat {
        Seat::South => rank,
        Seat::West => file,
        Seat::North => 13 - rank,
        Seat::East => 13 - file,
    };
    rel as i32 - 1
}

/// Score of `pos` for `root` (higher is better), plus `points` already won on the path (FFA).
pub fn evaluate(pos: &Position, root: Seat, points: &[i32; 4]) -> i32 {
    let rules = pos.rules();
    let mut per = [0i32; 4];
    for (sq, pc) in pos.pieces() {
        if pc.dead {
            continue;
        }
        let s = pc.seat.index();
        let v = if rules.scoring {
            capture_value(pc) * 40
        } else {
            value(pc.kind)
        };
        per[s] += v;
        if pc.kind == Kind::Pawn {
            per[s] += advance(pc.seat, sq.file(), sq.rank()) * 6;
        }
    }
    for seat in Seat::ALL {
        let s = seat.index();
        match pos.army(seat) {
            Army::Mated => per[s] -= 2500,
            Army::Out | Army::Resigned => per[s] -= 4000,
            _ => {}
        }
        if pos.army(seat).is_hostile() && pos.in_check(seat) {
            per[s] -= 60;
        }
    }
    if rules.scoring {
        // FFA: my points and material against the strongest rival.
        let mine = per[root.index()] + points[root.index()] * 40;
        let best_other = Seat::ALL
            .iter()
            .filter(|&&o| o != root)
            .map(|&o| per[o.index()] + points[o.index()] * 40)
            .max()
            .unwrap_or(0);
        return mine - (best_other + per.iter().sum::<i32>() / 4) / 2;
    }
    let mut score = 0;
    for seat in Seat::ALL {
        let v = per[seat.index()];
        if allied(pos, root, seat) {
            score += v;
        } else {
            score -= v;
        }
    }
    score
}
