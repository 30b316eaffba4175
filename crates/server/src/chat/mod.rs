//! What a chat line may say: FFA's chat rule (`ffa_rule`: no teaming, no hints, no asking for
//! points — in games without sides), and slurs masked in every chat (`rustrict`'s censor).

pub mod ffa_rule;
mod fold;

pub use ffa_rule::{breach, Breach, Found};

/// `text` with slurs and the like masked (`rustrict`: offensive, sexual and mean words at its
/// "moderate" severity and above, in English, including spelled-out and look-alike forms).
pub fn clean(text: &str) -> String {
    use rustrict::{Censor, Type};
    Censor::from_str(text)
        .with_censor_threshold(
            (Type::OFFENSIVE | Type::SEXUAL | Type::MEAN) & Type::MODERATE_OR_HIGHER,
        )
        .censor()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn slurs_are_masked_and_ordinary_chat_left_as_it_is() {
        assert_eq!(clean("gg, nice move"), "gg, nice move");
        assert_eq!(clean("Scunthorpe is a town"), "Scunthorpe is a town");
        assert!(!clean("you fucking idiot").contains("fucking"));
        assert_eq!(clean("удачи"), "удачи");
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
