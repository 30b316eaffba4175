-- Players with accounts (guests are not stored).
CREATE TABLE IF NOT EXISTS users (
    id BLOB PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_ms INTEGER NOT NULL
);

-- Server-wide settings (the session signing secret).
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- One row per game, live or finished (imported games included).
CREATE TABLE IF NOT EXISTS games (
    id BLOB PRIMARY KEY,
    rules TEXT NOT NULL,
    start_fen4 TEXT NOT NULL,
    time_control TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    table_chat INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    imported INTEGER NOT NULL DEFAULT 0,
    created_ms INTEGER NOT NULL,
    clocks TEXT,
    result TEXT,
    termination TEXT,
    points TEXT,
    placings TEXT,
    pgn4 TEXT,
    ended_ms INTEGER
);
CREATE INDEX IF NOT EXISTS games_live ON games (ended_ms);

-- Every action of every game, written before it is applied or acknowledged.
CREATE TABLE IF NOT EXISTS actions (
    game_id BLOB NOT NULL REFERENCES games (id),
    ply INTEGER NOT NULL,
    action TEXT NOT NULL,
    clocks TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);
