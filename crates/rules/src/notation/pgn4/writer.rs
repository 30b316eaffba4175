//! Writing a game as canonical PGN4.

use super::judged_out;
use super::tags::Tags;
use crate::board::{BySeat, Seat, Setup, Side};
use crate::game::{Action, Event, Game, OutReason, Outcome, ScoreReason, SeatStatus};
use crate::moves::Move;
use crate::notation::fen4;
use crate::position::Position;
use crate::ruleset::{MateJudging, MatedArmy, StalemateRule, WinCondition};

/// One filled slot: whose, and what was written there.
struct Slot {
    seat: Seat,
    text: String,
    /// The move made in it, if one was (a zombie's too).
    mv: Option<Move>,
}

/// One entry of a game's record as the movetext writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Whose slot it fills.
    pub seat: Seat,
    /// What is written there (a move with its marks, `R`, `T`, `S`, `#`, `-`, …).
    pub text: String,
    /// The move made in the slot, when one was: what a board highlights, without reading
    /// squares out of the text.
    pub mv: Option<Move>,
}

/// Writes `game` as PGN4. `extra` tags (players, site, date …) are written after the ones the
/// game determines (`Variant`, `RuleVariants`, `StartFen4`, `Result`, `Termination`).
pub fn write(game: &Game, extra: &Tags) -> String {
    let rules = game.rules();
    let mut tags = Tags::default();
    tags.set("Variant", rules.variant.pgn_name());
    let options = rules.rule_variants();
    if !options.is_empty() {
        tags.set("RuleVariants", options);
    }
    if let Some(start) = start_text(game) {
        tags.set("StartFen4", start);
    }
    for (k, v) in &extra.0 {
        if !matches!(
            k.as_str(),
            "Variant" | "RuleVariants" | "StartFen4" | "Result" | "Termination"
        ) {
            tags.set(k, v.clone());
        }
    }
    if rules.scoring && rules.dead_king_walking && game.seed() != 0 {
        tags.set("ZombieSeed", game.seed().to_string());
    }
    let names = tags.players(rules);
    tags.set("Result", result_text(game, &names.0));
    if let Some(t) = termination_text(game) {
        tags.set("Termination", t);
    }
    let mut out = String::new();
    for (k, v) in &tags.0 {
        out.push_str(&format!("[{k} \"{}\"]\n", v.replace('"', "'")));
    }
    out.push('\n');
    out.push_str(&movetext(game));
    out.push('\n');
    out
}

/// The `StartFen4` tag: a setup code, or the whole FEN4; none for the start of a game with a
/// board of its own (Chaturaji), which the reader takes as the default. A Chess960 game always
/// gets the whole FEN4, as chess.com writes it beside `Chess960=N`.
fn start_text(game: &Game) -> Option<String> {
    let start = game.start_position();
    let rules = game.rules();
    let shared = rules.shared();
    let unscored = game.start_points().0 == [0; 4];
    if rules.default_setup == Setup::Chaturaji
        && unscored
        && *start == Position::start(shared, rules.default_setup)
    {
        return None;
    }
    if matches!(rules.default_setup, Setup::Chess960 { .. }) {
        return Some(fen4::write_with_points(start, &game.start_points()));
    }
    for setup in Setup::ALL {
        if *start == Position::start(shared, setup) && unscored {
            return Some(setup.code().to_string());
        }
    }
    Some(fen4::write_with_points(start, &game.start_points()))
}

/// The record's filled slots in order, as the movetext writes them: whose each is and its text
/// (a move with its marks, `R`, `T`, `S`, `#`, `-`, or a zombie move with `R`/`T`). What a move
/// list shows; the movetext is these, numbered by rounds.
pub fn entries(game: &Game) -> Vec<Entry> {
    slots(game)
        .into_iter()
        .map(|s| Entry {
            seat: s.seat,
            text: s.text,
            mv: s.mv,
        })
        .collect()
}

