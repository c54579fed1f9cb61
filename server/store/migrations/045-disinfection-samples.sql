-- Issue 20: the disinfection / cold-storage robots' disinfection telemetry (MQTT topic
-- `disinfection`), the source of GET /robot/statements/* (server/features/reports/disinfect-statements.ts).
CREATE TABLE disinfection_samples (
  id bigserial PRIMARY KEY,
  "robotId" text NOT NULL,
  "companyId" bigint,
  "t" timestamptz NOT NULL DEFAULT now(),
  "working" smallint NOT NULL,
  "seconds" real NOT NULL,
  "concentration" real NOT NULL
);
CREATE INDEX disinfection_samples_robot_idx ON disinfection_samples ("robotId", "t" DESC);
CREATE INDEX disinfection_samples_company_idx ON disinfection_samples ("companyId", "t" DESC);
