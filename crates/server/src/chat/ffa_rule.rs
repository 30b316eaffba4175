//! FFA's chat rule (chess.com's: no teaming up, no hints, no asking for points), kept as data
//! per language of the client (`chat-rules/*.txt`: the form is described in `en.txt`). A line is
//! folded (case, accents, Arabic letter forms, punctuation) and its words matched against every
//! language's patterns: a player may write in any of them.

use super::fold::words;
use std::sync::OnceLock;

/// What a refused line did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Breach {
    /// Teaming up against others, or sparing a player.
    Teaming,
    /// A hint about the board (a threat, a mate, a piece to take).
    Hint,
    /// Asking for points, or telling a player to resign.
    Points,
}

impl Breach {
    /// The word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            Breach::Teaming => "teaming",
            Breach::Hint => "hint",
            Breach::Points => "points",
        }
    }
}

/// The languages' rule files.
const FILES: [(&str, &str); 5] = [
    ("en", include_str!("../../chat-rules/en.txt")),
    ("sk", include_str!("../../chat-rules/sk.txt")),
    ("sr", include_str!("../../chat-rules/sr.txt")),
    ("ru", include_str!("../../chat-rules/ru.txt")),
    ("ar", include_str!("../../chat-rules/ar.txt")),
];

/// Most other words a `...` stands for.
const GAP: usize = 4;

/// One word of a pattern.
#[derive(Clone, Debug)]
enum Token {
    /// This word.
    Word(String),
    /// A word starting so.
    Prefix(String),
    /// A word containing it.
    Part(String),
    /// Any of these.
    Any(Vec<Token>),
    /// A number, in figures or one of these words.
    Number(Vec<Token>),
    /// Up to [`GAP`] other words.
    Gap,
}

impl Token {
    fn of(word: &str) -> Token {
        let folded = |w: &str| words(w).join("");
        if let Some(mid) = word.strip_prefix('*').and_then(|w| w.strip_suffix('*')) {
            Token::Part(folded(mid))
        } else if let Some(stem) = word.strip_suffix('*') {
            Token::Prefix(folded(stem))
        } else {
            Token::Word(folded(word))
        }
    }

    /// Whether `w` (folded) is this token (not a gap).
    fn fits(&self, w: &str) -> bool {
        match self {
            Token::Word(x) => w == x,
            Token::Prefix(x) => w.starts_with(x.as_str()),
            Token::Part(x) => w.contains(x.as_str()),
            Token::Any(v) => v.iter().any(|t| t.fits(w)),
            Token::Number(v) => w.chars().all(char::is_numeric) || v.iter().any(|t| t.fits(w)),
            Token::Gap => true,
        }
    }
}

/// A language's rule.
#[derive(Clone, Debug)]
struct Rule {
    breach: Breach,
    tokens: Vec<Token>,
    /// The rule as written.
    text: String,
    lang: &'static str,
}

/// Every language's rules, read once.
fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        FILES
            .iter()
            .flat_map(|(lang, text)| parse(lang, text))
            .collect()
    })
}

/// The rules of one file.
fn parse(lang: &'static str, text: &str) -> Vec<Rule> {
    let mut sets: Vec<(&str, Vec<Token>)> = Vec::new();
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((kind, body)) = line.split_once(':') else {
            continue;
        };
        let kind = kind.trim();
        if matches!(kind, "colour" | "piece" | "n") {
            sets.push((kind, body.split_whitespace().map(Token::of).collect()));
            continue;
        }
        let breach = match kind {
            "teaming" => Breach::Teaming,
            "hint" => Breach::Hint,
            "points" => Breach::Points,
            _ => continue,
        };
        let set = |name: &str| {
            sets.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.clone())
                .unwrap_or_default()
        };
        let tokens = body
            .split_whitespace()
            .map(|w| match w {
                "..." => Token::Gap,
                "{colour}" => Token::Any(set("colour")),
                "{piece}" => Token::Any(set("piece")),
                "{n}" => Token::Number(set("n")),
                w => Token::of(w),
            })
            // A word that folds to nothing (punctuation) matches nothing: it is left out.
            .filter(|t| !matches!(t, Token::Word(w) | Token::Prefix(w) | Token::Part(w) if w.is_empty()))
            .collect::<Vec<_>>();
        if !tokens.is_empty() {
            out.push(Rule {
                breach,
                tokens,
                text: body.trim().to_string(),
                lang,
            });
        }
    }
    out
}

/// Whether `tokens` match `words` from its start.
fn matches_at(tokens: &[Token], words: &[String]) -> bool {
    let Some((first, rest)) = tokens.split_first() else {
        return true;
    };
    if let Token::Gap = first {
        return (0..=GAP.min(words.len())).any(|skip| matches_at(rest, &words[skip..]));
    }
    match words.split_first() {
        Some((w, more)) if first.fits(w) => matches_at(rest, more),
        _ => false,
    }
}

/// A rule a line broke.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// What it did.
    pub breach: Breach,
    /// The language of the rule.
    pub lang: &'static str,
    /// The rule as written in its file.
    pub rule: &'static str,
}

