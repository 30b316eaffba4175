//! chess.com's rule options, as PGN4 writes them in the `RuleVariants` tag
//! (`EnPassant Prom=8 PromoteTo=D Teammate=1`, …), read onto a base rule set and written back.
//!
//! A token either changes a [`RuleSet`] field (`Teammate=`, `Prom=`, `PromoteTo=`, `KotH`,
//! `N-check`, `CaptureTheKing`, `PointsForMate=`), states a rule the base already has (`EnPassant` in Teams and FFA,
//! `DeadKingWalking` in FFA), or is a display and privacy option the rules do not see
//! (`Anonymous`, `SemiAnonymous`, …). Any other token is refused with a message naming it: a game
//! under rules the engine does not play is never replayed as if it were another game. The base's
//! own tokens may be left out (older exports do): they never switch a rule off.

use crate::board::{Kind, Setup, Symmetry};
use crate::ruleset::{
    Castling, CheckBonus, MatedArmy, Pairing, PromotionChoice, PromotionZone, RuleSet, Variant,
    WinCondition,
};
use crate::ruleset_error::RuleSetError;

/// Tokens chess.com writes for display and privacy only: accepted and ignored by the rules.
const DISPLAY_ONLY: [&str; 6] = [
    "Anonymous",
    "SemiAnonymous",
    "Ghostboard",
    "Blindfold",
    "SpectatorChat",
    "Diplomacy",
];

/// Tokens of chess.com rule options that the engine does not play (yet).
const NOT_PLAYED: [&str; 3] = ["Takeover", "DeadWall", "Antichess"];

