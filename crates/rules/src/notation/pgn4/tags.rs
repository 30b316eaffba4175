//! PGN4 tag pairs and what they say about the game: rule set, start position, players, result.

use crate::board::{BySeat, Seat, Setup, UnknownSetup};
use crate::notation::fen4;
use crate::position::Position;
use crate::ruleset::{RuleSet, Variant};
use crate::ruleset_error::RuleSetError;

/// The tag pairs of a PGN4, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags(pub Vec<(String, String)>);

impl Tags {
    /// The value of tag `key` (case-sensitive, as exported).
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Sets (or adds) a tag.
    pub fn set(&mut self, key: &str, value: impl Into<String>) {
        let value = value.into();
        match self.0.iter_mut().find(|(k, _)| k == key) {
            Some((_, v)) => *v = value,
            None => self.0.push((key.to_string(), value)),
        }
    }

    /// The rule set named by `Variant` (Teams when absent) with the options of `RuleVariants`
    /// ([`RuleSet::with_rule_variants`]: an option the engine does not play is an error).
    pub fn rules(&self) -> Result<RuleSet, RuleSetError> {
        let base = match self.get("Variant") {
            None => RuleSet::TEAMS,
            Some(v) => RuleSet::of(v.parse::<Variant>()?),
        };
        base.with_rule_variants(self.get("RuleVariants").unwrap_or(""))
    }

    /// The start position: `StartFen4` as a setup code or a whole FEN4; when absent, Modern if a
    /// `RuleVariants` tag is present (current exports), otherwise Classic; historical rule sets
    /// default to their own setup.
    pub fn start(&self, rules: &RuleSet) -> Result<(Position, BySeat<i32>), StartError> {
        let shared = rules.shared();
        let setup = match self.get("StartFen4").map(str::trim) {
            Some(f) if f.contains('-') => {
                let parsed = fen4::parse(f, shared).map_err(StartError::Fen4)?;
                return Ok((parsed.position, parsed.points));
            }
            Some(code) => code.parse::<Setup>().map_err(StartError::Setup)?,
            None if !rules.any_setup => rules.default_setup,
            None if self.get("RuleVariants").is_some() => Setup::Modern,
            None => Setup::Classic,
        };
        Ok((Position::start(shared, setup), BySeat([0; 4])))
    }

    /// Player names by seat, from the rule set's colour tags.
    pub fn players(&self, rules: &RuleSet) -> BySeat<Option<String>> {
        BySeat::from_fn(|s: Seat| self.get(rules.colour(s)).map(str::to_string))
    }

    /// FFA points from a `Result` tag such as `a: 72 - b: 14 - c: 61 - d: 33`, matched to seats
    /// by player name (or colour name).
    pub fn ffa_points(&self, rules: &RuleSet) -> Option<BySeat<i32>> {
        let result = self.get("Result")?;
        let players = self.players(rules);
        let mut out = BySeat([None; 4]);
        for part in result.split(" - ") {
            let (name, pts) = part.rsplit_once(':')?;
            let pts: i32 = pts.trim().parse().ok()?;
            let name = name.trim();
            let seat = Seat::ALL.into_iter().find(|&s| {
                players[s].as_deref() == Some(name) || rules.colour(s).eq_ignore_ascii_case(name)
            })?;
            out[seat] = Some(pts);
        }
        Some(BySeat([out.0[0]?, out.0[1]?, out.0[2]?, out.0[3]?]))
    }
}

/// Reads the tag pairs at the top of a PGN4; returns them and the rest (the movetext).
pub fn parse_tags(text: &str) -> (Tags, &str) {
    let mut tags = Vec::new();
    let mut rest = text.trim_start_matches('\u{feff}');
    loop {
        let t = rest.trim_start();
        if !t.starts_with('[') {
            return (Tags(tags), t);
        }
        let Some(end) = t.find(']') else {
            return (Tags(tags), t);
        };
        let inner = &t[1..end];
        if let Some((k, v)) = inner.split_once(' ') {
            let v = v.trim();
            let v = v
                .strip_prefix('"')
                .and_then(|x| x.strip_suffix('"'))
                .unwrap_or(v);
            tags.push((k.trim().to_string(), v.to_string()));
        }
        rest = &t[end + 1..];
    }
}

/// Why a `StartFen4` tag gives no start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// A whole FEN4 that does not parse (the error says what and where).
    Fen4(fen4::FenError),
    /// A setup code that names no setup.
    Setup(UnknownSetup),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Fen4(e) => write!(f, "StartFen4: {e}"),
            StartError::Setup(e) => write!(f, "StartFen4: {e}"),
        }
    }
}

impl std::error::Error for StartError {}
