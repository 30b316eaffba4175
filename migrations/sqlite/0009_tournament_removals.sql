-- A player a moderator removed from a tournament: withdrawn, and refused when he asks to enter again.
ALTER TABLE tournament_entries ADD COLUMN removed INTEGER NOT NULL DEFAULT 0;
