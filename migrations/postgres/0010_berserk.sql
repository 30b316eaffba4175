-- A game of an arena that allows berserk: each player may halve his own clock before his first move.
ALTER TABLE games ADD COLUMN berserk BOOLEAN NOT NULL DEFAULT FALSE;
