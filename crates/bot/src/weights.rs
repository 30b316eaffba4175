//! The evaluation's weights: the values [`crate::eval::evaluate`] multiplies its features by,
//! in one place so that they can be switched off one by one (the engine's options) and fitted
//! to game results (`fourhand tune`, a logistic "Texel" fit). Each rule set has its own
//! ([`Weights::for_variant`]); the engine's options lay theirs over them ([`Overrides`]).

use fourhand_rules::Variant;

/// An FFA point in the evaluation's units: what a piece on the board is worth per point its
/// capture scores, and a point won by default ([`Weights::banked`]).
pub const FFA_POINT: i32 = 40;

/// The weights of the evaluation, in centipawn-like units (a sides-game pawn is `pawn`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A pawn in sides games (FFA counts its point values instead), the unit of the rest.
    pub pawn: i32,
    /// A knight in sides games.
    pub knight: i32,
    /// A bishop in sides games.
    pub bishop: i32,
    /// A rook in sides games.
    pub rook: i32,
    /// A queen in sides games.
    pub queen: i32,
    /// Per square a knight, bishop, rook or queen reaches (half in FFA).
    pub mobility: i32,
    /// Per step a pawn has come from its row (Teams, FFA).
    pub pawn_step: i32,
    /// Per step squared: a pawn gains faster the nearer it is to promoting.
    pub pawn_step_squared: i32,
    /// King safety by the attacked king zone and the pawn shield (else: the attacked flight
    /// squares, `king_danger` each).
    pub shelter: bool,
    /// With `shelter`: king safety by the pieces bearing on each square of the king zone
    /// (attackers against defenders, weighed by kind and growing with their number) and the
    /// king's cover, instead of the count of attacked squares and shield pawns.
    pub zone_attack: bool,
    /// Per attacked square next to the king, without `shelter`.
    pub king_danger: i32,
    /// With `shelter`: the king zone's danger, in percent of the table `ZONE_DANGER` (which
    /// grows faster than the number of attacked squares).
    pub zone_danger: i32,
    /// Per own pawn in the shield in front of the king.
    pub shield: i32,
    /// A king whose zone two or more hostile armies attack at once.
    pub converging: i32,
    /// A king with no pawn in front of it while the enemies still have a queen.
    pub bare_king: i32,
    /// A king in check.
    pub checked: i32,
    /// Per capture an army could make of a more valuable piece.
    pub threat: i32,
    /// Per capture an army could make of an undefended piece of no more value than the taker.
    pub hanging: i32,
    /// Per developed piece (a knight off the back row; a bishop, rook or queen reaching five
    /// squares).
    pub developed: i32,
    /// Sides games: per pair of developed pieces, one of each partner.
    pub developed_pair: i32,
    /// Per knight one or two jumps from a hostile king.
    pub knight_near_king: i32,
    /// Per step a pawn has come beyond its fifth (Teams, FFA): a pawn about to promote.
    pub pawn_far: i32,
    /// Sides games: a rook in the centre (files and ranks 5–10).
    pub rook_central: i32,
    /// Sides games: a rook out of the centre with no pawn on the six squares ahead of it.
    pub rook_open: i32,
    /// Sides games: per square of distance a knight, bishop, rook or queen stands from the
    /// centre, subtracted.
    pub centrality: i32,
    /// Sides games: a knight, bishop, rook or queen on the other side's three back rows.
    pub back_rows: i32,
    /// Sides games: the cost of partners with uneven numbers of pieces (knights to queens), in
    /// percent of a table that grows faster than the difference (1: 25, 2: 50, 3: 150, 4: 300).
    pub imbalance: i32,
    /// Sides games: a side with two queens or more.
    pub queens_pair: i32,
    /// The side to move (its seat in FFA): in four-player chess the last mover's threats and
    /// attacks on a king stand unanswered at the horizon, so without it a search's score
    /// swings with which side moved last (higher at depths ending on the root's side).
    pub tempo: i32,
    /// In percent, how much more the threats and hanging pieces of the army to move weigh
    /// (0: as every army's): it takes first, while another army's threats may be answered
    /// before its turn comes.
    pub threat_to_move: i32,
    /// In percent, how much less the danger to the king of the army to move weighs (0: as
    /// every king's): it answers the attack first.
    pub danger_to_move: i32,
    /// Sides games, in percent: the danger to the more endangered king of each side counts
    /// this much again (0: each king's danger counts once) — one mated king loses the side's
    /// game, so two partners' dangers do not simply add up.
    pub weaker_king: i32,
    /// FFA, in percent: how much of what the root must outscore is its strongest rival (the
    /// rest is the mean of the four armies, the root's own included).
    pub rival: i32,
    /// FFA: per point a seat has won (a point of material on the board is [`FFA_POINT`]).
    pub banked: i32,
    /// Sides games: how far outside the search's window the cheap terms (material, pawns,
    /// placement, armies) must put a position for the rest to be skipped (0: never; not
    /// fitted — it trades accuracy for speed).
    pub lazy_margin: i32,
    /// FFA: an eliminated rival still counts, by the points it keeps, as the rival the root
    /// must outscore (the engine's `standings` option; off: only live rivals count).
    pub standings: bool,
    /// FFA: a promoted queen (its capture scores one point) counts on the board as a queen
    /// by what it can do — [`FFA_POINT`] per point of a queen's capture — rather than by the
    /// one point a rival would score for it (the engine's `promoted-queens` option).
    pub promoted_queens: bool,
}

