//! Does a replayed game agree with what its tags say? Every move played, the game over exactly
//! when the record says it is, the winning side or the draw of `Result`, the way it was decided
//! that `Termination` names, and in FFA the exact points of `Result`.

use super::reader::Replay;
use crate::game::{DrawReason, Event, OutReason, Outcome, ScoreReason};
use crate::Side;

/// Every way the replay disagrees with its record, in words (none: it agrees).
pub fn mismatches(r: &Replay) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(e) = &r.error {
        out.push(format!("a move does not replay: {e}"));
        return out;
    }
    let game = &r.game;
    let rules = game.rules();
    let result = r
        .tags
        .get("Result")
        .filter(|v| !v.trim().is_empty() && *v != "*");
    let Some(result) = result else {
        if game.is_over() {
            out.push("the record has no result, but the game is over".into());
        }
        return out;
    };
    let Some(outcome) = game.outcome() else {
        out.push(format!("the record ends ({result}), but the game goes on"));
        return out;
    };
    if rules.win.by_elimination() {
        // Play4Mate, FirstMate: the places, in the words the writer uses.
        let earned = super::writer::result_text(game, &r.tags.players(rules).0);
        if earned != result {
            out.push(format!(
                "the places are '{earned}', the Result tag says '{result}'"
            ));
        }
        return out;
    }
    if rules.scoring {
        match r.tags.ffa_points(rules) {
            Some(expected) if game.points() != expected => out.push(format!(
                "points {:?}, the Result tag says {:?}",
                game.points().0,
                expected.0
            )),
            Some(_) => {}
            None => out.push(format!("the Result tag '{result}' gives no points")),
        }
        ffa_termination(r, outcome, &mut out);
        return out;
    }
    let term = r.tags.get("Termination").unwrap_or("").to_ascii_lowercase();
    match (result, outcome) {
        ("1-0" | "0-1", Outcome::Won { side, by }) => {
            let want = if result == "1-0" {
                Side::First
            } else {
                Side::Second
            };
            if side != want {
                out.push(format!("the other side won than the Result tag's {result}"));
            }
            let said = if term.contains("checkmate") {
                Some(OutReason::Checkmated)
            } else if term.contains("on time") || term.contains("timeout") {
                Some(OutReason::TimedOut)
            } else if term.contains("disconnect") {
                Some(OutReason::Disconnected)
            } else if term.contains("resign") {
                Some(OutReason::Resigned)
            } else {
                None
            };
            if let Some(reason) = said.filter(|r| *r != by.reason) {
                out.push(format!(
                    "decided by '{}', the Termination tag says '{}' ({reason:?})",
                    by.reason.as_str(),
                    term
                ));
            }
        }
        ("1/2-1/2", Outcome::Drawn(_)) => {}
        (r, o) => out.push(format!("the Result tag says {r}, the game ended {o:?}")),
    }
    out
}

/// FFA: a `Termination` such as `(insuff. material; Yellow +10, Green +10)`, `Game over.
/// (50-move-rule)` or `(Red +20)` names the draw and the end-of-game points each colour got.
fn ffa_termination(r: &Replay, outcome: Outcome, out: &mut Vec<String>) {
    let Some(term) = r.tags.get("Termination") else {
        return;
    };
    let lower = term.to_ascii_lowercase();
    let said = if lower.contains("50-move") || lower.contains("fifty") {
        Some(DrawReason::FiftyMoves)
    } else if lower.contains("insuff") {
        Some(DrawReason::InsufficientMaterial)
    } else if lower.contains("repetition") {
        Some(DrawReason::Repetition)
    } else {
        None
    };
    if let Some(reason) = said.filter(|&d| outcome != Outcome::Drawn(d)) {
        out.push(format!(
            "the game ended {outcome:?}, the Termination tag says '{term}' ({reason:?})"
        ));
    }
    let rules = r.game.rules();
    let words: Vec<&str> = term
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '+'))
        .filter(|w| !w.is_empty())
        .collect();
    for pair in words.windows(2) {
        let (Some(seat), Some(points)) = (
            rules.seat_of_colour(pair[0]),
            pair[1]
                .strip_prefix('+')
                .and_then(|n| n.parse::<i32>().ok()),
        ) else {
            continue;
        };
        let got: i32 = r
            .game
            .records()
            .iter()
            .flat_map(|rec| &rec.events)
            .filter_map(|e| match e {
                Event::Scored {
                    seat: s,
                    points,
                    reason: ScoreReason::KingsAtEnd | ScoreReason::Draw,
                } if *s == seat => Some(*points),
                _ => None,
            })
            .sum();
        if got != points {
            out.push(format!(
                "{} got {got} at the end, the Termination tag says +{points}",
                pair[0]
            ));
        }
    }
}
