//! The Swiss table: points (win 1, draw ½, loss 0, a bye or a forfeit won 1, a double forfeit 0
//! each), then Buchholz cut 1
//! (the opponents' final scores less the lowest; a bye counts as an opponent with no points, so it
//! is the one cut first), then Sonneborn–Berger (each opponent's final score times the result
//! against him), then the direct encounter among the teams still tied (their results against
//! each other), then the seed.

use crate::Points;
use serde::{Deserialize, Serialize};

/// A game's result, for the team that took the first side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// The first side won (also by the other's forfeit).
    FirstWins,
    /// Drawn.
    Draw,
    /// The second side won (also by the other's forfeit).
    SecondWins,
    /// Neither scores: both teams forfeited (absent, or a game a moderator aborted).
    NeitherWins,
}

/// One game of the Swiss.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game<T> {
    /// The team on the first side.
    pub first: T,
    /// The team on the second side.
    pub second: T,
    /// How it ended.
    pub result: GameResult,
}

/// One round: its games and its bye.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayedRound<T> {
    /// The games.
    pub games: Vec<Game<T>>,
    /// The team that had the bye.
    pub bye: Option<T>,
}

/// A team's line in the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Line<T> {
    /// Rank, 1 the best.
    pub rank: usize,
    /// The team.
    pub team: T,
    /// Points.
    pub points: Points,
    /// Buchholz cut 1.
    pub buchholz_cut1: Points,
    /// Sonneborn–Berger.
    pub sonneborn_berger: Points,
}

/// What each game gave a team: (opponent — none for a bye —, points taken).
fn games_of<T: PartialEq + Clone>(team: &T, rounds: &[PlayedRound<T>]) -> Vec<(Option<T>, Points)> {
    let mut out = Vec::new();
    for r in rounds {
        if r.bye.as_ref() == Some(team) {
            out.push((None, Points::whole(1)));
        }
        for g in &r.games {
            let (mine, theirs) = match g.result {
                GameResult::FirstWins => (Points::whole(1), Points::ZERO),
                GameResult::Draw => (Points::HALF, Points::HALF),
                GameResult::SecondWins => (Points::ZERO, Points::whole(1)),
                GameResult::NeitherWins => (Points::ZERO, Points::ZERO),
            };
            if &g.first == team {
                out.push((Some(g.second.clone()), mine));
            } else if &g.second == team {
                out.push((Some(g.first.clone()), theirs));
            }
        }
    }
    out
}

/// The table of `teams` (in seed order, the strongest first) after `rounds`.
pub fn table<T: PartialEq + Clone>(teams: &[T], rounds: &[PlayedRound<T>]) -> Vec<Line<T>> {
    let played: Vec<Vec<(Option<T>, Points)>> = teams.iter().map(|t| games_of(t, rounds)).collect();
    let points: Vec<Points> = played
        .iter()
        .map(|g| g.iter().fold(Points::ZERO, |a, (_, p)| a + p.to_owned()))
        .collect();
    let score_of = |t: &T| {
        teams
            .iter()
            .position(|x| x == t)
            .map_or(Points::ZERO, |i| points[i])
    };
    let mut lines: Vec<(usize, Line<T>)> = teams
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let opp: Vec<Points> = played[i]
                .iter()
                .map(|(o, _)| o.as_ref().map_or(Points::ZERO, score_of))
                .collect();
            let cut = opp.iter().min().copied().unwrap_or(Points::ZERO);
            let sum = opp.iter().fold(Points::ZERO, |a, p| a + *p);
            let buchholz_cut1 = Points(sum.0 - cut.0);
            // Opponent's score × result, in twelfths: result is 0, ½ or 1 (0, 6 or 12 twelfths).
            let sb: u32 = played[i]
                .iter()
                .filter_map(|(o, r)| o.as_ref().map(|o| score_of(o).0 * r.0 / 12))
                .sum();
            (
                i,
                Line {
                    rank: 0,
                    team: t.clone(),
                    points: points[i],
                    buchholz_cut1,
                    sonneborn_berger: Points(sb),
                },
            )
        })
        .collect();
    lines.sort_by(|(ia, a), (ib, b)| {
        b.points
            .cmp(&a.points)
            .then(b.buchholz_cut1.cmp(&a.buchholz_cut1))
            .then(b.sonneborn_berger.cmp(&a.sonneborn_berger))
            .then(ia.cmp(ib))
    });
    // The direct encounter orders each run of teams still tied.
    let tied = |a: &Line<T>, b: &Line<T>| {
        (a.points, a.buchholz_cut1, a.sonneborn_berger)
            == (b.points, b.buchholz_cut1, b.sonneborn_berger)
    };
    let mut start = 0;
    while start < lines.len() {
        let end = (start..lines.len())
            .find(|&j| !tied(&lines[start].1, &lines[j].1))
            .unwrap_or(lines.len());
        if end - start > 1 {
            let group: Vec<T> = lines[start..end]
                .iter()
                .map(|(_, l)| l.team.clone())
                .collect();
            let among = direct_encounter(&group, rounds);
            lines[start..end].sort_by(|(ia, a), (ib, b)| {
                let pa = among[group.iter().position(|t| *t == a.team).unwrap_or(0)];
                let pb = among[group.iter().position(|t| *t == b.team).unwrap_or(0)];
                pb.cmp(&pa).then(ia.cmp(ib))
            });
        }
        start = end;
    }
    lines
        .into_iter()
        .enumerate()
        .map(|(k, (_, mut l))| {
            l.rank = k + 1;
            l
        })
        .collect()
}

