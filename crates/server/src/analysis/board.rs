//! The analysis board's positions: a finished game, a PGN4 (variations and comments kept) or a
//! FEN4 opened as a move tree; a move played on any of its positions; the tree written back as
//! PGN4. The rules decide every move; the board keeps no state on the server.

use crate::game::convert::{in_check, seat_name};
use fourhand_protocol::{SeatName, Square};
use fourhand_rules::game::{Automation, Game};
use fourhand_rules::notation::{fen4, pgn4};
use fourhand_rules::{Kind, Move, RuleSet};
use serde::{Deserialize, Serialize};

/// Longest PGN4 or FEN4 read, in bytes.
pub const MAX_TEXT: usize = 256 * 1024;

/// A position of the board: its FEN4 (with the points), who is to move and what he may play.
#[derive(Clone, Debug, Serialize)]
pub struct BoardPosition {
    /// The position as FEN4 with the points.
    pub fen: String,
    /// The seat to move (none: the game is over).
    pub turn: Option<SeatName>,
    /// Its legal moves, `from-to` or `from-to=Q`.
    pub legal: Vec<String>,
    /// Seats whose king is in check.
    pub checks: Vec<SeatName>,
    /// The game is over here.
    pub over: bool,
}

/// An entry of the tree as the board shows it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BoardNode {
    /// The entry as PGN4 writes it.
    pub text: String,
    /// Whose slot it fills.
    pub seat: SeatName,
    /// The round it stands in.
    pub round: u32,
    /// The squares of its move (none for `R`, `T`, `-` …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Square>,
    /// See `from`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Square>,
    /// The position after it (FEN4 with points).
    #[serde(default)]
    pub fen: String,
    /// Seats in check after it.
    #[serde(default)]
    pub checks: Vec<SeatName>,
    /// The comment after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// The entries after it, the main continuation first (indices into the tree's nodes).
    #[serde(default)]
    pub children: Vec<usize>,
}

/// A move tree as the board holds it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BoardTree {
    /// The rule set.
    pub rules: RuleSet,
    /// The colour names of S, W, N, E under the rule set.
    #[serde(default)]
    pub colours: Vec<String>,
    /// The tags (the game's, or those a new board needs: `Variant`, `StartFen4`).
    pub tags: Vec<(String, String)>,
    /// The start position (FEN4 with points).
    #[serde(default)]
    pub start: String,
    /// Seats in check at the start.
    #[serde(default)]
    pub checks: Vec<SeatName>,
    /// The comment before the first entry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// Every entry.
    pub nodes: Vec<BoardNode>,
    /// The first entries, the main line's first.
    pub first: Vec<usize>,
}

/// Why a board request was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardFault {
    /// A PGN4 that does not read, at a line and column.
    Pgn4(pgn4::TreeError),
    /// A FEN4 that does not read.
    Fen4(String),
    /// A move that is not legal in the position.
    Illegal,
    /// A tree that is not well formed (an index out of range, a cycle, too large).
    Tree(String),
}

impl std::fmt::Display for BoardFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BoardFault::Pgn4(e) => write!(f, "{e}"),
            BoardFault::Fen4(e) => write!(f, "FEN4: {e}"),
            BoardFault::Illegal => f.write_str("that move is not legal in this position"),
            BoardFault::Tree(e) => write!(f, "{e}"),
        }
    }
}

/// The game of a FEN4 under `rules`, as a record replays it (zombie moves and passes are
/// entries, not automatic).
pub fn game_of(rules: RuleSet, fen: &str) -> Result<Game, BoardFault> {
    if fen.len() > 4096 {
        return Err(BoardFault::Fen4("longer than 4096 bytes".into()));
    }
    let f = fen4::parse(fen, rules.shared()).map_err(|e| BoardFault::Fen4(e.to_string()))?;
    Ok(Game::from_position_with(
        rules,
        f.position,
        f.points,
        Automation::REPLAY,
    ))
}

/// What the board shows of `game`'s position.
pub fn position_of(game: &Game) -> BoardPosition {
    let over = game.is_over();
    let turn = (!over).then(|| seat_name(game.position().turn()));
    BoardPosition {
        fen: crate::game::convert::fen(game),
        turn,
        legal: if over {
            Vec::new()
        } else {
            game.legal_moves().iter().map(|m| m.uci()).collect()
        },
        checks: in_check(game),
        over,
    }
}

