//! A game: the position plus everything the rules say happens around moves — turns, mates,
//! eliminations, FFA points, Dead King Walking, draws, aborts and the result.
//!
//! Inputs are actions (a move, a resignation, a timeout, a claim); each returns the events it
//! caused, or an error that changed nothing.

mod conquest;
pub mod draw;
mod ffa;
mod historical;
mod input;
mod marks;
mod outcome;
mod rng;
pub mod scoring;
mod sides;

pub use input::{Action, Automation, GameError, Record};
pub(crate) use marks::{zombie_pick, Marks};
pub use outcome::{
    placings, Decisive, DrawReason, Event, OutReason, Outcome, ScoreReason, SeatStatus,
};
pub use rng::ZombieRng;

use crate::board::{BySeat, Kind, Seat, Side};
use crate::moves::{Move, MoveList};
use crate::position::{Army, Position};
use crate::ruleset::{DrawJudging, MateJudging, MatedArmy, RuleSet, WinCondition};

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    rules: RuleSet,
    start: Position,
    start_points: BySeat<i32>,
    pos: Position,
    points: BySeat<i32>,
    seats: BySeat<SeatStatus>,
    moves_made: BySeat<u32>,
    records: Vec<Record>,
    keys: Vec<u64>,
    outcome: Option<Outcome>,
    seed: u64,
    rng: ZombieRng,
    auto: Automation,
    pending_leave: BySeat<Option<OutReason>>,
}

impl Game {
    /// A new game from the rule set's default setup.
    pub fn new(rules: RuleSet) -> Game {
        let pos = Position::start(rules.shared(), rules.default_setup);
        Game::from_position(rules, pos, BySeat([0; 4]))
    }

    /// A game from a given position and points (e.g. a FEN4), everything automatic.
    pub fn from_position(rules: RuleSet, pos: Position, points: BySeat<i32>) -> Game {
        Game::from_position_with(rules, pos, points, Automation::LIVE)
    }

    /// A game from a given position and points with the given automation, in force from the
    /// start (a replayed record whose first entry is a zombie's move must not have it made).
    pub fn from_position_with(
        rules: RuleSet,
        pos: Position,
        points: BySeat<i32>,
        auto: Automation,
    ) -> Game {
        let seats = BySeat::from_fn(|s| match pos.army(s) {
            _ if !rules.in_play(s) => SeatStatus::Absent,
            Army::Out if pos.is_frozen(s) => SeatStatus::Out(OutReason::Stalemated),
            Army::Live => SeatStatus::Active,
            Army::Zombie => SeatStatus::Zombie(OutReason::Resigned),
            Army::Out | Army::Conquered => SeatStatus::Out(OutReason::Checkmated),
            Army::Mated => SeatStatus::Mated,
            Army::Resigned => SeatStatus::Out(OutReason::Resigned),
        });
        let key = draw::repetition_key(&pos);
        let mut g = Game {
            rules,
            start: pos.clone(),
            start_points: points,
            pos,
            points,
            seats,
            moves_made: BySeat([0; 4]),
            records: Vec::new(),
            keys: vec![key],
            outcome: None,
            seed: 0,
            rng: ZombieRng::new(0),
            auto,
            pending_leave: BySeat([None; 4]),
        };
        g.settle();
        g
    }

    /// Sets the seed of the Dead King Walking generator (stored with the game).
    pub fn with_seed(mut self, seed: u64) -> Game {
        self.seed = seed;
        self.rng = ZombieRng::new(seed);
        self
    }

    /// Sets which actions the game performs itself.
    pub fn with_automation(mut self, auto: Automation) -> Game {
        self.auto = auto;
        self
    }

    /// The rule set.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The start position.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// Points at the start (FEN4 games).
    pub fn start_points(&self) -> BySeat<i32> {
        self.start_points
    }

    /// The repetition key (`draw::repetition_key`) of every position of the game so far, the
    /// current one last: what threefold repetition counts.
    pub fn repetition_keys(&self) -> &[u64] {
        &self.keys
    }

    /// FFA points.
    pub fn points(&self) -> BySeat<i32> {
        self.points
    }

