//! Shared helpers for the engine's tests.

#![allow(dead_code)]

use fourhand_rules::{Kind, Piece, Position, RuleSet, Seat, Square};

/// A position of `rules` from a list like "rK h1, bK a7" (South to move).
pub fn position(rules: &'static RuleSet, spec: &str) -> Position {
    let mut p = Position::empty(rules);
    for item in spec.split(',').map(str::trim) {
        let (code, sq) = item.split_once(' ').expect("piece and square");
        let seat = Seat::from_fen_letter(code.chars().next().unwrap()).expect("colour letter");
        let kind = Kind::from_letter(code.chars().nth(1).unwrap()).expect("piece letter");
        let piece = Piece {
            seat,
            kind,
            dead: false,
            one_point: false,
            reversed: false,
        };
        p.put(sq.parse::<Square>().expect("square"), piece);
    }
    p
}