/// The entries `mv` makes on `game`: passes the rules require first, the move, and the passes
/// after it; the game is left after them.
pub fn play(game: &mut Game, mv: Move) -> Result<Vec<pgn4::Entry>, BoardFault> {
    let before = pgn4::entries(game).len();
    pass_all(game);
    let seat = game.to_move().ok_or(BoardFault::Illegal)?;
    if !game.legal_moves().contains(&mv) {
        return Err(BoardFault::Illegal);
    }
    game.play(seat, mv).map_err(|_| BoardFault::Illegal)?;
    pass_all(game);
    Ok(pgn4::entries(game).split_off(before))
}

/// Passes every turn the rules require passed.
pub fn pass_all(game: &mut Game) {
    for _ in 0..4 {
        if !game.must_pass() {
            return;
        }
        let seat = game.position().turn();
        if game.pass(seat).is_err() {
            return;
        }
    }
}

/// The move from `from` to `to` (promoting to `promotion`) in `game`'s position.
pub fn find(
    game: &Game,
    from: Square,
    to: Square,
    promotion: Option<Kind>,
) -> Result<Move, BoardFault> {
    let mut probe = game.clone();
    pass_all(&mut probe);
    probe
        .find_move(from, to, promotion)
        .ok_or(BoardFault::Illegal)
}

/// A board entry for `e`, the position after it being `game`'s.
fn node_of(e: &pgn4::Entry, round: u32, game: &Game) -> BoardNode {
    BoardNode {
        text: e.text.clone(),
        seat: seat_name(e.seat),
        round,
        from: e.mv.map(|m| m.from()),
        to: e.mv.map(|m| m.to()),
        fen: crate::game::convert::fen(game),
        checks: in_check(game),
        comment: None,
        children: Vec::new(),
    }
}

/// The entries a move makes on the position `fen`, each with the position after it, rounds
/// counted on from `round` after the seat `after` (none: the first entry of the tree).
pub fn move_entries(
    rules: RuleSet,
    fen: &str,
    mv: (Square, Square, Option<Kind>),
    after: Option<(SeatName, u32)>,
) -> Result<(Vec<BoardNode>, BoardPosition), BoardFault> {
    let game = game_of(rules, fen)?;
    let m = find(&game, mv.0, mv.1, mv.2)?;
    let mut g = game.clone();
    let entries = play(&mut g, m)?;
    // Each entry's position: replay them one by one on a copy.
    let mut out = Vec::with_capacity(entries.len());
    let mut step = game;
    pass_each(&mut step, &entries, &mut out, after);
    Ok((out, position_of(&g)))
}

/// Applies `entries` one at a time to `g`, recording each with the position after it.
fn pass_each(
    g: &mut Game,
    entries: &[pgn4::Entry],
    out: &mut Vec<BoardNode>,
    after: Option<(SeatName, u32)>,
) {
    let mut last = after;
    for e in entries {
        let seat = seat_name(e.seat);
        match e.mv {
            Some(m) => {
                let _ = g.play(e.seat, m);
            }
            None => {
                let _ = g.pass(e.seat);
            }
        }
        let round = match last {
            None => 1,
            Some((s, r)) => r + u32::from(seat.index() <= s.index()),
        };
        out.push(node_of(e, round, g));
        last = Some((seat, round));
    }
}

/// Opens a PGN4 as a tree: every line replayed, each entry with the position after it.
pub fn open_pgn4(text: &str) -> Result<BoardTree, BoardFault> {
    if text.len() > MAX_TEXT {
        return Err(BoardFault::Tree(format!(
            "a PGN4 of at most {MAX_TEXT} bytes is read"
        )));
    }
    let (tags, mut tree) = pgn4::read_tree(text).map_err(BoardFault::Pgn4)?;
    board_tree(&tags, &mut tree)
}

/// A new board from the start of `rules`.
pub fn open_start(rules: RuleSet) -> Result<BoardTree, BoardFault> {
    let game = Game::new(rules);
    open_fen4(rules, &crate::game::convert::fen(&game))
}

/// A new board from a FEN4 under `rules`.
pub fn open_fen4(rules: RuleSet, fen: &str) -> Result<BoardTree, BoardFault> {
    let game = game_of(rules, fen)?;
    let mut tags = pgn4::Tags::default();
    tags.set("Variant", rules.variant.pgn_name());
    let options = rules.rule_variants();
    if !options.is_empty() {
        tags.set("RuleVariants", options);
    }
    tags.set("StartFen4", crate::game::convert::fen(&game));
    board_tree(&tags, &mut pgn4::MoveTree::default())
}