/// Each of `group`'s points in its games against the others of `group`.
pub fn direct_encounter<T: PartialEq + Clone>(
    group: &[T],
    rounds: &[PlayedRound<T>],
) -> Vec<Points> {
    group
        .iter()
        .map(|t| {
            games_of(t, rounds)
                .into_iter()
                .filter(|(o, _)| o.as_ref().is_some_and(|o| group.contains(o)))
                .fold(Points::ZERO, |a, (_, p)| a + p)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use GameResult::*;

    fn g(first: char, second: char, result: GameResult) -> Game<char> {
        Game {
            first,
            second,
            result,
        }
    }

    #[test]
    fn the_table_of_five_teams_after_three_rounds_as_worked_by_hand() {
        // R1: A beat B, C drew D, E bye. R2: A beat C, E beat B, D bye. R3: A drew E, D beat B,
        // C bye.
        let rounds = vec![
            PlayedRound {
                games: vec![g('A', 'B', FirstWins), g('C', 'D', Draw)],
                bye: Some('E'),
            },
            PlayedRound {
                games: vec![g('A', 'C', FirstWins), g('B', 'E', SecondWins)],
                bye: Some('D'),
            },
            PlayedRound {
                games: vec![g('E', 'A', Draw), g('D', 'B', FirstWins)],
                bye: Some('C'),
            },
        ];
        // Points: A 2½, B 0, C 1½ (½ + 0 + bye), D 2½ (½ + bye + 1), E 2½ (bye + 1 + ½).
        // Buchholz cut 1 (a bye an opponent of 0): A {B 0, C 1½, E 2½} − 0 = 4; E {bye 0, B 0,
        // A 2½} − 0 = 2½; D {C 1½, bye 0, B 0} − 0 = 1½; C {D 2½, A 2½, bye 0} − 0 = 5;
        // B {A 2½, E 2½, D 2½} − 2½ = 5.
        // Sonneborn–Berger: A 0 + 1½ + 2½·½ = 2¾; E 0 + 1¼ = 1¼; D ¾ + 0 = ¾; C 1¼; B 0.
        let t = table(&['A', 'B', 'C', 'D', 'E'], &rounds);
        let got: Vec<(char, String, String, String)> = t
            .iter()
            .map(|l| {
                (
                    l.team,
                    l.points.to_string(),
                    l.buchholz_cut1.to_string(),
                    l.sonneborn_berger.to_string(),
                )
            })
            .collect();
        let want = [
            ('A', "2.5", "4", "2.75"),
            ('E', "2.5", "2.5", "1.25"),
            ('D', "2.5", "1.5", "0.75"),
            ('C', "1.5", "5", "1.25"),
            ('B', "0", "5", "0"),
        ];
        assert_eq!(
            got,
            want.map(|(a, b, c, d)| (a, b.to_string(), c.to_string(), d.to_string()))
        );
        assert_eq!(
            t.iter().map(|l| l.rank).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5]
        );
    }

    #[test]
    fn the_direct_encounter_orders_teams_tied_on_everything_else() {
        // W and X tied on points, Buchholz and Sonneborn–Berger, X beat W: X first, though W is
        // seeded higher. Four teams, two rounds: R1 X beat W, Y beat Z; R2 W beat Y, Z beat X.
        let rounds = vec![
            PlayedRound {
                games: vec![g('X', 'W', FirstWins), g('Y', 'Z', FirstWins)],
                bye: None,
            },
            PlayedRound {
                games: vec![g('W', 'Y', FirstWins), g('Z', 'X', FirstWins)],
                bye: None,
            },
        ];
        let t = table(&['W', 'X', 'Y', 'Z'], &rounds);
        // Everyone has 1 point, Buchholz cut 1 of 1 and Sonneborn–Berger 1: the encounters
        // decide within the group of four (X beat W, W beat Y, Y beat Z, Z beat X: 1 each), so
        // the seeds remain. Between the two alone, the encounter decides:
        assert!(t
            .iter()
            .all(|l| l.points == Points::whole(1) && l.buchholz_cut1 == Points::whole(1)));
        assert_eq!(
            direct_encounter(&['W', 'X'], &rounds),
            [Points::ZERO, Points::whole(1)]
        );
        assert_eq!(t.iter().map(|l| l.team).collect::<String>(), "WXYZ");
        // A round robin where only W and Z tie on all three — 1½ points, Buchholz cut 1 3½
        // (W: X 1 + Y 2 + Z 1½ − 1; Z: Y 2 + X 1 + W 1½ − 1), Sonneborn–Berger 2 (W: X 1 + Y 2·½;
        // Z: X 1·½ + W 1½) — and Z beat W: Z ranks above W though W is seeded higher.
        let rr = vec![
            PlayedRound {
                games: vec![g('W', 'X', FirstWins), g('Y', 'Z', FirstWins)],
                bye: None,
            },
            PlayedRound {
                games: vec![g('W', 'Y', Draw), g('X', 'Z', Draw)],
                bye: None,
            },
            PlayedRound {
                games: vec![g('W', 'Z', SecondWins), g('X', 'Y', Draw)],
                bye: None,
            },
        ];
        let t = table(&['W', 'X', 'Y', 'Z'], &rr);
        assert_eq!(t.iter().map(|l| l.team).collect::<String>(), "YZWX");
        assert_eq!(
            (
                t[1].buchholz_cut1.to_string(),
                t[1].sonneborn_berger.to_string()
            ),
            ("3.5".into(), "2".into())
        );
        assert_eq!(
            (t[2].buchholz_cut1, t[2].sonneborn_berger),
            (t[1].buchholz_cut1, t[1].sonneborn_berger)
        );
    }
}
