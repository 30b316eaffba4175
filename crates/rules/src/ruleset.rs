//! Rule sets: every rule that varies between the four games, as data.
//!
//! The table of rules.md §3 is the list of fields. Code asks the rule set ("may a pawn double
//! step?") instead of branching on the game's name.

use crate::board::{BoardShape, Kind, Piece, Seat, Setup, Side, Square, Symmetry};
use std::fmt;
use std::str::FromStr;
use std::sync::Mutex;

/// Which of the four games a rule set is (used for names, tags and colours).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// chess.com Teams.
    Teams,
    /// chess.com Free-For-All.
    Ffa,
    /// Verney's four-handed chess, 1881.
    Verney1881,
    /// The London Four-handed Chess Club rules, 1893.
    Club1893,
    /// chess.com's dice-free Chaturaji: four for themselves on the 8×8 centre (variants.md §2).
    Chaturaji,
    /// Conquest (variants.md §5, the Russian forum's game on the cross board): a mated army passes
    /// to the player who mated it, a stalemated army freezes, and the players are placed.
    Conquest,
}

impl Variant {
    /// Name used in the PGN4 `Variant` tag.
    pub const fn pgn_name(self) -> &'static str {
        match self {
            Variant::Teams => "Teams",
            Variant::Ffa => "FFA",
            Variant::Verney1881 => "Verney1881",
            Variant::Club1893 => "Club1893",
            Variant::Chaturaji => "Chaturaji",
            Variant::Conquest => "Conquest",
        }
    }

    /// Short lower-case name used on command lines.
    pub const fn short_name(self) -> &'static str {
        match self {
            Variant::Teams => "teams",
            Variant::Ffa => "ffa",
            Variant::Verney1881 => "verney1881",
            Variant::Club1893 => "club1893",
            Variant::Chaturaji => "chaturaji",
            Variant::Conquest => "conquest",
        }
    }
}

/// A name that is no rule set's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rules '{}' (expected teams, ffa, verney1881, club1893, chaturaji or \
             conquest)",
            self.0
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        let t = s.trim().to_ascii_lowercase();
        match t.as_str() {
            "teams" | "team" => Ok(Variant::Teams),
            "ffa" | "free-for-all" | "freeforall" | "solo" => Ok(Variant::Ffa),
            "verney1881" | "verney" => Ok(Variant::Verney1881),
            "club1893" | "club" => Ok(Variant::Club1893),
            "chaturaji" => Ok(Variant::Chaturaji),
            "conquest" => Ok(Variant::Conquest),
            _ => Err(UnknownVariant(s.to_string())),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pgn_name())
    }
}

/// Who plays together in a sides game (chess.com's `Teammate=`, rules-variants §1 `pairing`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Pairing {
    /// Each for himself (FFA).
    None,
    /// Partners sit opposite: South+North against West+East (`Teammate=2`, the default).
    Opposite,
    /// Partners side by side: South+West against North+East (`Teammate=1`, Red and Blue).
    SouthWest,
    /// Partners side by side: South+East against West+North (`Teammate=3`, Red and Green).
    SouthEast,
}

impl Pairing {
    /// The partner of `s`, when there are sides.
    #[inline]
    pub const fn partner(self, s: Seat) -> Option<Seat> {
        let i = s as usize;
        match self {
            Pairing::None => None,
            Pairing::Opposite => Some(Seat::from_index(i + 2)),
            // S(0)+W(1), N(2)+E(3): flip the lowest bit.
            Pairing::SouthWest => Some(Seat::from_index(i ^ 1)),
            // S(0)+E(3), W(1)+N(2): the seat at the same distance the other way.
            Pairing::SouthEast => Some(Seat::from_index(3 - i)),
        }
    }

    /// chess.com's `Teammate=` number: the seat of Red's partner counted clockwise from Red
    /// (1 Blue, 2 Yellow, 3 Green); `None` without sides.
    pub const fn teammate(self) -> Option<u8> {
        match self {
            Pairing::None => None,
            Pairing::SouthWest => Some(1),
            Pairing::Opposite => Some(2),
            Pairing::SouthEast => Some(3),
        }
    }

