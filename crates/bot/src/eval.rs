//! Static evaluation from the point of view of one seat: material (FFA: point values), pawn
//! advancement (Verney/Club: reversed pawns, which promote by capture on an opponent's back
//! row), mobility, king safety, checked kings, and the state of each army (out, or in
//! Verney/Club inert: mating one opponent is half the win, reviving the partner undoes it).

use fourhand_rules::position::Army;
use fourhand_rules::ruleset::MatedArmy;
use fourhand_rules::{Kind, Position, Seat};

/// Centipawn-like values for sides games.
const fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Pawn => 70,
        Kind::Knight => 300,
        Kind::Bishop => 400,
        Kind::Rook => 500,
        Kind::Queen => 1000,
        Kind::King => 0,
    }
}

/// Per square a knight, bishop, rook or queen reaches.
const MOBILITY: i32 = 3;
/// Per square next to the king that an enemy attacks (the plain king-safety term).
const KING_DANGER: i32 = 12;
/// The king zone's danger by how many of its eight squares hostile enemies attack: it grows
/// faster than the count (several attacked squares are how mates happen).
const ZONE_DANGER: [i32; 9] = [0, 12, 36, 72, 120, 180, 255, 345, 450];
/// Per own pawn in the shield in front of the king.
const SHIELD: i32 = 10;
/// A king whose zone two or more hostile armies attack at once.
const CONVERGING: i32 = 120;
/// A king with no pawn in front of it while the enemies still have a queen.
const BARE_KING: i32 = 60;
/// A king in check.
const CHECKED: i32 = 60;
/// A reversed pawn (Verney/Club).
const REVERSED_PAWN: i32 = 45;
/// An inert (mated) army in Verney/Club: half of the win of mating both opponents, and what
/// reviving the partner is worth.
const INERT: i32 = 2500;
/// An army out of the game.
const OUT: i32 = 4000;

/// N-check: what having only this many lives left costs (0, 1, 2, 3 or more): the last one
/// is a mate away.
const LIVES_LOST: [i32; 4] = [0, 450, 150, 0];

/// King of the Hill: what a king's nearness to the four centre squares is worth — little far
/// away, much one or two steps off, when the search may not yet see the walk.
const HILL_PULL: [i32; 7] = [0, 250, 100, 40, 15, 5, 0];

/// The hill bonus of `seat`'s king: by its king-step distance to the nearest hill square.
fn hill_pull(pos: &Position, seat: Seat) -> i32 {
    let Some(k) = pos.king(seat) else {
        return 0;
    };
    let d = fourhand_rules::RuleSet::HILL
        .iter()
        .map(|h| (h.file().abs_diff(k.file())).max(h.rank().abs_diff(k.rank())))
        .min()
        .unwrap_or(u8::MAX);
    HILL_PULL[(d as usize).min(HILL_PULL.len() - 1)]
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
/// With `shelter`, king safety is the attacked king zone (growing faster than linearly) and
/// the pawn shield; without, the attacked flight squares, linearly.
pub fn evaluate(pos: &Position, root: Seat, points: &[i32; 4], shelter: bool) -> i32 {
    let rules = pos.rules();
    let historical = rules.mated_army == MatedArmy::Inert;
    let mut per = [0i32; 4];
    let mut queens = 0u8;
    for (sq, pc) in pos.pieces() {
        if pc.dead {
            continue;
        }
        // Conquest: a conquered army's pieces count for the player who moves them.
        let s = pos.controller(pc.seat).index();
        if pc.kind == Kind::Queen {
            queens |= pc.seat.bit();
        }
        let v = if rules.scoring {
            rules.points.capture(pc) * 40
        } else {
            value(pc.kind)
        };
        per[s] += v;
        if pc.kind == Kind::Pawn {
            per[s] += if historical {
                // Forward pawns head for the partner's back row, where they reverse; a
                // reversed pawn is across and promotes by a capture on an opponent's row.
                if pc.reversed {
                    REVERSED_PAWN
                } else {
                    advance(pc.seat, sq.file(), sq.rank()) * 3
                }
            } else {
                advance(pc.seat, sq.file(), sq.rank()) * 6
            };
        }
    }
    let (mobility, danger) = if rules.scoring {
        (MOBILITY / 2, KING_DANGER / 2)
    } else {
        (MOBILITY, KING_DANGER)
    };
    for seat in Seat::ALL {
        let s = seat.index();
        let army = pos.army(seat);
        match army {
            Army::Mated => per[s] -= INERT,
            Army::Out | Army::Resigned => per[s] -= OUT,
            _ => {}
        }
        if army == Army::Live && rules.king_of_the_hill {
            per[s] += hill_pull(pos, seat);
        }
        if let Some(n) = pos.lives(seat).filter(|_| army.is_hostile()) {
            per[s] -= LIVES_LOST[usize::from(n.min(3))];
        }
        if army.is_hostile() {
            per[pos.controller(seat).index()] += pos.mobility(seat) as i32 * mobility;
            if shelter {
                let k = pos.king_shelter(seat);
                let mut unsafe_king = ZONE_DANGER[k.attacked.min(8) as usize];
                if k.attackers.count_ones() >= 2 {
                    unsafe_king += CONVERGING;
                }
                if k.shield == 0 && queens & pos.hostile_to(seat) != 0 {
                    unsafe_king += BARE_KING;
                }
                per[s] -= unsafe_king * danger / KING_DANGER;
                per[s] += k.shield as i32 * SHIELD;
            } else {
                per[s] -= pos.king_danger(seat) as i32 * danger;
            }
            if pos.in_check(seat) {
                per[s] -= CHECKED;
            }
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
