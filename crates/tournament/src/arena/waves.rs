//! A pairing wave: the players waiting now, taken in order of rank (those who have waited long
//! first), are grouped with their nearest-ranked fellows — never the same group as any one of
//! them had in his last game and, in Teams, never with a split that gives someone his last
//! partner again. Seats are drawn at random; in Teams the group's 1st and 4th ranked play
//! together against the 2nd and 3rd when that gives nobody his last partner (else the next
//! split that does). Fewer than a table's players wait: they wait.

use rand::seq::SliceRandom;
use rand::Rng;
use std::hash::Hash;

/// How many nearest-ranked fellows a player's group is sought among.
const NEIGHBOURS: usize = 10;

/// A player waiting for a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Waiter<P> {
    /// The player.
    pub player: P,
    /// His rank in the standings now (1 the best).
    pub rank: usize,
    /// Seconds he has waited.
    pub waited_secs: u32,
    /// The players of his last game, himself included (empty: none yet).
    pub last_group: Vec<P>,
    /// His partner in his last game (sides games).
    pub last_partner: Option<P>,
}

/// What a wave needs to know of the arena's rule set.
#[derive(Clone, Debug, PartialEq)]
pub struct WaveRules {
    /// The seats with an army (0 S, 1 W, 2 N, 3 E): four, or three in three-player Conquest.
    pub seats: Vec<usize>,
    /// The two sides' seats (Teams: `[[0, 2], [1, 3]]`, partners side by side as the options
    /// say); none: each for himself.
    pub sides: Option<[[usize; 2]; 2]>,
    /// A player who has waited this long is grouped first, even further from his rank.
    pub long_wait_secs: u32,
}

/// One group of a wave: each seat's player.
#[derive(Clone, Debug, PartialEq)]
pub struct Group<P> {
    /// `(seat, player)` for every seat with an army.
    pub seats: Vec<(usize, P)>,
}

/// The ways four players (by index into a rank-ordered group) split into two pairs, in the
/// order the rule prefers: 1st+4th v 2nd+3rd, then 1st+3rd v 2nd+4th, then 1st+2nd v 3rd+4th.
const SPLITS: [[[usize; 2]; 2]; 3] = [[[0, 3], [1, 2]], [[0, 2], [1, 3]], [[0, 1], [2, 3]]];

fn same_set<P: PartialEq>(a: &[&Waiter<P>], b: &[P]) -> bool {
    a.len() == b.len() && a.iter().all(|w| b.contains(&w.player))
}

/// The split of a rank-ordered group of four that gives nobody his last partner, if any.
fn split<P: PartialEq>(group: &[&Waiter<P>]) -> Option<[[usize; 2]; 2]> {
    SPLITS.into_iter().find(|s| {
        s.iter().all(|&[a, b]| {
            group[a].last_partner.as_ref() != Some(&group[b].player)
                && group[b].last_partner.as_ref() != Some(&group[a].player)
        })
    })
}

/// A group may play: not any member's last group, and (sides) with a split that repeats no
/// partnership.
fn allowed<P: PartialEq>(group: &[&Waiter<P>], rules: &WaveRules) -> bool {
    if group.iter().any(|w| same_set(group, &w.last_group)) {
        return false;
    }
    rules.sides.is_none() || split(group).is_some()
}