    /// The pairing of chess.com's `Teammate=n` (1, 2 or 3).
    pub const fn from_teammate(n: u8) -> Option<Pairing> {
        match n {
            1 => Some(Pairing::SouthWest),
            2 => Some(Pairing::Opposite),
            3 => Some(Pairing::SouthEast),
            _ => None,
        }
    }
}

/// Which castling the rule set has.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Castling {
    /// No castling (Verney, Chaturaji).
    None,
    /// rules.md §4.3: the king two squares towards a rook on the corner of its back row, the
    /// rook over it.
    Standard,
    /// Chess960's (variants.md §3.1): king and rook to the squares of indices 6 and 5 (h-side,
    /// `O-O`) or 2 and 3 (a-side, `O-O-O`) of the arrangement placed by the symmetry. The move
    /// is written from the king's square to the rook's, so no castle reads as a king step.
    Chess960(Symmetry),
}

impl Castling {
    /// Whether there is castling at all.
    pub const fn any(self) -> bool {
        !matches!(self, Castling::None)
    }
}

/// Where pawns promote.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PromotionZone {
    /// On the player's own Nth rank, counted from his back row as rank 1.
    OwnRank(u8),
    /// On any opponent's back row (reachable only by capture).
    OpponentBackRow,
    /// On the pawn's last square: the one from which its forward step would leave the board
    /// (Conquest, variants.md §5.2: South on rank 14 of files d–k, on rank 11 of the others).
    ForwardEdge,
}

/// What a pawn may become.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PromotionChoice {
    /// Queen, rook, bishop or knight.
    AnyPiece,
    /// Queen only.
    QueenOnly,
    /// A queen worth one point when captured (FFA `=D`).
    OnePointQueen,
    /// A rook only (Chaturaji's sailboat).
    RookOnly,
}

impl PromotionChoice {
    /// The kinds a pawn may promote to.
    pub const fn kinds(self) -> &'static [Kind] {
        match self {
            PromotionChoice::AnyPiece => &[Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight],
            PromotionChoice::QueenOnly | PromotionChoice::OnePointQueen => &[Kind::Queen],
            PromotionChoice::RookOnly => &[Kind::Rook],
        }
    }
}

/// When a player with no legal move in check is judged mated.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MateJudging {
    /// When his own turn comes (Teams: the partner can still intervene).
    OnOwnTurn,
    /// Immediately after any move (FFA).
    AfterEveryMove,
    /// After every move and resignation, by the levels of rules.md §6.2 (Verney, Club).
    Levels,
}

/// What becomes of a mated army.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MatedArmy {
    /// The game is over (Teams).
    GameOver,
    /// Dead: grey, capturable for 0 (FFA).
    Dead,
    /// Inert and revivable (Verney, Club).
    Inert,
    /// The king leaves the board and every other piece the mated player moved passes to the
    /// player who mated him (Conquest).
    Conquered,
}

/// How the game is won.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum WinCondition {
    /// First mate (or king capture) of an opponent wins for the side.
    FirstMate,
    /// Most points when three players are out.
    MostPoints,
    /// Both opponents mated (or resigned) at once.
    BothOpponentsMated,
    /// Each for himself without points (chess.com `Play4Mate`, variants.md §4.2): players go
    /// out when mated, captured, stalemated, resigned or flagged; the last one standing is
    /// first, the others placed in reverse order of going out.
    LastStanding,
    /// Each for himself without points, to the first mate (the project's `FirstMate`,
    /// variants.md §4.1): the mater is first, the mated last, the rest share between.
    FirstMateFfa,
    /// Places by who went out when (Conquest, variants.md §5.5): the first mated last, the
    /// last one moving first, frozen players between; a draw shares the places left.
    Placings,
}

