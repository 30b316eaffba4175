//! Static evaluation from the point of view of one seat: material (FFA: point values), pawn
//! advancement (Verney/Club: reversed pawns, which promote by capture on an opponent's back
//! row), mobility, king safety, checked kings, and the state of each army (out, or in
//! Verney/Club inert: mating one opponent is half the win, reviving the partner undoes it).

use crate::features::{Features, KingZone};
use fourhand_rules::position::Army;
use fourhand_rules::ruleset::MatedArmy;
use fourhand_rules::{Kind, Position, Seat, Square};

use crate::placement;
use crate::weights::{Weights, FFA_POINT};

impl Weights {
    /// A piece's value in sides games.
    const fn value(&self, kind: Kind) -> i32 {
        match kind {
            Kind::Pawn => self.pawn,
            Kind::Knight => self.knight,
            Kind::Bishop => self.bishop,
            Kind::Rook => self.rook,
            Kind::Queen => self.queen,
            Kind::King => 0,
        }
    }
}

/// The king zone's danger by how many of its eight squares hostile enemies attack, at a
/// `zone_danger` of 100: it grows faster than the count (several attacked squares are how mates
/// happen).
const ZONE_DANGER: [i32; 9] = [0, 12, 36, 72, 120, 180, 255, 345, 450];
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
/// away, much one or two steps off, when the search may not yet see the walk. Above what a
/// rook's or a tempo's worth of activity weighs in Teams' fitted weights, or a free walk to
/// the hill loses to a rook move (`tests/king_of_the_hill.rs`).
const HILL_PULL: [i32; 7] = [0, 400, 160, 60, 20, 5, 0];

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

/// What a piece attacking or defending a square next to a king weighs, by kind (pawn, knight,
/// bishop, rook, queen; kings never count).
const ZONE_VALUE: [i32; 7] = [0, 25, 30, 30, 40, 50, 0];
/// In percent, how much the attackers' (or, halved, the defenders') weight counts on a square
/// by their number: more pieces on one square weigh more than their sum.
const ZONE_WEIGHT: [i32; 9] = [0, 50, 100, 120, 150, 200, 250, 300, 400];
/// Two or more hostile armies attack the zone.
const ZONE_CONVERGING: i32 = 150;
/// With a hostile queen on the board: the lines ahead of the king are open.
const ZONE_UNSHIELDED: i32 = 75;
/// With a hostile queen on the board: the king has left the board's edge.
const ZONE_AFIELD: i32 = 50;
/// With a hostile queen on the board: both at once, on top of the two above.
const ZONE_BARE: i32 = 50;

/// How unsafe `seat`'s king is by the pieces bearing on its zone `z` (see
/// [`Features::king_zone`]): per square, the attackers' weight minus half the defenders',
/// never below zero; more when several armies converge, or the king is uncovered while an
/// enemy has a queen (`queens`: the seats with one), halved when no enemy has a queen.
fn zone_danger(pos: &Position, seat: Seat, z: &KingZone, queens: u8) -> i32 {
    let weight = |n: u32| ZONE_WEIGHT[n.min(8) as usize];
    let mut danger: i32 = z
        .pressure()
        .iter()
        .map(|p| {
            (p.attack * weight(p.attackers) / 100 - p.defence * weight(p.defenders) / 200).max(0)
        })
        .sum();
    if z.attackers.count_ones() >= 2 {
        danger += ZONE_CONVERGING;
    }
    if queens & pos.hostile_to(seat) == 0 {
        return danger / 2;
    }
    if !z.shielded {
        danger += ZONE_UNSHIELDED;
    }
    if !z.on_edge {
        danger += ZONE_AFIELD;
    }
    if !z.shielded && !z.on_edge {
        danger += ZONE_BARE;
    }
    danger
}

/// How far a pawn of `seat` on `sq` has come (0 on its starting row).
fn pawn_advance(seat: Seat, sq: Square) -> i32 {
    i32::from(sq.rows_from(seat)) - 1
}

/// Score of `pos` for `root` (higher is better), plus `points` already won on the path (FFA),
/// with the weights `w`.
pub fn evaluate(pos: &Position, root: Seat, points: &[i32; 4], w: &Weights) -> i32 {
    evaluate_within(pos, root, points, w, -LAZY_NEVER, LAZY_NEVER)
}