    /// Each seat's status.
    pub fn statuses(&self) -> BySeat<SeatStatus> {
        self.seats
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// True once the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Every action so far, with its events.
    pub fn records(&self) -> &[Record] {
        &self.records
    }

    /// The zombie generator's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// For a game set up from a position: how many moves `seat` is taken to have made already
    /// (this matters only to the abort rules of rules.md §5.3).
    pub fn set_moves_made(&mut self, seat: Seat, n: u32) {
        self.moves_made[seat] = n;
    }

    /// Moves made by `seat` (zombie moves not counted).
    pub fn moves_made(&self, seat: Seat) -> u32 {
        self.moves_made[seat]
    }

    /// The seat to move, while the game is on.
    pub fn to_move(&self) -> Option<Seat> {
        if self.is_over() {
            None
        } else {
            Some(self.pos.turn())
        }
    }

    /// Placings of a game each for himself (1 = first; ties share): by points, or under
    /// `Play4Mate`/`FirstMate` and in Conquest by who went out when (the players still in first;
    /// under `FirstMate` the mater above them; in Conquest frozen players just below the last
    /// one moving, or sharing the top with everyone not yet placed when the game is drawn).
    pub fn placings(&self) -> BySeat<u8> {
        let mut places = if self.rules.win.by_elimination() {
            placings(&self.elimination_order())
        } else {
            placings(&self.points)
        };
        // A seat not in play (three-player Conquest's East) has no place: 0. Ranked below
        // everyone, it took none of theirs.
        for s in Seat::ALL.into_iter().filter(|&s| !self.rules.in_play(s)) {
            places[s] = 0;
        }
        places
    }

    /// For placings by elimination, higher is better: the record at which each seat went out
    /// (0 when out from the start), `i32::MAX` for those still in — under `FirstMate` one less for
    /// those the mater leaves behind him.
    fn elimination_order(&self) -> BySeat<i32> {
        let mut key = BySeat([i32::MAX; 4]);
        let mut mater = None;
        for (i, rec) in self.records.iter().enumerate() {
            for e in &rec.events {
                if let Event::StatusChanged {
                    seat,
                    status: SeatStatus::Out(reason),
                } = e
                {
                    if key[*seat] == i32::MAX {
                        key[*seat] = i32::try_from(i + 1).unwrap_or(i32::MAX - 2);
                    }
                    if reason.is_mate()
                        && mater.is_none()
                        && matches!(rec.action, Action::Move { .. })
                    {
                        mater = Some(rec.seat);
                    }
                }
            }
        }
        let drawn = matches!(self.outcome, Some(Outcome::Drawn(_)));
        for s in Seat::ALL {
            if !self.rules.in_play(s) {
                key[s] = i32::MIN;
                continue;
            }
            if self.rules.win == WinCondition::Placings
                && self.seats[s] == SeatStatus::Out(OutReason::Stalemated)
            {
                key[s] = if drawn { i32::MAX } else { i32::MAX - 1 };
                continue;
            }
            if key[s] == i32::MAX && !self.seats[s].is_active() {
                key[s] = 0;
            }
            if self.rules.win == WinCondition::FirstMateFfa
                && key[s] == i32::MAX
                && mater.is_some_and(|m| m != s)
            {
                key[s] = i32::MAX - 1;
            }
        }
        key
    }

    /// Legal moves of the seat to move (none once the game is over).
    pub fn legal_moves(&self) -> MoveList {
        let mut l = MoveList::new();
        if !self.is_over() {
            self.pos.legal_moves_into(&mut l);
        }
        l
    }

    /// The legal move with these squares and promotion, if any.
    pub fn find_move(
        &self,
        from: crate::Square,
        to: crate::Square,
        promotion: Option<Kind>,
    ) -> Option<Move> {
        self.legal_moves()
            .iter()
            .copied()
            .find(|m| m.from() == from && m.to() == to && m.promotion() == promotion)
    }

    /// The legal move written `text` in the engines' notation ([`Move::uci`], `h2-h3`), if any.
    pub fn find_uci(&self, text: &str) -> Option<Move> {
        self.legal_moves().iter().copied().find(|m| m.uci() == text)
    }

    /// Whether the seat to move is a zombie king waiting for its move.
    pub fn zombie_to_move(&self) -> bool {
        !self.is_over() && self.pos.army(self.pos.turn()) == Army::Zombie
    }

    /// The Dead King Walking move the seeded generator chooses now (legal king moves sorted by
    /// destination, rank then file). Does not play it.
    pub fn zombie_choice(&self) -> Option<Move> {
        let mut rng = self.rng;
        zombie_pick(&self.pos, &mut rng)
    }

    /// Plays `mv` for `seat`.
    pub fn play(&mut self, seat: Seat, mv: Move) -> Result<Vec<Event>, GameError> {
        self.check_turn(seat)?;
        let zombie = self.pos.army(seat) == Army::Zombie;
        if !self.legal_moves().contains(&mv) {
            return Err(GameError::IllegalMove(mv.uci()));
        }
        let start = self.records.len();
        let mut events = Vec::new();
        self.apply_move(seat, mv, zombie, &mut events);
        self.push_record(seat, Action::Move { mv, zombie }, events);
        self.settle();
        Ok(self.events_since(start))
    }

    /// `seat` resigns. On his own turn it takes effect at once (an FFA zombie king then moves
    /// at once); an FFA resignation given on another's turn takes effect when his turn comes.
    pub fn resign(&mut self, seat: Seat) -> Result<Vec<Event>, GameError> {
        self.leave(seat, OutReason::Resigned, Action::Resign)
    }

    /// `seat` loses on time.
    pub fn timeout(&mut self, seat: Seat) -> Result<Vec<Event>, GameError> {
        self.leave(seat, OutReason::TimedOut, Action::Timeout)
    }

    /// `seat` forfeits by disconnection: he did not come back within the reconnect window.
    /// It counts as a loss on time (PGN4 `T` in the movetext), reported as a disconnection.
    pub fn forfeit_disconnected(&mut self, seat: Seat) -> Result<Vec<Event>, GameError> {
        self.leave(seat, OutReason::Disconnected, Action::Timeout)
    }

    /// The seat to move resigns (or, with `timed_out`, flags) and the resignation fills its
    /// turn: an FFA zombie king first moves on its next turn. This is what a PGN4 `R` or `T`
    /// alone in a slot records.
    pub fn leave_in_slot(&mut self, seat: Seat, timed_out: bool) -> Result<Vec<Event>, GameError> {
        self.check_turn(seat)?;
        let (reason, action) = if timed_out {
            (OutReason::TimedOut, Action::Timeout)
        } else {
            (OutReason::Resigned, Action::Resign)
        };
        let start = self.records.len();
        self.leave_now(seat, reason, action, true);
        self.settle();
        Ok(self.events_since(start))
    }

    /// The seat to move cannot move, and its turn must be passed: Verney/Club (a skipped turn
    /// of a mated or resigned player, or a stalemate pass) and Chaturaji (a boxed-in army).
    pub fn must_pass(&self) -> bool {
        !self.is_over()
            && if self.rules.mated_army == MatedArmy::Conquered
                || (self.rules.win == WinCondition::BothOpponentsMated
                    && self.rules.mate_judging == MateJudging::OnOwnTurn)
            {
                self.sits_out()
            } else if self.rules.mate_judging == MateJudging::Levels {
                historical::must_pass(self)
            } else {
                ffa::must_pass(self)
            }
    }

    /// Passes the turn of `seat`, which must be unable to move (PGN4 `-`; Verney, Club,
    /// Chaturaji).
    pub fn pass(&mut self, seat: Seat) -> Result<Vec<Event>, GameError> {
        self.check_turn(seat)?;
        if !self.must_pass() {
            return Err(GameError::IllegalMove(
                "a pass, but this seat can move".into(),
            ));
        }
        let start = self.records.len();
        let mut events = Vec::new();
        if self.rules.mated_army == MatedArmy::Conquered
            || matches!(
                self.rules.mate_judging,
                MateJudging::OnOwnTurn | MateJudging::Levels
            )
        {
            self.pass_slot(&mut events);
        } else {
            ffa::pass(self, &mut events);
        }
        self.push_record(seat, Action::Judged, events);
        self.settle();
        Ok(self.events_since(start))
    }

    /// FFA: whether `seat` may claim the win now ([`Game::claim_win`]'s refusal if not),
    /// changing nothing.
    pub fn check_claim_win(&self, seat: Seat) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if !self.rules.scoring {
            return Err(GameError::CannotClaim("only in FFA".into()));
        }
        ffa::check_claim(self, seat)
    }