impl WinCondition {
    /// Places are given by who went out when, not by points.
    pub const fn by_elimination(self) -> bool {
        matches!(
            self,
            WinCondition::LastStanding | WinCondition::FirstMateFfa | WinCondition::Placings
        )
    }
}

/// What a stalemate does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum StalemateRule {
    /// The game is drawn.
    Draw,
    /// The stalemated player scores and is out (FFA).
    ScoreAndOut,
    /// The turn passes; a side unable to move draws (Verney, Club).
    Pass,
    /// The turn passes (PGN4 `-`) and the player stays in (Chaturaji, where only a boxed-in
    /// army has no move); when no one can move, the repeated position draws.
    PassTurn,
    /// The stalemated player stops and his pieces stay as frozen pieces: they attack nothing,
    /// may be captured except the king, which no king may approach (Conquest, variants.md §5.4).
    Freeze,
}

/// When the draw rules (repetition, fifty moves, insufficient material) are judged.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DrawJudging {
    /// After every ply.
    AfterEachPly,
    /// When a live player's turn comes: a Dead King Walking move that follows a ply is made
    /// before the draw is judged (chess.com FFA: game 12101520 reaches 150 plies without a
    /// capture or pawn move with three seats counted, after Red's move in round 110, and ends
    /// only after the zombie's move that follows it).
    OnLiveTurn,
}

/// What the fifty-move count `c` (rules.md §4.4, the last number of FEN4) counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FiftyCount {
    /// Every ply since the last pawn move or capture of a live piece, whoever has left the game
    /// meanwhile (Teams, Verney, Club: an elimination ends those games or skips turns).
    EveryPly,
    /// As [`FiftyCount::EveryPly`], and the count starts again when a seat stops moving (its
    /// army out: mated, stalemated, king captured, zombie king gone): `50 × n` is counted with
    /// the `n` players who are moving now. chess.com FFA: in game 103874030 Green mates Yellow
    /// in round 134 with `c` at 127 — over the 100 of two players, under the 150 of three — and
    /// the game goes on to an insufficient-material draw eleven plies later.
    SinceLastExit,
}

/// Points for check bonuses in FFA.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CheckBonus {
    /// chess.com's live server: +1 for two kings, +5 for three.
    Live,
    /// The help-centre table: two kings +1 with a queen, +5 otherwise; three +5 with a queen, +20
    /// otherwise.
    HelpCentre,
    /// The same bonus whatever checks (Chaturaji, variants.md §2.6: +1 and +5 on chess.com's
    /// variants server, +5 and +20 on the old 4PC server).
    Flat {
        /// Two kings checked by one move.
        two: u8,
        /// Three kings checked by one move.
        three: u8,
    },
}

/// What captures, mates and the kings left at the end are worth where points are kept (FFA
/// rules.md §5.2, Chaturaji variants.md §2.6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PointTable {
    /// Capturing a live pawn.
    pub pawn: u8,
    /// Capturing a live knight.
    pub knight: u8,
    /// Capturing a live bishop.
    pub bishop: u8,
    /// Capturing a live rook (Chaturaji's sailboat).
    pub rook: u8,
    /// Capturing a live queen.
    pub queen: u8,
    /// Capturing a live one-point queen (FFA `=D`).
    pub one_point_queen: u8,
    /// Capturing a live (or zombie) king; also what each zombie king left at the end brings the
    /// last player, and what being stalemated brings in FFA.
    pub king: u8,
    /// Capturing the dead king of a player who resigned or lost on time (Chaturaji 3, FFA 0);
    /// also what each one left at the end brings the last player.
    pub dead_king: u8,
    /// Mating a king (chess.com `PointsForMate=`, default 20; none in Chaturaji).
    pub mate: u8,
    /// Each active player's award in a draw.
    pub draw: u8,
    /// The lead a claim of the win needs (FFA: one more than a mate; Chaturaji: one more than
    /// a king).
    pub claim_lead: u8,
}

