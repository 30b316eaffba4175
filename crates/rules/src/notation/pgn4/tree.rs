//! PGN4 with its variations and comments: a move tree read from the movetext, every line of it
//! replayed by the rules, and written back canonically (`write_tree(read_tree(x))` reads back as
//! the same tree).
//!
//! A variation in parentheses is an alternative to the entry just before it:
//! `1. h2-h3 .. b7-c7 ( .. b9-d9 .. i13-i12 ) .. i13-i12` gives Blue's b7-c7 a sibling b9-d9,
//! continued by i13-i12. A comment in braces belongs to the entry before it (or, before the
//! first entry, to the game). The first child of an entry is its main continuation.

use super::movetext::Token;
use super::reader::{replay_tokens, ReadError};
use super::tags::{parse_tags, Tags};
use crate::board::Seat;
use crate::game::Game;
use std::fmt;

/// Most entries a tree holds.
pub const MAX_NODES: usize = 4_000;
/// Deepest nesting of variations.
pub const MAX_NESTING: usize = 32;
/// Most entries replayed to check every line (the lines' lengths added up).
pub const MAX_REPLAYED: usize = 100_000;
/// Longest comment kept, in characters.
pub const MAX_COMMENT: usize = 2_000;

/// One entry of the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// The entry as written (a move with its marks, or `R`, `T`, `S`, `#`, `-`).
    pub text: String,
    /// The round it stands in.
    pub round: u32,
    /// Whose slot it fills (known once the line is replayed).
    pub seat: Seat,
    /// The comment after it.
    pub comment: Option<String>,
    /// The entries that may follow it, the main continuation first.
    pub children: Vec<usize>,
}

/// A game's entries with their variations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveTree {
    /// Every entry; children refer to their indices.
    pub nodes: Vec<TreeNode>,
    /// The first entries (the main line's first).
    pub first: Vec<usize>,
    /// The comment before the first entry.
    pub comment: Option<String>,
}

/// Where a tree could not be read: 1-based line and column of the text, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeError {
    /// Line of the text (1-based; 0 when the fault is not at one place).
    pub line: u32,
    /// Column in characters (1-based).
    pub column: u32,
    /// The entry's replay fault, when a move did not replay.
    pub read: Option<Box<ReadError>>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for TreeError {}

impl MoveTree {
    /// Every line from the first entry to a leaf, as entry indices.
    pub fn lines(&self) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let mut stack: Vec<Vec<usize>> = self.first.iter().rev().map(|&i| vec![i]).collect();
        while let Some(path) = stack.pop() {
            let last = *path.last().expect("a path is never empty");
            let children = &self.nodes[last].children;
            if children.is_empty() {
                out.push(path);
            } else {
                for &c in children.iter().rev() {
                    let mut p = path.clone();
                    p.push(c);
                    stack.push(p);
                }
            }
        }
        out
    }

    /// The entries from the first to `node`, in order.
    pub fn path_to(&self, node: usize) -> Vec<usize> {
        let mut parent = vec![None; self.nodes.len()];
        for (i, n) in self.nodes.iter().enumerate() {
            for &c in &n.children {
                parent[c] = Some(i);
            }
        }
        let mut path = vec![node];
        while let Some(p) = parent[*path.last().expect("non-empty")] {
            path.push(p);
        }
        path.reverse();
        path
    }

    /// Adds `text` after `parent` (`None`: as a first entry) unless that entry is there already;
    /// returns its index. The round follows the seats' order: a seat at or before the parent's
    /// seat opens the next round.
    pub fn add(&mut self, parent: Option<usize>, text: &str, seat: Seat) -> usize {
        let siblings = match parent {
            Some(p) => &self.nodes[p].children,
            None => &self.first,
        };
        if let Some(&i) = siblings.iter().find(|&&i| self.nodes[i].text == text) {
            return i;
        }
        let round = match parent {
            None => 1,
            Some(p) => {
                let p = &self.nodes[p];
                p.round + u32::from(seat.index() <= p.seat.index())
            }
        };
        self.nodes.push(TreeNode {
            text: text.to_string(),
            round,
            seat,
            comment: None,
            children: Vec::new(),
        });
        let i = self.nodes.len() - 1;
        match parent {
            Some(p) => self.nodes[p].children.push(i),
            None => self.first.push(i),
        }
        i
    }
}

/// A word of the movetext and where it starts.
struct Word<'a> {
    text: &'a str,
    line: u32,
    column: u32,
}

