//! A game review from its positions' evaluations: each move's verdict for its mover (see
//! [`crate::judgement`]), the better move, and each player's accuracy.
//!
//! The positions are the game's start and the position after each entry (`plies.len() + 1` of
//! them). A position where the game is over is scored by its end ([`ended_scores`]); every
//! other by its best line ([`Analysis`]'s first). A move's loss compares the best line with the
//! line of the move played, both from the same search of the position before it (so that
//! neither the seat to move's advantage at the search's horizon nor another seat's point of
//! view enters it); without that line, with the next position's best line.

use crate::analysis::{Analysis, Score, DECIDED};
use crate::judgement::{judge, loss, move_accuracy, Judgement};
use fourhand_rules::game::{Game, Outcome};
use fourhand_rules::{BySeat, Move, Seat};

/// The review's budget for each position: searched to `depth` plies unless `nodes` run out
/// first. Chosen so that a 300-ply FFA game is reviewed in under a minute on one core (the
/// benchmark `review` measures it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Deepest iteration.
    pub depth: u32,
    /// Most nodes.
    pub nodes: u64,
}

/// The default budget of a review's positions.
pub const REVIEW_BUDGET: Budget = Budget {
    depth: 8,
    nodes: 80_000,
};

/// One entry of the game as the review sees it.
#[derive(Clone, Debug)]
pub struct Ply {
    /// Whose slot it filled.
    pub seat: Seat,
    /// The move, when the entry was one (not a resignation, a timeout, a pass).
    pub mv: Option<Move>,
    /// The mover had this one legal move only.
    pub forced: bool,
}

/// What a position's evaluation gives the review.
#[derive(Clone, Debug)]
pub struct Evaluated {
    /// The engine's move there (none where the game is over or nobody can move).
    pub best: Option<Move>,
    /// Every seat's score.
    pub scores: BySeat<Score>,
    /// The move played there and every seat's score after it, from the same search.
    pub played: Option<(Move, BySeat<Score>)>,
}

impl Evaluated {
    /// The best line of `a` and the line of `played` among its lines (none when it has no
    /// line).
    pub fn of(a: &Analysis, played: Option<Move>) -> Option<Evaluated> {
        let best = a.lines.first()?;
        let played = played.and_then(|m| {
            a.lines
                .iter()
                .find(|l| l.moves.first() == Some(&m))
                .map(|l| (m, l.scores))
        });
        Some(Evaluated {
            best: best.moves.first().copied(),
            scores: best.scores,
            played,
        })
    }

    /// A position where the game is over, scored by its end.
    pub fn ended(game: &Game) -> Evaluated {
        Evaluated {
            best: None,
            scores: ended_scores(game),
            played: None,
        }
    }
}

/// The scores of a finished game: in sides games the winners `+DECIDED` (a mate given:
/// `mate: Some(0)`), the losers `-DECIDED`, a draw 0; in games without sides each seat's
/// points over the best rival's, in hundredths of a point.
pub fn ended_scores(game: &Game) -> BySeat<Score> {
    let rules = game.rules();
    if rules.sides() {
        let won = match game.outcome() {
            Some(Outcome::Won { side, .. }) => Some(side),
            _ => None,
        };
        return BySeat(Seat::ALL.map(|s| match won {
            Some(side) if rules.side_of(s) == side => Score {
                centi: DECIDED,
                mate: Some(0),
            },
            Some(_) => Score {
                centi: -DECIDED,
                mate: Some(0),
            },
            None => Score {
                centi: 0,
                mate: None,
            },
        }));
    }
    let points = game.points();
    BySeat(Seat::ALL.map(|s| {
        let best_rival = Seat::ALL
            .into_iter()
            .filter(|&o| o != s)
            .map(|o| points[o])
            .max()
            .unwrap_or(0);
        Score {
            centi: ((points[s] - best_rival) * 100).clamp(-DECIDED, DECIDED),
            mate: None,
        }
    }))
}

/// The verdict on one move.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// The mover.
    pub seat: Seat,
    /// What the mover gave away, in hundredths of a pawn or point.
    pub loss: i32,
    /// Its word.
    pub judgement: Judgement,
    /// The engine's move, when the played one was judged worse than best.
    pub better: Option<Move>,
    /// The move's accuracy in percent.
    pub accuracy: f64,
}

