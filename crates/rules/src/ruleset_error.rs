//! Why a rule set's name or options were refused: each case says what was wrong and with which
//! token, in words a player reading the refusal understands.

use crate::ruleset::{UnknownVariant, Variant};
use std::fmt;

/// A refused rule set name or `RuleVariants` option. Nothing was built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleSetError {
    /// The name is no rule set's.
    UnknownVariant(UnknownVariant),
    /// The rule set takes no options at all (Verney, Club).
    NoOptions {
        /// The token as given.
        option: String,
        /// The rule set.
        variant: Variant,
    },
    /// The rule set takes only the few options named (Chaturaji, Conquest).
    TakesOnly {
        /// The token as given.
        option: String,
        /// The rule set.
        variant: Variant,
        /// What it takes, in words.
        takes: &'static str,
    },
    /// Not an option of this rule set (unknown, or the other base's: `Teammate=` in FFA).
    NotAnOption {
        /// The token as given.
        option: String,
        /// The rule set.
        variant: Variant,
    },
    /// The option's value is out of its range.
    BadValue {
        /// The token as given.
        option: String,
        /// What the option takes, in words (`Teammate= takes 1, 2 or 3`).
        expected: &'static str,
    },
    /// An option of chess.com's the engine does not play (`Takeover`, …).
    NotPlayed {
        /// The token as given.
        option: String,
    },
    /// `Chess960Rotational` without a `Chess960=N` to turn.
    RotationWithout960,
}

impl fmt::Display for RuleSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleSetError::UnknownVariant(e) => e.fmt(f),
            RuleSetError::NoOptions { option, variant } => {
                write!(f, "rule option '{option}': {variant} takes no options")
            }
            RuleSetError::TakesOnly {
                option,
                variant,
                takes,
            } => write!(f, "rule option '{option}': {variant} takes only {takes}"),
            RuleSetError::NotAnOption { option, variant } => {
                write!(f, "rule option '{option}' is not a {variant} option")
            }
            RuleSetError::BadValue { option, expected } => {
                write!(f, "rule option '{option}': {expected}")
            }
            RuleSetError::NotPlayed { option } => {
                write!(f, "rule option '{option}' is not played here")
            }
            RuleSetError::RotationWithout960 => {
                f.write_str("rule option 'Chess960Rotational' needs a Chess960=N to turn")
            }
        }
    }
}

impl std::error::Error for RuleSetError {}

impl From<UnknownVariant> for RuleSetError {
    fn from(e: UnknownVariant) -> RuleSetError {
        RuleSetError::UnknownVariant(e)
    }
}