impl Default for Weights {
    /// The engine's weights (see docs/engine.md for how they were found).
    fn default() -> Weights {
        Weights {
            pawn: 50,
            knight: 300,
            bishop: 400,
            rook: 500,
            queen: 1000,
            mobility: 2,
            pawn_step: 0,
            pawn_step_squared: 2,
            shelter: true,
            zone_attack: false,
            king_danger: 12,
            zone_danger: 100,
            shield: 10,
            converging: 120,
            bare_king: 60,
            checked: 60,
            threat: 120,
            hanging: 120,
            developed: 35,
            developed_pair: 20,
            knight_near_king: 100,
            pawn_far: 150,
            rook_central: 50,
            rook_open: 25,
            centrality: 10,
            back_rows: 10,
            imbalance: 100,
            queens_pair: 200,
            tempo: 0,
            threat_to_move: 0,
            danger_to_move: 0,
            weaker_king: 0,
            rival: 50,
            banked: FFA_POINT,
            lazy_margin: 0,
            standings: true,
            promoted_queens: false,
        }
    }
}

impl Weights {
    /// The engine's weights for `variant`: Teams' fitted to the engine's own Teams games
    /// ([`Weights::teams`]), every other rule set's the hand-set [`Weights::default`].
    pub fn for_variant(variant: Variant) -> Weights {
        match variant {
            Variant::Teams => Weights::teams(),
            _ => Weights::default(),
        }
    }

    /// The Teams weights: [`Weights::default`] with the tunable ones fitted by `fourhand tune`
    /// to positions of the engine's Teams games against itself (docs/engine.md and
    /// docs/lab/measurements.md; the fourth fit, of 2026-12-04). They weigh king safety more and a king in check three times
    /// as much, which is right in Teams but wrong in Verney's game, where a freed, exposed king
    /// is still worth saving a mated partner for; and the army to move's threats more than
    /// twice (`threat_to_move`), with a `tempo` for its side.
    pub fn teams() -> Weights {
        Weights {
            knight: 243,
            bishop: 320,
            rook: 520,
            queen: 1080,
            mobility: 10,
            pawn_step: 2,
            pawn_step_squared: 0,
            zone_danger: 176,
            shield: 22,
            converging: 60,
            bare_king: 132,
            checked: 340,
            threat: 92,
            developed: 2,
            developed_pair: 11,
            knight_near_king: 240,
            king_danger: 12,
            pawn_far: 75,
            rook_central: 99,
            rook_open: 117,
            centrality: -2,
            back_rows: 8,
            imbalance: 84,
            queens_pair: -40,
            hanging: 48,
            tempo: 48,
            threat_to_move: 120,
            danger_to_move: 40,
            ..Weights::default()
        }
    }

    /// The names of the weights a fit may change, in the order of [`Weights::tunable`].
    pub const TUNABLE: [&'static str; 31] = [
        "knight",
        "bishop",
        "rook",
        "queen",
        "mobility",
        "pawn_step",
        "pawn_step_squared",
        "zone_danger",
        "shield",
        "converging",
        "bare_king",
        "checked",
        "threat",
        "developed",
        "developed_pair",
        "knight_near_king",
        "king_danger",
        "pawn_far",
        "rook_central",
        "rook_open",
        "centrality",
        "back_rows",
        "imbalance",
        "queens_pair",
        "hanging",
        "tempo",
        "threat_to_move",
        "danger_to_move",
        "weaker_king",
        "rival",
        "banked",
    ];

    /// The tunable weights with their names, in the order of [`Weights::TUNABLE`], as the
    /// engine's options write them (`threat=40`).
    pub fn named(mut self) -> impl Iterator<Item = (&'static str, i32)> {
        let values = self.tunable().map(|v| *v);
        Weights::TUNABLE.into_iter().zip(values)
    }

    /// How many weights the engine's options can set: the pawn (which the fit keeps as its
    /// unit), then [`Weights::TUNABLE`].
    const SETTABLE: usize = 1 + Weights::TUNABLE.len();