impl RuleSet {
    /// This rule set with the options of a `RuleVariants` tag (tokens separated by spaces or
    /// commas) applied. The historical rule sets take none; a token the engine does not play,
    /// a value out of range or an option of the other base (`Teammate=` in FFA) is an error
    /// that names it.
    pub fn with_rule_variants(mut self, tokens: &str) -> Result<RuleSet, RuleSetError> {
        let mut chess960: Option<u16> = None;
        let mut rotational = false;
        for token in tokens
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            // Chaturaji takes one option, the old 4PC server's check bonuses (variants.md §2.6).
            if self.variant == Variant::Chaturaji {
                match token {
                    "OldChecks" => self.check_bonus = CheckBonus::Flat { two: 5, three: 20 },
                    _ => {
                        return Err(RuleSetError::TakesOnly {
                            option: token.to_string(),
                            variant: self.variant,
                            takes: "OldChecks (the old 4PC server's check bonuses, 5 and 20)",
                        })
                    }
                }
                continue;
            }
            // Conquest takes one option, the number of players (variants.md §5.1).
            if self.variant == Variant::Conquest {
                match token {
                    "Players=3" => self.seats_in_play = 0b0111,
                    "Players=4" => self.seats_in_play = 0b1111,
                    _ => {
                        return Err(RuleSetError::TakesOnly {
                            option: token.to_string(),
                            variant: self.variant,
                            takes: "Players=3 or Players=4",
                        })
                    }
                }
                continue;
            }
            if !matches!(self.variant, Variant::Teams | Variant::Ffa) {
                return Err(RuleSetError::NoOptions {
                    option: token.to_string(),
                    variant: self.variant,
                });
            }
            let (name, value) = match token.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (token, None),
            };
            match (name, value) {
                ("EnPassant", None) => {}
                ("DeadKingWalking", None) if self.variant == Variant::Ffa => {}
                ("Teammate", Some(v)) if self.variant == Variant::Teams => {
                    self.pairing =
                        v.parse()
                            .ok()
                            .and_then(Pairing::from_teammate)
                            .ok_or_else(|| RuleSetError::BadValue {
                                option: token.to_string(),
                                expected: "Teammate= takes 1, 2 or 3",
                            })?;
                }
                ("KotH", None) => self.king_of_the_hill = true,
                ("Chess960", Some(v)) => {
                    chess960 = Some(
                        v.parse()
                            .ok()
                            .filter(|n| (1..=960).contains(n))
                            .ok_or_else(|| RuleSetError::BadValue {
                                option: token.to_string(),
                                expected: "Chess960= takes 1 to 960",
                            })?,
                    );
                }
                // The project's token (variants.md §3.1): the arrangement turned, not reflected,
                // onto West and East.
                ("Chess960Rotational", None) => rotational = true,
                // chess.com's "play for mate" (older `Play-4-Mate`) and the project's first-mate
                // FFA (variants.md §4.1, §4.2): no points, no zombies, places by elimination.
                ("Play4Mate" | "Play-4-Mate" | "FirstMate", None)
                    if self.variant == Variant::Ffa =>
                {
                    self.win = if name == "FirstMate" {
                        WinCondition::FirstMateFfa
                    } else {
                        WinCondition::LastStanding
                    };
                    self.scoring = false;
                    self.dead_king_walking = false;
                    self.auto_two_left = false;
                }
                // The project's token (variants.md §4.4): Teams until both opponents are out.
                ("BothMate", None) if self.variant == Variant::Teams => {
                    self.win = WinCondition::BothOpponentsMated;
                    self.mated_army = MatedArmy::Dead;
                }
                ("CaptureTheKing", None) => self.must_parry_check = false,
                (_, None) if name.ends_with("-check") => {
                    let n: u8 = name
                        .trim_end_matches("-check")
                        .parse()
                        .ok()
                        .filter(|n| (1..=9).contains(n))
                        .ok_or_else(|| RuleSetError::BadValue {
                            option: token.to_string(),
                            expected: "N-check takes N from 1 to 9",
                        })?;
                    self.check_lives = Some(n);
                }
                ("PointsForMate", Some(v)) if self.variant == Variant::Ffa => {
                    self.points.mate = v
                        .parse()
                        .ok()
                        .filter(|n| (1..=100).contains(n))
                        .ok_or_else(|| RuleSetError::BadValue {
                            option: token.to_string(),
                            expected: "PointsForMate= takes 1 to 100",
                        })?;
                    self.points.claim_lead = self.points.mate + 1;
                }
                ("Prom", Some(v)) => {
                    let n: u8 =
                        v.parse()
                            .ok()
                            .filter(|n| (3..=14).contains(n))
                            .ok_or_else(|| RuleSetError::BadValue {
                                option: token.to_string(),
                                expected: "Prom= takes a rank from 3 to 14",
                            })?;
                    self.promotion_zone = PromotionZone::OwnRank(n);
                }
                ("PromoteTo", Some(v)) => {
                    self.promotion_choice =
                        promotion_choice(v).ok_or_else(|| RuleSetError::BadValue {
                            option: token.to_string(),
                            expected: "PromoteTo= takes D (a one-point queen), Q, or the \
                                       letters Q, R, B and N",
                        })?;
                }
                _ if DISPLAY_ONLY.contains(&token) => {}
                _ if NOT_PLAYED.contains(&name) => {
                    return Err(RuleSetError::NotPlayed {
                        option: token.to_string(),
                    });
                }
                _ => {
                    return Err(RuleSetError::NotAnOption {
                        option: token.to_string(),
                        variant: self.variant,
                    })
                }
            }
        }
        match (chess960, rotational) {
            (Some(n), _) => {
                let symmetry = if rotational {
                    Symmetry::Rotational
                } else {
                    Symmetry::Classic
                };
                self.castling = Castling::Chess960(symmetry);
                self.default_setup = Setup::Chess960 { n, symmetry };
                self.any_setup = false;
            }
            (None, true) => return Err(RuleSetError::RotationWithout960),
            (None, false) => {}
        }
        Ok(self)
    }

    /// The `RuleVariants` tag that describes this rule set, tokens in chess.com's (alphabetical)
    /// order: the base's own (`EnPassant`; FFA `DeadKingWalking`) and every option that differs
    /// from the base. Empty for the historical rule sets, which have no such tag.
    pub fn rule_variants(&self) -> String {
        let base = RuleSet::of(self.variant);
        let mut tokens: Vec<String> = match self.variant {
            Variant::Teams => vec!["EnPassant".into()],
            Variant::Ffa => vec!["DeadKingWalking".into(), "EnPassant".into()],
            Variant::Conquest if self.players() == 3 => return "Players=3".into(),
            Variant::Chaturaji if self.check_bonus != RuleSet::CHATURAJI.check_bonus => {
                return "OldChecks".into()
            }
            Variant::Verney1881 | Variant::Club1893 | Variant::Chaturaji | Variant::Conquest => {
                return String::new()
            }
        };
        if self.promotion_choice != base.promotion_choice || self.variant == Variant::Ffa {
            tokens.push(format!(
                "PromoteTo={}",
                promotion_letters(self.promotion_choice)
            ));
        }
        if let (PromotionZone::OwnRank(n), true) = (
            self.promotion_zone,
            self.promotion_zone != base.promotion_zone,
        ) {
            tokens.push(format!("Prom={n}"));
        }
        if self.king_of_the_hill {
            tokens.push("KotH".into());
        }
        if let Setup::Chess960 { n, symmetry } = self.default_setup {
            tokens.push(format!("Chess960={n}"));
            if symmetry == Symmetry::Rotational {
                tokens.push("Chess960Rotational".into());
            }
        }
        match self.win {
            w if w == base.win => {}
            WinCondition::LastStanding => tokens.push("Play4Mate".into()),
            WinCondition::FirstMateFfa => tokens.push("FirstMate".into()),
            _ => tokens.push("BothMate".into()),
        }
        if !self.dead_king_walking {
            tokens.retain(|t| t != "DeadKingWalking");
        }
        if !self.must_parry_check {
            tokens.push("CaptureTheKing".into());
        }
        if self.points.mate != base.points.mate {
            tokens.push(format!("PointsForMate={}", self.points.mate));
        }
        if let Some(n) = self.check_lives {
            tokens.push(format!("{n}-check"));
        }
        if self.pairing != base.pairing {
            if let Some(n) = self.pairing.teammate() {
                tokens.push(format!("Teammate={n}"));
            }
        }
        tokens.sort();
        tokens.join(" ")
    }
}