impl PointTable {
    /// chess.com FFA: P1 N3 B5 R5 Q9 D1 K20, dead king 0, mate 20, draw 10, claim lead 21.
    pub const FFA: PointTable = PointTable {
        pawn: 1,
        knight: 3,
        bishop: 5,
        rook: 5,
        queen: 9,
        one_point_queen: 1,
        king: 20,
        dead_king: 0,
        mate: 20,
        draw: 10,
        claim_lead: 21,
    };

    /// chess.com Chaturaji: P1 N3 B5 R(sailboat)5 K3, dead king 3, no mate, draw 2, claim lead 4.
    pub const CHATURAJI: PointTable = PointTable {
        king: 3,
        dead_king: 3,
        mate: 0,
        draw: 2,
        claim_lead: 4,
        ..PointTable::FFA
    };

    /// Points for capturing `pc`: its kind's value when live, a dead king's value for a dead
    /// king, 0 for any other dead piece.
    pub const fn capture(&self, pc: Piece) -> i32 {
        let v = if pc.dead {
            match pc.kind {
                Kind::King => self.dead_king,
                _ => 0,
            }
        } else {
            match pc.kind {
                Kind::Pawn => self.pawn,
                Kind::Knight => self.knight,
                Kind::Bishop => self.bishop,
                Kind::Rook => self.rook,
                Kind::Queen if pc.one_point => self.one_point_queen,
                Kind::Queen => self.queen,
                Kind::King => self.king,
            }
        };
        v as i32
    }
}

/// When an early resignation or timeout aborts the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AbortRule {
    /// Resigning or flagging on one's first move (Teams).
    FirstMove,
    /// Before making three moves while the king is not in check (FFA).
    BeforeThreeMovesOutOfCheck,
    /// No resignation or timeout ever aborts (Verney, Club).
    Never,
}

/// Every rule that varies between rule sets.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// Which game this is.
    pub variant: Variant,
    /// Colour names shown for S, W, N, E.
    pub colours: [&'static str; 4],
    /// Seat that moves first.
    pub first_to_move: Seat,
    /// Setup used when none is given.
    pub default_setup: Setup,
    /// Whether other setups may be chosen.
    pub any_setup: bool,
    /// Who plays together: opposite partners, side-by-side partners, or each for himself.
    pub pairing: Pairing,
    /// A pawn on its own pawn row may move two squares.
    pub double_step: bool,
    /// En passant after a double step (rules.md §4.2).
    pub en_passant: bool,
    /// Castling: none, rules.md §4.3, or Chess960's (variants.md §3.1).
    pub castling: Castling,
    /// A pawn may jump its partner's pawn directly ahead.
    pub partner_pawn_jump: bool,
    /// A pawn reaching its partner's back row turns back.
    pub reversal: bool,
    /// Where pawns promote.
    pub promotion_zone: PromotionZone,
    /// What they promote to.
    pub promotion_choice: PromotionChoice,
    /// A move may not put the partner's king in a new check.
    pub no_new_partner_check: bool,
    /// Kings may be captured.
    pub king_capture: bool,
    /// Capturing a king silences its army at once: the capture is legal even when that army's
    /// other pieces attack the capturer's king (chess.com FFA, seen in game 100527014).
    pub king_capture_disarms: bool,
    /// When mate is judged.
    pub mate_judging: MateJudging,
    /// What a mated army becomes.
    pub mated_army: MatedArmy,
    /// How the game is won.
    pub win: WinCondition,
    /// What a stalemate does.
    pub stalemate: StalemateRule,
    /// FFA scoring is in force.
    pub scoring: bool,
    /// FFA check bonus table.
    pub check_bonus: CheckBonus,
    /// A player who resigns or flags while two or more others are active keeps a zombie king.
    pub dead_king_walking: bool,
    /// When an early resignation or timeout aborts.
    pub abort: AbortRule,
    /// When the draw rules are judged.
    pub draw_judging: DrawJudging,
    /// What the fifty-move count counts.
    pub fifty_count: FiftyCount,
    /// King of the Hill (chess.com `KotH`): a royal king that ends a legal move on g7, h7, g8 or
    /// h8 wins for its side (Teams) or mates every other active player (FFA).
    pub king_of_the_hill: bool,
    /// N-check (chess.com `3-check` and the like): each king starts with this many lives and
    /// loses one for every new check; the check that takes the last is a mate.
    pub check_lives: Option<u8>,
    /// A move may not leave the mover's king attacked (rules.md §4.1). Off under chess.com's
    /// `CaptureTheKing`: no pins, no need to answer a check, no checkmate — a king is beaten
    /// only by its capture.
    pub must_parry_check: bool,
    /// What captures, mates, draws and kings are worth where points are kept.
    pub points: PointTable,
    /// The squares played on: the cross, or Chaturaji's 8×8 centre.
    pub board: BoardShape,
    /// With two players left, chess.com FFA's automatic claim of the win for the leader on his
    /// turn (rules.md §5.2); not in Chaturaji (variants.md §2.7).
    pub auto_two_left: bool,
    /// The seats that have an army, one bit per seat (all four but in three-player Conquest,
    /// variants.md §5.1: South, West and North, the East arm empty and never to move).
    pub seats_in_play: u8,
}

