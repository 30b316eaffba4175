-- Analysis: the lines searched for each position (by rule set and FEN4, and how many lines were
-- asked for; the deepest search kept), so that no position is searched twice to the same depth;
-- and game reviews, jobs that any node's analysis workers take under a lease.
CREATE TABLE IF NOT EXISTS analysis_cache (
    position TEXT NOT NULL,
    lines INTEGER NOT NULL,
    asked INTEGER NOT NULL,
    depth INTEGER NOT NULL,
    nodes INTEGER NOT NULL,
    result TEXT NOT NULL,
    PRIMARY KEY (position, lines)
);

CREATE TABLE IF NOT EXISTS reviews (
    game BLOB PRIMARY KEY,
    requested_by BLOB NOT NULL,
    status TEXT NOT NULL,
    node TEXT,
    lease_until INTEGER NOT NULL DEFAULT 0,
    done_positions INTEGER NOT NULL DEFAULT 0,
    total_positions INTEGER NOT NULL DEFAULT 0,
    result TEXT,
    created_ms INTEGER NOT NULL,
    finished_ms INTEGER
);
CREATE INDEX IF NOT EXISTS reviews_waiting ON reviews (status, created_ms);
