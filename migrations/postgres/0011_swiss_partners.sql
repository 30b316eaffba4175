-- A Swiss entrant's partner: the player he invited or whose invitation he accepted. Two
-- entries that name each other are a team. His name is kept beside him (an invitation is
-- listed before the partner answers).
ALTER TABLE tournament_entries ADD COLUMN partner UUID;
ALTER TABLE tournament_entries ADD COLUMN partner_name TEXT;
