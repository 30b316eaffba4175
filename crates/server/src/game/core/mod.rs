//! The sans-IO heart of a live game: the rules game, clocks, connections, the reconnect window,
//! the start timeout, bot turns, partner chat and arrows, and the numbered event log.
//!
//! The actor asks [`GameCore::prepare`] whether an input is acceptable (and what must be stored
//! for it), stores that, and only then calls [`GameCore::apply`]. Time is milliseconds on the
//! actor's monotonic scale, so tests can drive it without tokio.

mod chat_screen;
mod deadlines;
mod log;
mod translate;

pub use chat_screen::{Screened, STRIKES};
pub use log::{Audience, Numbered};

use super::clock::Clocks;
use super::convert::seat_name;
use crate::bot::BotLevel;
use crate::store::ActionRecord;
use fourhand_protocol::{AbortCause, ChatTarget, Ending, ErrorCode, GameEvent, TimeControl};
use fourhand_rules::game::{Event, Game, GameError, Outcome};
use fourhand_rules::{BySeat, Kind, Move, Seat, Square};
use std::collections::VecDeque;

/// Something the game is asked to do. On the bus it travels as it is (seats, squares and pieces
/// by name: the rules crate's `serde` forms).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "k", content = "v", rename_all = "snake_case")]
pub enum Input {
    /// A seat plays a move.
    Play {
        /// The seat moving.
        seat: Seat,
        /// The square moved from.
        from: Square,
        /// The square moved to.
        to: Square,
        /// Promotion piece.
        promotion: Option<Kind>,
    },
    /// A seat resigns.
    Resign(Seat),
    /// A seat berserks (an arena game that allows it, before the seat's first move).
    Berserk(Seat),
    /// A seat claims the win (FFA).
    Claim(Seat),
    /// A seat's flag fell.
    Timeout(Seat),
    /// A seat did not reconnect within the reconnect window: it forfeits by disconnection.
    Forfeit(Seat),
    /// Not everyone connected in time: the game is cancelled.
    Cancel,
    /// A moderator aborts the game (no result), for this reason.
    Abort(String),
    /// A chat line.
    Chat {
        /// The seat speaking.
        seat: Seat,
        /// Partner or table.
        to: ChatTarget,
        /// The line as the player typed it.
        text: String,
    },
    /// A partner arrow.
    Arrow {
        /// Drawn by.
        seat: Seat,
        /// The arrow's tail square.
        from: Square,
        /// The arrow's head square.
        to: Square,
    },
    /// Clears a seat's arrows.
    ClearArrows(Seat),
    /// A seat queues a move for its next turn (none: cancels the queued one). Never stored:
    /// the actor holds it and plays it as a [`Input::Play`] when the turn comes.
    Premove {
        /// The seat queueing.
        seat: Seat,
        /// The move, or none to cancel.
        queued: Option<Queued>,
    },
    /// A connection for the seat opened.
    Connected(Seat),
    /// A connection for the seat closed.
    Disconnected(Seat),
}

/// Why an input was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Stable code.
    pub code: ErrorCode,
    /// For people.
    pub message: String,
}

/// Applies a leaving input (resignation, flag, forfeit, claim) to the rules game.
impl From<Refusal> for crate::error::ServerError {
    fn from(r: Refusal) -> Self {
        crate::error::ServerError::new(r.code, r.message)
    }
}

fn leave(game: &mut Game, input: &Input) -> Result<Vec<Event>, GameError> {
    match *input {
        Input::Resign(s) => game.resign(s),
        Input::Timeout(s) => game.timeout(s),
        Input::Forfeit(s) => game.forfeit_disconnected(s),
        Input::Claim(s) => game.claim_win(s),
        _ => Ok(Vec::new()),
    }
}

fn refuse<T>(code: ErrorCode, message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal {
        code,
        message: message.into(),
    })
}

/// One seat of a live game.
#[derive(Clone, Debug)]
pub struct SeatState {
    /// Display name.
    pub name: String,
    /// The player (humans).
    pub player: Option<uuid::Uuid>,
    /// A bot plays it.
    pub bot: Option<BotLevel>,
    /// Hash of the seat token (humans).
    pub token_hash: Option<String>,
    /// Open connections holding this seat.
    pub connections: u32,
    /// Connected at least once.
    pub ever_connected: bool,
    /// When its last connection closed.
    pub disconnected_at: Option<u64>,
    /// The rating shown beside the name (the player's in the game's pool, a bot's fixed one).
    pub rating: Option<i32>,
}

