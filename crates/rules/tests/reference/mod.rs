//! A slow, obviously-correct move generator written only for tests: plain coordinates, a map
//! of pieces, and "make the move, then ask every hostile piece whether it hits the king".

#![allow(dead_code)]

use fourhand_rules::ruleset::{Castling, PromotionZone, RuleSet, StalemateRule};
use fourhand_rules::{Army, Kind, Piece, Position, Seat, Square};
use std::collections::HashMap;

type Board = HashMap<(i32, i32), Piece>;

fn sq(f: i32, r: i32) -> Option<Square> {
    if !(0..14).contains(&f) || !(0..14).contains(&r) {
        return None;
    }
    Square::new(f as u8, r as u8)
}

fn fr(s: Square) -> (i32, i32) {
    (s.file() as i32, s.rank() as i32)
}

fn forward(seat: Seat) -> (i32, i32) {
    match seat {
        Seat::South => (0, 1),
        Seat::West => (1, 0),
        Seat::North => (0, -1),
        Seat::East => (-1, 0),
    }
}

fn pawn_dir(p: Piece) -> (i32, i32) {
    let (a, b) = forward(p.seat);
    if p.reversed {
        (-a, -b)
    } else {
        (a, b)
    }
}

/// Rank of (f, r) counted from `seat`'s back row, 1-based.
fn rel_rank(seat: Seat, (f, r): (i32, i32)) -> i32 {
    match seat {
        Seat::South => r + 1,
        Seat::West => f + 1,
        Seat::North => 14 - r,
        Seat::East => 14 - f,
    }
}

fn enemies(rules: &RuleSet, s: Seat) -> Vec<Seat> {
    Seat::ALL
        .into_iter()
        .filter(|&o| o != s && rules.partner(s) != Some(o))
        .collect()
}

/// The seats whose pieces attack `s` and may be taken by it: enemies of the player who moves
/// `s`'s pieces, not moved by him (Conquest), whose armies attack.
fn hostile(pos: &Position, s: Seat) -> Vec<Seat> {
    let by = pos.controller(s);
    enemies(pos.rules(), by)
        .into_iter()
        .filter(|&o| pos.controller(o) != by)
        .filter(|&o| matches!(pos.army(o), Army::Live | Army::Zombie | Army::Conquered))
        .collect()
}

const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];

/// Does the piece `p` at `at` attack `target` on `board`?
fn attacks(board: &Board, p: Piece, at: (i32, i32), target: (i32, i32)) -> bool {
    let (df, dr) = (target.0 - at.0, target.1 - at.1);
    let ray = |dirs: &[(i32, i32)]| {
        dirs.iter().any(|&(a, b)| {
            let (mut f, mut r) = (at.0 + a, at.1 + b);
            while sq(f, r).is_some() {
                if (f, r) == target {
                    return true;
                }
                if board.contains_key(&(f, r)) {
                    return false;
                }
                f += a;
                r += b;
            }
            false
        })
    };
    match p.kind {
        Kind::Pawn => {
            let (a, b) = pawn_dir(p);
            let sides = if a == 0 {
                [(1, 0), (-1, 0)]
            } else {
                [(0, 1), (0, -1)]
            };
            sides.iter().any(|&(x, y)| (a + x, b + y) == (df, dr))
        }
        Kind::Knight => KNIGHT.contains(&(df, dr)),
        Kind::King => df.abs() <= 1 && dr.abs() <= 1 && (df, dr) != (0, 0),
        Kind::Bishop => ray(&BISHOP),
        Kind::Rook => ray(&ROOK),
        Kind::Queen => ray(&ROOK) || ray(&BISHOP),
    }
}

fn attacked(board: &Board, target: (i32, i32), by: &[Seat]) -> bool {
    board
        .iter()
        .any(|(&at, &p)| !p.dead && by.contains(&p.seat) && attacks(board, p, at, target))
}

/// A move as text: `from-to` plus `=X` for promotions.
fn text(from: (i32, i32), to: (i32, i32), promo: Option<Kind>) -> String {
    let mut s = format!(
        "{}-{}",
        sq(from.0, from.1).unwrap(),
        sq(to.0, to.1).unwrap()
    );
    if let Some(k) = promo {
        s.push('=');
        s.push(k.letter());
    }
    s
}

