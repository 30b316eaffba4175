//! The server's bounded queues in one place, with the relations between them checked when the
//! crate compiles. Every queue is bounded: a slow reader costs a snapshot later, never memory.

/// Messages waiting to be written to one WebSocket connection. When it is full the game marks
/// the player lagging and resyncs him with a snapshot once there is room.
pub const CONNECTION_QUEUE: usize = 1024;

/// The most events a joining connection is caught up with one by one; further back it gets a
/// snapshot. A catch-up must fit in a fresh connection queue, with room left for the events
/// that follow it.
pub const MAX_CATCH_UP: usize = 512;
const _: () = assert!(MAX_CATCH_UP <= CONNECTION_QUEUE / 2);

/// Requests waiting in one game actor's inbox (moves, joins, bot moves). A sender waits for
/// room (a connection's request runs on a task of its own, so no socket waits on it).
pub const GAME_INBOX: usize = 256;

/// Events a spectator may fall behind a game's public stream before he is resynced with a
/// snapshot.
pub const SPECTATOR_STREAM: usize = 256;

/// Lobby updates a node's lobby followers may fall behind before they are resynced.
pub const LOBBY_STREAM: usize = 1024;

/// The most game actions written in one statement (5 parameters each: well inside SQLite's
/// 32,766 and Postgres's 65,535 bound parameters).
pub const MAX_BATCH: usize = 256;
const _: () = assert!(MAX_BATCH * 5 <= 32_766);

/// Game actions waiting for the store's writer, all games together (each game has at most one
/// write in flight, so this many games can write at once before a game waits for room).
pub const STORE_QUEUE: usize = 8192;
const _: () = assert!(MAX_BATCH <= STORE_QUEUE);
