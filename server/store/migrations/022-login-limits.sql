-- One cluster (issue 17): login limits (attempts per IP, failures and locks per account) shared by
-- every replica; the layout rate-limiter-flexible's PostgreSQL store reads and writes.
CREATE TABLE login_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