/// The combinations of `k` indices out of `0..n`, in lexicographic order (nearest first when
/// the indices are sorted by distance).
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut idx: Vec<usize> = (0..k).collect();
    if k > n {
        return out;
    }
    loop {
        out.push(idx.clone());
        let mut i = k;
        loop {
            if i == 0 {
                return out;
            }
            i -= 1;
            if idx[i] != i + n - k {
                break;
            }
            if i == 0 && idx[0] == n - k {
                return out;
            }
        }
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

/// Pairs one wave: the groups formed, and the players who still wait.
pub fn pair_wave<P: Clone + Eq + Hash, R: Rng>(
    waiting: &[Waiter<P>],
    rules: &WaveRules,
    rng: &mut R,
) -> (Vec<Group<P>>, Vec<P>) {
    let size = rules.seats.len();
    let mut order: Vec<&Waiter<P>> = waiting.iter().collect();
    // Long waiters first (longest first), then everyone by rank.
    order.sort_by_key(|w| {
        let long = w.waited_secs >= rules.long_wait_secs;
        (
            !long,
            if long { u32::MAX - w.waited_secs } else { 0 },
            w.rank,
        )
    });
    let mut free: Vec<&Waiter<P>> = order.clone();
    let mut groups = Vec::new();
    for anchor in order {
        if free.len() < size || !free.iter().any(|w| std::ptr::eq(*w, anchor)) {
            continue;
        }
        let mut near: Vec<&Waiter<P>> = free
            .iter()
            .copied()
            .filter(|w| !std::ptr::eq(*w, anchor))
            .collect();
        near.sort_by_key(|w| (w.rank.abs_diff(anchor.rank), w.rank));
        near.truncate(NEIGHBOURS);
        let found = combinations(near.len(), size - 1)
            .into_iter()
            .find_map(|c| {
                let mut g: Vec<&Waiter<P>> = c.iter().map(|&i| near[i]).collect();
                g.push(anchor);
                g.sort_by_key(|w| w.rank);
                allowed(&g, rules).then_some(g)
            });
        let Some(group) = found else { continue };
        free.retain(|w| !group.iter().any(|g| std::ptr::eq(*g, *w)));
        groups.push(seat(&group, rules, rng));
    }
    let still = free.into_iter().map(|w| w.player.clone()).collect();
    (groups, still)
}

/// Draws the seats of a rank-ordered group: at random; with sides, each pair of the split on
/// one side, which side and which seat of it drawn at random.
fn seat<P: Clone + PartialEq, R: Rng>(
    group: &[&Waiter<P>],
    rules: &WaveRules,
    rng: &mut R,
) -> Group<P> {
    let mut seats = Vec::with_capacity(group.len());
    match (rules.sides, split(group)) {
        (Some(mut sides), Some(pairs)) if group.len() == 4 => {
            sides.shuffle(rng);
            for (side, pair) in sides.iter_mut().zip(pairs) {
                side.shuffle(rng);
                for (s, i) in side.iter().zip(pair) {
                    seats.push((*s, group[i].player.clone()));
                }
            }
        }
        _ => {
            let mut order: Vec<usize> = rules.seats.clone();
            order.shuffle(rng);
            for (s, w) in order.into_iter().zip(group) {
                seats.push((s, w.player.clone()));
            }
        }
    }
    seats.sort_by_key(|(s, _)| *s);
    Group { seats }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    fn ffa() -> WaveRules {
        WaveRules {
            seats: vec![0, 1, 2, 3],
            sides: None,
            long_wait_secs: 20,
        }
    }

    fn teams() -> WaveRules {
        WaveRules {
            seats: vec![0, 1, 2, 3],
            sides: Some([[0, 2], [1, 3]]),
            long_wait_secs: 20,
        }
    }

    fn waiter(player: u32, rank: usize) -> Waiter<u32> {
        Waiter {
            player,
            rank,
            waited_secs: 0,
            last_group: vec![],
            last_partner: None,
        }
    }

    fn players(g: &Group<u32>) -> Vec<u32> {
        let mut v: Vec<u32> = g.seats.iter().map(|s| s.1).collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn players_meet_those_of_near_rank() {
        let w: Vec<_> = (1..=9).map(|i| waiter(i, i as usize)).collect();
        let (groups, still) = pair_wave(&w, &ffa(), &mut StdRng::seed_from_u64(1));
        assert_eq!(
            groups.iter().map(players).collect::<Vec<_>>(),
            [vec![1, 2, 3, 4], vec![5, 6, 7, 8]]
        );
        assert_eq!(still, [9]);
        // Every seat once.
        assert!(groups
            .iter()
            .all(|g| g.seats.iter().map(|s| s.0).collect::<Vec<_>>() == [0, 1, 2, 3]));
    }

    #[test]
    fn the_same_four_never_meet_again_and_a_long_waiter_goes_first() {
        let mut w: Vec<_> = (1..=4).map(|i| waiter(i, i as usize)).collect();
        for x in &mut w {
            x.last_group = vec![1, 2, 3, 4];
        }
        let (groups, still) = pair_wave(&w, &ffa(), &mut StdRng::seed_from_u64(2));
        assert!(groups.is_empty(), "the same four wait for someone else");
        assert_eq!(still.len(), 4);
        // A fifth comes, ranked last but waiting long: he plays, with three of them.
        let mut five = w.clone();
        five.push(Waiter {
            waited_secs: 30,
            ..waiter(9, 9)
        });
        let (groups, still) = pair_wave(&five, &ffa(), &mut StdRng::seed_from_u64(2));
        assert_eq!(groups.len(), 1);
        assert!(players(&groups[0]).contains(&9));
        assert_eq!(still.len(), 1);
    }

    #[test]
    fn teams_partners_are_first_and_fourth_unless_that_repeats_a_partnership() {
        let w: Vec<_> = (1..=4).map(|i| waiter(i, i as usize)).collect();
        let (g, _) = pair_wave(&w, &teams(), &mut StdRng::seed_from_u64(3));
        let seat_of = |g: &Group<u32>, p| g.seats.iter().find(|s| s.1 == p).unwrap().0;
        let partners = |g: &Group<u32>, a, b| (seat_of(g, a) + 2) % 4 == seat_of(g, b);
        assert!(partners(&g[0], 1, 4) && partners(&g[0], 2, 3));
        // 1 and 4 were partners last time: 1 plays with 3 now.
        let mut w2 = w.clone();
        w2[0].last_partner = Some(4);
        w2[3].last_partner = Some(1);
        w2[0].last_group = vec![1, 4, 7, 8];
        let (g, _) = pair_wave(&w2, &teams(), &mut StdRng::seed_from_u64(3));
        assert!(partners(&g[0], 1, 3) && partners(&g[0], 2, 4));
    }

    proptest! {
        /// Any wave: each player in one group at most; no group is any member's last group; in
        /// Teams nobody has his last partner; and when a table's worth or more is left waiting,
        /// no allowed group exists among them.
        #[test]
        fn waves_respect_every_rule(
            n in 0usize..24,
            lasts in proptest::collection::vec((0u32..24, 0u32..24, 0u32..24, 0u32..24), 24),
            waits in proptest::collection::vec(0u32..40, 24),
            sides in any::<bool>(),
            seed in any::<u64>(),
        ) {
            let rules = if sides { teams() } else { ffa() };
            let w: Vec<Waiter<u32>> = (0..n).map(|i| {
                let (a, b, c, d) = lasts[i];
                let last: Vec<u32> = vec![i as u32, a, b, c];
                Waiter { player: i as u32, rank: i + 1, waited_secs: waits[i], last_group: last, last_partner: Some(d) }
            }).collect();
            let (groups, still) = pair_wave(&w, &rules, &mut StdRng::seed_from_u64(seed));
            let mut seen = std::collections::HashSet::new();
            for g in &groups {
                prop_assert_eq!(g.seats.len(), 4);
                for (_, p) in &g.seats { prop_assert!(seen.insert(*p)); }
                let members: Vec<&Waiter<u32>> = g.seats.iter().map(|(_, p)| &w[*p as usize]).collect();
                prop_assert!(members.iter().all(|m| !same_set(&members, &m.last_group)));
                if sides {
                    for (s, p) in &g.seats {
                        let partner = g.seats.iter().find(|(t, _)| *t == (s + 2) % 4).unwrap().1;
                        prop_assert_ne!(w[*p as usize].last_partner, Some(partner));
                    }
                }
            }
            prop_assert_eq!(seen.len() + still.len(), n);
            if still.len() >= 4 && still.len() <= 9 {
                let left: Vec<&Waiter<u32>> = still.iter().map(|p| &w[*p as usize]).collect();
                for c in combinations(left.len(), 4) {
                    let mut g: Vec<&Waiter<u32>> = c.iter().map(|&i| left[i]).collect();
                    g.sort_by_key(|x| x.rank);
                    prop_assert!(!allowed(&g, &rules), "an allowed group was left waiting");
                }
            }
        }
    }
}