struct Cand {
    from: (i32, i32),
    to: (i32, i32),
    promo: Option<Kind>,
    /// Extra squares emptied (en passant) and a rook move (castling).
    removes: Vec<(i32, i32)>,
    rook: Option<((i32, i32), (i32, i32))>,
    /// Chess960 castling, written king to rook: where the king lands.
    land: Option<(i32, i32)>,
}

/// The legal moves of the seat to move under a king-capture rule set, as sorted texts.
pub fn legal_moves(pos: &Position) -> Vec<String> {
    let seat = pos.turn();
    let rules = pos.rules();
    let board: Board = pos.pieces().map(|(s, p)| (fr(s), p)).collect();
    let hostile_seats = hostile(pos, seat);
    // Conquest: a dead king is a frozen one, untouchable, and no king may step next to it.
    let freeze = rules.stalemate == StalemateRule::Freeze;
    let capturable = |p: &Piece| {
        (p.dead || hostile_seats.contains(&p.seat))
            && (rules.king_capture || p.kind != Kind::King)
            && !(freeze && p.dead && p.kind == Kind::King)
    };
    let near_frozen_king = |to: (i32, i32)| {
        freeze
            && board.iter().any(|(&at, q)| {
                q.dead
                    && q.kind == Kind::King
                    && (at.0 - to.0).abs() <= 1
                    && (at.1 - to.1).abs() <= 1
            })
    };
    let mut cands: Vec<Cand> = Vec::new();
    let mut push = |from, to, promo, removes, rook| {
        cands.push(Cand {
            from,
            to,
            promo,
            removes,
            rook,
            land: None,
        })
    };
    let promotes = |pawn: Seat, to: (i32, i32)| match rules.promotion_zone {
        PromotionZone::OwnRank(n) => rel_rank(pawn, to) == n as i32,
        PromotionZone::OpponentBackRow => enemies(rules, pawn)
            .into_iter()
            .any(|o| rel_rank(o, to) == 1),
        PromotionZone::ForwardEdge => {
            let (a, b) = forward(pawn);
            sq(to.0 + a, to.1 + b).is_none()
        }
    };
    let promo_kinds = rules.promotion_choice.kinds();
    // A square of the board in use (Chaturaji plays on the centre 8×8 only).
    let on = |f: i32, r: i32| sq(f, r).filter(|&s| rules.board.contains(s));
    for (&at, &p) in &board {
        // The mover's own pieces, and in Conquest those of the armies he has conquered.
        if pos.controller(p.seat) != seat || p.dead {
            continue;
        }
        let mut add = |to: (i32, i32), removes: Vec<(i32, i32)>| {
            if p.kind == Kind::Pawn && promotes(p.seat, to) {
                for &k in promo_kinds {
                    push(at, to, Some(k), removes.clone(), None);
                }
            } else {
                push(at, to, None, removes, None);
            }
        };
        let target_ok = |to: (i32, i32)| match board.get(&to) {
            None => true,
            Some(q) => capturable(q),
        };
        match p.kind {
            Kind::Pawn => {
                let (a, b) = pawn_dir(p);
                let one = (at.0 + a, at.1 + b);
                let partner_pawn = board.get(&one).is_some_and(|q| {
                    rules.partner(seat) == Some(q.seat) && q.kind == Kind::Pawn && !q.dead
                });
                let beyond = (one.0 + a, one.1 + b);
                if rules.partner_pawn_jump
                    && partner_pawn
                    && on(beyond.0, beyond.1).is_some()
                    && !board.contains_key(&beyond)
                {
                    add(beyond, vec![]);
                }
                if on(one.0, one.1).is_some() && !board.contains_key(&one) {
                    add(one, vec![]);
                    let two = (one.0 + a, one.1 + b);
                    if rules.double_step
                        && !p.reversed
                        && rel_rank(p.seat, at) == 2
                        && on(two.0, two.1).is_some()
                        && !board.contains_key(&two)
                    {
                        add(two, vec![]);
                    }
                }
                let sides = if a == 0 {
                    [(1, 0), (-1, 0)]
                } else {
                    [(0, 1), (0, -1)]
                };
                for (x, y) in sides {
                    let to = (at.0 + a + x, at.1 + b + y);
                    if on(to.0, to.1).is_none() {
                        continue;
                    }
                    let mut removes = vec![];
                    let mut ep = false;
                    for (x_seat, w) in pos.ep_windows().iter() {
                        let Some((skipped, pawn)) = w.squares() else {
                            continue;
                        };
                        if fr(skipped) != to || !hostile_seats.contains(&x_seat) {
                            continue;
                        }
                        let pawn_ok = board.get(&fr(pawn)).is_some_and(|q| {
                            pos.controller(q.seat) == x_seat && q.kind == Kind::Pawn && !q.dead
                        });
                        if pawn_ok {
                            ep = true;
                            removes.push(fr(pawn));
                        }
                    }
                    match board.get(&to) {
                        Some(q) if capturable(q) => add(to, removes),
                        None if ep => add(to, removes),
                        _ => {}
                    }
                }
            }
            Kind::Knight | Kind::King => {
                let steps: Vec<(i32, i32)> = if p.kind == Kind::Knight {
                    KNIGHT.to_vec()
                } else {
                    ROOK.iter().chain(BISHOP.iter()).copied().collect()
                };
                for (x, y) in steps {
                    let to = (at.0 + x, at.1 + y);
                    let kept_off = p.kind == Kind::King && near_frozen_king(to);
                    if on(to.0, to.1).is_some() && target_ok(to) && !kept_off {
                        add(to, vec![]);
                    }
                }
            }
            _ => {
                let dirs: Vec<(i32, i32)> = match p.kind {
                    Kind::Bishop => BISHOP.to_vec(),
                    Kind::Rook => ROOK.to_vec(),
                    _ => ROOK.iter().chain(BISHOP.iter()).copied().collect(),
                };
                for (x, y) in dirs {
                    let (mut f, mut r) = (at.0 + x, at.1 + y);
                    while on(f, r).is_some() {
                        match board.get(&(f, r)) {
                            None => add((f, r), vec![]),
                            Some(q) => {
                                if capturable(q) {
                                    add((f, r), vec![]);
                                }
                                break;
                            }
                        }
                        f += x;
                        r += y;
                    }
                }
            }
        }
    }
    if let Castling::Chess960(sym) = rules.castling {
        castles_960(pos, &board, &hostile_seats, sym, &mut cands);
    }
    // Castling, from where the king stands: rooks on the corners of its back row.
    if let (Some(k), Castling::Standard) = (pos.king(seat).map(fr), rules.castling) {
        for short in [true, false] {
            if !pos.castling_right(seat, short) {
                continue;
            }
            let rooks = match seat {
                Seat::South => [(3, 0), (10, 0)],
                Seat::North => [(3, 13), (10, 13)],
                Seat::West => [(0, 3), (0, 10)],
                Seat::East => [(13, 3), (13, 10)],
            };
            let Some(rook) = rooks.into_iter().find(|&r| {
                let d = (r.0 - k.0).abs() + (r.1 - k.1).abs();
                if short {
                    d == 3
                } else {
                    d == 4
                }
            }) else {
                continue;
            };
            let step = ((rook.0 - k.0).signum(), (rook.1 - k.1).signum());
            let mut t = (k.0 + step.0, k.1 + step.1);
            let mut clear = true;
            while t != rook {
                clear &= !board.contains_key(&t);
                t = (t.0 + step.0, t.1 + step.1);
            }
            let pass = (k.0 + step.0, k.1 + step.1);
            let land = (pass.0 + step.0, pass.1 + step.1);
            let mut without_king = board.clone();
            without_king.remove(&k);
            // Under CaptureTheKing no square's attackers matter.
            let guard = if rules.must_parry_check {
                hostile_seats.clone()
            } else {
                Vec::new()
            };
            if clear
                && !attacked(&board, k, &guard)
                && !attacked(&without_king, pass, &guard)
                && !attacked(&without_king, land, &guard)
            {
                cands.push(Cand {
                    from: k,
                    to: land,
                    promo: None,
                    removes: vec![],
                    rook: Some((rook, pass)),
                    land: None,
                });
            }
        }
    }
    let mut out: Vec<String> = cands
        .into_iter()
        .filter(|c| {
            let mut b = board.clone();
            let mover = b.remove(&c.from).expect("mover");
            let captured = if c.land.is_some() {
                None
            } else {
                b.remove(&c.to)
            };
            for r in &c.removes {
                b.remove(r);
            }
            if let Some((from, to)) = c.rook {
                let rk = b.remove(&from).expect("rook");
                b.insert(to, rk);
            }
            b.insert(c.land.unwrap_or(c.to), mover);
            let mut by = hostile_seats.clone();
            if rules.king_capture_disarms {
                if let Some(q) = captured.filter(|q| q.kind == Kind::King && !q.dead) {
                    // Its army, and those its player moved (Conquest), fall silent.
                    by.retain(|&s| pos.controller(s) != q.seat);
                }
            }
            let king = b
                .iter()
                .find(|(_, p)| p.seat == seat && p.kind == Kind::King && !p.dead)
                .map(|(&at, _)| at);
            let own_safe = match king {
                _ if !rules.must_parry_check => true,
                None => true,
                Some(k) => !attacked(&b, k, &by),
            };
            own_safe && partner_rule(pos, &board, &b, seat)
        })
        .map(|c| text(c.from, c.to, c.promo))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Chess960 castles (variants.md §3.1) of the seat to move, written king to rook: with each
/// right, the outermost rook of its colour on that side of the king along the arrangement's
/// index order; every square the king or rook crosses or reaches empty but for the two; the
/// king not in check and the squares it crosses not attacked (its landing square is judged with
/// the rest of the move, after it).
fn castles_960(
    pos: &Position,
    board: &Board,
    hostile_seats: &[Seat],
    sym: fourhand_rules::Symmetry,
    cands: &mut Vec<Cand>,
) {
    let seat = pos.turn();
    let Some(k) = pos.king(seat) else {
        return;
    };
    let Some(ki) = (0..8).find(|&i| sym.square(seat, i) == k) else {
        return;
    };
    let guard: Vec<Seat> = if pos.rules().must_parry_check {
        hostile_seats.to_vec()
    } else {
        Vec::new()
    };
    let at = |i: u8| fr(sym.square(seat, i));
    for h_side in [true, false] {
        if !pos.castling_right(seat, h_side) {
            continue;
        }
        let is_rook = |i: &u8| {
            board
                .get(&at(*i))
                .is_some_and(|p| p.seat == seat && p.kind == Kind::Rook)
        };
        let rook = if h_side {
            (ki + 1..8).rev().find(is_rook)
        } else {
            (0..ki).find(is_rook)
        };
        let Some(ri) = rook else {
            continue;
        };
        let (kd, rd) = if h_side { (6u8, 5u8) } else { (2, 3) };
        let between = |a: u8, b: u8| a.min(b)..=a.max(b);
        let clear = between(ki, kd)
            .chain(between(ri, rd))
            .all(|i| i == ki || i == ri || !board.contains_key(&at(i)));
        let mut without_king = board.clone();
        without_king.remove(&at(ki));
        let safe = !attacked(board, at(ki), &guard)
            && between(ki, kd)
                .filter(|&i| i != ki && i != kd)
                .all(|i| !attacked(&without_king, at(i), &guard));
        if clear && safe {
            cands.push(Cand {
                from: at(ki),
                to: at(ri),
                promo: None,
                removes: vec![],
                rook: Some((at(ri), at(rd))),
                land: Some(at(kd)),
            });
        }
    }
}

/// Squares of the live hostile pieces that attack `target`.
fn attackers(board: &Board, target: (i32, i32), by: &[Seat]) -> Vec<(i32, i32)> {
    let mut v: Vec<(i32, i32)> = board
        .iter()
        .filter(|(_, p)| !p.dead && by.contains(&p.seat))
        .filter(|(&at, &p)| attacks(board, p, at, target))
        .map(|(&at, _)| at)
        .collect();
    v.sort();
    v
}

/// Verney/Club: no live enemy piece may attack the partner's king after the move that did not
/// attack it before.
fn partner_rule(pos: &Position, before: &Board, after: &Board, seat: Seat) -> bool {
    let rules = pos.rules();
    let partner = seat.opposite();
    if !rules.no_new_partner_check || !rules.sides() || pos.army(partner) == Army::Resigned {
        return true;
    }
    let Some(k) = pos.king(partner).map(fr) else {
        return true;
    };
    let by = hostile(pos, partner);
    let old = attackers(before, k, &by);
    attackers(after, k, &by).iter().all(|a| old.contains(a))
}

/// Perft by the reference generator's move lists (the moves made by the fast position).
pub fn perft(p: &Position, depth: u32) -> u64 {
    let names = legal_moves(p);
    if depth == 1 {
        return names.len() as u64;
    }
    let list = p.legal_moves();
    names
        .iter()
        .map(|name| {
            let m = list.iter().find(|m| m.uci() == *name).expect("listed");
            let mut c = p.clone();
            c.play(*m);
            perft(&c, depth - 1)
        })
        .sum()
}