/// A move by its squares, as a client names it: played at once, or queued for a seat's next
/// turn (a premove).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Queued {
    /// The square the queued move starts from.
    pub from: Square,
    /// The square it goes to.
    pub to: Square,
    /// Promotion piece.
    pub promotion: Option<Kind>,
}

impl Queued {
    /// The move played by `seat`.
    pub fn play(self, seat: Seat) -> Input {
        Input::Play {
            seat,
            from: self.from,
            to: self.to,
            promotion: self.promotion,
        }
    }
}

/// Timing settings of live games.
#[derive(Copy, Clone, Debug)]
pub struct Timing {
    /// Reconnect window (60 s).
    pub reconnect_ms: u64,
    /// All four must have connected this soon after the start.
    pub start_ms: u64,
    /// How long a bot waits before moving.
    pub bot_ms: u64,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            reconnect_ms: 60_000,
            start_ms: 30_000,
            bot_ms: 400,
        }
    }
}

/// A live game without I/O.
pub struct GameCore {
    /// The rules game.
    game: Game,
    /// The four clocks.
    clocks: Clocks,
    /// Who sits where: players, bots, tokens, connections.
    seats: BySeat<SeatState>,
    /// The reconnect, start and bot timings.
    timing: Timing,
    /// Whether table chat is open.
    table_chat: bool,
    /// When the game started (the start timeout counts from it).
    started_at: u64,
    /// Cancelled (not everyone connected in time) or aborted by a moderator.
    cancelled: bool,
    /// Why a moderator aborted it (when one did).
    abort_reason: Option<String>,
    /// The last event's number.
    seq: u64,
    /// The first number of this run's event stream minus one: events of earlier runs (before
    /// a restart) are numbered below it and are never answered with a catch-up.
    seq_base: u64,
    /// This run's events, for catch-ups.
    log: VecDeque<Numbered>,
    /// Actions stored so far.
    plies: i64,
    /// The moves played, in the engines' notation.
    moves: Vec<String>,
    /// A bot is computing its move (its deadline is not due again meanwhile).
    bot_thinking: bool,
    /// The move each seat queued for its next turn (never stored: a restart drops them).
    premoves: [Option<Queued>; 4],
    /// An arena game that allows berserk.
    berserk_allowed: bool,
    /// The seats that have moved.
    moved: [bool; 4],
    /// FFA's chat rule: each seat's refused lines.
    strikes: chat_screen::ChatStrikes,
}

impl GameCore {
    /// A game starting at `now`.
    pub fn new(
        game: Game,
        tc: TimeControl,
        seats: BySeat<SeatState>,
        table_chat: bool,
        timing: Timing,
        now: u64,
    ) -> GameCore {
        let mut core = GameCore {
            game,
            clocks: Clocks::new(tc),
            seats,
            timing,
            table_chat,
            started_at: now,
            cancelled: false,
            abort_reason: None,
            seq: 0,
            seq_base: 0,
            log: VecDeque::new(),
            plies: 0,
            moves: Vec::new(),
            bot_thinking: false,
            premoves: [None; 4],
            strikes: Default::default(),
            berserk_allowed: false,
            moved: [false; 4],
        };
        core.restart_clock(now);
        core
    }

    /// The same game, allowing berserk (an arena's game) or not.
    pub fn with_berserk(mut self, allowed: bool) -> GameCore {
        self.berserk_allowed = allowed;
        self
    }

    /// Whether a player may berserk in this game (before his first move).
    pub fn berserk_allowed(&self) -> bool {
        self.berserk_allowed
    }

    /// The seats that berserked.
    pub fn berserked(&self) -> Vec<Seat> {
        Seat::ALL
            .into_iter()
            .filter(|s| self.clocks.berserked(s.index()))
            .collect()
    }

    /// The rules game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Last event number.
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// Actions stored so far.
    pub fn plies(&self) -> i64 {
        self.plies
    }

    /// Over (finished, aborted or cancelled).
    pub fn is_over(&self) -> bool {
        self.cancelled || self.game.is_over()
    }

    /// The clocks at `now`.
    pub fn clocks(&self, now: u64) -> [u64; 4] {
        self.clocks.read(now)
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.clocks.control()
    }

    /// What is left at `now` of the running turn's delay (0 without a delay).
    pub fn delay_left(&self, now: u64) -> u64 {
        self.clocks.delay_left(now)
    }

    /// Who sits where.
    pub fn seat_states(&self) -> &BySeat<SeatState> {
        &self.seats
    }

    /// Sets the rating shown beside the name of `seat`'s player (none: unrated there).
    pub fn set_rating(&mut self, seat: Seat, rating: Option<i32>) {
        self.seats[seat].rating = rating;
    }

