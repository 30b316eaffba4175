//! Move text in the PGN4 long algebraic form: `Qg1-i3`, `Nk4xj2`, `Kh1xQh2`, `h10-h11=Q`,
//! `O-O`, with `+` per king newly checked and `#` for a mate or king capture.

use crate::board::Kind;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::ruleset::PromotionChoice;

/// The move's text before it is made (without check marks).
pub fn move_text(pos: &Position, m: Move) -> String {
    match m.kind() {
        MoveKind::CastleShort => return "O-O".into(),
        MoveKind::CastleLong => return "O-O-O".into(),
        _ => {}
    }
    let mut s = String::with_capacity(12);
    if let Some(pc) = pos.piece_at(m.from()) {
        if pc.kind != Kind::Pawn {
            s.push(pc.kind.letter());
        }
    }
    s.push_str(&m.from().to_string());
    match pos.piece_at(m.to()) {
        Some(cap) => {
            s.push('x');
            if cap.kind != Kind::Pawn {
                s.push(cap.kind.letter());
            }
        }
        None if m.kind() == MoveKind::EnPassant => s.push('x'),
        None => s.push('-'),
    }
    s.push_str(&m.to().to_string());
    if let Some(k) = m.promotion() {
        s.push('=');
        if pos.rules().promotion_choice == PromotionChoice::OnePointQueen {
            s.push('D');
        } else {
            s.push(k.letter());
        }
    }
    s
}

/// Check and mate marks: one `+` per king (other than the mover's) in check after the move,
/// then `#` when the move mated a player or captured a king.
pub fn marks(checked: usize, decisive: bool) -> String {
    let mut s = "+".repeat(checked);
    if decisive {
        s.push('#');
    }
    s
}