/// Reads a PGN4 with its variations and comments, and replays every line: the first entry that
/// does not replay is an error at its line and column.
pub fn read_tree(text: &str) -> Result<(Tags, MoveTree), TreeError> {
    let (tags, movetext) = parse_tags(text);
    // Lines and columns count from the start of the whole text.
    let skipped = &text[..text.len() - movetext.len()];
    let line0 = skipped.matches('\n').count() as u32 + 1;
    let col0 = skipped.rsplit('\n').next().map_or(0, |l| l.chars().count()) as u32 + 1;
    let (mut tree, places) = parse_movetext(movetext, line0, col0)?;
    replay_tree(&tags, &mut tree, |_, _| {}).map_err(|(node, e)| {
        let (line, column) = places[node];
        TreeError {
            line,
            column,
            message: e.to_string(),
            read: Some(Box::new(e)),
        }
    })?;
    Ok((tags, tree))
}

/// Replays every line of `tree` from the start `tags` give, setting each entry's seat and
/// calling `visit` once per entry with the game just after it. An entry that does not replay
/// stops it: `Err` with its index and the fault.
pub fn replay_tree(
    tags: &Tags,
    tree: &mut MoveTree,
    mut visit: impl FnMut(usize, &Game),
) -> Result<(), (usize, ReadError)> {
    let lines = tree.lines();
    let replayed: usize = lines.iter().map(Vec::len).sum();
    if replayed > MAX_REPLAYED {
        let fault = ReadError {
            round: 0,
            seat: None,
            colour: None,
            text: String::new(),
            reason: super::ReadFault::TooLong,
        };
        return Err((0, fault));
    }
    let mut seen = vec![false; tree.nodes.len()];
    for path in lines {
        let tokens: Vec<Token> = path
            .iter()
            .map(|&i| Token {
                round: tree.nodes[i].round,
                text: tree.nodes[i].text.clone(),
            })
            .collect();
        let mut k = 0;
        let mut seats = Vec::with_capacity(path.len());
        let r = replay_tokens(tags.clone(), &tokens, |seat, _, game| {
            let node = path[k];
            seats.push(seat);
            if !seen[node] {
                seen[node] = true;
                visit(node, game);
            }
            k += 1;
        })
        .map_err(|e| (path.first().copied().unwrap_or(0), e))?;
        for (&i, seat) in path.iter().zip(seats) {
            tree.nodes[i].seat = seat;
        }
        if let Some(e) = r.error {
            return Err((path[k], e));
        }
    }
    Ok(())
}

/// Splits movetext into its words and braces/parentheses with their places.
fn words(movetext: &str, line0: u32, col0: u32) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let (mut line, mut column) = (line0, col0);
    let mut start: Option<(usize, u32, u32)> = None;
    let mut in_comment: Option<(usize, u32, u32)> = None;
    for (i, ch) in movetext.char_indices() {
        if let Some((s, l, c)) = in_comment {
            if ch == '}' {
                out.push(Word {
                    text: &movetext[s..=i],
                    line: l,
                    column: c,
                });
                in_comment = None;
            }
        } else if ch.is_whitespace() || matches!(ch, '{' | '(' | ')') {
            if let Some((s, l, c)) = start.take() {
                out.push(Word {
                    text: &movetext[s..i],
                    line: l,
                    column: c,
                });
            }
            if ch == '{' {
                in_comment = Some((i, line, column));
            } else if ch != '}' && !ch.is_whitespace() {
                out.push(Word {
                    text: &movetext[i..i + 1],
                    line,
                    column,
                });
            }
        } else if start.is_none() {
            start = Some((i, line, column));
        }
        if ch == '\n' {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
    }
    if let Some((s, l, c)) = start.or(in_comment) {
        out.push(Word {
            text: &movetext[s..],
            line: l,
            column: c,
        });
    }
    out
}

