//! Does a replayed game agree with what its tags say? Every move played, the game over exactly
//! when the record says it is, the winning side or the draw of `Result`, the way it was decided
//! that `Termination` names, and in FFA the exact points of `Result`.

use super::reader::Replay;
use crate::game::{OutReason, Outcome};
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
        return out;
    }
    let term = r.tags.get("Termination").unwrap_or("").to_ascii_lowercase();
    match (result, outcome) {
        ("1-0" | "0-1", Outcome::Won { side, by }) => {
            let want = if result == "1-0" {
                Side::SouthNorth
            } else {
                Side::WestEast
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