fn slots(game: &Game) -> Vec<Slot> {
    let mut slots: Vec<Slot> = Vec::new();
    let on_turn = game.rules().mate_judging == MateJudging::OnOwnTurn;
    // Whose passed turns are written `-`: Verney/Club's, Chaturaji's boxed-in armies, and
    // Conquest's seats that no longer move (the first after a mate `#`).
    let conquest = game.rules().mated_army == MatedArmy::Conquered;
    let levels = game.rules().mate_judging == MateJudging::Levels
        || game.rules().stalemate == StalemateRule::PassTurn
        || game.rules().win == WinCondition::BothOpponentsMated
        || conquest;
    let mut style = Style {
        on_turn,
        levels,
        conquest,
        mate_due: [false; 4],
    };
    // A resignation in the seat's own turn whose zombie moves at once: "Kd13-d12R".
    let mut merge: Option<(Seat, &str)> = None;
    for rec in game.records() {
        let leaving = match rec.action {
            Action::Resign | Action::ClaimWin | Action::AutoClaim => Some("R"),
            Action::Timeout => Some("T"),
            Action::Move { .. } | Action::Judged => None,
        };
        if let Some((s, l)) = merge.take() {
            let zombie_next =
                matches!(rec.action, Action::Move { zombie: true, .. }) && rec.seat == s;
            // A zombie with no move is stalemated in the same slot: "SR".
            if rec.seat == s && judged_out(rec, OutReason::Stalemated) {
                slots.push(Slot {
                    seat: s,
                    text: format!("S{l}"),
                    mv: None,
                });
                push_marks(&mut slots, &rec.events, &mut style, Some(s));
                continue;
            }
            if !zombie_next {
                slots.push(Slot {
                    seat: s,
                    text: l.into(),
                    mv: None,
                });
            } else if let Some(Event::MovePlayed { text, mv, .. }) = rec.events.first() {
                slots.push(Slot {
                    seat: s,
                    text: format!("{text}{l}"),
                    mv: Some(*mv),
                });
                push_marks(&mut slots, &rec.events[1..], &mut style, None);
                continue;
            }
        }
        if let Some(l) = leaving {
            let filled = rec
                .events
                .iter()
                .any(|e| matches!(e, Event::TurnPassed { .. }));
            let zombie_now = game.rules().scoring
                && rec.events.iter().any(|e| {
                    matches!(
                        e,
                        Event::StatusChanged {
                            status: SeatStatus::Zombie(_),
                            ..
                        }
                    )
                });
            if zombie_now && !filled {
                merge = Some((rec.seat, l));
            } else {
                slots.push(Slot {
                    seat: rec.seat,
                    text: l.into(),
                    mv: None,
                });
            }
            push_marks(&mut slots, &rec.events, &mut style, None);
            continue;
        }
        push_marks(&mut slots, &rec.events, &mut style, None);
    }
    if let Some((s, l)) = merge {
        slots.push(Slot {
            seat: s,
            text: l.into(),
            mv: None,
        });
    }
    slots
}

/// How the movetext writes judgements and passes.
struct Style {
    /// Mates are judged on the mated player's turn (`#` in his slot).
    on_turn: bool,
    /// Passed turns are written `-`.
    levels: bool,
    /// Conquest: a mated player's first skipped slot is his `#`; a stalemate's pass is its `S`.
    conquest: bool,
    /// Conquest: seats mated whose `#` is still to be written.
    mate_due: [bool; 4],
}

/// Moves and on-turn judgements in `events`, as slots (`written`: the seat whose stalemate is
/// already in its slot).
fn push_marks(slots: &mut Vec<Slot>, events: &[Event], style: &mut Style, written: Option<Seat>) {
    let stalemated = |s: Seat| {
        events.iter().any(|e| {
            matches!(e, Event::StatusChanged { seat, status: SeatStatus::Out(OutReason::Stalemated) } if *seat == s)
        })
    };
    for ev in events {
        match ev {
            Event::StatusChanged {
                seat,
                status: SeatStatus::Out(OutReason::Stalemated),
            } if Some(*seat) == written => {}
            Event::TurnPassed { seat } if style.conquest && stalemated(*seat) => {}
            Event::TurnPassed { seat } if style.levels => {
                let due = std::mem::take(&mut style.mate_due[seat.index()]);
                slots.push(Slot {
                    seat: *seat,
                    text: if due { "#" } else { "-" }.into(),
                    mv: None,
                })
            }
            Event::StatusChanged {
                seat,
                status: SeatStatus::Out(r),
            } if style.conquest && r.is_mate() => style.mate_due[seat.index()] = true,
            Event::MovePlayed { seat, text, mv, .. } => slots.push(Slot {
                seat: *seat,
                text: text.clone(),
                mv: Some(*mv),
            }),
            Event::StatusChanged { seat, status } => {
                let mark = match status {
                    SeatStatus::Out(OutReason::Stalemated) => Some("S"),
                    SeatStatus::Out(OutReason::Checkmated) if style.on_turn => Some("#"),
                    _ => None,
                };
                if let Some(m) = mark {
                    slots.push(Slot {
                        seat: *seat,
                        text: m.into(),
                        mv: None,
                    });
                }
            }
            _ => {}
        }
    }
}