/// The tree of the movetext (not yet replayed: every seat South) and each entry's place.
fn parse_movetext(
    movetext: &str,
    line0: u32,
    col0: u32,
) -> Result<(MoveTree, Vec<(u32, u32)>), TreeError> {
    let mut tree = MoveTree::default();
    let mut places = Vec::new();
    let mut parent: Vec<Option<usize>> = Vec::new();
    // The last entry of the line being read, and the round in force.
    let mut cur: Option<usize> = None;
    let mut round = 1u32;
    // Where each open variation was opened: the entry it branches from and the round then.
    let mut open: Vec<(Option<usize>, u32, u32, u32)> = Vec::new();
    let fail = |w: &Word, message: String| TreeError {
        line: w.line,
        column: w.column,
        read: None,
        message,
    };
    for w in words(movetext, line0, col0) {
        match w.text {
            t if t.starts_with('{') => {
                if !t.ends_with('}') || t.len() < 2 {
                    return Err(fail(&w, "a comment is not closed with '}'".into()));
                }
                let body = t[1..t.len() - 1].trim();
                let slot = match cur {
                    Some(c) => &mut tree.nodes[c].comment,
                    None => &mut tree.comment,
                };
                let joined = match slot.take() {
                    Some(old) if !body.is_empty() => format!("{old} {body}"),
                    Some(old) => old,
                    None => body.to_string(),
                };
                *slot = (!joined.is_empty())
                    .then(|| joined.chars().take(MAX_COMMENT).collect::<String>());
            }
            "(" => {
                let Some(last) = cur else {
                    return Err(fail(&w, "a variation must follow a move".into()));
                };
                if open.len() >= MAX_NESTING {
                    return Err(fail(&w, "variations nested too deep".into()));
                }
                open.push((cur, round, w.line, w.column));
                // The variation replaces `last`: it continues from `last`'s parent.
                cur = parent[last];
                round = tree.nodes[last].round;
            }
            ")" => {
                let Some((c, r, _, _)) = open.pop() else {
                    return Err(fail(&w, "')' closes no variation".into()));
                };
                cur = c;
                round = r;
            }
            t => {
                let mut t = t;
                let digits = t.chars().take_while(|c| c.is_ascii_digit()).count();
                if digits > 0 && t[digits..].starts_with('.') {
                    round = t[..digits]
                        .parse()
                        .map_err(|_| fail(&w, format!("'{t}': no such round")))?;
                    t = t[digits..].trim_start_matches('.');
                    if t.is_empty() {
                        continue;
                    }
                }
                let t = t.trim_start_matches("..");
                if t.is_empty() || matches!(t, "*" | "1-0" | "0-1" | "1/2-1/2" | "½-½") {
                    continue;
                }
                if tree.nodes.len() >= MAX_NODES {
                    return Err(fail(&w, format!("more than {MAX_NODES} entries")));
                }
                tree.nodes.push(TreeNode {
                    text: t.to_string(),
                    round,
                    seat: Seat::South,
                    comment: None,
                    children: Vec::new(),
                });
                let i = tree.nodes.len() - 1;
                parent.push(cur);
                places.push((w.line, w.column));
                match cur {
                    Some(c) => tree.nodes[c].children.push(i),
                    None => tree.first.push(i),
                }
                cur = Some(i);
            }
        }
    }
    if let Some((_, _, line, column)) = open.pop() {
        return Err(TreeError {
            line,
            column,
            read: None,
            message: "this variation is not closed with ')'".into(),
        });
    }
    Ok((tree, places))
}

/// A comment as written between braces (braces inside it dropped).
fn comment_text(c: &str) -> String {
    let clean: String = c.chars().filter(|&ch| ch != '{' && ch != '}').collect();
    format!("{{ {} }}", clean.trim())
}

/// Writes `tags` and `tree` as PGN4: a round to a line on the main line, each variation in
/// parentheses after the entry it replaces, comments in braces after their entries.
pub fn write_tree(tags: &Tags, tree: &MoveTree) -> String {
    let mut out = String::new();
    for (k, v) in &tags.0 {
        out.push_str(&format!("[{k} \"{}\"]\n", v.replace('"', "'")));
    }
    out.push('\n');
    let mut text = String::new();
    if let Some(c) = &tree.comment {
        text.push_str(&comment_text(c));
    }
    write_line(tree, &tree.first, None, 0, &mut text);
    out.push_str(text.trim_start());
    out.push('\n');
    out
}

/// Writes the line that starts among `siblings` (after `prev`): the first sibling, the others
/// as variations, then the first's continuation, and so on to the line's end.
fn write_line(
    tree: &MoveTree,
    siblings: &[usize],
    prev: Option<usize>,
    level: usize,
    out: &mut String,
) {
    let mut siblings = siblings;
    let mut prev = prev;
    while let Some(&main) = siblings.first() {
        write_entry(tree, main, prev, level, out);
        for &alt in &siblings[1..] {
            out.push_str(" (");
            write_entry(tree, alt, prev, level + 1, out);
            write_line(tree, &tree.nodes[alt].children, Some(alt), level + 1, out);
            out.push_str(" )");
        }
        siblings = &tree.nodes[main].children;
        prev = Some(main);
    }
}