/// A whole game's review.
#[derive(Clone, Debug, Default)]
pub struct Review {
    /// Per entry: the verdict when it was a move.
    pub verdicts: Vec<Option<Verdict>>,
    /// Each seat's accuracy (mean over its moves; none without moves).
    pub accuracy: BySeat<Option<f64>>,
    /// Per seat, how many of its moves got each verdict (best … blunder).
    pub counts: BySeat<[u32; 5]>,
}

/// Reviews a game whose entries are `plies` and whose positions (start, then after each
/// entry) were evaluated as `positions`. Panics unless there is one position more than plies.
pub fn review(plies: &[Ply], positions: &[Evaluated]) -> Review {
    assert_eq!(
        positions.len(),
        plies.len() + 1,
        "a position after each entry"
    );
    let mut out = Review::default();
    let mut sums = BySeat([(0.0f64, 0u32); 4]);
    for (k, ply) in plies.iter().enumerate() {
        let Some(mv) = ply.mv else {
            out.verdicts.push(None);
            continue;
        };
        let before = &positions[k];
        let after = match before.played {
            Some((m, scores)) if m == mv => scores,
            _ => positions[k + 1].scores,
        };
        let s = ply.seat;
        let engine_move = ply.forced || before.best == Some(mv) || before.best.is_none();
        let lost = if engine_move {
            0
        } else {
            loss(before.scores[s], after[s])
        };
        let judgement = judge(lost, engine_move);
        let accuracy = if engine_move {
            100.0
        } else {
            move_accuracy(before.scores[s], after[s])
        };
        out.counts[s][judgement as usize] += 1;
        sums[s].0 += accuracy;
        sums[s].1 += 1;
        out.verdicts.push(Some(Verdict {
            seat: s,
            loss: lost,
            judgement,
            // A move as good as the engine's needs no better one.
            better: if judgement == Judgement::Best {
                None
            } else {
                before.best
            },
            accuracy,
        }));
    }
    out.accuracy = BySeat(sums.0.map(|(sum, n)| (n > 0).then(|| sum / f64::from(n))));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use fourhand_rules::game::Automation;
    use fourhand_rules::{RuleSet, Variant};

    fn score(centi: i32) -> BySeat<Score> {
        BySeat(Seat::ALL.map(|s| Score {
            centi: if s.index() % 2 == 0 { centi } else { -centi },
            mate: None,
        }))
    }

    #[test]
    fn a_move_that_gives_away_a_queen_is_a_blunder_and_the_engines_move_is_best() {
        let g = Game::new(*RuleSet::get(Variant::Teams)).with_automation(Automation::LIVE);
        let moves = g.legal_moves();
        let (a, b) = (moves[0], moves[1]);
        let plies = [
            Ply {
                seat: Seat::South,
                mv: Some(a),
                forced: false,
            },
            Ply {
                seat: Seat::South,
                mv: Some(b),
                forced: false,
            },
        ];
        let positions = [
            Evaluated {
                best: Some(a),
                scores: score(0),
                played: None,
            },
            // The move played scored by the same search: 9 pawns below the best.
            Evaluated {
                best: Some(a),
                scores: score(20),
                played: Some((b, score(-880))),
            },
            Evaluated {
                best: None,
                scores: score(500),
                played: None,
            },
        ];
        let r = review(&plies, &positions);
        let v0 = r.verdicts[0].as_ref().unwrap();
        assert_eq!(v0.judgement, Judgement::Best);
        assert_eq!(v0.better, None);
        let v1 = r.verdicts[1].as_ref().unwrap();
        assert_eq!(v1.judgement, Judgement::Blunder);
        assert_eq!(v1.loss, 900);
        assert_eq!(v1.better, Some(a));
        assert_eq!(r.counts[Seat::South], [1, 0, 0, 0, 1]);
        let acc = r.accuracy[Seat::South].unwrap();
        assert!(acc < 100.0 && acc > 40.0, "{acc}");
        assert_eq!(r.accuracy[Seat::West], None);
    }
}
