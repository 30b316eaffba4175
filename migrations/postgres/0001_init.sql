-- Players with accounts (guests are not stored).
CREATE TABLE IF NOT EXISTS users (
    id UUID PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);

-- Server-wide settings (the session signing secret).
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- One row per game, live or finished (imported games included).
CREATE TABLE IF NOT EXISTS games (
    id UUID PRIMARY KEY,
    rules TEXT NOT NULL,
    start_fen4 TEXT NOT NULL,
    time_control TEXT NOT NULL,
    seed BIGINT NOT NULL,
    seats TEXT NOT NULL,
    table_chat BOOLEAN NOT NULL,
    rated BOOLEAN NOT NULL,
    imported BOOLEAN NOT NULL DEFAULT FALSE,
    created_ms BIGINT NOT NULL,
    clocks TEXT,
    result TEXT,
    termination TEXT,
    points TEXT,
    placings TEXT,
    pgn4 TEXT,
    ended_ms BIGINT
);
CREATE INDEX IF NOT EXISTS games_live ON games (ended_ms);

-- Every action of every game, written before it is applied or acknowledged.
CREATE TABLE IF NOT EXISTS actions (
    game_id UUID NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    action TEXT NOT NULL,
    clocks TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
