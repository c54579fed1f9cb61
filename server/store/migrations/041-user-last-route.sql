-- insertLastWebRoute (spec §7): the last console page a user opened, kept with the user so every
-- replica and every later session knows it (it was one process's memory before).
ALTER TABLE users ADD COLUMN "lastWebRoute" text;