/// A window no score leaves: [`evaluate`] never stops early.
const LAZY_NEVER: i32 = i32::MAX / 4;

/// [`evaluate`] for a search whose window is (`alpha`, `beta`): with a `lazy_margin` (sides
/// games), a position whose material, pawns, placement and armies already lie that far
/// outside the window is scored by them alone, without the activity and king-safety terms
/// (the costly part).
pub fn evaluate_within(
    pos: &Position,
    root: Seat,
    points: &[i32; 4],
    w: &Weights,
    alpha: i32,
    beta: i32,
) -> i32 {
    let rules = pos.rules();
    let historical = rules.mated_army == MatedArmy::Inert;
    let mut per = [0i32; 4];
    let mut queens = 0u8;
    // Sides games with the `placement` terms: where pieces stand, and each army's pieces
    // (knights to queens) and queens.
    let placed = !rules.scoring
        && (w.centrality
            | w.back_rows
            | w.rook_central
            | w.rook_open
            | w.imbalance
            | w.queens_pair)
            != 0;
    let (mut pieces, mut queen_count) = ([0i32; 4], [0i32; 4]);
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
            let points = if pc.one_point && w.promoted_queens {
                i32::from(rules.points.queen)
            } else {
                rules.points.capture(pc)
            };
            points * FFA_POINT
        } else {
            w.value(pc.kind)
        };
        per[s] += v;
        if placed {
            per[s] += placement::piece(pos, pc.seat, sq, pc, w);
            pieces[s] += i32::from(!matches!(pc.kind, Kind::Pawn | Kind::King));
            queen_count[s] += i32::from(pc.kind == Kind::Queen);
        }
        if pc.kind == Kind::Pawn {
            per[s] += if historical {
                // Forward pawns head for the partner's back row, where they reverse; a
                // reversed pawn is across and promotes by a capture on an opponent's row.
                if pc.reversed {
                    REVERSED_PAWN
                } else {
                    pawn_advance(pc.seat, sq) * 3
                }
            } else {
                let a = pawn_advance(pc.seat, sq);
                a * w.pawn_step + a * a * w.pawn_step_squared + (a - 5).max(0) * w.pawn_far
            };
        }
    }
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
    }
    // The side to move (in Conquest, the player who moves the army whose turn it is).
    per[pos.controller(pos.turn()).index()] += w.tempo;
    let counts = placed.then_some((pieces, queen_count));
    let mut developed = [0i32; 4];
    if w.lazy_margin > 0 && !rules.scoring {
        let rough = sides_score(pos, root, &per, &developed, counts, w);
        if rough + w.lazy_margin <= alpha || rough - w.lazy_margin >= beta {
            return rough;
        }
    }
    // FFA: half of the sides games' activity and king safety.
    let scale = if rules.scoring { 2 } else { 1 };
    // Each king's danger, for the side's weaker king.
    let mut dangers = [0i32; 4];
    let zoned = w.shelter && w.zone_attack;
    let survey = pos.survey(w.threat != 0 || w.hanging != 0, zoned, &ZONE_VALUE);
    for seat in Seat::ALL {
        let s = seat.index();
        if pos.army(seat).is_hostile() {
            let a = survey.activity[s];
            let c = pos.controller(seat).index();
            // The army to move acts on its threats first and answers the attacks on its king
            // first: its two terms scaled by percent, the others' as they are.
            let to_move = seat == pos.turn();
            let mut threats =
                a.threats as i32 * (w.threat / scale) + a.hanging as i32 * (w.hanging / scale);
            if to_move {
                threats = threats * (100 + w.threat_to_move) / 100;
            }
            per[c] += a.mobility as i32 * (w.mobility / scale)
                + threats
                + a.developed as i32 * (w.developed / scale)
                + a.knights_near_kings as i32 * (w.knight_near_king / scale);
            developed[c] += a.developed as i32;
            let mut danger = if zoned {
                zone_danger(pos, seat, &survey.zones[s], queens) * w.zone_danger / 100 / scale
            } else if w.shelter {
                let k = pos.king_shelter(seat);
                let mut unsafe_king = ZONE_DANGER[k.attacked.min(8) as usize] * w.zone_danger / 100;
                if k.attackers.count_ones() >= 2 {
                    unsafe_king += w.converging;
                }
                if k.shield == 0 && queens & pos.hostile_to(seat) != 0 {
                    unsafe_king += w.bare_king;
                }
                per[s] += k.shield as i32 * w.shield;
                unsafe_king / scale
            } else {
                pos.king_danger(seat) as i32 * (w.king_danger / scale)
            };
            if to_move {
                danger = danger * (100 - w.danger_to_move) / 100;
            }
            per[s] -= danger;
            dangers[s] = danger;
            if pos.in_check(seat) {
                per[s] -= w.checked;
            }
        }
    }
    if w.weaker_king != 0 && !rules.scoring {
        // One mated king loses the side's game: the more endangered of two partners counts
        // again, in percent.
        for seat in Seat::ALL {
            if let Some(p) = rules.partner(seat).filter(|&p| seat.index() < p.index()) {
                let worst = dangers[seat.index()].max(dangers[p.index()]);
                per[seat.index()] -= worst * w.weaker_king / 100;
            }
        }
    }
    if rules.scoring {
        // FFA: my points and material against the strongest rival; with the standings, a
        // rival out of the game by the points it keeps, which still decide the placings.
        let mine = per[root.index()] + points[root.index()] * w.banked;
        let worth = |o: Seat| {
            let gone = w.standings && !pos.army(o).is_hostile();
            points[o.index()] * w.banked + if gone { 0 } else { per[o.index()] }
        };
        // The strongest rival.
        let best_other = Seat::ALL
            .iter()
            .filter(|&&o| o != root)
            .map(|&o| worth(o))
            .fold(i32::MIN, i32::max);
        let mean = per.iter().sum::<i32>() / 4;
        return mine - (best_other * w.rival + mean * (100 - w.rival)) / 100;
    }
    sides_score(pos, root, &per, &developed, counts, w)
}

