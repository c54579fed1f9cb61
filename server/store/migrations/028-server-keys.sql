-- Security point 7: keys every replica shares, e.g. the one that signs short-lived file links
-- (server/http/signed-links.ts). Made by the first replica that needs it.
CREATE TABLE IF NOT EXISTS server_keys (
  name text PRIMARY KEY,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
