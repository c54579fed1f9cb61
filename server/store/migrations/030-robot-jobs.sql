-- Issue 19: robots' long work (upgrade, service pack, log upload) as the robot reports it on the
-- `job` topic; one row per robot (its last job), shared by every replica of a cluster.
CREATE TABLE robot_jobs (
  "robotId" text PRIMARY KEY,
  "jobId" text NOT NULL,
  kind text NOT NULL,
  stage text NOT NULL,
  progress double precision NOT NULL DEFAULT 0,
  state text NOT NULL,
  target text NOT NULL DEFAULT '',
  version text NOT NULL DEFAULT '',
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
