//! Replaying a PGN4 move by move through the game, so every move is checked by the rules.

use super::judged_out;
use super::movetext::{tokenize, Token};
use super::read_fault::{MoveSyntax, ReadFault};
use super::tags::{parse_tags, Tags};
use crate::board::{Kind, Seat, Square};
use crate::game::{Action, Automation, Game, OutReason, Outcome, SeatStatus};
use crate::moves::{Move, MoveKind};
use crate::position::Army;
use crate::ruleset::{MateJudging, MatedArmy, WinCondition};
use std::collections::VecDeque;
use std::fmt;

/// A move (or terminator) that could not be read or played, with where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// Round number (0 for errors in the tags).
    pub round: u32,
    /// The seat whose slot it filled.
    pub seat: Option<Seat>,
    /// Its colour name under the game's rule set.
    pub colour: Option<String>,
    /// The text as written.
    pub text: String,
    /// Why it failed.
    pub reason: ReadFault,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.seat, &self.colour) {
            (Some(s), Some(c)) => write!(
                f,
                "round {}, {c} ({s}): '{}': {}",
                self.round, self.text, self.reason
            ),
            _ => write!(f, "'{}': {}", self.text, self.reason),
        }
    }
}

impl std::error::Error for ReadError {}

/// A replayed PGN4: the tags, the game as far as it went, and the first error if any.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The tag pairs.
    pub tags: Tags,
    /// The game after every entry that could be played.
    pub game: Game,
    /// Moves replayed (zombie moves included).
    pub plies: usize,
    /// The first entry that could not be read or played.
    pub error: Option<ReadError>,
    /// The seat whose exit the record does not write but its tags give: a chess.com export
    /// that stops one entry early with two players left (see [`replay_slots`]).
    pub unwritten_exit: Option<Seat>,
}

/// Reads a PGN4 into a game, failing at the first entry that cannot be played.
pub fn read(text: &str) -> Result<(Tags, Game), ReadError> {
    let r = replay(text)?;
    match r.error {
        Some(e) => Err(e),
        None => Ok((r.tags, r.game)),
    }
}

/// The games of a text holding several PGN4 games one after another (as `fourhand arena --pgn`
/// writes them): a tag line after movetext starts the next game.
pub fn split_games(text: &str) -> Vec<&str> {
    let mut games = Vec::new();
    let (mut start, mut seen_moves, mut at) = (0, false, 0);
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        if t.starts_with('[') {
            if seen_moves {
                games.push(&text[start..at]);
                start = at;
                seen_moves = false;
            }
        } else if !t.is_empty() {
            seen_moves = true;
        }
        at += line.len();
    }
    if !text[start..].trim().is_empty() {
        games.push(&text[start..]);
    }
    games
}

/// Replays a PGN4 as far as it goes. Errors in the tags (unknown variant, bad start position)
/// are returned as `Err`; an unplayable move stops the replay and is reported in the result.
pub fn replay(text: &str) -> Result<Replay, ReadError> {
    replay_each(text, |_, _| {})
}

/// Like [`replay`], calling `after` with each entry and the game just after it (to show a game
/// position by position).
pub fn replay_each(text: &str, mut after: impl FnMut(&Token, &Game)) -> Result<Replay, ReadError> {
    replay_slots(text, |_, tok, g| after(tok, g))
}

/// Like [`replay_each`], also naming the seat whose slot each entry filled.
pub fn replay_slots(
    text: &str,
    after: impl FnMut(Seat, &Token, &Game),
) -> Result<Replay, ReadError> {
    let (tags, movetext) = parse_tags(text);
    replay_tokens(tags, &tokenize(movetext), after)
}

