//! What a chat line may say: FFA's chat rule (`ffa_rule`: no teaming, no hints, no asking for
//! points — in games without sides), and slurs and abuse masked in every chat (`rustrict`).

pub mod ffa_rule;
mod fold;

pub use ffa_rule::{breach, Breach, Found};

/// What is masked: slurs and abuse — `rustrict`'s offensive and mean words at its "moderate"
/// severity and up — and its severe sexual words (not mild slang such as "69", which a move
/// number or a score may spell).
fn threshold() -> rustrict::Type {
    use rustrict::Type;
    ((Type::OFFENSIVE | Type::MEAN) & Type::MODERATE_OR_HIGHER) | (Type::SEXUAL & Type::SEVERE)
}

/// `text` cut to at most three of a character in a row (`rustrict`'s cost grows fast with long
/// runs of one character: 2 ms for 480 `x`s against 60 µs for 480 characters of words).
fn squeezed(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut last, mut run) = (None, 0);
    for c in text.chars() {
        run = if Some(c) == last { run + 1 } else { 1 };
        last = Some(c);
        if run <= 3 {
            out.push(c);
        }
    }
    out
}

/// `text` with slurs and abuse masked (`rustrict`, in English, spelled-out and look-alike forms
/// included; see [`threshold`]). The line is judged with its digits as spaces — chess chat is
/// full of numbers (`1534 points`), which `rustrict` would read as letters (`1534 y` masked) —
/// and long runs of one character cut to three; a line with nothing to mask is delivered as
/// written, one with something is delivered masked (and cut so).
pub fn clean(text: &str) -> String {
    let view: String = squeezed(text)
        .chars()
        .map(|c| if c.is_ascii_digit() { ' ' } else { c })
        .collect();
    let (masked, found) = rustrict::Censor::from_str(&view)
        .with_censor_threshold(threshold())
        .censor_and_analyze();
    if !found.is(threshold()) {
        return text.to_string();
    }
    // The masked view with the digits back (the mask keeps every character's place).
    let short = squeezed(text);
    if masked.chars().count() != short.chars().count() {
        return masked;
    }
    short
        .chars()
        .zip(masked.chars())
        .map(|(o, m)| if o.is_ascii_digit() { o } else { m })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn slurs_are_masked_and_ordinary_chat_left_as_it_is() {
        assert_eq!(clean("gg, nice move"), "gg, nice move");
        assert_eq!(clean("Scunthorpe is a town"), "Scunthorpe is a town");
        assert_eq!(clean("you retard"), "you r*****");
        assert_eq!(clean("kill yourself"), "k************");
        // Profanity and mild slang are not slurs: left as written.
        assert_eq!(clean("69 moves, what a game"), "69 moves, what a game");
        assert_eq!(clean("удачи"), "удачи");
        // Long runs are judged cut, and delivered as written when there is nothing to mask.
        let long = format!("so{}o good", "o".repeat(400));
        assert_eq!(clean(&long), long);
        assert_eq!(squeezed("xxxxxyy"), "xxxyy");
        // Numbers are no letters: nothing read into them.
        for k in 0..3000 {
            let l = format!("{k} {}", "y".repeat(40));
            assert_eq!(clean(&l), l);
        }
        assert_eq!(clean("2 retards"), "2 r*****s");
    }

    proptest! {
        /// Any text, in any script: the rule and the mask answer without panicking, and the
        /// mask keeps the line's length in characters or shortens it.
        #[test]
        fn any_unicode_line_is_screened_without_a_panic(line in "\\PC{0,200}") {
            let _ = breach(&line);
            let masked = clean(&line);
            prop_assert!(masked.chars().count() <= line.chars().count() + 8);
        }

        #[test]
        fn any_chars_at_all_are_screened_without_a_panic(chars in prop::collection::vec(any::<char>(), 0..120)) {
            let line: String = chars.into_iter().collect();
            let _ = breach(&line);
            let _ = clean(&line);
        }
    }
}
