//! What makes an account name or a password acceptable: names unique up to case, width and
//! look-alike letters (Unicode's confusable skeletons, UTS #39, with `unicode-security`), and
//! passwords not on the short list of the most common ones.

use unicode_normalization::UnicodeNormalization;
use unicode_security::confusable_detection::skeleton;

/// The key under which a name must be unique: compatibility-normalised (fullwidth `ａ` is `a`),
/// lower-cased, reduced to its confusable skeleton (Cyrillic `а` is Latin `a`) and lower-cased
/// again. `ADA_x`, `аda_x` and `ａｄａ_x` all have the key of `ada_x`.
pub fn name_key(name: &str) -> String {
    let folded: String = name.nfkc().collect::<String>().to_lowercase();
    skeleton(&folded).collect::<String>().to_lowercase()
}

/// The most common passwords of eight characters or more (from the published lists of leaked
/// passwords), which an account may not use.
const COMMON: &str = include_str!("common_passwords.txt");

/// Whether `password` is one of the most common passwords (ignoring case).
pub fn is_common_password(password: &str) -> bool {
    let p = password.to_lowercase();
    COMMON
        .lines()
        .map(str::trim)
        .any(|c| !c.is_empty() && c == p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alike_names_share_a_key() {
        let k = name_key("ada_x");
        for n in [
            "ADA_x",
            "Ada_X",
            "\u{430}da_x",
            "\u{ff41}\u{ff44}\u{ff41}_x",
        ] {
            assert_eq!(name_key(n), k, "{n}");
        }
        assert_ne!(name_key("ada_y"), k);
        assert_ne!(name_key("adam_x"), k);
    }

    #[test]
    fn common_passwords_are_known() {
        assert!(is_common_password("password"));
        assert!(is_common_password("PASSWORD1"));
        assert!(is_common_password("12345678"));
        assert!(is_common_password("qwertyuiop"));
        assert!(!is_common_password("correct horse battery"));
    }
}
