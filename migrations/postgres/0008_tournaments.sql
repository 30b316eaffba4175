-- Tournaments (arenas, Swisses): their settings as the server's JSON, status and times.
CREATE TABLE IF NOT EXISTS tournaments (
    id UUID PRIMARY KEY,
    kind TEXT NOT NULL,
    settings TEXT NOT NULL,
    status TEXT NOT NULL,
    starts_ms BIGINT NOT NULL,
    ends_ms BIGINT NOT NULL,
    created_by TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS tournaments_by_start ON tournaments (starts_ms);

-- Who entered a tournament, with his rating at entry; paused and withdrawn as flags.
CREATE TABLE IF NOT EXISTS tournament_entries (
    tournament_id UUID NOT NULL,
    player_id UUID NOT NULL,
    name TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    joined_ms BIGINT NOT NULL,
    paused BOOLEAN NOT NULL,
    withdrawn BOOLEAN NOT NULL,
    PRIMARY KEY (tournament_id, player_id)
);

-- A tournament's games: who sat where (JSON), and once scored, the points each got (JSON);
-- scoring sets `scored` only while it is null, so a game counts once whoever scores it.
CREATE TABLE IF NOT EXISTS tournament_games (
    game_id UUID PRIMARY KEY,
    tournament_id UUID NOT NULL,
    players TEXT NOT NULL,
    started_ms BIGINT NOT NULL,
    scored TEXT,
    scored_ms BIGINT
);
CREATE INDEX IF NOT EXISTS tournament_games_by_tournament ON tournament_games (tournament_id, started_ms);
