-- Energy consumption (issue 7, spec §2 energyConsumption): battery samples of each robot, taken
-- from its telemetry at most once a minute (ENERGY_SAMPLE_SECONDS), kept 400 days.
CREATE TABLE energy_samples (
  id bigserial PRIMARY KEY,
  "robotId" text NOT NULL,
  "companyId" bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  "t" timestamptz NOT NULL DEFAULT now(),
  "battery" integer NOT NULL,
  "status" integer NOT NULL,
  "charging" integer NOT NULL DEFAULT 0
);
CREATE INDEX energy_samples_robot_time_idx ON energy_samples ("robotId", "t");
CREATE INDEX energy_samples_time_idx ON energy_samples ("t");
