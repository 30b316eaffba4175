//! A position: the board, whose turn it is, castling rights, en-passant windows, army statuses
//! and the counter for the fifty-move rule, with its Zobrist hash kept up to date.
//!
//! The position knows how pieces move under its rule set; the consequences of a move (scoring,
//! eliminations, results) belong to [`crate::game`].

mod attacks;
pub(crate) mod bitset;
mod checks;
pub(crate) mod geometry;
mod legality;
pub(crate) mod levels;
mod lives;
mod movegen;
mod play;
mod sink;
mod zobrist;

pub use checks::EnemyKings;
pub use play::Played;

pub(crate) use bitset::{bits, clear_bit, has, set_bit, Bits};

use crate::board::piece::{self, DEAD, EMPTY, WALL};
use crate::board::{BySeat, Kind, Piece, Seat, Setup, Square};
use crate::ruleset::{Castling, FiftyCount, RuleSet};

/// What an army is doing in the game, as far as the board is concerned.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Army {
    /// Plays normally.
    Live,
    /// FFA Dead King Walking: the player is out, his other pieces are grey, his king still moves
    /// (played by the server), attacks and can be captured or mated.
    Zombie,
    /// Out of the game: FFA grey pieces, or a Teams player whose game is over.
    Out,
    /// Verney/Club: mated; inert and revivable.
    Mated,
    /// Verney/Club: resigned or lost on time; inert for good.
    Resigned,
    /// Conquest: the player was mated and his king has left the board; his other pieces attack
    /// and may be captured as before, but another seat moves them (see
    /// [`Position::controller`]) and his turns are skipped.
    Conquered,
}

impl Army {
    /// Its pieces attack, give check and may be captured.
    #[inline]
    pub const fn is_hostile(self) -> bool {
        matches!(self, Army::Live | Army::Zombie | Army::Conquered)
    }

    /// It takes turns on the board.
    #[inline]
    pub const fn takes_turns(self) -> bool {
        matches!(self, Army::Live | Army::Zombie)
    }

    pub(crate) const fn code(self) -> u8 {
        self as u8
    }
}

/// Where some seats' pieces stand around a square: which of the places from which a piece can
/// attack it hold one ([`Position::near`]).
#[derive(Copy, Clone)]
pub(crate) struct Near {
    /// A piece a knight's jump away (perhaps a knight).
    pub(crate) knights: bool,
    /// A piece next to the square (perhaps a king or a pawn that attacks it).
    pub(crate) ring: bool,
    /// A rook or queen on the square's rank or file.
    pub(crate) ortho: bool,
    /// A bishop or queen on one of its diagonals.
    pub(crate) diag: bool,
}

/// An en-passant window opened by a seat's double step: the skipped square and the pawn's square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct EpWindow {
    pub(crate) skipped: u8,
    pub(crate) pawn: u8,
}

impl EpWindow {
    /// The skipped square and the pushed pawn's square, when the window is open.
    pub fn squares(self) -> Option<(Square, Square)> {
        Some((
            Square::from_index(self.skipped)?,
            Square::from_index(self.pawn)?,
        ))
    }
}

