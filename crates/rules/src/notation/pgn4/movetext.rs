//! Splitting movetext into the entries that fill the seats' slots, keeping only the main line.

/// One entry of the main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The round number in force (from the last `N.`).
    pub round: u32,
    /// The text (a move, `R`, `T`, `#`, `S`, `-`, `R#`).
    pub text: String,
}

/// The main line's entries: comments (`{…}`), variations (`(…)`, nested), round numbers, `..`
/// separators and results are dropped.
pub fn tokenize(movetext: &str) -> Vec<Token> {
    let mut clean = String::with_capacity(movetext.len());
    let mut depth = 0usize;
    let mut in_comment = false;
    for ch in movetext.chars() {
        match ch {
            '{' if !in_comment => in_comment = true,
            '}' if in_comment => in_comment = false,
            _ if in_comment => {}
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            _ => clean.push(ch),
        }
        if matches!(ch, '{' | '}' | '(' | ')') {
            clean.push(' ');
        }
    }
    let mut out = Vec::new();
    let mut round = 1;
    for word in clean.split_whitespace() {
        let mut w = word;
        // A round number, possibly glued to the first move: "12." or "12.h2-h3".
        let digits = w.chars().take_while(|c| c.is_ascii_digit()).count();
        if digits > 0 && w[digits..].starts_with('.') {
            if let Ok(n) = w[..digits].parse() {
                round = n;
            }
            w = w[digits..].trim_start_matches('.');
            if w.is_empty() {
                continue;
            }
        }
        let w = w.trim_start_matches("..");
        if w.is_empty() || matches!(w, "*" | "1-0" | "0-1" | "1/2-1/2" | "½-½") {
            continue;
        }
        out.push(Token {
            round,
            text: w.to_string(),
        });
    }
    out
}