    /// FFA: with two players left, `seat` leading the other by 21 or more claims the win.
    pub fn claim_win(&mut self, seat: Seat) -> Result<Vec<Event>, GameError> {
        self.check_claim_win(seat)?;
        let mut events = Vec::new();
        ffa::claim(self, seat, &mut events);
        self.push_record(seat, Action::ClaimWin, events.clone());
        Ok(events)
    }

    /// The seat to move no longer moves (out under BothMate, Verney's skipped turns, Conquest's
    /// conquered, frozen or resigned seats): its slot is a pass.
    fn sits_out(&self) -> bool {
        let t = self.pos.turn();
        !self.pos.army(t).takes_turns() || self.pos.controller(t) != t
    }

    /// Passes the slot of the seat to move (PGN4 `-`) to the next seat in play, whatever it can
    /// do (its slot is judged in turn); three-player Conquest's empty East arm has no slot.
    fn pass_slot(&mut self, events: &mut Vec<Event>) {
        events.push(Event::TurnPassed {
            seat: self.pos.turn(),
        });
        self.next_slot();
    }

    /// Moves the turn to the next seat in play without passing a slot.
    fn next_slot(&mut self) {
        self.pos.advance_slot();
        while !self.rules.in_play(self.pos.turn()) {
            self.pos.advance_slot();
        }
    }

