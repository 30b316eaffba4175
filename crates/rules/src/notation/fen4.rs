//! FEN4: reading (tolerant: counted or `x` corners, the `enPassant` extra with or without the
//! pawn square, unknown extras ignored) and writing (canonical: `x` corners, project extras only
//! when not at their default).

pub use super::fen_error::FenError;
use crate::board::piece::EMPTY;
use crate::board::{BySeat, Kind, Piece, Seat, Square, SIZE};
use crate::position::{Army, Position};
use crate::ruleset::RuleSet;

/// A parsed FEN4: the position and the points it records.
#[derive(Clone, Debug)]
pub struct Fen4 {
    /// The position.
    pub position: Position,
    /// Points per seat (FFA).
    pub points: BySeat<i32>,
}

fn four<T>(
    field: &str,
    name: &'static str,
    f: impl Fn(&str) -> Option<T>,
) -> Result<[T; 4], FenError> {
    let parts: Vec<&str> = field.split(',').map(str::trim).collect();
    if parts.len() != 4 {
        return Err(FenError::NotFour {
            field: name,
            got: field.to_string(),
        });
    }
    let mut out = Vec::with_capacity(4);
    for p in parts {
        match f(p) {
            Some(v) => out.push(v),
            None => {
                return Err(FenError::BadValue {
                    field: name,
                    value: p.to_string(),
                })
            }
        }
    }
    Ok(out.try_into().ok().expect("four values"))
}

fn flag(s: &str) -> Option<bool> {
    match s {
        "0" => Some(false),
        "1" => Some(true),
        _ => None,
    }
}

/// Parses a FEN4 under `rules`.
pub fn parse(text: &str, rules: &'static RuleSet) -> Result<Fen4, FenError> {
    let text = text.trim();
    let mut rest = text;
    let mut fields = Vec::with_capacity(6);
    for _ in 0..6 {
        let Some(i) = rest.find('-') else {
            return Err(FenError::MissingFields);
        };
        fields.push(&rest[..i]);
        rest = &rest[i + 1..];
    }
    let mut extra = "";
    if rest.starts_with('{') {
        let Some(end) = rest.find('}') else {
            return Err(FenError::UnclosedExtras);
        };
        extra = &rest[1..end];
        rest = rest[end + 1..]
            .strip_prefix('-')
            .unwrap_or(&rest[end + 1..]);
    }
    let turn = match fields[0].trim() {
        t if t.chars().count() == 1 => Seat::from_fen_letter(t.chars().next().unwrap_or(' ')),
        _ => None,
    }
    .ok_or_else(|| FenError::BadTurn(fields[0].to_string()))?;
    let dead = four(fields[1], "dead", flag)?;
    let short = four(fields[2], "castle short", flag)?;
    let long = four(fields[3], "castle long", flag)?;
    let points = four(fields[4], "points", |s| s.parse::<i32>().ok())?;
    let counter: u32 = fields[5]
        .trim()
        .parse()
        .map_err(|_| FenError::BadCounter(fields[5].to_string()))?;

    let mut pos = Position::empty(rules);
    parse_board(rest, &dead, &mut pos)?;
    let extras = parse_extras(extra)?;

    for seat in Seat::ALL {
        if dead[seat.index()] {
            pos.set_army(seat, Army::Out);
        }
        if rules.castling.any() {
            pos.castling |= (short[seat.index()] as u8) << (2 * seat.index());
            pos.castling |= (long[seat.index()] as u8) << (2 * seat.index() + 1);
        }
    }
    for (key, values) in &extras {
        apply_extra(&mut pos, key, values)?;
    }
    pos.refresh_castling();
    pos.set_halfmoves(counter);
    pos.turn = turn;
    pos.hash = pos.compute_hash();
    Ok(Fen4 {
        position: pos,
        points: BySeat(points),
    })
}

fn parse_piece(cell: &str, dead_seats: &[bool; 4]) -> Option<Piece> {
    let mut chars: Vec<char> = cell.chars().collect();
    let mut dead = false;
    if chars.first() == Some(&'d') && chars.len() >= 2 {
        dead = true;
        chars.remove(0);
    }
    let (seat, kind_ch) = match chars.as_slice() {
        [c, k] => (Seat::from_fen_letter(*c)?, *k),
        [k] if dead => {
            let only = (0..4).filter(|&i| dead_seats[i]).collect::<Vec<_>>();
            (
                Seat::from_index(if only.len() == 1 { only[0] } else { 0 }),
                *k,
            )
        }
        _ => return None,
    };
    let (kind, one_point) = match kind_ch {
        'D' => (Kind::Queen, true),
        k => (Kind::from_letter(k)?, false),
    };
    Some(Piece {
        seat,
        kind,
        dead,
        one_point,
        reversed: false,
    })
}

