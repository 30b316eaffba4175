//! Stable error codes and WebSocket close codes.

use serde::{Deserialize, Serialize};

/// The code of an `error` message. Codes are stable; messages are for people.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, or not a known message, or a field is missing or has the wrong type.
    BadMessage,
    /// Larger than 16 KiB.
    TooLarge,
    /// The first message must be `hello` with a valid session token.
    NotAuthenticated,
    /// The protocol version named in `hello` is not spoken.
    UnsupportedVersion,
    /// No such table.
    UnknownTable,
    /// No such game.
    UnknownGame,
    /// The seat is taken.
    SeatTaken,
    /// The seat token is not valid for this game.
    BadSeatToken,
    /// This connection holds no token for that seat.
    NotYourSeat,
    /// It is not that seat's turn.
    NotYourTurn,
    /// The move is not legal.
    IllegalMove,
    /// The game is over.
    GameOver,
    /// The rules do not allow a claim now.
    CannotClaim,
    /// Chat is switched off here.
    ChatDisabled,
    /// A value is out of range (unknown rules, setup, square …).
    BadRequest,
    /// Rated play needs an account.
    AccountRequired,
    /// No player of that name.
    UnknownPlayer,
    /// A bot may not sit at this rated table.
    BotsNotAllowed,
    /// Quick pairing is closed to this player for a while (frequent aborts).
    PairingClosed,
    /// The player is not waiting for quick pairing (`fill_with_bots` after the queue was left).
    NotQueued,
    /// No such tournament.
    UnknownTournament,
    /// The player is in this tournament already (and not paused).
    AlreadyEntered,
    /// The player is not in this tournament.
    NotEntered,
    /// The tournament is over (finished or cancelled): nothing more can be done in it.
    TournamentOver,
    /// The tournament has as many players as it takes.
    TournamentFull,
    /// The player does not meet the tournament's entry conditions.
    EntryConditions,
    /// A Swiss pair invitation to oneself.
    InviteSelf,
    /// A Swiss pair invitation from or to a player who is in a pair already, or an
    /// acceptance of an invitation that was not made.
    AlreadyPaired,
    /// The tournament has started: pairs register before.
    TournamentStarted,
    /// FFA chat (any game without sides): the line would help or spare a player (teaming up);
    /// not delivered.
    ChatTeaming,
    /// FFA chat: the line hints at the board (a threat, a mate, a piece to take); not delivered.
    ChatHint,
    /// FFA chat: the line asks for points or tells a player to resign; not delivered.
    ChatPoints,
    /// This seat's chat is off for the rest of the game (three lines refused by FFA's rule).
    ChatBanned,
    /// Berserk is not allowed in this game (not an arena game, or its arena does not allow
    /// it).
    BerserkNotAllowed,
    /// Berserk comes before one's first move (and once): this seat has moved, or berserked
    /// already.
    BerserkTooLate,
    /// Only a player seated at the table may put bots in its seats.
    NotSeated,
    /// The page that opened the WebSocket is not one the server accepts (HTTP 403).
    OriginNotAllowed,
    /// Only a moderator may do this (HTTP 403).
    NotAdmin,
    /// A moderator muted this player's chat for a while.
    Muted,
    /// A moderator banned this player from playing for a while (or for good).
    Banned,
    /// After aborting or leaving rated games, this player waits before his next rated game (the
    /// message says how long); unrated play goes on.
    Playban,
    /// A moderator banned this player from rated games for a while (or for good): rated
    /// quick pairing, rated tables and rated tournaments are refused; unrated play goes on.
    RatedBanned,
    /// The player (or the server) has as many games with engine bots as allowed.
    BotLimit,
    /// Too many messages; the connection will be closed if it goes on.
    RateLimited,
    /// The server cannot record actions right now (its store fails); nothing changed. Try
    /// again shortly.
    StoreUnavailable,
    /// No engine for a game in progress (its players and spectators alike): engine lines for a
    /// position a game being played stands in, and a game's analysis board or review, wait
    /// until the game has ended (HTTP 409).
    GameInProgress,
    /// The game has no review yet: ask for one with `POST /api/games/{id}/review` (HTTP 404).
    NoReview,
    /// A review of one's own is waiting or running already: one at a time (HTTP 429).
    ReviewPending,
    /// The analysis workers' queue is full; try again in a moment (HTTP 503).
    AnalysisBusy,
    /// The game did not answer in time: in a cluster, its node is gone and another one is
    /// taking it over. Nothing is known to have changed; try again in a few seconds.
    GameUnavailable,
    /// Something went wrong inside the server; nothing changed.
    Internal,
}

/// WebSocket close codes the server uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CloseCode {
    /// Normal closure.
    Normal = 1000,
    /// Policy violation: rate limit abused, or no valid `hello`.
    Policy = 1008,
    /// A frame or message over 64 KiB.
    TooBig = 1009,
    /// The server is restarting; reconnect shortly.
    Restart = 1012,
    /// Too many connections (in all, or from this address): try again later.
    TryAgainLater = 1013,
    /// The client answered no ping for too long.
    GoingAway = 1001,
}