/// A four-player chess position.
#[derive(Clone)]
#[repr(align(64))]
pub struct Position {
    pub(crate) cells: [u8; 256],
    /// Per seat, the squares of its non-dead pieces (bit = internal square index).
    pub(crate) occ: [Bits; 4],
    /// The squares of every non-dead pawn, whatever its seat.
    pub(crate) pawns: Bits,
    /// The squares of every non-dead rook and queen (the orthogonal sliders), whatever its seat.
    pub(crate) orthogonal: Bits,
    /// The squares of every non-dead bishop and queen (the diagonal sliders), whatever its seat.
    pub(crate) diagonal: Bits,
    /// The squares of dead (grey) pieces.
    pub(crate) dead: Bits,
    /// Per seat, how many of its pieces carry the turned-round mark (Verney, Club pawns).
    pub(crate) reversed: [u8; 4],
    /// King square per seat, 0 when it has none.
    pub(crate) kings: [u8; 4],
    /// Castling rights: bit `2*seat` short, `2*seat+1` long.
    pub(crate) castling: u8,
    pub(crate) ep: [EpWindow; 4],
    pub(crate) turn: Seat,
    pub(crate) armies: [Army; 4],
    /// Plies since the last pawn move or capture of a live piece (and, under
    /// [`FiftyCount::SinceLastExit`], since a seat last stopped moving).
    pub(crate) halfmoves: u32,
    /// N-check: each seat's remaining check lives (all 0 outside N-check).
    pub(crate) lives: [u8; 4],
    /// Conquest: the seat that moves each seat's pieces — itself, or its conqueror — two bits
    /// per seat (seat `s` at bits `2s..2s+2`). Packed, as `allies` is, so that the position
    /// stays within nine cache lines (576 bytes): a copy per move made is perft's hot path.
    pub(crate) controllers: u8,
    /// Per seat, the seats moved by the same player as it (itself alone outside Conquest), as a
    /// four-bit set at bits `4s..4s+4`: kept with `controllers` so that the hot paths need not
    /// look at the rule set.
    pub(crate) allies: u16,
    pub(crate) hash: u64,
    /// Which kings are known to stand in check (`checks.rs`): kept by `play` under the rule sets
    /// without king capture, forgotten by every other change of the board or of a status. Not
    /// part of the position's identity.
    pub(crate) checks: checks::Checks,
    /// Per seat: king home, short rook home, long rook home (0 when the seat cannot castle).
    pub(crate) castle_sq: [[u8; 3]; 4],
    pub(crate) rules: &'static RuleSet,
}

impl Position {
    /// An empty board under `rules`, South to move.
    pub fn empty(rules: &'static RuleSet) -> Position {
        let mut cells = [WALL; 256];
        for sq in rules.board.squares() {
            cells[sq.index() as usize] = EMPTY;
        }
        let mut p = Position {
            cells,
            occ: [[0; 4]; 4],
            pawns: [0; 4],
            orthogonal: [0; 4],
            diagonal: [0; 4],
            dead: [0; 4],
            reversed: [0; 4],
            kings: [0; 4],
            castling: 0,
            ep: [EpWindow::default(); 4],
            turn: rules.first_to_move,
            armies: [Army::Live; 4],
            halfmoves: 0,
            hash: 0,
            checks: 0,
            castle_sq: [[0; 3]; 4],
            lives: [rules.check_lives.unwrap_or(0); 4],
            controllers: IDENTITY_CONTROLLERS,
            allies: IDENTITY_ALLIES,
            rules,
        };
        // A seat not in play (three-player Conquest's East) has no army and never moves.
        for seat in Seat::ALL.into_iter().filter(|&s| !rules.in_play(s)) {
            p.armies[seat.index()] = Army::Out;
        }
        p.hash = p.compute_hash();
        p
    }

    /// The start position of `setup` under `rules`, with all castling rights. A seat not in play
    /// (three-player Conquest's East) gets no pieces.
    pub fn start(rules: &'static RuleSet, setup: Setup) -> Position {
        let mut p = Position::empty(rules);
        for (sq, pc) in setup.pieces() {
            if rules.in_play(pc.seat) {
                p.put(sq, pc);
            }
        }

        if rules.castling.any() {
            p.castling = 0xFF;
        }
        p.refresh_castling();
        p.hash = p.compute_hash();
        p
    }