fn movetext(game: &Game) -> String {
    let mut out = String::new();
    let mut round = 0;
    let mut last: Option<Seat> = None;
    for slot in slots(game) {
        let new_round = match last {
            None => true,
            Some(l) => slot.seat.index() <= l.index(),
        };
        if new_round {
            round += 1;
            if round > 1 {
                out.push('\n');
            }
            out.push_str(&format!("{round}. {}", slot.text));
        } else {
            out.push_str(&format!(" .. {}", slot.text));
        }
        last = Some(slot.seat);
    }
    out
}

/// The `Result` tag the game has earned, with player names from `tags`.
pub fn result_tag(game: &Game, tags: &Tags) -> String {
    result_text(game, &tags.players(game.rules()).0)
}

/// The `Result` tag: `1-0` (S+N won), `0-1`, `1/2-1/2`, `*`; FFA: `name: points - …` (under
/// Play4Mate and FirstMate `name: place - …`) in seat order once the game is over.
pub(crate) fn result_text(game: &Game, names: &[Option<String>; 4]) -> String {
    let rules = game.rules();
    match game.outcome() {
        None | Some(Outcome::Aborted { .. }) => "*".into(),
        // Each for himself: each player's points, or under Play4Mate and FirstMate his place
        // (variants.md §4.1).
        Some(_) if !rules.sides() => {
            let values: BySeat<i32> = if rules.win.by_elimination() {
                let places = game.placings();
                BySeat::from_fn(|s| i32::from(places[s]))
            } else {
                game.points()
            };
            Seat::ALL
                .iter()
                .filter(|&&s| rules.in_play(s))
                .map(|&s| {
                    let name = names[s.index()]
                        .clone()
                        .unwrap_or_else(|| rules.colour(s).to_string());
                    format!("{name}: {}", values[s])
                })
                .collect::<Vec<_>>()
                .join(" - ")
        }
        Some(Outcome::Won { side, .. }) => match side {
            Side::First => "1-0".into(),
            Side::Second => "0-1".into(),
        },
        Some(_) => "1/2-1/2".into(),
    }
}

fn termination_text(game: &Game) -> Option<String> {
    let rules = game.rules();
    let names: [Option<String>; 4] = Default::default();
    let result = result_text(game, &names);
    Some(match game.outcome()? {
        Outcome::Won { by, .. } => {
            let c = rules.colour(by.seat);
            match by.reason {
                OutReason::Checkmated => format!("Checkmate. {result}"),
                OutReason::Resigned => format!("{c} resigned. {result}"),
                OutReason::TimedOut => format!("{c} forfeit on time. {result}"),
                OutReason::Disconnected => format!("{c} forfeit by disconnection. {result}"),
                OutReason::KingCaptured => format!("{c}'s king captured. {result}"),
                OutReason::HillTaken => format!("King of the hill. {result}"),
                OutReason::Stalemated => format!("{c} stalemated. {result}"),
            }
        }
        Outcome::Drawn(r) => format!("Game drawn by {}.", r.as_str()),
        Outcome::Finished if rules.scoring && !end_points(game).is_empty() => {
            // As chess.com writes it: the points the end gave, `(Blue +20)`.
            let each: Vec<String> = end_points(game)
                .into_iter()
                .map(|(s, n)| format!("{} +{n}", rules.colour(s)))
                .collect();
            format!("({})", each.join(", "))
        }
        Outcome::Finished => {
            let best = Seat::ALL
                .into_iter()
                .filter(|&s| game.placings()[s] == 1)
                .map(|s| rules.colour(s))
                .collect::<Vec<_>>()
                .join(" and ");
            format!("Game over. {best} first.")
        }
        Outcome::Aborted { by } => format!("Aborted by {}.", rules.colour(by)),
    })
}

/// FFA: what the last action's end gave each seat (the kings left to the last player), in seat
/// order; empty when it gave nothing.
fn end_points(game: &Game) -> Vec<(Seat, i32)> {
    let mut out: Vec<(Seat, i32)> = Vec::new();
    let Some(last) = game.records().last() else {
        return out;
    };
    for e in &last.events {
        if let Event::Scored {
            seat,
            points,
            reason: ScoreReason::KingsAtEnd,
        } = e
        {
            match out.iter_mut().find(|(s, _)| s == seat) {
                Some((_, n)) => *n += points,
                None => out.push((*seat, *points)),
            }
        }
    }
    out.sort_by_key(|(s, _)| s.index());
    out
}
