-- Sessions: every token names one; it expires (renewed on use) and can be revoked.
CREATE TABLE IF NOT EXISTS sessions (
    id BLOB PRIMARY KEY,
    player_id BLOB NOT NULL,
    created_ms INTEGER NOT NULL,
    expires_ms INTEGER NOT NULL,
    revoked_ms INTEGER
);
CREATE INDEX IF NOT EXISTS sessions_player ON sessions (player_id);
CREATE INDEX IF NOT EXISTS sessions_expiry ON sessions (expires_ms);

-- A name's key: case-folded, compatibility-normalised and reduced to its confusable skeleton
-- (UTS #39), unique, so that look-alike names cannot be registered twice. Filled at start for
-- accounts made before it existed.
ALTER TABLE users ADD COLUMN name_key TEXT;
CREATE UNIQUE INDEX IF NOT EXISTS users_by_name_key ON users (name_key);