/// The board's form of a read tree.
fn board_tree(tags: &pgn4::Tags, tree: &mut pgn4::MoveTree) -> Result<BoardTree, BoardFault> {
    let rules = tags
        .rules()
        .map_err(|e| BoardFault::Tree(format!("rules: {e}")))?;
    let (start, points) = tags
        .start(&rules)
        .map_err(|e| BoardFault::Tree(format!("start: {e}")))?;
    let first_game = Game::from_position_with(rules, start, points, Automation::REPLAY);
    let mut nodes: Vec<Option<BoardNode>> = vec![None; tree.nodes.len()];
    let entries: Vec<(usize, Game)> = {
        let mut v = Vec::new();
        pgn4::replay_tree(tags, tree, |i, g| v.push((i, g.clone())))
            .map_err(|(_, e)| BoardFault::Tree(e.to_string()))?;
        v
    };
    for (i, g) in entries {
        let n = &tree.nodes[i];
        // The move of the entry: the last move recorded in the game after it.
        let mv = g.records().iter().rev().find_map(|r| match r.action {
            fourhand_rules::game::Action::Move { mv, .. } => Some(mv),
            _ => None,
        });
        let is_move = !matches!(
            n.text.as_str(),
            "R" | "T" | "S" | "#" | "-" | "R#" | "SR" | "ST"
        );
        nodes[i] = Some(BoardNode {
            text: n.text.clone(),
            seat: seat_name(n.seat),
            round: n.round,
            from: mv.filter(|_| is_move).map(|m| m.from()),
            to: mv.filter(|_| is_move).map(|m| m.to()),
            fen: crate::game::convert::fen(&g),
            checks: in_check(&g),
            comment: n.comment.clone(),
            children: n.children.clone(),
        });
    }
    let nodes = nodes
        .into_iter()
        .map(|n| n.ok_or_else(|| BoardFault::Tree("an entry was not replayed".into())))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(BoardTree {
        rules,
        colours: rules.colours.iter().map(|c| c.to_string()).collect(),
        tags: tags.0.clone(),
        start: crate::game::convert::fen(&first_game),
        checks: in_check(&first_game),
        comment: tree.comment.clone(),
        nodes,
        first: tree.first.clone(),
    })
}

/// The rules' tree of a board tree, checked: indices in range, each entry reached once.
fn rules_tree(b: &BoardTree) -> Result<pgn4::MoveTree, BoardFault> {
    let n = b.nodes.len();
    if n > pgn4::MAX_NODES {
        return Err(BoardFault::Tree(format!(
            "at most {} entries",
            pgn4::MAX_NODES
        )));
    }
    let mut reached = vec![false; n];
    for &i in b
        .first
        .iter()
        .chain(b.nodes.iter().flat_map(|x| x.children.iter()))
    {
        if i >= n || std::mem::replace(&mut reached[i], true) {
            return Err(BoardFault::Tree(format!(
                "entry {i} is out of range or has two parents"
            )));
        }
    }
    if reached.iter().any(|r| !r) {
        return Err(BoardFault::Tree("an entry has no parent".into()));
    }
    let clean = |c: &Option<String>| {
        c.as_ref()
            .map(|c| c.chars().take(pgn4::MAX_COMMENT).collect::<String>())
            .filter(|c| !c.trim().is_empty())
    };
    Ok(pgn4::MoveTree {
        nodes: b
            .nodes
            .iter()
            .map(|x| pgn4::TreeNode {
                text: x.text.chars().take(32).collect(),
                round: x.round,
                seat: crate::game::convert::seat_of(x.seat),
                comment: clean(&x.comment),
                children: x.children.clone(),
            })
            .collect(),
        first: b.first.clone(),
        comment: clean(&b.comment),
    })
}

/// Writes a board tree as PGN4, after replaying every line of it (an entry that does not replay
/// is refused).
pub fn export(b: &BoardTree) -> Result<String, BoardFault> {
    let mut tree = rules_tree(b)?;
    let mut tags = pgn4::Tags(
        b.tags
            .iter()
            .take(64)
            .map(|(k, v)| {
                let k: String = k
                    .chars()
                    .filter(|c| c.is_ascii_alphanumeric())
                    .take(32)
                    .collect();
                (k, v.chars().take(512).collect::<String>())
            })
            .filter(|(k, _)| !k.is_empty())
            .collect(),
    );
    // The tags must name the board's rules.
    if tags.rules().ok() != Some(b.rules) {
        tags.set("Variant", b.rules.variant.pgn_name());
        let options = b.rules.rule_variants();
        if !options.is_empty() {
            tags.set("RuleVariants", options);
        }
    }
    pgn4::replay_tree(&tags, &mut tree, |_, _| {}).map_err(|(i, e)| {
        BoardFault::Tree(format!(
            "entry {i} ('{}'): {e}",
            tree.nodes.get(i).map_or("", |n| n.text.as_str())
        ))
    })?;
    Ok(pgn4::write_tree(&tags, &tree))
}
