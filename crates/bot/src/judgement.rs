//! A game review's verdict on one move: how much of his score the mover gave away, in the units
//! the board shows (pawns in sides games, points in games without sides), and the word for it.
//!
//! The loss is the mover's score before the move (the best line's) less his score after it (the
//! best line of the next position, read for him), both capped at ±[`CAP`] hundredths so that a
//! decided game does not turn every small slip into a blunder; a forced mate counts as the cap.
//!
//! | loss (pawns or points) | verdict |
//! |---|---|
//! | the engine's move, or under 0.2 | best |
//! | under 1 | good |
//! | 1 to under 2 | inaccuracy |
//! | 2 to under 4 | mistake |
//! | 4 or more | blunder |
//!
//! Accuracy follows lichess: the score turns into a winning chance (a logistic curve, 50 % at
//! 0), a move's accuracy falls exponentially with the chance it gave away, and a player's
//! accuracy is the mean over his moves.

use crate::analysis::Score;

/// Scores are capped at ±10 pawns or points before a loss is taken.
pub const CAP: i32 = 1_000;

/// Below this loss (hundredths) a move is as good as the engine's.
pub const BEST_BELOW: i32 = 20;
/// Below this, good.
pub const GOOD_BELOW: i32 = 100;
/// Below this, an inaccuracy.
pub const INACCURACY_BELOW: i32 = 200;
/// Below this, a mistake; at or above, a blunder.
pub const MISTAKE_BELOW: i32 = 400;

/// The verdict on a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    /// The engine's move or one as good.
    Best,
    /// Close to it.
    Good,
    /// Gave away a little.
    Inaccuracy,
    /// Gave away a lot.
    Mistake,
    /// Gave away the game, or nearly.
    Blunder,
}

impl Judgement {
    /// The word the protocol and the client's catalogues use.
    pub fn as_str(self) -> &'static str {
        match self {
            Judgement::Best => "best",
            Judgement::Good => "good",
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }
}

/// A score capped at ±[`CAP`], mates at the cap.
fn capped(s: Score) -> i32 {
    s.centi.clamp(-CAP, CAP)
}

/// The hundredths the mover gave away with a move: `before` is his best line's score, `after`
/// his score after the move (never below 0).
pub fn loss(before: Score, after: Score) -> i32 {
    (capped(before) - capped(after)).max(0)
}

/// The verdict on a move that lost `loss` hundredths; `engine_move` when it was the engine's.
pub fn judge(loss: i32, engine_move: bool) -> Judgement {
    match loss {
        _ if engine_move => Judgement::Best,
        l if l < BEST_BELOW => Judgement::Best,
        l if l < GOOD_BELOW => Judgement::Good,
        l if l < INACCURACY_BELOW => Judgement::Inaccuracy,
        l if l < MISTAKE_BELOW => Judgement::Mistake,
        _ => Judgement::Blunder,
    }
}

/// The mover's winning chance in percent for a capped score (lichess's curve).
pub fn win_percent(s: Score) -> f64 {
    let x = f64::from(capped(s));
    50.0 + 50.0 * (2.0 / (1.0 + (-0.003_682_08 * x).exp()) - 1.0)
}

/// A move's accuracy in percent, from the mover's chances before and after it.
pub fn move_accuracy(before: Score, after: Score) -> f64 {
    let lost = (win_percent(before) - win_percent(after)).max(0.0);
    (103.166_8 * (-0.043_54 * lost).exp() - 3.166_9).clamp(0.0, 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(centi: i32) -> Score {
        Score { centi, mate: None }
    }

    #[test]
    fn the_thresholds_name_each_loss() {
        assert_eq!(judge(loss(s(50), s(40)), false), Judgement::Best);
        assert_eq!(judge(loss(s(50), s(-40)), false), Judgement::Good);
        assert_eq!(judge(loss(s(50), s(-100)), false), Judgement::Inaccuracy);
        assert_eq!(judge(loss(s(50), s(-250)), false), Judgement::Mistake);
        assert_eq!(judge(loss(s(50), s(-900)), false), Judgement::Blunder);
        assert_eq!(judge(loss(s(50), s(-900)), true), Judgement::Best);
        // A decided game: 30 pawns up to 20 pawns up is no blunder.
        assert_eq!(loss(s(3000), s(2000)), 0);
        // A better score after the move than the engine saw is no loss.
        assert_eq!(loss(s(0), s(300)), 0);
    }

    #[test]
    fn accuracy_is_full_for_no_loss_and_falls_with_the_chance_lost() {
        assert!((move_accuracy(s(0), s(0)) - 100.0).abs() < 0.01);
        let small = move_accuracy(s(0), s(-50));
        let big = move_accuracy(s(0), s(-500));
        assert!(small > big && big > 0.0, "{small} {big}");
        assert!((win_percent(s(0)) - 50.0).abs() < 1e-9);
    }
}