/// Writes one entry: its round number when it opens a round (else `..`), its text, its comment.
fn write_entry(tree: &MoveTree, i: usize, prev: Option<usize>, level: usize, out: &mut String) {
    let n = &tree.nodes[i];
    let opens = prev.is_none_or(|p| tree.nodes[p].round != n.round);
    if opens {
        out.push_str(if level == 0 { "\n" } else { " " });
        out.push_str(&format!("{}. {}", n.round, n.text));
    } else {
        out.push_str(&format!(" .. {}", n.text));
    }
    if let Some(c) = &n.comment {
        out.push(' ');
        out.push_str(&comment_text(c));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "[Variant \"Teams\"]\n\n1. h2-h3 { a quiet start } .. b7-c7 ( .. b9-d9 { the other knight? } .. i13-i12 ( .. g13-g12 ) .. m8-l8 ) .. i13-i12 .. m11-k11\n2. g2-g3 ( 2. e2-e3 ) .. b8-c8\n";

    #[test]
    fn variations_and_comments_read_into_a_tree_and_write_back_the_same() {
        let (tags, tree) = read_tree(GAME).expect("reads");
        assert_eq!(tree.first.len(), 1);
        let main: Vec<&str> = {
            let mut v = Vec::new();
            let mut at = tree.first.first().copied();
            while let Some(i) = at {
                v.push(tree.nodes[i].text.as_str());
                at = tree.nodes[i].children.first().copied();
            }
            v
        };
        assert_eq!(
            main,
            ["h2-h3", "b7-c7", "i13-i12", "m11-k11", "g2-g3", "b8-c8"]
        );
        let h3 = &tree.nodes[tree.first[0]];
        assert_eq!(h3.comment.as_deref(), Some("a quiet start"));
        let alts: Vec<&str> = h3
            .children
            .iter()
            .map(|&i| tree.nodes[i].text.as_str())
            .collect();
        assert_eq!(alts, ["b7-c7", "b9-d9"]);
        let b9 = &tree.nodes[h3.children[1]];
        assert_eq!(b9.seat, Seat::West);
        assert_eq!(b9.comment.as_deref(), Some("the other knight?"));
        // The nested variation is Yellow's alternative to i13-i12.
        let i13 = &tree.nodes[b9.children[0]];
        assert_eq!(i13.children.len(), 1);
        assert_eq!(tree.nodes[i13.children[0]].text, "m8-l8");
        assert_eq!(tree.lines().len(), 4);
        let written = write_tree(&tags, &tree);
        let (tags2, tree2) = read_tree(&written).expect("reads back");
        assert_eq!(tree2, tree, "{written}");
        assert_eq!(write_tree(&tags2, &tree2), written);
    }

    #[test]
    fn an_illegal_move_in_a_variation_is_placed_by_line_and_column() {
        let text = "[Variant \"Teams\"]\n\n1. h2-h3 .. b7-c7\n( .. b9-d9 .. i13-i10 )\n";
        let e = read_tree(text).unwrap_err();
        assert_eq!((e.line, e.column), (4, 15), "{e}");
        assert!(e.read.is_some());
        let e = read_tree("1. h2-h3 ( .. b7-c7").unwrap_err();
        assert_eq!((e.line, e.column), (1, 10), "{e}");
        let e = read_tree("( 1. h2-h3 )").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1), "{e}");
        let e = read_tree("1. h2-h3 ) .. b7-c7").unwrap_err();
        assert_eq!((e.line, e.column), (1, 10), "{e}");
    }

    #[test]
    fn entries_added_by_hand_take_their_rounds_from_the_seats() {
        let (tags, mut tree) = read_tree("1. h2-h3 .. b7-c7 .. i13-i12 .. m11-k11").unwrap();
        let last = *tree.lines()[0].last().unwrap();
        let red = tree.add(Some(last), "g2-g3", Seat::South);
        assert_eq!(tree.nodes[red].round, 2);
        let alt = tree.add(Some(tree.first[0]), "b8-c8", Seat::West);
        assert_eq!(tree.nodes[alt].round, 1);
        // The same entry again is the one there.
        assert_eq!(tree.add(Some(tree.first[0]), "b8-c8", Seat::West), alt);
        let written = write_tree(&tags, &tree);
        let (_, back) = read_tree(&written).unwrap();
        // The same lines (read back, the entries are numbered in the text's order).
        let texts = |t: &MoveTree| {
            let mut l: Vec<Vec<String>> = t
                .lines()
                .iter()
                .map(|p| p.iter().map(|&i| t.nodes[i].text.clone()).collect())
                .collect();
            l.sort();
            l
        };
        assert_eq!(texts(&back), texts(&tree), "{written}");
        assert_eq!(texts(&back).len(), 2);
    }
}