    fn check_turn(&self, seat: Seat) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if self.pos.turn() != seat {
            return Err(GameError::NotYourTurn {
                to_move: self.pos.turn(),
            });
        }
        Ok(())
    }

    fn leave(
        &mut self,
        seat: Seat,
        reason: OutReason,
        action: Action,
    ) -> Result<Vec<Event>, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if !matches!(self.seats[seat], SeatStatus::Active | SeatStatus::Mated) {
            return Err(GameError::NotActive(seat));
        }
        let start = self.records.len();
        if self.rules.mated_army != MatedArmy::GameOver && self.pos.turn() != seat {
            self.pending_leave[seat] = Some(reason);
            return Ok(Vec::new());
        }
        self.leave_now(seat, reason, action, false);
        self.settle();
        Ok(self.events_since(start))
    }

    /// Applies a resignation or timeout; `fills_slot` passes a new zombie's turn.
    fn leave_now(&mut self, seat: Seat, reason: OutReason, action: Action, fills_slot: bool) {
        let mut events = Vec::new();
        self.pending_leave[seat] = None;
        if self.aborts(seat) {
            self.finish(Outcome::Aborted { by: seat }, &mut events);
        } else if self.rules.mated_army == MatedArmy::Conquered {
            conquest::leave(self, seat, reason, &mut events);
        } else if !self.rules.sides() {
            ffa::leave(self, seat, reason, &mut events);
            if fills_slot && self.pos.turn() == seat && self.pos.army(seat) == Army::Zombie {
                self.pos.advance_turn();
                events.push(Event::TurnPassed { seat });
            }
        } else if self.rules.mate_judging == MateJudging::Levels {
            historical::leave(self, seat, reason, &mut events);
        } else {
            sides::leave(self, seat, reason, &mut events);
        }
        self.push_record(seat, action, events);
    }

    fn push_record(&mut self, seat: Seat, action: Action, events: Vec<Event>) {
        self.records.push(Record {
            seat,
            action,
            events,
        });
    }

    fn events_since(&self, start: usize) -> Vec<Event> {
        self.records[start..]
            .iter()
            .flat_map(|r| r.events.iter().cloned())
            .collect()
    }

    /// True when a resignation or timeout of `seat` now aborts the game (rules.md §5.3).
    pub fn aborts(&self, seat: Seat) -> bool {
        use crate::ruleset::AbortRule;
        match self.rules.abort {
            AbortRule::FirstMove => self.moves_made[seat] == 0,
            AbortRule::BeforeThreeMovesOutOfCheck => {
                self.moves_made[seat] < 3 && !self.pos.in_check(seat)
            }
            AbortRule::Never => false,
        }
    }

    fn apply_move(&mut self, seat: Seat, mv: Move, zombie: bool, events: &mut Vec<Event>) {
        if !zombie {
            self.moves_made[seat] += 1;
        }
        let text = crate::notation::san::move_text(&self.pos, mv);
        let at = events.len();
        events.push(Event::MovePlayed {
            seat,
            mv,
            zombie,
            text,
        });
        let marks = if self.rules.mated_army == MatedArmy::Conquered {
            conquest::after_move(self, seat, mv, events)
        } else if !self.rules.sides() {
            ffa::after_move(self, seat, mv, zombie, events)
        } else if self.rules.mate_judging == MateJudging::Levels {
            historical::after_move(self, seat, mv, events)
        } else {
            sides::after_move(self, seat, mv, events)
        };
        if let Event::MovePlayed { text, .. } = &mut events[at] {
            text.push_str(&crate::notation::san::marks(marks.checked, marks.decisive));
        }
        self.turn_changed(events);
    }

    /// After a move, or a turn passed without one (a zombie judged on its turn): the new
    /// position counts for repetition, and the draws are judged — repetition and fifty moves
    /// only when no zombie moves next (under [`DrawJudging::OnLiveTurn`]), insufficient
    /// material on every ply, since no move can mend it.
    fn turn_changed(&mut self, events: &mut Vec<Event>) {
        if !self.is_over() {
            self.keys.push(draw::repetition_key(&self.pos));
            let counted = !self.draws_wait_for_zombie();
            self.check_draws(counted, events);
        }
    }

    /// True when the draw rules are judged on a live player's turn and a zombie king moves next.
    fn draws_wait_for_zombie(&self) -> bool {
        self.rules.draw_judging == DrawJudging::OnLiveTurn
            && self.pos.army(self.pos.turn()) == Army::Zombie
    }

    /// Judges the draws on the position just reached; `counted`: repetition and fifty moves
    /// too, not only insufficient material.
    fn check_draws(&mut self, counted: bool, events: &mut Vec<Event>) {
        let key = *self
            .keys
            .last()
            .expect("keys start with the start position");
        let reason = if counted && self.keys.iter().filter(|&&k| k == key).count() >= 3 {
            Some(DrawReason::Repetition)
        } else if counted && draw::fifty_moves(&self.pos) {
            Some(DrawReason::FiftyMoves)
        } else if draw::insufficient_material(&self.pos, &self.rules) {
            Some(DrawReason::InsufficientMaterial)
        } else {
            None
        };
        if let Some(r) = reason {
            if self.rules.scoring {
                ffa::draw_points(self, events);
            }
            self.finish(Outcome::Drawn(r), events);
        }
    }

    /// Handles whatever the new turn brings before a player must act: mates and stalemates
    /// judged on the turn, resignations taking effect, zombie moves, the FFA automatic claim.
    /// Each step is recorded.
    fn settle(&mut self) {
        for _ in 0..64 {
            if self.is_over() {
                return;
            }
            let t = self.pos.turn();
            if let Some(reason) = self.pending_leave[t] {
                let action = if matches!(reason, OutReason::TimedOut | OutReason::Disconnected) {
                    Action::Timeout
                } else {
                    Action::Resign
                };
                self.leave_now(t, reason, action, true);
                continue;
            }
            let progressed = match self.rules.mate_judging {
                MateJudging::Levels => historical::on_turn(self),
                MateJudging::OnOwnTurn => {
                    let t = self.pos.turn();
                    let mut events = Vec::new();
                    let progressed = sides::on_turn(self, &mut events);
                    if !events.is_empty() {
                        self.push_record(t, Action::Judged, events);
                    }
                    progressed
                }
                _ if self.rules.mated_army == MatedArmy::Conquered => conquest::on_turn(self),
                _ => ffa::on_turn(self),
            };
            if !progressed {
                return;
            }
        }
    }

    fn finish(&mut self, outcome: Outcome, events: &mut Vec<Event>) {
        if self.outcome.is_none() {
            self.outcome = Some(outcome);
            events.push(Event::GameEnded(outcome));
        }
    }

    fn set_status(&mut self, seat: Seat, status: SeatStatus, events: &mut Vec<Event>) {
        if self.seats[seat] != status {
            self.seats[seat] = status;
            events.push(Event::StatusChanged { seat, status });
        }
    }

    /// Adds points where points are kept (none under `Play4Mate`/`FirstMate`).
    fn score(&mut self, seat: Seat, points: i32, reason: ScoreReason, events: &mut Vec<Event>) {
        if points != 0 && self.rules.scoring {
            self.points[seat] += points;
            events.push(Event::Scored {
                seat,
                points,
                reason,
            });
        }
    }

    fn active_seats(&self) -> Vec<Seat> {
        Seat::ALL
            .into_iter()
            .filter(|&s| self.seats[s].is_active())
            .collect()
    }

    fn side_won(&mut self, loser: Seat, reason: OutReason, events: &mut Vec<Event>) {
        let side: Side = self.rules().side_of(loser).other();
        self.finish(
            Outcome::Won {
                side,
                by: Decisive {
                    seat: loser,
                    reason,
                },
            },
            events,
        );
    }
}
