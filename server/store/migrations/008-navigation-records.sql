-- Navigation records (issue 5, spec §7 /robot/naviRecord/…): one row per run of a patrol task.
-- The tasks themselves are the schema entity navigation-task (table nav_tasks, made from its schema).
CREATE TABLE nav_records (
  id bigserial PRIMARY KEY,
  "taskId" bigint NOT NULL,
  "robotId" text NOT NULL,
  "mapId" bigint,
  "routeName" text NOT NULL,
  "status" integer NOT NULL DEFAULT 2,
  "startedAt" timestamptz NOT NULL DEFAULT now(),
  "endedAt" timestamptz
);
CREATE INDEX nav_records_task_idx ON nav_records ("taskId", "startedAt");