impl RuleSet {
    /// The rule set's name as the server stores and shows it and the command line takes it:
    /// the variant's short name, then the options that differ from it (`teams`,
    /// `teams Teammate=1`, `ffa Prom=11`).
    pub fn name(&self) -> String {
        let own = RuleSet::of(self.variant).rule_variants();
        let own: Vec<&str> = own.split(' ').collect();
        let mut out = self.variant.short_name().to_string();
        for t in self.rule_variants().split(' ') {
            if !t.is_empty() && !own.contains(&t) {
                out.push(' ');
                out.push_str(t);
            }
        }
        out
    }

    /// Parses a name as [`RuleSet::name`] writes it: a variant, then any `RuleVariants` tokens.
    pub fn from_name(name: &str) -> Result<RuleSet, RuleSetError> {
        let name = name.trim();
        let (variant, options) = name.split_once(' ').unwrap_or((name, ""));
        RuleSet::of(variant.parse()?).with_rule_variants(options)
    }
}

/// The promotion choice of a `PromoteTo=` value.
fn promotion_choice(v: &str) -> Option<PromotionChoice> {
    match v {
        "D" => Some(PromotionChoice::OnePointQueen),
        "Q" => Some(PromotionChoice::QueenOnly),
        _ => {
            let mut seen = [false; 4];
            for c in v.chars() {
                let i = "QRBN".find(c)?;
                if std::mem::replace(&mut seen[i], true) {
                    return None;
                }
            }
            seen.iter().all(|&s| s).then_some(PromotionChoice::AnyPiece)
        }
    }
}