    /// The rule set this position is played under.
    #[inline]
    pub fn rules(&self) -> &'static RuleSet {
        self.rules
    }

    /// The seat to move.
    #[inline]
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.cells[sq.index() as usize])
    }

    /// Every piece on the board, in square order (rank by rank, each from the a-file), found
    /// from the position's piece sets rather than by looking at every square.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let all = self
            .occ
            .iter()
            .fold(self.dead, |all, seat| bitset::or(&all, seat));
        bits(&all).filter_map(|i| {
            let sq = Square::from_index(i)?;
            self.piece_at(sq).map(|p| (sq, p))
        })
    }

    /// The piece `m` takes on its destination square, if any: none for a castle (under
    /// Chess960 written king to rook, so the destination holds the mover's own rook). An
    /// en-passant capture's victim stands elsewhere and is not reported.
    pub fn captured_by(&self, m: crate::moves::Move) -> Option<Piece> {
        if m.is_castle() {
            None
        } else {
            self.piece_at(m.to())
        }
    }

    /// The square of `seat`'s king, if it has one on the board.
    #[inline]
    pub fn king(&self, seat: Seat) -> Option<Square> {
        Square::from_index(self.kings[seat.index()])
    }

    /// Status of each army.
    pub fn armies(&self) -> BySeat<Army> {
        BySeat(self.armies)
    }

    /// Status of `seat`'s army.
    #[inline]
    pub fn army(&self, seat: Seat) -> Army {
        self.armies[seat.index()]
    }

    /// Castling right of `seat` on the short (`true`) or long side.
    pub fn castling_right(&self, seat: Seat, short: bool) -> bool {
        self.castling & castle_bit(seat, short) != 0
    }

    /// The open en-passant window of each seat.
    pub fn ep_windows(&self) -> BySeat<EpWindow> {
        BySeat(self.ep)
    }

    /// Plies since the last pawn move or capture of a live piece (the `c` of rules.md §4.4;
    /// under [`FiftyCount::SinceLastExit`] also since a seat last stopped moving).
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// True when King of the Hill is played and `seat`'s own live king stands on the hill.
    pub fn on_the_hill(&self, seat: Seat) -> bool {
        self.rules.king_of_the_hill
            && self.armies[seat.index()] == Army::Live
            && self.king(seat).is_some_and(|k| RuleSet::HILL.contains(&k))
    }

    /// N-check: the check lives `seat`'s king has left (`None` outside N-check).
    #[inline]
    pub fn lives(&self, seat: Seat) -> Option<u8> {
        self.rules.check_lives.map(|_| self.lives[seat.index()])
    }

    /// Sets `seat`'s check lives (N-check; ignored outside it).
    pub fn set_lives(&mut self, seat: Seat, n: u8) {
        if self.rules.check_lives.is_none() {
            return;
        }
        let s = seat.index();
        self.hash ^= zobrist::lives(s, self.lives[s]) ^ zobrist::lives(s, n);
        self.lives[s] = n;
    }

    /// Zobrist hash of everything that defines the position for repetition.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Seats hostile to `s` whose pieces attack and may be captured, as a bit set. In Conquest
    /// the seats moved by the same player as `s` are never hostile to it (variants.md §5.3).
    #[inline]
    pub fn hostile_to(&self, s: Seat) -> u8 {
        // Conquest is played each for himself: every other seat is an enemy but those moved by
        // the same player.
        self.rules.enemies(s) & self.hostile_armies() & !self.allies_of(s)
    }

    /// The cell at internal index `i` (see [`crate::raw`]): a piece byte, `EMPTY` or `WALL`.
    #[inline(always)]
    pub fn cell(&self, i: u8) -> u8 {
        self.cells[i as usize]
    }

    /// The internal squares of `seat`'s pieces (see [`crate::raw`]).
    #[inline(always)]
    pub fn occupancy(&self, seat: Seat) -> &Bits {
        &self.occ[seat.index()]
    }

    /// The internal index of `seat`'s king, 0 when it has none (see [`crate::raw`]).
    #[inline(always)]
    pub fn king_index(&self, seat: Seat) -> u8 {
        self.kings[seat.index()]
    }

    /// The seats whose armies attack (see [`Army::is_hostile`]), as a one-bit-per-seat set.
    pub fn hostile_armies(&self) -> u8 {
        Seat::ALL
            .into_iter()
            .filter(|seat| self.armies[seat.index()].is_hostile())
            .fold(0, |m, seat| m | seat.bit())
    }

    /// The seat that moves `seat`'s pieces: itself, or in Conquest the player who conquered it.
    pub fn controller(&self, seat: Seat) -> Seat {
        Seat::from_index(self.controller_index(seat.index()) as usize)
    }

    /// The index of the seat that moves seat `s`'s pieces.
    #[inline(always)]
    pub(crate) const fn controller_index(&self, s: usize) -> u8 {
        self.controllers >> (2 * s) & 3
    }

    /// The seats moved by the same player as `seat`, as a bit set.
    #[inline(always)]
    pub(crate) const fn allies_of(&self, seat: Seat) -> u8 {
        (self.allies >> (4 * seat as u8) & 15) as u8
    }

    /// The seats whose pieces `seat` moves (itself included while it plays), as a bit set.
    pub fn controlled_by(&self, seat: Seat) -> u8 {
        (0..4)
            .filter(|&i| self.controller_index(i) == seat as u8)
            .fold(0, |b, i| b | 1 << i)
    }

    /// Recomputes `allies` from `controller`.
    fn refresh_allies(&mut self) {
        self.allies = 0;
        for s in 0..4 {
            let by = self.controller_index(s);
            let set = (0..4)
                .filter(|&i| self.controller_index(i) == by)
                .fold(0u16, |b, i| b | 1 << i);
            self.allies |= set << (4 * s);
        }
    }

    /// Conquest (variants.md §5.3): `q` is beaten by `by` — his king leaves the board, he loses
    /// his castling rights, and every army he moved (his own and those he had conquered)
    /// passes to `by`.
    pub fn conquer(&mut self, q: Seat, by: Seat) {
        if let Some(k) = self.king(q) {
            self.remove(k);
        }
        for short in [true, false] {
            self.set_castling_right(q, short, false);
        }
        for c in Seat::ALL {
            if self.controller(c) == q && self.armies[c.index()].is_hostile() {
                self.set_controller(c, by);
                self.set_army(c, Army::Conquered);
            }
        }
    }

    /// Conquest: `seat`'s army is frozen — stopped by a stalemate (variants.md §5.4), its pieces
    /// grey and its king still on the board.
    pub fn is_frozen(&self, seat: Seat) -> bool {
        self.rules.stalemate == crate::ruleset::StalemateRule::Freeze
            && self.armies[seat.index()] == Army::Out
            && self
                .pieces()
                .any(|(_, p)| p.seat == seat && p.dead && p.kind == Kind::King)
    }

    /// Conquest: `seat`'s pieces are moved by `by` from now on (hash kept).
    pub fn set_controller(&mut self, seat: Seat, by: Seat) {
        let s = seat.index();
        self.forget_checks();
        self.hash ^=
            zobrist::controller(s, self.controller_index(s)) ^ zobrist::controller(s, by as u8);
        self.controllers = self.controllers & !(3 << (2 * s)) | (by as u8) << (2 * s);
        self.refresh_allies();
    }

    /// The squares of the non-dead pieces of the seats in `seats` (a bit set of seats).
    #[inline(always)]
    pub(crate) fn occupied_by(&self, seats: u8) -> Bits {
        let mut b = [0u64; 4];
        for (s, occ) in self.occ.iter().enumerate() {
            if seats >> s & 1 != 0 {
                b = bitset::or(&b, occ);
            }
        }
        b
    }

    /// Which lines through `sq` an orthogonal or diagonal slider of the seats in `by` stands on
    /// (on an empty board): `(orthogonal, diagonal)`. A line with none can neither attack `sq`
    /// from afar nor pin a piece against it, so its squares need not be walked.
    #[inline(always)]
    pub(crate) fn slider_lines(&self, sq: u8, by: u8) -> (bool, bool) {
        let near = self.near(sq, by);
        (near.ortho, near.diag)
    }

    /// Where the pieces of the seats in `by` stand around `sq` (see [`Near`]), from the position's
    /// sets: the attack tests look only where one may stand.
    #[inline(always)]
    pub(crate) fn near(&self, sq: u8, by: u8) -> Near {
        let them = self.occupied_by(by);
        let [ortho, diag] = &geometry::LINES[sq as usize];
        let meets = |a: &Bits, b: &Bits| !bitset::is_empty(&bitset::and(a, b));
        Near {
            knights: meets(&geometry::KNIGHT_SQUARES[sq as usize], &them),
            ring: meets(&geometry::RING[sq as usize], &them),
            ortho: meets(&bitset::and(ortho, &self.orthogonal), &them),
            diag: meets(&bitset::and(diag, &self.diagonal), &them),
        }
    }

    /// True when `seat`'s king is attacked by a piece of a hostile army.
    pub fn in_check(&self, seat: Seat) -> bool {
        if let Some(known) = self.known_check(seat) {
            return known;
        }
        let k = self.kings[seat.index()];
        k != 0 && self.is_attacked(k, self.hostile_to(seat), 0)
    }

    /// The squares of the pieces that attack `seat`'s king.
    pub fn checkers(&self, seat: Seat) -> Vec<Square> {
        let k = self.kings[seat.index()];
        if k == 0 {
            return Vec::new();
        }
        bits(&self.attackers(k, self.hostile_to(seat)))
            .filter_map(Square::from_index)
            .collect()
    }

    /// True when any non-dead piece of `attackers` (a one-bit-per-seat set) attacks `sq`.
    pub fn attacked_by(&self, sq: Square, attackers: u8) -> bool {
        self.is_attacked(sq.index(), attackers, 0)
    }

    /// Places `pc` on `sq` (replacing what stood there). Hash and king squares are kept.
    /// A square off the board in use (Chaturaji's walls) is left as it is: check
    /// [`Position::on_board`] first.
    pub fn put(&mut self, sq: Square, pc: Piece) {
        if !self.on_board(sq) {
            return;
        }
        self.remove(sq);
        self.drop_code(sq.index(), pc.code());
    }

    /// True when `sq` is a square of the board in use (every square but Chaturaji's walls).
    #[inline]
    pub fn on_board(&self, sq: Square) -> bool {
        self.cells[sq.index() as usize] != WALL
    }

    /// Empties `sq`, returning what stood there.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let i = sq.index();
        let c = self.cells[i as usize];
        if c == EMPTY || c == WALL {
            return None;
        }
        self.lift(i);
        Piece::from_code(c)
    }

    /// Removes the piece on internal square `i` (which must hold one).
    #[inline(always)]
    pub(crate) fn lift(&mut self, i: u8) -> u8 {
        self.forget_checks();
        let c = self.cells[i as usize];
        self.cells[i as usize] = EMPTY;
        if c & piece::REVERSED != 0 {
            self.reversed[piece::seat_bits(c) as usize] -= 1;
        }
        if c & DEAD == 0 {
            let s = piece::seat_bits(c) as usize;
            clear_bit(&mut self.occ[s], i);
            match piece::kind_bits(c) {
                k if k == Kind::Pawn as u8 => clear_bit(&mut self.pawns, i),
                k if k == Kind::King as u8 && self.kings[s] == i => self.kings[s] = 0,
                k if k == Kind::Bishop as u8 => clear_bit(&mut self.diagonal, i),
                k if k == Kind::Rook as u8 => clear_bit(&mut self.orthogonal, i),
                k if k == Kind::Queen as u8 => {
                    clear_bit(&mut self.diagonal, i);
                    clear_bit(&mut self.orthogonal, i);
                }
                _ => {}
            }
        } else {
            clear_bit(&mut self.dead, i);
        }
        self.hash ^= zobrist::piece(c, i);
        c
    }

    /// Drops piece code `c` on the empty internal square `i`.
    #[inline(always)]
    pub(crate) fn drop_code(&mut self, i: u8, c: u8) {
        self.forget_checks();
        self.cells[i as usize] = c;
        if c & piece::REVERSED != 0 {
            self.reversed[piece::seat_bits(c) as usize] += 1;
        }
        if c & DEAD == 0 {
            let s = piece::seat_bits(c) as usize;
            set_bit(&mut self.occ[s], i);
            match piece::kind_bits(c) {
                k if k == Kind::Pawn as u8 => set_bit(&mut self.pawns, i),
                k if k == Kind::King as u8 => self.kings[s] = i,
                k if k == Kind::Bishop as u8 => set_bit(&mut self.diagonal, i),
                k if k == Kind::Rook as u8 => set_bit(&mut self.orthogonal, i),
                k if k == Kind::Queen as u8 => {
                    set_bit(&mut self.diagonal, i);
                    set_bit(&mut self.orthogonal, i);
                }
                _ => {}
            }
        } else {
            set_bit(&mut self.dead, i);
        }
        self.hash ^= zobrist::piece(c, i);
    }

    /// Sets the seat to move.
    pub fn set_turn(&mut self, seat: Seat) {
        self.hash ^= zobrist::turn(self.turn) ^ zobrist::turn(seat);
        self.turn = seat;
    }

    /// Sets a castling right (ignored where the king or rook is not at home).
    pub fn set_castling_right(&mut self, seat: Seat, short: bool, on: bool) {
        let old = self.castling;
        if on {
            self.castling |= castle_bit(seat, short);
        } else {
            self.castling &= !castle_bit(seat, short);
        }
        self.hash ^= zobrist::castling(old) ^ zobrist::castling(self.castling);
        self.refresh_castling();
    }

    /// Opens (or with `None` closes) `seat`'s en-passant window.
    pub fn set_ep_window(&mut self, seat: Seat, window: Option<(Square, Square)>) {
        let w = match window {
            Some((skipped, pawn)) => EpWindow {
                skipped: skipped.index(),
                pawn: pawn.index(),
            },
            None => EpWindow::default(),
        };
        self.set_ep(seat.index(), w);
    }

    #[inline(always)]
    pub(crate) fn set_ep(&mut self, s: usize, w: EpWindow) {
        let old = self.ep[s];
        if old != w {
            self.hash ^= zobrist::ep(s, old.skipped) ^ zobrist::ep(s, w.skipped);
            self.ep[s] = w;
        }
    }

    /// Sets the fifty-move counter.
    pub fn set_halfmoves(&mut self, n: u32) {
        self.halfmoves = n;
    }

    /// Changes an army's status, greying or un-greying its pieces as the status requires:
    /// `Out` greys every piece, `Zombie` every piece but the king; other statuses leave colours.
    /// Under [`FiftyCount::SinceLastExit`] a seat that stops moving restarts the fifty-move count.
    pub fn set_army(&mut self, seat: Seat, army: Army) {
        let s = seat.index();
        self.forget_checks();
        let moving = |a: Army| matches!(a, Army::Live | Army::Zombie);
        if self.rules.fifty_count == FiftyCount::SinceLastExit
            && moving(self.armies[s])
            && !moving(army)
        {
            // A seat stops moving: the fifty-move count starts again for the players left.
            self.halfmoves = 0;
        }
        self.hash ^= zobrist::army(s, self.armies[s]) ^ zobrist::army(s, army);
        self.armies[s] = army;
        if matches!(army, Army::Out | Army::Zombie) {
            let keep_king = army == Army::Zombie;
            for i in bits(&self.occ[s]) {
                let c = self.cells[i as usize];
                if keep_king && piece::kind_bits(c) == Kind::King as u8 {
                    continue;
                }
                self.lift(i);
                self.drop_code(i, c | DEAD);
            }
        }
        if !army.takes_turns() {
            self.set_ep(s, EpWindow::default());
        }
        // A zombie king keeps its castling rights: it may castle with its (dead) rook while the
        // rights and squares allow (chess.com: a flagged player's zombie plays `O-OT`).
        if army == Army::Out {
            self.castling_off(seat);
        }
    }

    fn castling_off(&mut self, seat: Seat) {
        let old = self.castling;
        self.castling &= !(3 << (2 * seat.index()));
        self.hash ^= zobrist::castling(old) ^ zobrist::castling(self.castling);
    }

    /// Recomputes the castling geometry from where kings stand and drops rights that cannot be
    /// used (king or rook not at home).
    pub(crate) fn refresh_castling(&mut self) {
        let old = self.castling;
        if !self.rules.castling.any() {
            self.castling = 0;
        }
        for seat in Seat::ALL {
            let s = seat.index();
            let geo = match self.rules.castling {
                Castling::Chess960(sym) => geometry::castle_squares_960(self, seat, sym),
                _ => geometry::castle_squares(self, seat),
            };
            self.castle_sq[s] = geo.unwrap_or([0; 3]);
            for short in [true, false] {
                let bit = castle_bit(seat, short);
                if self.castling & bit == 0 {
                    continue;
                }
                let geo = self.castle_sq[s];
                let rook = geo[if short { 1 } else { 2 }];
                let home = Piece::new(seat, Kind::Rook).code();
                let at = self.cells[rook as usize];
                let ok = geo[0] != 0
                    && (at == home || (at == home | DEAD && self.armies[s] == Army::Zombie));
                if !ok {
                    self.castling &= !bit;
                }
            }
        }
        self.hash ^= zobrist::castling(old) ^ zobrist::castling(self.castling);
    }

    /// The pieces on their squares and the seat to move, hashed: the same for two positions
    /// that differ only in castling rights, en-passant windows, armies' states or points (what
    /// the server compares a pasted position with the live games' by).
    pub fn placement_key(&self) -> u64 {
        let mut h = zobrist::turn(self.turn);
        for sq in Square::all() {
            let c = self.cells[sq.index() as usize];
            if c != EMPTY {
                h ^= zobrist::piece(c, sq.index());
            }
        }
        h
    }

    /// Recomputes the hash from scratch (for tests and after bulk edits).
    pub fn compute_hash(&self) -> u64 {
        let mut h = zobrist::turn(self.turn) ^ zobrist::castling(self.castling);
        for sq in Square::all() {
            let c = self.cells[sq.index() as usize];
            if c != EMPTY {
                h ^= zobrist::piece(c, sq.index());
            }
        }
        for s in 0..4 {
            h ^= zobrist::ep(s, self.ep[s].skipped)
                ^ zobrist::army(s, self.armies[s])
                ^ zobrist::lives(s, self.lives[s])
                ^ zobrist::controller(s, self.controller_index(s));
        }
        h
    }
}

impl PartialEq for Position {
    fn eq(&self, o: &Position) -> bool {
        self.cells == o.cells
            && self.castling == o.castling
            && self.ep == o.ep
            && self.turn == o.turn
            && self.armies == o.armies
            && self.halfmoves == o.halfmoves
            && self.lives == o.lives
            && self.controllers == o.controllers
            && self.rules.variant == o.rules.variant
    }
}

/// Every seat moving its own pieces: seat `s`'s two bits hold `s`.
const IDENTITY_CONTROLLERS: u8 = 0b11_10_01_00;
/// Every seat its own only ally.
const IDENTITY_ALLIES: u16 = 0x8421;

#[inline(always)]
pub(crate) const fn castle_bit(seat: Seat, short: bool) -> u8 {
    1 << (2 * seat as u8 + if short { 0 } else { 1 })
}
