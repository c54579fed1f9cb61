-- Issue 18: each robot's own MQTT account. The secret is shown once when issued; only its
-- SHA-256 is kept (it is 192 random bits: no slow hash needed).
CREATE TABLE IF NOT EXISTS robot_credentials (
  robot_id text PRIMARY KEY,
  secret_hash text NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now()
);