/// The `PromoteTo=` value of a promotion choice.
fn promotion_letters(c: PromotionChoice) -> String {
    match c {
        PromotionChoice::OnePointQueen => "D".into(),
        _ => c.kinds().iter().map(|k: &Kind| k.letter()).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_rule_sets_write_what_chess_com_writes() {
        assert_eq!(RuleSet::TEAMS.rule_variants(), "EnPassant");
        assert_eq!(
            RuleSet::FFA.rule_variants(),
            "DeadKingWalking EnPassant PromoteTo=D"
        );
        assert_eq!(RuleSet::VERNEY_1881.rule_variants(), "");
    }

    #[test]
    fn real_exports_read_as_their_base() {
        for (base, tag) in [
            (
                RuleSet::FFA,
                "Anonymous DeadKingWalking EnPassant PromoteTo=D",
            ),
            (
                RuleSet::FFA,
                "DeadKingWalking EnPassant PromoteTo=D SemiAnonymous",
            ),
            (RuleSet::TEAMS, "EnPassant"),
            (RuleSet::TEAMS, ""),
        ] {
            assert_eq!(base.with_rule_variants(tag), Ok(base), "{tag}");
        }
    }

    #[test]
    fn options_round_trip() {
        for (base, tag) in [
            (RuleSet::TEAMS, "EnPassant Teammate=1"),
            (RuleSet::TEAMS, "EnPassant Teammate=3"),
            (RuleSet::TEAMS, "EnPassant KotH Teammate=1"),
            (RuleSet::TEAMS, "CaptureTheKing EnPassant KotH"),
            (
                RuleSet::FFA,
                "DeadKingWalking EnPassant PointsForMate=40 PromoteTo=D",
            ),
            (RuleSet::FFA, "DeadKingWalking EnPassant KotH PromoteTo=D"),
            (
                RuleSet::FFA,
                "3-check DeadKingWalking EnPassant PromoteTo=D",
            ),
            (RuleSet::TEAMS, "EnPassant Prom=8 PromoteTo=Q"),
            (
                RuleSet::FFA,
                "DeadKingWalking EnPassant Prom=11 PromoteTo=QRBN",
            ),
        ] {
            let r = base.with_rule_variants(tag).unwrap();
            assert_ne!(r, base);
            assert_eq!(r.rule_variants(), tag);
            assert_eq!(base.with_rule_variants(&r.rule_variants()), Ok(r));
        }
        let r = RuleSet::TEAMS.with_rule_variants("Teammate=1").unwrap();
        assert_eq!(r.pairing, Pairing::SouthWest);
        assert_eq!(
            RuleSet::TEAMS
                .with_rule_variants("Teammate=2")
                .unwrap()
                .rule_variants(),
            "EnPassant"
        );
    }

    #[test]
    fn names_carry_the_options_that_differ() {
        assert_eq!(RuleSet::TEAMS.name(), "teams");
        assert_eq!(RuleSet::FFA.name(), "ffa");
        assert_eq!(RuleSet::CLUB_1893.name(), "club1893");
        let r = RuleSet::TEAMS
            .with_rule_variants("Teammate=3 Prom=8")
            .unwrap();
        assert_eq!(r.name(), "teams Prom=8 Teammate=3");
        assert_eq!(RuleSet::from_name(&r.name()), Ok(r));
        assert_eq!(RuleSet::from_name("ffa"), Ok(RuleSet::FFA));
        assert!(RuleSet::from_name("teams Teammate=9").is_err());
        assert!(RuleSet::from_name("chess").is_err());
    }

    #[test]
    fn bad_options_are_refused_by_name() {
        for (base, tag, says) in [
            (
                RuleSet::FFA,
                "Teammate=1",
                "'Teammate=1' is not a FFA option",
            ),
            (RuleSet::TEAMS, "Teammate=4", "Teammate= takes 1, 2 or 3"),
            (RuleSet::TEAMS, "KotH=1", "'KotH=1' is not a Teams option"),
            (RuleSet::TEAMS, "Prom=99", "Prom= takes a rank"),
            (RuleSet::TEAMS, "PromoteTo=VHE", "PromoteTo= takes"),
            (RuleSet::TEAMS, "PromoteTo=QQRB", "PromoteTo= takes"),
            (RuleSet::TEAMS, "Atomic", "'Atomic' is not a Teams option"),
            (RuleSet::FFA, "OppX=2", "'OppX=2' is not a FFA option"),
            (RuleSet::TEAMS, "12-check", "N-check takes N from 1 to 9"),
            (RuleSet::TEAMS, "0-check", "N-check takes N from 1 to 9"),
            (RuleSet::FFA, "Chess960=0", "Chess960= takes 1 to 960"),
            (RuleSet::TEAMS, "Chess960=961", "Chess960= takes 1 to 960"),
            (RuleSet::TEAMS, "Chess960Rotational", "needs a Chess960=N"),
            (
                RuleSet::FFA,
                "PointsForMate=0",
                "PointsForMate= takes 1 to 100",
            ),
            (
                RuleSet::TEAMS,
                "PointsForMate=40",
                "'PointsForMate=40' is not a Teams option",
            ),
            (RuleSet::VERNEY_1881, "EnPassant", "takes no options"),
            (
                RuleSet::TEAMS,
                "Play4Mate",
                "'Play4Mate' is not a Teams option",
            ),
            (RuleSet::FFA, "BothMate", "'BothMate' is not a FFA option"),
            (RuleSet::TEAMS, "Takeover", "'Takeover' is not played here"),
        ] {
            let e = base.with_rule_variants(tag).unwrap_err();
            assert!(e.to_string().contains(says), "{tag}: {e}");
        }
        // The refusals are data: which token, and why.
        assert_eq!(
            RuleSet::TEAMS.with_rule_variants("Takeover").unwrap_err(),
            RuleSetError::NotPlayed {
                option: "Takeover".into()
            }
        );
        assert_eq!(
            RuleSet::FFA.with_rule_variants("Teammate=1").unwrap_err(),
            RuleSetError::NotAnOption {
                option: "Teammate=1".into(),
                variant: Variant::Ffa
            }
        );
        assert_eq!(
            RuleSet::from_name("atomic KotH").unwrap_err(),
            RuleSetError::UnknownVariant(crate::ruleset::UnknownVariant("atomic".into()))
        );
    }
}
