-- A node's leases are held while the node beats: one row per node, renewed every second,
-- instead of every lease's expiry renewed one by one. A lease's expires_ms now only says
-- whether it was given up (a graceful stop sets it to the moment of the stop; a held lease
-- never expires by itself).
CREATE TABLE IF NOT EXISTS cluster_nodes (
    node TEXT PRIMARY KEY,
    alive_until_ms BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS game_leases_node ON game_leases (node);