    /// The moves played so far, in the engines' notation (`h2-h3`).
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// Cancelled because not everyone connected in time, or aborted by a moderator.
    pub fn cancelled(&self) -> bool {
        self.cancelled
    }

    /// A bot's search for the seat to move has started: its turn is not due again until
    /// [`GameCore::bot_done`].
    pub fn bot_started(&mut self) {
        self.bot_thinking = true;
    }

    /// The bot's search has answered (with a move or without).
    pub fn bot_done(&mut self) {
        self.bot_thinking = false;
    }

    /// The move `seat` has queued for its next turn, if any.
    pub fn queued(&self, seat: Seat) -> Option<Queued> {
        self.premoves[seat.index()]
    }

    /// Takes the move `seat` queued (it is played or dropped now).
    pub fn take_queued(&mut self, seat: Seat) -> Option<Queued> {
        self.premoves[seat.index()].take()
    }

    /// The seat a token belongs to.
    pub fn seat_of_token(&self, token: &str) -> Option<Seat> {
        let h = crate::identity::token_hash(token);
        self.seats
            .iter()
            .find(|(_, s)| s.token_hash.as_deref() == Some(h.as_str()))
            .map(|(seat, _)| seat)
    }

    /// After a restart: the stored banks, the turn of the seat to move resumed now (zero on
    /// the new actor's scale) with the `used_ms` it had taken while the server was up, a new
    /// event stream numbered from `stream << 32` (so no number of an earlier run is reused),
    /// and every human seat given a fresh reconnect window.
    pub fn restore_after_restart(&mut self, banks: [u64; 4], used_ms: u64, stream: u32) {
        self.clocks = self.clocks.with_banks(banks);
        let running = self.game.to_move().map(|s| s.index());
        self.clocks.resume(running, 0, used_ms);
        self.started_at = 0;
        self.seq_base = u64::from(stream) << 32;
        self.seq = self.seq_base;
        self.log.clear();
        for s in &mut self.seats.0 {
            s.connections = 0;
            s.ever_connected = true;
            if s.bot.is_none() {
                s.disconnected_at = Some(0);
            }
        }
    }

    /// The seats `player` holds in this game.
    pub fn seats_of(&self, player: uuid::Uuid) -> Vec<Seat> {
        self.seats
            .iter()
            .filter(|(_, s)| s.player == Some(player))
            .map(|(seat, _)| seat)
            .collect()
    }

    /// The banks as they will be after `input` is applied at `now`: the seat whose turn it
    /// ends charged (a mover also given his increment), a turn that goes on not charged yet.
    /// This is what is stored with the action; a restart charges the running turn from when
    /// it started.
    pub fn clocks_after(&self, input: &Input, now: u64) -> [u64; 4] {
        let mut c = self.clocks.clone();
        match input {
            Input::Play { .. } => c.stop(now, true),
            Input::Resign(s) | Input::Timeout(s) | Input::Forfeit(s) | Input::Claim(s)
                if self.game.to_move() == Some(*s) =>
            {
                c.stop(now, false)
            }
            Input::Cancel | Input::Abort(_) => c.stop(now, false),
            Input::Berserk(s) => {
                c.berserk(s.index());
                c.banks()
            }
            _ => c.banks(),
        }
    }

    /// The audience of `seat`'s private messages: he and his partner.
    fn partners(&self, seat: Seat) -> Audience {
        let rules = self.game.rules();
        Audience::Partners(rules.seats_of(rules.side_of(seat)))
    }

    fn restart_clock(&mut self, now: u64) {
        let running = self.game.to_move().map(|s| s.index());
        self.clocks.start(running, now);
    }

