-- Playbans: each rated game's conduct per player (good, aborted, left), and the waits before a
-- next rated game that repeated bad conduct brings.
CREATE TABLE IF NOT EXISTS conduct (
    player_id BLOB NOT NULL,
    game_id BLOB NOT NULL,
    conduct TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (player_id, game_id)
);
CREATE INDEX IF NOT EXISTS conduct_by_player ON conduct (player_id, at_ms);

CREATE TABLE IF NOT EXISTS playbans (
    player_id BLOB NOT NULL,
    at_ms INTEGER NOT NULL,
    until_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS playbans_by_player ON playbans (player_id, until_ms);