/// What `line` breaks of FFA's chat rule, if anything.
pub fn breach(line: &str) -> Option<Found> {
    rule_broken(line).map(|r| Found {
        breach: r.breach,
        lang: r.lang,
        rule: r.text.as_str(),
    })
}

fn rule_broken(line: &str) -> Option<&'static Rule> {
    let words = words(line);
    rules()
        .iter()
        .find(|r| (0..words.len()).any(|i| matches_at(&r.tokens, &words[i..])))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every phrase chess.com's rules name, in each language of the client, with its breach.
    const REFUSED: &[(&str, &str, Breach)] = &[
        ("en", "check Red", Breach::Teaming),
        ("en", "let's attack Green together", Breach::Teaming),
        ("en", "I won't take your queen", Breach::Teaming),
        ("en", "watch your rook", Breach::Hint),
        ("en", "mate in 2", Breach::Hint),
        ("en", "resign!", Breach::Points),
        ("en", "don't resign", Breach::Points),
        ("en", "give me 7 points and I'll resign", Breach::Points),
        ("sk", "šachuj červeného", Breach::Teaming),
        ("sk", "poďme spolu napadnúť zeleného", Breach::Teaming),
        ("sk", "nevezmem ti dámu", Breach::Teaming),
        ("sk", "pozor na vežu", Breach::Hint),
        ("sk", "mat na 2", Breach::Hint),
        ("sk", "vzdaj sa!", Breach::Points),
        ("sk", "nevzdávaj sa", Breach::Points),
        ("sk", "daj mi 7 bodov a vzdám sa", Breach::Points),
        ("sr", "дај шах црвеном", Breach::Teaming),
        ("sr", "хајде заједно да нападнемо зеленог", Breach::Teaming),
        ("sr", "нећу ти узети даму", Breach::Teaming),
        ("sr", "пази на топа", Breach::Hint),
        ("sr", "мат у 2", Breach::Hint),
        ("sr", "предај се!", Breach::Points),
        ("sr", "немој да се предаш", Breach::Points),
        ("sr", "дај ми 7 поена и предаћу се", Breach::Points),
        ("sr", "hajde zajedno da napadnemo zelenog", Breach::Teaming),
        ("sr", "neću ti uzeti damu", Breach::Teaming),
        ("ru", "шах красному", Breach::Teaming),
        ("ru", "давай вместе атакуем зелёного", Breach::Teaming),
        ("ru", "я не возьму твоего ферзя", Breach::Teaming),
        ("ru", "следи за ладьёй", Breach::Hint),
        ("ru", "мат в 2", Breach::Hint),
        ("ru", "сдавайся!", Breach::Points),
        ("ru", "не сдавайся", Breach::Points),
        ("ru", "дай мне 7 очков и я сдамся", Breach::Points),
        ("ar", "كش للأحمر", Breach::Teaming),
        ("ar", "هيا نهاجم الأخضر معًا", Breach::Teaming),
        ("ar", "لن آخذ وزيرك", Breach::Teaming),
        ("ar", "انتبه لقلعتك", Breach::Hint),
        ("ar", "كش مات في ٢", Breach::Hint),
        ("ar", "استسلم!", Breach::Points),
        ("ar", "لا تستسلم", Breach::Points),
        ("ar", "أعطني 7 نقاط وسأستسلم", Breach::Points),
    ];

    /// Ordinary chat, which must pass, in each language.
    const PASSED: &[&str] = &[
        "gg",
        "good luck",
        "nice move",
        "good game",
        "well played",
        "glhf",
        "thanks, you too",
        "hi everyone",
        "what a game",
        "nice check",
        "green played well",
        "gg",
        "veľa šťastia",
        "pekný ťah",
        "dobrá hra",
        "ďakujem",
        "срећно",
        "леп потез",
        "добра партија",
        "srećno",
        "lep potez",
        "удачи",
        "хороший ход",
        "хорошая игра",
        "спасибо",
        "بالتوفيق",
        "نقلة جميلة",
        "مباراة جيدة",
        "شكرا",
    ];

    #[test]
    fn every_named_phrase_is_refused_in_every_language_with_its_breach() {
        for (lang, line, want) in REFUSED {
            let got = rule_broken(line);
            assert_eq!(
                got.map(|r| r.breach),
                Some(*want),
                "{lang}: {line:?} (matched {:?})",
                got.map(|r| (r.lang, &r.text))
            );
        }
    }

    #[test]
    fn ordinary_chat_passes() {
        for line in PASSED {
            let got = rule_broken(line);
            assert!(
                got.is_none(),
                "{line:?} refused by {:?}",
                got.map(|r| (r.lang, &r.text))
            );
        }
    }

    #[test]
    fn every_language_file_has_rules_of_each_kind() {
        for (lang, text) in FILES {
            let rules = parse(lang, text);
            for b in [Breach::Teaming, Breach::Hint, Breach::Points] {
                assert!(rules.iter().any(|r| r.breach == b), "{lang}: no {b:?} rule");
            }
        }
    }
}