impl RuleSet {
    /// chess.com Teams.
    pub const TEAMS: RuleSet = RuleSet {
        variant: Variant::Teams,
        colours: ["Red", "Blue", "Yellow", "Green"],
        first_to_move: Seat::South,
        default_setup: Setup::Modern,
        any_setup: true,
        pairing: Pairing::Opposite,
        double_step: true,
        en_passant: true,
        castling: Castling::Standard,
        partner_pawn_jump: false,
        reversal: false,
        promotion_zone: PromotionZone::OwnRank(11),
        promotion_choice: PromotionChoice::AnyPiece,
        no_new_partner_check: false,
        king_capture: true,
        king_capture_disarms: false,
        mate_judging: MateJudging::OnOwnTurn,
        mated_army: MatedArmy::GameOver,
        win: WinCondition::FirstMate,
        stalemate: StalemateRule::Draw,
        scoring: false,
        check_bonus: CheckBonus::Live,
        dead_king_walking: false,
        abort: AbortRule::FirstMove,
        draw_judging: DrawJudging::AfterEachPly,
        fifty_count: FiftyCount::EveryPly,
        king_of_the_hill: false,
        check_lives: None,
        must_parry_check: true,
        points: PointTable::FFA,
        board: BoardShape::Cross160,
        auto_two_left: true,
        seats_in_play: 0b1111,
    };

    /// chess.com Free-For-All.
    pub const FFA: RuleSet = RuleSet {
        variant: Variant::Ffa,
        pairing: Pairing::None,
        promotion_zone: PromotionZone::OwnRank(8),
        promotion_choice: PromotionChoice::OnePointQueen,
        mate_judging: MateJudging::AfterEveryMove,
        mated_army: MatedArmy::Dead,
        king_capture_disarms: true,
        win: WinCondition::MostPoints,
        stalemate: StalemateRule::ScoreAndOut,
        scoring: true,
        dead_king_walking: true,
        abort: AbortRule::BeforeThreeMovesOutOfCheck,
        draw_judging: DrawJudging::OnLiveTurn,
        fifty_count: FiftyCount::SinceLastExit,
        ..RuleSet::TEAMS
    };

    /// The rule set of a variant.
    pub const fn of(variant: Variant) -> RuleSet {
        match variant {
            Variant::Teams => RuleSet::TEAMS,
            Variant::Ffa => RuleSet::FFA,
            Variant::Verney1881 => RuleSet::VERNEY_1881,
            Variant::Club1893 => RuleSet::CLUB_1893,
            Variant::Chaturaji => RuleSet::CHATURAJI,
            Variant::Conquest => RuleSet::CONQUEST,
        }
    }

