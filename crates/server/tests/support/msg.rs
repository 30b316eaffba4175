//! Client messages built with the protocol's own types. Tests name ids, tokens and seats by
//! text or by the JSON the server sent them; these helpers turn either into the typed field.

use fourhand_protocol::{ClientMsg, GameId, Kind, SeatName, Square, TableId, TimeControl};
use serde_json::Value;

/// Something a test names an id, a token or a seat by: text, or a JSON string the server sent.
pub trait Text {
    /// The text.
    fn text(&self) -> String;
}

impl Text for str {
    fn text(&self) -> String {
        self.to_string()
    }
}

impl Text for String {
    fn text(&self) -> String {
        self.clone()
    }
}

impl Text for Value {
    fn text(&self) -> String {
        self.as_str()
            .map_or_else(|| self.to_string(), str::to_string)
    }
}

impl<T: Text + ?Sized> Text for &T {
    fn text(&self) -> String {
        (**self).text()
    }
}

impl<T: Text + ?Sized> Text for &mut T {
    fn text(&self) -> String {
        (**self).text()
    }
}

/// The text of a token, a session or a name.
pub fn text(x: impl Text) -> String {
    x.text()
}

/// A game id.
pub fn game(x: impl Text) -> GameId {
    x.text().parse().expect("a game id")
}

/// A table id.
pub fn table(x: impl Text) -> TableId {
    x.text().parse().expect("a table id")
}

/// A seat by its letter or name.
pub fn seat(x: impl Text) -> SeatName {
    serde_json::from_value(Value::String(x.text())).expect("a seat")
}

/// A square by its name.
pub fn square(x: impl Text) -> Square {
    x.text().parse().expect("a square")
}

/// A promotion piece by its letter.
pub fn piece(x: impl Text) -> Kind {
    serde_json::from_value(Value::String(x.text())).expect("a piece letter")
}

/// A time control of `base_ms` with an increment of `increment_ms` and no delay.
pub fn increment(base_ms: u64, increment_ms: u64) -> TimeControl {
    TimeControl {
        base_ms,
        increment_ms,
        delay_ms: 0,
    }
}

/// Follows `game` as a spectator.
pub fn spectate(game: impl Text) -> ClientMsg {
    ClientMsg::Join {
        game: self::game(game),
        seat_token: None,
        since: None,
    }
}

/// Joins `game` with seat token `token`.
pub fn join(game: impl Text, token: impl Text) -> ClientMsg {
    ClientMsg::Join {
        game: self::game(game),
        seat_token: Some(token.text()),
        since: None,
    }
}

/// `seat` resigns `game`.
pub fn resign(game: impl Text, seat: SeatName) -> ClientMsg {
    ClientMsg::Resign {
        game: self::game(game),
        seat,
    }
}

/// Takes `seat` at `table`.
pub fn sit(table: impl Text, seat: SeatName) -> ClientMsg {
    ClientMsg::Sit {
        table: self::table(table),
        seat,
    }
}

/// `seat` plays `from`-`to` in `game` (no promotion).
pub fn play(game: impl Text, seat: SeatName, from: impl Text, to: impl Text) -> ClientMsg {
    ClientMsg::Play {
        game: self::game(game),
        seat,
        from: square(from),
        to: square(to),
        promotion: None,
    }
}

/// `seat` queues `from`-`to` in `game` (no promotion).
pub fn premove(game: impl Text, seat: SeatName, from: impl Text, to: impl Text) -> ClientMsg {
    ClientMsg::Premove {
        game: self::game(game),
        seat,
        from: square(from),
        to: square(to),
        promotion: None,
    }
}