    /// Checks an input without changing anything; returns what must be stored before it is
    /// applied (none for chat, arrows and connections).
    pub fn prepare(&self, input: &Input) -> Result<Option<ActionRecord>, Refusal> {
        let over = self.is_over();
        match input {
            Input::Play {
                seat,
                from,
                to,
                promotion,
            } => {
                if over {
                    return refuse(ErrorCode::GameOver, "the game is over");
                }
                if self.game.to_move() != Some(*seat) {
                    return refuse(ErrorCode::NotYourTurn, format!("it is not {seat}'s turn"));
                }
                let m = self.find_move(*from, *to, *promotion)?;
                Ok(Some(ActionRecord::Move {
                    seat: *seat as u8,
                    mv: m.uci(),
                }))
            }
            Input::Resign(seat)
            | Input::Timeout(seat)
            | Input::Forfeit(seat)
            | Input::Claim(seat) => {
                if over {
                    return refuse(ErrorCode::GameOver, "the game is over");
                }
                let mut trial = self.game.clone();
                let r = leave(&mut trial, input);
                let s = *seat as u8;
                match r {
                    Ok(_) => Ok(Some(match input {
                        Input::Resign(_) => ActionRecord::Resign { seat: s },
                        Input::Timeout(_) => ActionRecord::Timeout { seat: s },
                        Input::Forfeit(_) => ActionRecord::Forfeit { seat: s },
                        _ => ActionRecord::Claim { seat: s },
                    })),
                    Err(GameError::CannotClaim(m)) => refuse(ErrorCode::CannotClaim, m),
                    Err(e) => refuse(ErrorCode::BadRequest, e.to_string()),
                }
            }
            Input::Berserk(seat) => {
                if over {
                    return refuse(ErrorCode::GameOver, "the game is over");
                }
                if !self.berserk_allowed {
                    return refuse(
                        ErrorCode::BerserkNotAllowed,
                        "berserk is for the games of an arena that allows it",
                    );
                }
                if self.moved[seat.index()] || self.clocks.berserked(seat.index()) {
                    return refuse(
                        ErrorCode::BerserkTooLate,
                        "berserk comes before your first move, once",
                    );
                }
                if self.seats[*seat].bot.is_some() {
                    return refuse(ErrorCode::BadRequest, "a bot does not berserk");
                }
                Ok(Some(ActionRecord::Berserk { seat: *seat as u8 }))
            }
            Input::Cancel => {
                if over {
                    return refuse(ErrorCode::GameOver, "the game is over");
                }
                let absent = self
                    .seats
                    .iter()
                    .filter(|(_, st)| st.bot.is_none() && !st.ever_connected)
                    .map(|(seat, _)| seat as u8)
                    .collect();
                Ok(Some(ActionRecord::Cancel { absent }))
            }
            Input::Abort(reason) => {
                if over {
                    return refuse(ErrorCode::GameOver, "the game is over");
                }
                Ok(Some(ActionRecord::Abort {
                    reason: reason.clone(),
                }))
            }
            Input::Chat { to, text, .. } => {
                if text.trim().is_empty() || text.chars().count() > 500 {
                    return refuse(ErrorCode::BadRequest, "chat lines are 1 to 500 characters");
                }
                match to {
                    ChatTarget::Partner if !self.game.rules().sides() => {
                        refuse(ErrorCode::ChatDisabled, "no partners in this game")
                    }
                    ChatTarget::Table if !self.table_chat => {
                        refuse(ErrorCode::ChatDisabled, "table chat is off at this table")
                    }
                    _ => Ok(None),
                }
            }
            Input::Arrow { .. } | Input::ClearArrows(_) => {
                if !self.game.rules().sides() {
                    return refuse(ErrorCode::ChatDisabled, "arrows are for partners");
                }
                Ok(None)
            }
            Input::Premove { seat, queued } => {
                if over {
                    return refuse(ErrorCode::GameOver, "the game is over");
                }
                if self.seats[*seat].bot.is_some()
                    || self.game.statuses()[*seat] != fourhand_rules::game::SeatStatus::Active
                {
                    return refuse(ErrorCode::BadRequest, "this seat no longer plays");
                }
                if let Some(q) = queued {
                    let own = self
                        .game
                        .position()
                        .piece_at(q.from)
                        .is_some_and(|p| p.seat == *seat && !p.dead);
                    if !own || q.from == q.to {
                        return refuse(
                            ErrorCode::IllegalMove,
                            format!(
                                "{}-{} cannot be queued: no piece of yours there",
                                q.from, q.to
                            ),
                        );
                    }
                }
                Ok(None)
            }
            Input::Connected(_) | Input::Disconnected(_) => Ok(None),
        }
    }