    /// Verney's four-handed chess of 1881.
    pub const VERNEY_1881: RuleSet = RuleSet {
        variant: Variant::Verney1881,
        colours: ["Yellow", "Red", "White", "Black"],
        default_setup: Setup::Classic,
        any_setup: false,
        double_step: false,
        en_passant: false,
        castling: Castling::None,
        partner_pawn_jump: true,
        reversal: true,
        promotion_zone: PromotionZone::OpponentBackRow,
        promotion_choice: PromotionChoice::QueenOnly,
        no_new_partner_check: true,
        king_capture: false,
        mate_judging: MateJudging::Levels,
        mated_army: MatedArmy::Inert,
        win: WinCondition::BothOpponentsMated,
        stalemate: StalemateRule::Pass,
        abort: AbortRule::Never,
        ..RuleSet::TEAMS
    };

    /// The London Four-handed Chess Club rules of 1893.
    pub const CLUB_1893: RuleSet = RuleSet {
        variant: Variant::Club1893,
        colours: ["White", "Black", "Yellow", "Red"],
        default_setup: Setup::Modern,
        double_step: true,
        en_passant: true,
        castling: Castling::Standard,
        promotion_choice: PromotionChoice::AnyPiece,
        ..RuleSet::VERNEY_1881
    };

    /// chess.com's dice-free Chaturaji (variants.md §2.9): FFA on the 8×8 centre d4–k11, no
    /// check rule (kings are captured, never mated), single-step pawns promoting to a sailboat
    /// (rook) on the far edge — the player's own 8th rank on that board, which is rank 11 counted
    /// on the cross grid — no castling, a pass for a player without a move, and its own points.
    pub const CHATURAJI: RuleSet = RuleSet {
        variant: Variant::Chaturaji,
        board: BoardShape::Centre64,
        default_setup: Setup::Chaturaji,
        any_setup: false,
        double_step: false,
        en_passant: false,
        castling: Castling::None,
        promotion_zone: PromotionZone::OwnRank(11),
        promotion_choice: PromotionChoice::RookOnly,
        must_parry_check: false,
        dead_king_walking: false,
        stalemate: StalemateRule::PassTurn,
        points: PointTable::CHATURAJI,
        check_bonus: CheckBonus::Flat { two: 1, three: 5 },
        auto_two_left: false,
        ..RuleSet::FFA
    };

    /// Conquest (variants.md §5): FFA's board, moves and immediate mates, but a mated king leaves
    /// the board and his army passes to the mover who mated him (`Conquered`), a stalemated army
    /// freezes (`Freeze`), pawns promote on their last square to any piece, and the players are
    /// placed by who went out when — no points, no zombie kings.
    pub const CONQUEST: RuleSet = RuleSet {
        variant: Variant::Conquest,
        promotion_zone: PromotionZone::ForwardEdge,
        promotion_choice: PromotionChoice::AnyPiece,
        mated_army: MatedArmy::Conquered,
        win: WinCondition::Placings,
        stalemate: StalemateRule::Freeze,
        scoring: false,
        dead_king_walking: false,
        draw_judging: DrawJudging::AfterEachPly,
        auto_two_left: false,
        ..RuleSet::FFA
    };

    /// The four centre squares of King of the Hill: g7, h7, g8, h8.
    pub const HILL: [Square; 4] = [
        Square::new(6, 6).unwrap(),
        Square::new(7, 6).unwrap(),
        Square::new(6, 7).unwrap(),
        Square::new(7, 7).unwrap(),
    ];

    /// Whether `seat` has an army in this game (East has none in three-player Conquest).
    #[inline]
    pub const fn in_play(&self, seat: Seat) -> bool {
        self.seats_in_play & seat.bit() != 0
    }

    /// How many seats have an army.
    pub const fn players(&self) -> usize {
        self.seats_in_play.count_ones() as usize
    }

    /// True in a sides game (two against two), false when each plays for himself.
    #[inline]
    pub const fn sides(&self) -> bool {
        !matches!(self.pairing, Pairing::None)
    }