fn parse_board(text: &str, dead: &[bool; 4], pos: &mut Position) -> Result<(), FenError> {
    let rows: Vec<&str> = text.trim().split('/').collect();
    if rows.len() != SIZE as usize {
        return Err(FenError::Rows(rows.len()));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = SIZE - 1 - i as u8;
        let mut file = 0u8;
        for cell in row.split(',').map(str::trim) {
            if cell.is_empty() {
                return Err(FenError::EmptyCell { rank: rank + 1 });
            }
            if let Ok(n) = cell.parse::<u8>() {
                file = file.saturating_add(n);
            } else if cell == "x" || cell == "X" {
                file += 1;
            } else {
                let pc = parse_piece(cell, dead).ok_or_else(|| FenError::BadCell {
                    cell: cell.to_string(),
                    rank: rank + 1,
                })?;
                let sq = Square::new(file, rank)
                    .filter(|&sq| pos.on_board(sq))
                    .ok_or_else(|| FenError::OffBoard {
                        cell: cell.to_string(),
                        rank: rank + 1,
                    })?;
                pos.put(sq, pc);
                file += 1;
            }
            if file > SIZE {
                return Err(FenError::RankLength {
                    rank: rank + 1,
                    squares: file,
                });
            }
        }
        if file != SIZE {
            return Err(FenError::RankLength {
                rank: rank + 1,
                squares: file,
            });
        }
    }
    Ok(())
}

/// `'key':value` pairs; values are `(…)` tuples of quoted strings, or bare values.
fn parse_extras(text: &str) -> Result<Vec<(String, Vec<String>)>, FenError> {
    let mut out = Vec::new();
    let mut s = text.trim();
    while !s.is_empty() {
        let key_end;
        let key;
        if let Some(r) = s.strip_prefix('\'') {
            let e = r.find('\'').ok_or(FenError::UnclosedKeyQuote)?;
            key = r[..e].to_string();
            key_end = e + 2;
        } else {
            let e = s
                .find(':')
                .ok_or_else(|| FenError::BadExtra(s.to_string()))?;
            key = s[..e].trim().to_string();
            key_end = e;
        }
        s = s[key_end..].trim_start();
        s = s
            .strip_prefix(':')
            .ok_or_else(|| FenError::NoColon { key: key.clone() })?
            .trim_start();
        let (values, rest) = if let Some(r) = s.strip_prefix('(') {
            let e = r
                .find(')')
                .ok_or_else(|| FenError::UnclosedTuple { key: key.clone() })?;
            let inner = &r[..e];
            let vals = inner
                .split(',')
                .map(|v| v.trim().trim_matches('\'').trim_matches('"').to_string())
                .collect();
            (vals, &r[e + 1..])
        } else {
            let e = s.find(',').unwrap_or(s.len());
            (vec![s[..e].trim().trim_matches('\'').to_string()], &s[e..])
        };
        out.push((key, values));
        s = rest.trim_start().trim_start_matches(',').trim_start();
    }
    Ok(out)
}

fn squares(v: &str) -> Result<Vec<Square>, FenError> {
    v.split([' ', ':', '/'])
        .filter(|x| !x.is_empty())
        .map(|x| x.parse::<Square>().map_err(FenError::BadSquare))
        .collect()
}