    fn find_move(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Kind>,
    ) -> Result<Move, Refusal> {
        let candidates: Vec<Move> = self
            .game
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.from() == from && m.to() == to)
            .collect();
        if candidates.is_empty() {
            return refuse(ErrorCode::IllegalMove, format!("{from}-{to} is not legal"));
        }
        match promotion {
            Some(k) => candidates
                .into_iter()
                .find(|m| m.promotion() == Some(k))
                .ok_or_else(|| Refusal {
                    code: ErrorCode::IllegalMove,
                    message: "that promotion is not allowed".into(),
                }),
            None if candidates.len() == 1 => Ok(candidates[0]),
            None => refuse(ErrorCode::IllegalMove, "choose a promotion piece"),
        }
    }

    /// Applies a prepared input at `now`; returns the events it caused.
    pub fn apply(&mut self, input: Input, now: u64) -> Vec<Numbered> {
        let mut out = Vec::new();
        match input {
            Input::Play {
                seat,
                from,
                to,
                promotion,
            } => {
                if let Ok(m) = self.find_move(from, to, promotion) {
                    self.clocks.stop(now, true);
                    self.moved[seat.index()] = true;
                    let events = self.game.play(seat, m).unwrap_or_default();
                    self.plies += 1;
                    self.after_rules(events, now, &mut out);
                }
            }
            Input::Resign(seat)
            | Input::Timeout(seat)
            | Input::Forfeit(seat)
            | Input::Claim(seat) => {
                let on_turn = self.game.to_move() == Some(seat);
                if on_turn {
                    self.clocks.stop(now, false);
                }
                let r = leave(&mut self.game, &input);
                self.plies += 1;
                if let Ok(events) = r {
                    self.after_rules(events, now, &mut out);
                }
            }
            Input::Berserk(seat) => {
                self.clocks.berserk(seat.index());
                self.plies += 1;
                let clocks_ms = self.clocks.read(now);
                self.emit(
                    Audience::All,
                    GameEvent::Berserk {
                        seat: seat_name(seat),
                        clocks_ms,
                    },
                    &mut out,
                );
            }
            Input::Cancel | Input::Abort(_) => {
                if let Input::Abort(reason) = input {
                    self.abort_reason = Some(reason);
                }
                self.plies += 1;
                self.cancelled = true;
                self.clocks.stop(now, false);
                self.clocks.start(None, now);
                let ev = self.over_event();
                self.emit(Audience::All, ev, &mut out);
            }
            Input::Chat { seat, to, text } => {
                let audience = match to {
                    ChatTarget::Partner => self.partners(seat),
                    ChatTarget::Table => Audience::All,
                };
                let name = self.seats[seat].name.clone();
                self.emit(
                    audience,
                    GameEvent::Chat {
                        seat: seat_name(seat),
                        name,
                        to,
                        text,
                    },
                    &mut out,
                );
            }
            Input::Arrow { seat, from, to } => self.emit(
                self.partners(seat),
                GameEvent::Arrow {
                    seat: seat_name(seat),
                    from,
                    to,
                },
                &mut out,
            ),
            Input::ClearArrows(seat) => self.emit(
                self.partners(seat),
                GameEvent::ArrowsCleared {
                    seat: seat_name(seat),
                },
                &mut out,
            ),
            Input::Premove { seat, queued } => self.premoves[seat.index()] = queued,
            Input::Connected(seat) => {
                let s = &mut self.seats[seat];
                s.connections += 1;
                s.ever_connected = true;
                let was_away = s.disconnected_at.take().is_some();
                if s.connections == 1 || was_away {
                    self.emit(
                        Audience::All,
                        GameEvent::Connection {
                            seat: seat_name(seat),
                            connected: true,
                            grace_ms: None,
                        },
                        &mut out,
                    );
                }
            }
            Input::Disconnected(seat) => {
                let reconnect = self.timing.reconnect_ms;
                let s = &mut self.seats[seat];
                s.connections = s.connections.saturating_sub(1);
                if s.connections == 0 && s.bot.is_none() {
                    s.disconnected_at = Some(now);
                    self.emit(
                        Audience::All,
                        GameEvent::Connection {
                            seat: seat_name(seat),
                            connected: false,
                            grace_ms: Some(reconnect),
                        },
                        &mut out,
                    );
                }
            }
        }
        out
    }

    /// The game's outcome in protocol words: result and termination.
    pub fn result(&self) -> Option<(String, String)> {
        if let (true, Some(reason)) = (self.cancelled, &self.abort_reason) {
            return Some((
                "aborted".into(),
                format!("aborted by a moderator: {reason}"),
            ));
        }
        if self.cancelled {
            return Some(("aborted".into(), "cancelled: not everyone connected".into()));
        }
        let o = self.game.outcome()?;
        Some(super::convert::result_and_termination(&self.game, o))
    }

    /// How the game ended, as data (none while it goes on).
    pub fn ending(&self) -> Option<Ending> {
        if self.cancelled {
            let cause = if self.abort_reason.is_some() {
                AbortCause::Moderator
            } else {
                AbortCause::NotConnected
            };
            return Some(Ending::Aborted { cause, by: None });
        }
        let o = self.game.outcome()?;
        Some(super::convert::ending(self.game.rules(), o))
    }

    /// Whether the game ended in an abort (no result).
    pub fn aborted(&self) -> bool {
        self.cancelled || matches!(self.game.outcome(), Some(Outcome::Aborted { .. }))
    }
}