    /// The partner of `s` in a sides game.
    #[inline]
    pub const fn partner(&self, s: Seat) -> Option<Seat> {
        self.pairing.partner(s)
    }

    /// True when `a` and `b` play together (same seat, or partners in a sides game).
    #[inline]
    pub const fn allied(&self, a: Seat, b: Seat) -> bool {
        a as u8 == b as u8
            || match self.partner(a) {
                Some(p) => p as u8 == b as u8,
                None => false,
            }
    }

    /// Seats hostile to `s`, as a one-bit-per-seat set (before statuses are considered).
    #[inline]
    pub const fn enemies(&self, s: Seat) -> u8 {
        let all = 0b1111 & !s.bit();
        match self.partner(s) {
            Some(p) => all & !p.bit(),
            None => all,
        }
    }

    /// The side `s` plays on in a sides game: [`Side::First`] is South's (with his partner).
    /// Without sides, South and North count as the first (how two engines share an FFA board).
    #[inline]
    pub const fn side_of(&self, s: Seat) -> Side {
        let first = match self.partner(Seat::South) {
            Some(p) => s as u8 == Seat::South as u8 || s as u8 == p as u8,
            None => s as u8 & 1 == 0,
        };
        if first {
            Side::First
        } else {
            Side::Second
        }
    }

    /// The two seats of `side` in a sides game, South's side listing South first.
    pub const fn seats_of(&self, side: Side) -> [Seat; 2] {
        let south = match self.partner(Seat::South) {
            Some(p) => p,
            None => Seat::North,
        };
        match side {
            Side::First => [Seat::South, south],
            Side::Second => {
                let mut out = [Seat::West, Seat::East];
                let mut n = 0;
                let mut i = 1;
                while i < 4 {
                    let s = Seat::from_index(i);
                    if s as u8 != south as u8 {
                        out[n] = s;
                        n += 1;
                    }
                    i += 1;
                }
                out
            }
        }
    }

    /// Colour name of `seat` under this rule set.
    pub fn colour(&self, seat: Seat) -> &'static str {
        self.colours[seat.index()]
    }

    /// The seat shown with colour `name` (case-insensitive).
    pub fn seat_of_colour(&self, name: &str) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|s| self.colours[s.index()].eq_ignore_ascii_case(name))
    }
}

static TEAMS: RuleSet = RuleSet::TEAMS;
static FFA: RuleSet = RuleSet::FFA;
static VERNEY: RuleSet = RuleSet::VERNEY_1881;
static CLUB: RuleSet = RuleSet::CLUB_1893;
static CHATURAJI: RuleSet = RuleSet::CHATURAJI;
static CONQUEST: RuleSet = RuleSet::CONQUEST;

impl RuleSet {
    /// The shared, static rule set of a variant (what positions refer to).
    pub fn get(variant: Variant) -> &'static RuleSet {
        match variant {
            Variant::Teams => &TEAMS,
            Variant::Ffa => &FFA,
            Variant::Verney1881 => &VERNEY,
            Variant::Club1893 => &CLUB,
            Variant::Chaturaji => &CHATURAJI,
            Variant::Conquest => &CONQUEST,
        }
    }

    /// This rule set as a shared, static value that positions can refer to: the variant's own
    /// when the options change nothing, otherwise one kept for the life of the process and
    /// handed out again for an equal rule set. The options a rule set can take are bounded
    /// ([`RuleSet::with_rule_variants`] refuses values out of range), so so is what is kept.
    pub fn shared(&self) -> &'static RuleSet {
        let own = RuleSet::get(self.variant);
        if own == self {
            return own;
        }
        static KEPT: Mutex<Vec<&'static RuleSet>> = Mutex::new(Vec::new());
        let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(r) = kept.iter().find(|r| **r == self) {
            return r;
        }
        let r: &'static RuleSet = Box::leak(Box::new(*self));
        kept.push(r);
        r
    }
}
