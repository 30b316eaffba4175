-- The players of each game, for the archive and profiles (bots have no player id).
CREATE TABLE IF NOT EXISTS game_players (
    game_id BLOB NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL,
    player_id BLOB,
    name TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS game_players_name ON game_players (name);
CREATE INDEX IF NOT EXISTS game_players_player ON game_players (player_id);

-- One Glicko-2 rating per player and pool (e.g. teams-blitz).
CREATE TABLE IF NOT EXISTS ratings (
    player_id BLOB NOT NULL,
    pool TEXT NOT NULL,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    last_ms INTEGER NOT NULL,
    PRIMARY KEY (player_id, pool)
);
CREATE INDEX IF NOT EXISTS ratings_pool ON ratings (pool, rating);

-- Every rating change, written in the transaction that stores the game's result; one per
-- game and player, so a game is rated once.
CREATE TABLE IF NOT EXISTS rating_changes (
    game_id BLOB NOT NULL REFERENCES games (id),
    player_id BLOB NOT NULL,
    seat INTEGER NOT NULL,
    pool TEXT NOT NULL,
    kind TEXT NOT NULL,
    rating_before REAL NOT NULL,
    rating_after REAL NOT NULL,
    rd_after REAL NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
CREATE INDEX IF NOT EXISTS rating_changes_player ON rating_changes (player_id, at_ms);

-- Aborted games by the player who caused them (penalties and quick-pairing bans).
CREATE TABLE IF NOT EXISTS aborts (
    player_id BLOB NOT NULL,
    game_id BLOB NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (player_id, game_id)
);