fn apply_extra(pos: &mut Position, key: &str, values: &[String]) -> Result<(), FenError> {
    let per_seat = |what: &str| -> Result<(), FenError> {
        if values.len() != 4 {
            return Err(FenError::ExtraNotFour {
                key: what.to_string(),
            });
        }
        Ok(())
    };
    match key {
        "enPassant" => {
            per_seat(key)?;
            for (i, v) in values.iter().enumerate() {
                let seat = Seat::from_index(i);
                let sqs = squares(v)?;
                let window = match sqs.as_slice() {
                    [] => None,
                    [skipped] => Some((*skipped, forward_square(seat, *skipped)?)),
                    [skipped, pawn] => Some((*skipped, *pawn)),
                    _ => return Err(FenError::BadEnPassant(v.clone())),
                };
                pos.set_ep_window(seat, window);
            }
        }
        "lives" => {
            per_seat(key)?;
            // Outside N-check the extra says nothing the rules use (chess.com writes it in
            // other games too): ignored, as unknown extras are.
            if pos.rules().check_lives.is_none() {
                return Ok(());
            }
            for (i, v) in values.iter().enumerate() {
                let n: u8 = v
                    .trim()
                    .parse()
                    .ok()
                    .filter(|n| *n <= 9)
                    .ok_or_else(|| FenError::BadLives(v.clone()))?;
                pos.set_lives(Seat::from_index(i), n);
            }
        }
        "reversed" | "onePoint" => {
            per_seat(key)?;
            for v in values {
                for sq in squares(v)? {
                    let Some(mut pc) = pos.piece_at(sq) else {
                        return Err(FenError::EmptySquare {
                            key: key.to_string(),
                            square: sq,
                        });
                    };
                    if key == "reversed" {
                        pc.reversed = true;
                    } else {
                        pc.one_point = true;
                    }
                    pos.put(sq, pc);
                }
            }
        }
        // Conquest (variants.md §5.6): who moves each army ('' for itself), and frozen armies.
        "controller" => {
            per_seat(key)?;
            for (i, v) in values.iter().enumerate() {
                if v.is_empty() {
                    continue;
                }
                let by = v
                    .chars()
                    .next()
                    .and_then(|c| Seat::from_fen_letter(c.to_ascii_uppercase()))
                    .filter(|_| v.chars().count() == 1)
                    .ok_or_else(|| FenError::BadController(v.clone()))?;
                let seat = Seat::from_index(i);
                if by != seat {
                    pos.set_controller(seat, by);
                    pos.set_army(seat, Army::Conquered);
                }
            }
        }
        "frozen" => {
            per_seat(key)?;
            for (i, v) in values.iter().enumerate() {
                match v.as_str() {
                    "true" => pos.set_army(Seat::from_index(i), Army::Out),
                    "false" | "" => {}
                    other => return Err(FenError::BadFrozen(other.to_string())),
                }
            }
        }
        "status" => {
            per_seat(key)?;
            for (i, v) in values.iter().enumerate() {
                let army = match v.as_str() {
                    "" => continue,
                    "zombie" => {
                        let seat = Seat::from_index(i);
                        pos.set_army(seat, Army::Zombie);
                        let king = pos
                            .pieces()
                            .find(|(_, p)| p.seat == seat && p.kind == Kind::King)
                            .map(|(sq, p)| (sq, Piece { dead: false, ..p }));
                        if let Some((sq, p)) = king {
                            pos.put(sq, p);
                        }
                        continue;
                    }
                    "mated" => Army::Mated,
                    "resigned" => Army::Resigned,
                    "out" => Army::Out,
                    other => return Err(FenError::UnknownStatus(other.to_string())),
                };
                pos.set_army(Seat::from_index(i), army);
            }
        }
        _ => {}
    }
    Ok(())
}

fn piece_text(c: Piece) -> String {
    let mut s = String::with_capacity(3);
    if c.dead {
        s.push('d');
    }
    s.push(c.seat.fen_letter().to_ascii_lowercase());
    s.push(c.kind.letter());
    s
}

/// Writes `pos` as a canonical FEN4 with zero points.
pub fn write(pos: &Position) -> String {
    write_with_points(pos, &BySeat([0; 4]))
}