/// Replays the entries `tokens` from the start `tags` give, calling `after` with each entry's
/// seat, the entry and the game just after it (as [`replay_slots`]).
pub fn replay_tokens(
    tags: Tags,
    tokens: &[Token],
    mut after: impl FnMut(Seat, &Token, &Game),
) -> Result<Replay, ReadError> {
    let tag_err = |reason: ReadFault| ReadError {
        round: 0,
        seat: None,
        colour: None,
        text: String::new(),
        reason,
    };
    let rules = tags.rules().map_err(|e| tag_err(ReadFault::Rules(e)))?;
    let (start, points) = tags
        .start(&rules)
        .map_err(|e| tag_err(ReadFault::Start(e)))?;
    let mut game = Game::from_position_with(rules, start, points, Automation::REPLAY);
    let mut plies = 0;
    let mut error = None;
    // Seats judged stalemated on their turn whose slot (an `S`) is still to come: the rules
    // pass such a turn at once, the record still gives it a slot.
    // Likewise a Teams player mated on his turn under `BothMate` (a `#`), and the leader's `R`
    // of the automatic claim, made as soon as his turn came.
    let mut judged_slots: VecDeque<(Seat, &'static str)> = VecDeque::new();
    let on_turn = game.rules().mate_judging == MateJudging::OnOwnTurn;
    let mut seen = 0;
    let mut last_slot: Option<(u32, Seat)> = None;
    for tok in tokens {
        for rec in &game.records()[seen..] {
            if rec.action == Action::AutoClaim {
                judged_slots.push_back((rec.seat, "R"));
            } else if judged_out(rec, OutReason::Stalemated) {
                judged_slots.push_back((rec.seat, "S"));
            } else if on_turn
                && game.rules().win == WinCondition::BothOpponentsMated
                && judged_out(rec, OutReason::Checkmated)
            {
                judged_slots.push_back((rec.seat, "#"));
            }
        }
        seen = game.records().len();
        let result = match judged_slots.pop_front() {
            Some((s, mark)) => (s, judged_slot(&game, s, mark, tok)),
            None => match claim_slot(&game, tok, last_slot) {
                Some(s) => (s, claim_out_of_turn(&mut game, s)),
                None => (game.position().turn(), apply(&mut game, tok, &mut plies)),
            },
        };
        let seat = match result {
            (seat, Err(reason)) => {
                error = Some(ReadError {
                    round: tok.round,
                    seat: Some(seat),
                    colour: Some(rules.colour(seat).to_string()),
                    text: tok.text.clone(),
                    reason,
                });
                break;
            }
            (seat, Ok(())) => seat,
        };
        last_slot = Some((tok.round, seat));
        if matches!(tok.text.as_str(), "SR" | "ST") {
            // That stalemate's slot is this one.
            seen = game.records().len();
        }
        after(seat, tok, &game);
    }
    let unwritten_exit = if error.is_none() {
        unwritten_exit(&mut game, &tags, tokens.len())
    } else {
        None
    };
    Ok(Replay {
        tags,
        game,
        plies,
        error,
        unwritten_exit,
    })
}

/// Some chess.com exports stop one entry early: `CurrentMove` counts one entry more than the
/// movetext writes, the game still has two players, and the `Termination` tag gives the end's
/// points (game 100758459: Red's king capture leaves Red and Green, the record stops, and
/// `(Red +20)` is Green's exit). Only then is that exit applied — a resignation of the seat to
/// move, which with two players left ends the game as chess.com scores it. Returns its seat.
fn unwritten_exit(game: &mut Game, tags: &Tags, entries: usize) -> Option<Seat> {
    let rules = game.rules();
    let current: usize = tags.get("CurrentMove")?.trim().parse().ok()?;
    let two_left = game
        .statuses()
        .iter()
        .filter(|(_, s)| s.is_active())
        .count()
        == 2;
    let ended = tags
        .get("Termination")
        .is_some_and(|t| !t.trim().is_empty());
    if game.is_over() || !rules.scoring || !two_left || !ended || current != entries + 1 {
        return None;
    }
    let seat = game.position().turn();
    game.leave_in_slot(seat, false).ok()?;
    Some(seat)
}

/// The seat of an FFA `R` that cannot be the seat to move's: slots stand in seat order within a
/// round, so an `R` that opens a round after, say, Red's slot is Red's own, whoever is to move.
/// Such an `R` is a claim of the win made by hand out of turn (no game of the shared corpus
/// has one: chess.com's automatic claim waits for the leader's turn). `None` for every other
/// entry.
fn claim_slot(game: &Game, tok: &Token, last: Option<(u32, Seat)>) -> Option<Seat> {
    let (round, prev) = last?;
    if tok.text != "R" || !game.rules().scoring || game.is_over() {
        return None;
    }
    let fits = |s: Seat| {
        if tok.round == round {
            s.index() > prev.index()
        } else {
            s.index() <= prev.index()
        }
    };
    if fits(game.position().turn()) {
        return None;
    }
    let mut fitting = Seat::ALL
        .into_iter()
        .filter(|&s| fits(s) && game.statuses()[s].is_active());
    match (fitting.next(), fitting.next()) {
        (Some(s), None) => Some(s),
        _ => None,
    }
}

/// An `R` in the slot of `seat`, not on his turn: his claim of the win.
fn claim_out_of_turn(game: &mut Game, seat: Seat) -> Result<(), ReadFault> {
    let colour = game.rules().colour(seat);
    game.claim_win(seat)
        .map(|_| ())
        .map_err(|error| ReadFault::ClaimRefused { colour, error })
}

/// The entry in the slot of `seat`, whom the rules found stalemated (`S`) or, under `BothMate`,
/// mated (`#`) on his turn, or for whom the automatic claim was made (`R`): it must be that
/// mark.
fn judged_slot(game: &Game, seat: Seat, mark: &'static str, tok: &Token) -> Result<(), ReadFault> {
    if tok.text == mark {
        return Ok(());
    }
    Err(ReadFault::SlotShouldRead {
        colour: game.rules().colour(seat),
        mark,
    })
}

/// Applies one entry to the game.
fn apply(game: &mut Game, tok: &Token, plies: &mut usize) -> Result<(), ReadFault> {
    let seat = game.position().turn();
    let t = tok.text.as_str();
    match t {
        // Conquest: a mated player's first skipped slot.
        "#" if game.rules().mated_army == MatedArmy::Conquered => {
            if !matches!(game.statuses()[seat], SeatStatus::Out(r) if r.is_mate()) {
                return Err(ReadFault::NotMated);
            }
            return game
                .pass(seat)
                .map(|_| ())
                .map_err(|_| ReadFault::MatedCanMove);
        }
        "#" | "S" => return confirm_terminal(game, seat, t),
        // The player left on his turn and his zombie king, with no move, is stalemated at once.
        "SR" | "ST" => {
            let left = if t == "ST" {
                game.timeout(seat)
            } else {
                game.resign(seat)
            };
            left.map_err(ReadFault::Refused)?;
            return confirm_terminal(game, seat, "S");
        }
        "R" | "R#" | "T" => {
            if game.is_over() {
                return Err(ReadFault::GameOver);
            }
            return game
                .leave_in_slot(seat, t == "T")
                .map(|_| ())
                .map_err(ReadFault::Refused);
        }
        "-" => {
            if game.is_over() {
                return Err(ReadFault::GameOver);
            }
            return game
                .pass(seat)
                .map(|_| ())
                .map_err(|_| ReadFault::NotSkipped);
        }
        _ => {}
    }
    if game.is_over() {
        return Err(ReadFault::GameOver);
    }
    let parsed = parse_move(t).map_err(ReadFault::Syntax)?;
    if parsed.leaves.is_some() && game.position().army(seat) == Army::Live {
        let left = if parsed.leaves == Some(OutReason::TimedOut) {
            game.timeout(seat)
        } else {
            game.resign(seat)
        };
        left.map_err(ReadFault::Refused)?;
        if game.is_over() || game.position().turn() != seat {
            return Err(ReadFault::ZombieTurnEnded);
        }
    }
    let mv = resolve(game, seat, &parsed)?;
    game.play(seat, mv).map_err(ReadFault::Refused)?;
    *plies += 1;
    Ok(())
}

/// `#` or `S` in a seat's slot: the position must show that seat mated or stalemated.
fn confirm_terminal(game: &Game, seat: Seat, t: &str) -> Result<(), ReadFault> {
    let status = game.statuses()[seat];
    let ok = match t {
        "#" => {
            status == SeatStatus::Out(OutReason::Checkmated)
                || matches!(game.outcome(), Some(Outcome::Won { by, .. }) if by.seat == seat && by.reason == OutReason::Checkmated)
        }
        _ => {
            status == SeatStatus::Out(OutReason::Stalemated)
                || game.outcome() == Some(Outcome::Drawn(crate::game::DrawReason::Stalemate))
        }
    };
    if ok {
        Ok(())
    } else if t == "#" {
        Err(ReadFault::NotMated)
    } else {
        Err(ReadFault::NotStalemated)
    }
}

/// A move as written.
struct Written {
    castle: Option<MoveKind>,
    piece: Option<Kind>,
    from: Option<Square>,
    to: Option<Square>,
    promotion: Option<Kind>,
    /// `R`/`T` suffix: the player resigned or flagged and this is his zombie's move.
    leaves: Option<OutReason>,
}

fn parse_move(t: &str) -> Result<Written, MoveSyntax> {
    let mut w = Written {
        castle: None,
        piece: None,
        from: None,
        to: None,
        promotion: None,
        leaves: None,
    };
    let rest;
    if let Some(r) = t.strip_prefix("O-O-O") {
        w.castle = Some(MoveKind::CastleLong);
        rest = r;
    } else if let Some(r) = t.strip_prefix("O-O") {
        w.castle = Some(MoveKind::CastleShort);
        rest = r;
    } else {
        let b = t.as_bytes();
        let mut i = 0;
        if i < b.len() && b"KQRBN".contains(&b[i]) {
            w.piece = Kind::from_letter(b[i] as char);
            i += 1;
        }
        let (from, n) = square_at(t, i).ok_or(MoveSyntax::NoFrom)?;
        w.from = Some(from);
        i += n;
        match b.get(i) {
            Some(b'-') | Some(b'x') => i += 1,
            _ => return Err(MoveSyntax::NoSeparator),
        }
        if i < b.len() && b"KQRBNPD".contains(&b[i]) {
            i += 1;
        }
        let (to, n) = square_at(t, i).ok_or(MoveSyntax::NoTo)?;
        w.to = Some(to);
        i += n;
        if b.get(i) == Some(&b'=') {
            let k = b.get(i + 1).copied().ok_or(MoveSyntax::NoPromotionPiece)?;
            w.promotion = Some(match k {
                b'D' => Kind::Queen,
                _ => Kind::from_letter(k as char)
                    .filter(|k| !matches!(k, Kind::King | Kind::Pawn))
                    .ok_or(MoveSyntax::BadPromotion(k as char))?,
            });
            i += 2;
        }
        rest = &t[i..];
    }
    for c in rest.chars() {
        match c {
            '+' | '#' | 'S' | '!' | '?' => {}
            'R' => w.leaves = Some(OutReason::Resigned),
            'T' => w.leaves = Some(OutReason::TimedOut),
            _ => return Err(MoveSyntax::Unexpected(c)),
        }
    }
    Ok(w)
}

/// A square name starting at byte `i`: returns it and its length.
fn square_at(t: &str, i: usize) -> Option<(Square, usize)> {
    let b = t.as_bytes();
    let f = *b.get(i)?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let sq = t[i..i + 1 + digits].parse().ok()?;
    Some((sq, 1 + digits))
}

fn resolve(game: &Game, seat: Seat, w: &Written) -> Result<Move, ReadFault> {
    let moves = game.legal_moves();
    if let Some(kind) = w.castle {
        return moves
            .iter()
            .copied()
            .find(|m| m.kind() == kind)
            .ok_or(ReadFault::CastlingIllegal);
    }
    let (from, to) = (w.from.expect("parsed"), w.to.expect("parsed"));
    let pos = game.position();
    // Conquest: a player also moves the pieces of the armies he has conquered.
    let Some(pc) = pos
        .piece_at(from)
        .filter(|p| pos.controller(p.seat) == seat && !p.dead)
    else {
        return Err(ReadFault::NoPiece { from });
    };
    let written = w.piece.unwrap_or(Kind::Pawn);
    if written != pc.kind {
        return Err(ReadFault::WrongPiece {
            from,
            holds: pc.kind,
            written,
        });
    }
    let candidates: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| m.from() == from && m.to() == to)
        .collect();
    if candidates.is_empty() {
        return Err(ReadFault::Illegal);
    }
    match w.promotion {
        Some(k) => candidates
            .into_iter()
            .find(|m| m.promotion() == Some(k))
            .ok_or(ReadFault::IllegalPromotion),
        None if candidates.len() == 1 => {
            if candidates[0].promotion().is_some() && pos.rules().promotion_choice.kinds().len() > 1
            {
                return Err(ReadFault::PromotionMissing);
            }
            Ok(candidates[0])
        }
        None => Err(ReadFault::PromotionMissing),
    }
}
