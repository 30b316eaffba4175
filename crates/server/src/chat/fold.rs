//! A chat line folded into words for matching: compatibility-decomposed with its accents and
//! vowel marks dropped (`šach` → `sach`, `ё` → `е`, `أ` → `ا`), lower-cased, Arabic `ى` → `ي`,
//! `ة` → `ه` and the tatweel dropped, and split at everything that is neither a letter nor a digit
//! (apostrophes included: `won't` → `won`, `t`).

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// The words of `text`, folded.
pub fn words(text: &str) -> Vec<String> {
    let mut folded = String::with_capacity(text.len());
    for c in text.nfkd() {
        if is_combining_mark(c) || c == '\u{0640}' {
            continue;
        }
        let c = match c {
            'ى' => 'ي',
            'ة' => 'ه',
            c => c,
        };
        folded.extend(c.to_lowercase());
    }
    folded
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::words;

    #[test]
    fn accents_cases_letter_forms_and_punctuation_fold() {
        assert_eq!(words("Šachuj ČERVENÉHO!"), ["sachuj", "cerveneho"]);
        assert_eq!(words("won't"), ["won", "t"]);
        assert_eq!(words("ладьёй"), ["ладьеи"]);
        assert_eq!(words("أعطني ٧ نقاط"), ["اعطني", "٧", "نقاط"]);
        assert_eq!(words("مباراةى"), ["مباراهي"]);
        assert!(words("  ...!!  ").is_empty());
    }
}