/// Writes `pos` as a canonical FEN4 with the given points.
pub fn write_with_points(pos: &Position, points: &BySeat<i32>) -> String {
    let list = |f: &dyn Fn(Seat) -> String| -> String {
        Seat::ALL
            .iter()
            .map(|&s| f(s))
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut out = String::with_capacity(400);
    out.push(pos.turn().fen_letter());
    out.push('-');
    out.push_str(&list(&|s| {
        u8::from(matches!(pos.army(s), Army::Out | Army::Zombie)).to_string()
    }));
    out.push('-');
    out.push_str(&list(&|s| {
        u8::from(pos.castling_right(s, true)).to_string()
    }));
    out.push('-');
    out.push_str(&list(&|s| {
        u8::from(pos.castling_right(s, false)).to_string()
    }));
    out.push('-');
    out.push_str(&list(&|s| points[s].to_string()));
    out.push('-');
    out.push_str(&pos.halfmoves().to_string());
    out.push('-');
    let extras = extras(pos);
    if !extras.is_empty() {
        out.push('{');
        out.push_str(&extras.join(","));
        out.push_str("}-");
    }
    for rank in (0..SIZE).rev() {
        let mut cells: Vec<String> = Vec::with_capacity(14);
        let mut run = 0;
        for file in 0..SIZE {
            let Some(sq) = Square::new(file, rank).filter(|&sq| pos.on_board(sq)) else {
                if run > 0 {
                    cells.push(run.to_string());
                    run = 0;
                }
                cells.push("x".into());
                continue;
            };
            if pos.cells[sq.index() as usize] == EMPTY {
                run += 1;
                continue;
            }
            if run > 0 {
                cells.push(run.to_string());
                run = 0;
            }
            cells.push(piece_text(pos.piece_at(sq).expect("occupied")));
        }
        if run > 0 {
            cells.push(run.to_string());
        }
        out.push_str(&cells.join(","));
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

fn extras(pos: &Position) -> Vec<String> {
    let mut out = Vec::new();
    let quoted = |v: Vec<String>| -> String {
        format!(
            "({})",
            v.iter()
                .map(|x| format!("'{x}'"))
                .collect::<Vec<_>>()
                .join(",")
        )
    };
    if pos.rules().check_lives.is_some() {
        let v: Vec<String> = Seat::ALL
            .iter()
            .map(|&s| pos.lives(s).unwrap_or(0).to_string())
            .collect();
        out.push(format!("'lives':({})", v.join(",")));
    }
    let windows = pos.ep_windows();
    if windows.0.iter().any(|w| w.squares().is_some()) {
        let v = Seat::ALL
            .iter()
            .map(|&s| match windows[s].squares() {
                Some((a, b)) => format!("{a}:{b}"),
                None => String::new(),
            })
            .collect();
        out.push(format!("'enPassant':{}", quoted(v)));
    }
    for (key, test) in [
        ("reversed", (|p: Piece| p.reversed) as fn(Piece) -> bool),
        ("onePoint", |p: Piece| p.one_point),
    ] {
        let mut per: [Vec<String>; 4] = Default::default();
        for (sq, pc) in pos.pieces() {
            if test(pc) {
                per[pc.seat.index()].push(sq.to_string());
            }
        }
        if per.iter().any(|v| !v.is_empty()) {
            out.push(format!(
                "'{key}':{}",
                quoted(per.iter().map(|v| v.join(" ")).collect())
            ));
        }
    }
    if pos.rules().mated_army == crate::ruleset::MatedArmy::Conquered {
        let controllers: Vec<String> = Seat::ALL
            .iter()
            .map(|&s| match pos.controller(s) {
                by if by == s => String::new(),
                by => by.fen_letter().to_ascii_lowercase().to_string(),
            })
            .collect();
        if controllers.iter().any(|c| !c.is_empty()) {
            out.push(format!("'controller':{}", quoted(controllers)));
        }
        let frozen: Vec<bool> = Seat::ALL.iter().map(|&s| pos.is_frozen(s)).collect();
        if frozen.iter().any(|&f| f) {
            let v: Vec<String> = frozen.iter().map(|f| f.to_string()).collect();
            out.push(format!("'frozen':({})", v.join(",")));
        }
    }
    let armies = pos.armies();
    if armies
        .0
        .iter()
        .any(|a| matches!(a, Army::Zombie | Army::Mated | Army::Resigned))
    {
        let v = armies
            .0
            .iter()
            .map(|a| match a {
                Army::Zombie => "zombie",
                Army::Mated => "mated",
                Army::Resigned => "resigned",
                _ => "",
            })
            .map(String::from)
            .collect();
        out.push(format!("'status':{}", quoted(v)));
    }
    out
}

/// The square a seat's pawn stands on after a double step that skipped `skipped`.
fn forward_square(seat: Seat, skipped: Square) -> Result<Square, FenError> {
    let i = skipped
        .index()
        .wrapping_add(crate::position::geometry::forward(seat as u8));
    Square::from_index(i).ok_or(FenError::NoPawnSquare { skipped })
}

/// A position shows itself as its FEN4 (in test failures and logs).
impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&write(self))
    }
}
