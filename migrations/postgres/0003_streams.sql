-- Which incarnation of a live game's event stream is current: raised each time the game is
-- restored after a restart, so event numbers from an earlier run are never reused.
ALTER TABLE games ADD COLUMN stream BIGINT NOT NULL DEFAULT 0;
