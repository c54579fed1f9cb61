-- Issue 19: robots' health samples (one per robot every 30 s, kept 31 days) for systemState,
-- historyOnline, sensor, chassisMonitoring, chargeMonitoring and operate. The bucket makes
-- a cluster store each sample once although several replicas may hear reports of the same robot.
CREATE TABLE health_samples (
  "robotId" text NOT NULL,
  "bucket" bigint NOT NULL,
  "companyId" bigint NOT NULL,
  "t" timestamptz NOT NULL DEFAULT now(),
  "walk" integer NOT NULL DEFAULT 1,
  "video" integer NOT NULL DEFAULT 1,
  "interaction" integer NOT NULL DEFAULT 1,
  "data" jsonb NOT NULL,
  PRIMARY KEY ("robotId", "bucket")
);
CREATE INDEX health_samples_t ON health_samples ("t");
