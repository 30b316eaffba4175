-- Tournaments (arenas, Swisses): their settings as the server's JSON, status and times.
CREATE TABLE IF NOT EXISTS tournaments (
    id BLOB PRIMARY KEY,
    kind TEXT NOT NULL,
    settings TEXT NOT NULL,
    status TEXT NOT NULL,
    starts_ms INTEGER NOT NULL,
    ends_ms INTEGER NOT NULL,
    created_by TEXT NOT NULL,
    created_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS tournaments_by_start ON tournaments (starts_ms);

-- Who entered a tournament, with his rating at entry; paused and withdrawn as flags.
CREATE TABLE IF NOT EXISTS tournament_entries (
    tournament_id BLOB NOT NULL,
    player_id BLOB NOT NULL,
    name TEXT NOT NULL,
    rating REAL NOT NULL,
    joined_ms INTEGER NOT NULL,
    paused INTEGER NOT NULL,
    withdrawn INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, player_id)
);

-- A tournament's games: who sat where (JSON), and once scored, the points each got (JSON);
-- scoring sets `scored` only while it is null, so a game counts once whoever scores it.
CREATE TABLE IF NOT EXISTS tournament_games (
    game_id BLOB PRIMARY KEY,
    tournament_id BLOB NOT NULL,
    players TEXT NOT NULL,
    started_ms INTEGER NOT NULL,
    scored TEXT,
    scored_ms INTEGER
);
CREATE INDEX IF NOT EXISTS tournament_games_by_tournament ON tournament_games (tournament_id, started_ms);