/// A sides game's score for `root` from each army's own score `per` (`developed`: its
/// developed pieces; `placed`: each army's pieces and queens, with the placement terms).
fn sides_score(
    pos: &Position,
    root: Seat,
    per: &[i32; 4],
    developed: &[i32; 4],
    placed: Option<([i32; 4], [i32; 4])>,
    w: &Weights,
) -> i32 {
    let rules = pos.rules();
    let mut score = 0;
    for seat in Seat::ALL {
        if let Some(p) = rules.partner(seat).filter(|&p| seat.index() < p.index()) {
            let (a, b) = (seat.index(), p.index());
            let mut pair = developed[a] * developed[b] * w.developed_pair;
            if let Some((pieces, queens)) = placed {
                pair += placement::side([pieces[a], pieces[b]], queens[a] + queens[b], w);
            }
            score += if allied(pos, root, seat) { pair } else { -pair };
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use fourhand_rules::{Piece, RuleSet, Square, Variant};

    /// [`zone_danger`] of `seat`'s zone as [`Features::king_zone`] finds it.
    fn zone_danger_of(p: &Position, seat: Seat, queens: u8) -> i32 {
        zone_danger(p, seat, &p.king_zone(seat, &ZONE_VALUE), queens)
    }

    #[test]
    fn the_zone_danger_grows_with_converging_attackers_and_falls_with_defenders() {
        let sq = |f: char, r: u8| Square::new(f as u8 - b'a', r - 1).unwrap();
        let mut p = Position::empty(RuleSet::get(Variant::Teams));
        p.put(sq('h', 3), Piece::new(Seat::South, Kind::King));
        let queens = Seat::West.bit();
        // Off the edge, open in front, a hostile queen somewhere: 75 + 50 + 50.
        assert_eq!(zone_danger_of(&p, Seat::South, queens), 175);
        // Without enemy queens only half of the (zero) zone pressure counts.
        assert_eq!(zone_danger_of(&p, Seat::South, 0), 0);
        // Blue's queen on d7 bears on g4 and h3 (50 × 50 % each), Green's knight on j5 on i3
        // and h4 (30 × 50 % each): two armies converge (150).
        p.put(sq('d', 7), Piece::new(Seat::West, Kind::Queen));
        p.put(sq('j', 5), Piece::new(Seat::East, Kind::Knight));
        let attacked = zone_danger_of(&p, Seat::South, queens);
        assert_eq!(attacked, 175 + 2 * 25 + 2 * 15 + 150);
        // Blue's rook on h10 bears on h4 and, down the file, on the king's square h3: two
        // attackers each, so both at 100 %: h4 30 + 40 (was 15), h3 50 + 40 (was 25).
        p.put(sq('h', 10), Piece::new(Seat::West, Kind::Rook));
        let doubled = zone_danger_of(&p, Seat::South, queens);
        assert_eq!(doubled, attacked + (70 - 15) + (90 - 25));
        // A partner's rook on i10 defends i4, i3 and i2: on i3 the knight's 15 loses half of
        // the rook's 40 × 50 %, 10.
        p.put(sq('i', 10), Piece::new(Seat::North, Kind::Rook));
        assert_eq!(zone_danger_of(&p, Seat::South, queens), doubled - 10);
    }

    /// A position of `variant` with the four kings on h1, a7, g14 and n8 and `pieces` besides.
    fn placed(variant: Variant, pieces: &[(&str, Seat, Kind)]) -> Position {
        let mut p = Position::empty(RuleSet::get(variant));
        let kings = [
            ("h1", Seat::South, Kind::King),
            ("a7", Seat::West, Kind::King),
            ("g14", Seat::North, Kind::King),
            ("n8", Seat::East, Kind::King),
        ];
        for &(at, seat, kind) in kings.iter().chain(pieces) {
            p.put(at.parse().unwrap(), Piece::new(seat, kind));
        }
        p
    }

    /// The engine's Teams weights with the army to move weighed as the others.
    fn even_mover() -> Weights {
        Weights {
            threat_to_move: 0,
            danger_to_move: 0,
            ..crate::parse_spec("engine3")
                .unwrap()
                .1
                .weights(Variant::Teams)
        }
    }

    #[test]
    fn the_army_to_move_weighs_its_threats_more_and_its_kings_danger_less() {
        // Red's knight on h6 attacks Blue's rook on g8; Blue's queen on d2 bears on Red's king
        // zone (g2, h2, i2) and attacks Red's undefended knight on d9.
        let mut p = placed(
            Variant::Teams,
            &[
                ("h6", Seat::South, Kind::Knight),
                ("g8", Seat::West, Kind::Rook),
                ("d2", Seat::West, Kind::Queen),
                ("d9", Seat::South, Kind::Knight),
            ],
        );
        let base = even_mover();
        assert!(base.shelter && base.zone_attack);
        let threats = |seat| {
            let a = p.activity(seat, true);
            a.threats as i32 * base.threat + a.hanging as i32 * base.hanging
        };
        let (red, blue) = (threats(Seat::South), threats(Seat::West));
        assert!(red > 0 && blue > 0, "{red} {blue}");
        let danger = zone_danger_of(&p, Seat::South, Seat::West.bit()) * base.zone_danger / 100;
        assert!(danger > 0);
        let gain = |p: &Position, w: Weights| {
            evaluate(p, Seat::South, &[0; 4], &w) - evaluate(p, Seat::South, &[0; 4], &base)
        };
        // Red to move: its threats count 150 %, Blue's as before; its king's danger 50 %.
        assert_eq!(p.turn(), Seat::South);
        let more = Weights {
            threat_to_move: 50,
            ..base
        };
        assert_eq!(gain(&p, more), red * 150 / 100 - red);
        let less = Weights {
            danger_to_move: 50,
            ..base
        };
        assert_eq!(gain(&p, less), danger - danger * 50 / 100);
        // Blue to move: Blue's threats count more, against Red; Red's king counts in full,
        // Blue's (the knight on d9 bears on b8; no hostile queen, so halved) at half.
        p.set_turn(Seat::West);
        assert_eq!(gain(&p, more), -(blue * 150 / 100 - blue));
        let blue_danger = zone_danger_of(&p, Seat::West, Seat::West.bit()) * base.zone_danger / 100;
        assert!(blue_danger > 0);
        assert_eq!(gain(&p, less), -(blue_danger - blue_danger * 50 / 100));
    }

    #[test]
    fn the_more_endangered_king_of_a_side_counts_again() {
        // Blue's queen on d2 bears on Red's king zone; Red's knight on d9 on Blue's (b8);
        // Yellow's and Green's kings stand alone.
        let place = |variant| {
            placed(
                variant,
                &[
                    ("d2", Seat::West, Kind::Queen),
                    ("d9", Seat::South, Kind::Knight),
                ],
            )
        };
        let p = place(Variant::Teams);
        let base = even_mover();
        let queens = Seat::West.bit();
        let danger = |seat| zone_danger_of(&p, seat, queens) * base.zone_danger / 100;
        let (red, yellow) = (danger(Seat::South), danger(Seat::North));
        let (blue, green) = (danger(Seat::West), danger(Seat::East));
        assert!(
            red > yellow && blue > green,
            "{red} {yellow} {blue} {green}"
        );
        let w = Weights {
            weaker_king: 50,
            ..base
        };
        // Red's side pays half its worse king's danger again, Blue's side the same of Blue's.
        let gain = |seat| evaluate(&p, seat, &[0; 4], &w) - evaluate(&p, seat, &[0; 4], &base);
        assert_eq!(gain(Seat::South), -(red * 50 / 100) + blue * 50 / 100);
        assert_eq!(gain(Seat::East), red * 50 / 100 - blue * 50 / 100);
        // Not in FFA, where there are no sides.
        let f = place(Variant::Ffa);
        let ffa = Weights::default();
        assert_eq!(
            evaluate(
                &f,
                Seat::South,
                &[0; 4],
                &Weights {
                    weaker_king: 50,
                    ..ffa
                }
            ),
            evaluate(&f, Seat::South, &[0; 4], &ffa)
        );
    }

    #[test]
    fn in_ffa_a_rival_out_of_the_game_counts_by_the_points_it_keeps() {
        let mut p = placed(Variant::Ffa, &[("h9", Seat::South, Kind::Rook)]);
        p.set_army(Seat::West, Army::Out);
        let w = Weights::default();
        assert!(w.standings);
        let score = |w: &Weights, west: i32| evaluate(&p, Seat::South, &[0, west, 0, 0], w);
        // Blue is out: once its points outweigh what the live rivals are worth, it is the
        // rival Red must outscore, and each further point of Blue's costs Red half of it.
        assert!(score(&w, 30) < score(&w, 0));
        assert_eq!(score(&w, 30) - score(&w, 60), 30 * w.banked * w.rival / 100);
        // Without the standings only the live rivals count, whatever Blue kept.
        let off = Weights {
            standings: false,
            ..w
        };
        assert_eq!(score(&off, 30), score(&off, 0));
        // A live rival's points count either way.
        let live = |w: &Weights, north: i32| evaluate(&p, Seat::South, &[0, 0, north, 0], w);
        assert!(live(&off, 30) < live(&off, 0));
    }

    #[test]
    fn with_promoted_queens_a_promoted_queen_counts_on_the_board_as_a_queen() {
        let queen = |one_point: bool| {
            let mut p = placed(Variant::Ffa, &[]);
            let mut q = Piece::new(Seat::South, Kind::Queen);
            q.one_point = one_point;
            p.put("h9".parse().unwrap(), q);
            p
        };
        let score = |p: &Position, w: &Weights| evaluate(p, Seat::South, &[0; 4], w);
        let points = Weights::default();
        let fighting = Weights {
            promoted_queens: true,
            ..points
        };
        // By the points its capture scores, a promoted queen is worth 1 of a queen's 9.
        let gap = score(&queen(false), &points) - score(&queen(true), &points);
        assert!(gap > 0);
        assert_eq!(
            gap,
            8 * FFA_POINT - 8 * FFA_POINT / 4 * (100 - points.rival) / 100
        );
        // With the switch it weighs what a queen does.
        assert_eq!(
            score(&queen(true), &fighting),
            score(&queen(false), &points)
        );
        // A rival's promoted queen then costs the root as much as a queen.
        let rivals = |one_point: bool| {
            let mut p = placed(Variant::Ffa, &[]);
            let mut q = Piece::new(Seat::West, Kind::Queen);
            q.one_point = one_point;
            p.put("c9".parse().unwrap(), q);
            score(&p, &fighting)
        };
        assert_eq!(rivals(true), rivals(false));
    }

    #[test]
    fn in_ffa_the_points_won_and_the_strongest_rivals_share_are_weights() {
        let p = placed(Variant::Ffa, &[("h9", Seat::South, Kind::Rook)]);
        let w = Weights::default();
        let score = |w: &Weights, points: [i32; 4]| evaluate(&p, Seat::South, &points, w);
        // A point Red has won is worth `banked`; a point of the leading rival costs Red
        // `rival` percent of that.
        assert_eq!(score(&w, [10, 0, 0, 0]) - score(&w, [0; 4]), 10 * w.banked);
        // (Yellow leads at 100 points and at 200.)
        let lead = |w: &Weights| score(w, [0, 0, 100, 0]) - score(w, [0, 0, 200, 0]);
        assert_eq!(lead(&w), 100 * w.banked * w.rival / 100);
        let banked = Weights { banked: 20, ..w };
        assert_eq!(score(&banked, [10, 0, 0, 0]) - score(&banked, [0; 4]), 200);
        // With the whole weight on the strongest rival, Red's score is its own less the
        // leader's.
        let all = Weights { rival: 100, ..w };
        assert_eq!(lead(&all), 100 * w.banked);
        // With none, only the mean of the four counts, which the points won leave alone.
        assert_eq!(lead(&Weights { rival: 0, ..w }), 0);
    }
}

#[cfg(test)]
mod placement_tests {
    use super::*;
    use crate::parse_spec;
    use fourhand_rules::{RuleSet, Setup, Square, Variant};

    /// The Teams weights of `engine3`: every term on.
    fn all_terms() -> Weights {
        parse_spec("engine3").unwrap().1.weights(Variant::Teams)
    }

    #[test]
    fn with_every_term_the_start_is_even_for_every_seat_but_for_the_tempo() {
        let p = Position::start(RuleSet::get(Variant::Teams), Setup::Modern);
        let w = all_terms();
        for seat in Seat::ALL {
            // Red (South) is to move: its side has the tempo.
            let tempo = if allied(&p, seat, Seat::South) {
                w.tempo
            } else {
                -w.tempo
            };
            assert_eq!(evaluate(&p, seat, &[0; 4], &w), tempo, "{seat}");
        }
    }

    #[test]
    fn the_side_to_move_gains_the_tempo() {
        let p = Position::start(RuleSet::get(Variant::Teams), Setup::Modern);
        let w = Weights {
            tempo: 40,
            ..all_terms()
        };
        // Red (South) is to move: Red and Yellow's side gains it, Blue and Green's loses it.
        for (seat, score) in [(Seat::South, 40), (Seat::North, 40), (Seat::West, -40)] {
            assert_eq!(evaluate(&p, seat, &[0; 4], &w), score, "{seat}");
        }
        // In FFA the seat to move stands better than the others.
        let f = Position::start(RuleSet::get(Variant::Ffa), Setup::Modern);
        let ffa = Weights::default();
        let gain = |seat| {
            evaluate(&f, seat, &[0; 4], &Weights { tempo: 40, ..ffa })
                - evaluate(&f, seat, &[0; 4], &ffa)
        };
        assert!(gain(Seat::South) > 0 && gain(Seat::West) < 0);
    }

    #[test]
    fn a_partner_stripped_of_his_pieces_costs_his_side_the_imbalance() {
        let sq = |f: char, r: u8| Square::new(f as u8 - b'a', r - 1).unwrap();
        let mut p = Position::start(RuleSet::get(Variant::Teams), Setup::Modern);
        // Red loses both knights and both bishops: 3 pieces against Yellow's 7.
        for s in [sq('e', 1), sq('j', 1), sq('f', 1), sq('i', 1)] {
            p.remove(s);
        }
        let w = all_terms();
        let even = Weights { imbalance: 0, ..w };
        for (seat, sign) in [(Seat::South, 1), (Seat::North, 1), (Seat::West, -1)] {
            let cost = evaluate(&p, seat, &[0; 4], &even) - evaluate(&p, seat, &[0; 4], &w);
            // The table's 300 for a difference of four, in percent by the weight.
            assert_eq!(cost, sign * 300 * w.imbalance / 100, "{seat}");
        }
        // Without the switch, no cost.
        let off = parse_spec("engine3/no-placement")
            .unwrap()
            .1
            .weights(Variant::Teams);
        assert_eq!(off.imbalance, 0);
    }
}
