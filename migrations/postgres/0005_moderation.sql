-- Reports of a game's chat, with the lines as they were when reported.
CREATE TABLE IF NOT EXISTS reports (
    id UUID PRIMARY KEY,
    game_id UUID NOT NULL,
    reporter_id UUID NOT NULL,
    reporter_name TEXT NOT NULL,
    reason TEXT NOT NULL,
    chat TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    closed_ms BIGINT,
    closed_by TEXT
);
CREATE INDEX IF NOT EXISTS reports_open ON reports (closed_ms, created_ms);

-- Every moderator action: who did what to whom, why, and until when (mutes and bans).
CREATE TABLE IF NOT EXISTS moderation (
    id UUID PRIMARY KEY,
    admin_name TEXT NOT NULL,
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    player_id UUID,
    reason TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    until_ms BIGINT
);
CREATE INDEX IF NOT EXISTS moderation_player ON moderation (player_id, action);
