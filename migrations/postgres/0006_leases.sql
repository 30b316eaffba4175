-- Who runs each live game: one owner node at a time, under an epoch raised at every takeover.
-- Actions are written only under the current epoch, so an old owner that was paused or cut off
-- can never write after another node took the game over.
CREATE TABLE IF NOT EXISTS game_leases (
    game_id UUID PRIMARY KEY REFERENCES games(id),
    node TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS game_leases_expiry ON game_leases (expires_ms);