    /// The name of settable weight `i` (below [`Weights::SETTABLE`]).
    fn settable_name(i: usize) -> &'static str {
        i.checked_sub(1).map_or("pawn", |t| Weights::TUNABLE[t])
    }

    /// The number of the settable weight called `name`.
    fn settable_index(name: &str) -> Option<usize> {
        (0..Weights::SETTABLE).find(|&i| Weights::settable_name(i) == name)
    }

    /// Settable weight `i` (below [`Weights::SETTABLE`]).
    fn settable_mut(&mut self, i: usize) -> &mut i32 {
        match i.checked_sub(1) {
            None => &mut self.pawn,
            Some(t) => self.tunable()[t],
        }
    }

    /// The weight the engine's options call `name`: a tunable one, or `pawn`.
    pub fn by_name(&mut self, name: &str) -> Option<&mut i32> {
        Weights::settable_index(name).map(|i| self.settable_mut(i))
    }

    /// The weights a fit may change (the pawn stays the unit), in the order of
    /// [`Weights::TUNABLE`].
    pub fn tunable(&mut self) -> [&mut i32; 31] {
        [
            &mut self.knight,
            &mut self.bishop,
            &mut self.rook,
            &mut self.queen,
            &mut self.mobility,
            &mut self.pawn_step,
            &mut self.pawn_step_squared,
            &mut self.zone_danger,
            &mut self.shield,
            &mut self.converging,
            &mut self.bare_king,
            &mut self.checked,
            &mut self.threat,
            &mut self.developed,
            &mut self.developed_pair,
            &mut self.knight_near_king,
            &mut self.king_danger,
            &mut self.pawn_far,
            &mut self.rook_central,
            &mut self.rook_open,
            &mut self.centrality,
            &mut self.back_rows,
            &mut self.imbalance,
            &mut self.queens_pair,
            &mut self.hanging,
            &mut self.tempo,
            &mut self.threat_to_move,
            &mut self.danger_to_move,
            &mut self.weaker_king,
            &mut self.rival,
            &mut self.banked,
        ]
    }
}

/// Weights set by name (`threat=50`, from the engine's options), laid over the weights of the
/// rule set being played ([`Weights::for_variant`]) — so that a weight set for a match holds in
/// every rule set, and the rest stay each rule set's own.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Overrides {
    /// Bit `i` set: settable weight `i` is set, to `values[i]`.
    set: u32,
    values: [i32; Weights::SETTABLE],
}

// Every settable weight has its bit in `Overrides::set`.
const _: () = assert!(Weights::SETTABLE <= u32::BITS as usize);

impl Overrides {
    /// Sets the weight called `name` (`pawn` or one of [`Weights::TUNABLE`]) to `value`.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
        let i = Weights::settable_index(name)
            .ok_or_else(|| format!("unknown evaluation weight '{name}'"))?;
        self.set |= 1 << i;
        self.values[i] = value;
        Ok(())
    }

    /// The numbers of the weights set, in the order of their names in [`Overrides::iter`].
    fn slots(&self) -> impl Iterator<Item = usize> + '_ {
        (0..Weights::SETTABLE).filter(|&i| self.set & 1 << i != 0)
    }

    /// The weights set, with their names: the pawn first, then in the order of
    /// [`Weights::TUNABLE`].
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, i32)> + '_ {
        self.slots()
            .map(|i| (Weights::settable_name(i), self.values[i]))
    }

    /// `base` with the weights set here.
    pub fn over(&self, mut base: Weights) -> Weights {
        for i in self.slots() {
            *base.settable_mut(i) = self.values[i];
        }
        base
    }
}

#[cfg(test)]
mod tests {
    use super::Weights;
    use crate::{parse_spec, Level};
    use fourhand_rules::Variant;

    #[test]
    fn weights_and_terms_are_set_by_name_and_written_back_the_same_way() {
        let (level, o) = parse_spec("engine3/no-development,threat=55,queen=950,pawn=60").unwrap();
        assert_eq!(level, Level::Engine(3));
        let w = o.weights(Variant::Verney1881);
        assert_eq!((w.threat, w.queen, w.pawn_step_squared), (55, 950, 2));
        // Set by name, a weight holds in Teams too; the rest are Teams' own.
        let t = o.weights(Variant::Teams);
        assert_eq!((t.threat, t.queen, t.pawn), (55, 950, 60));
        assert_eq!(t.zone_danger, Weights::teams().zone_danger);
        assert_eq!(w.pawn, 60);
        // Switched off, a term weighs nothing, whatever its weight.
        assert_eq!((w.developed, w.developed_pair), (0, 0));
        assert_eq!(parse_spec(&format!("engine3/{}", o.spec())).unwrap().1, o);
        // By default every term is on, at 4pchess's scale.
        let d = parse_spec("engine3").unwrap().1.weights(Variant::Club1893);
        assert_eq!((d.threat, d.developed, d.knight_near_king), (120, 35, 100));
        assert_eq!((d.pawn_step, d.pawn_step_squared, d.pawn_far), (0, 2, 150));
        assert!(d.shelter && d.zone_attack);
        // The engine before them: pawns at 6 a step, no placement.
        let old = parse_spec("engine3/no-pawn-race,no-placement,rook_open=30")
            .unwrap()
            .1
            .weights(Variant::Verney1881);
        assert_eq!(
            (old.pawn_step, old.pawn_step_squared, old.pawn_far),
            (6, 0, 0)
        );
        assert_eq!((old.rook_open, old.centrality, old.imbalance), (0, 0, 0));
        for bad in ["engine3/colour=3", "engine3/threat=lots", "engine3/threat="] {
            assert!(parse_spec(bad).is_err(), "{bad}");
        }
    }
}
