-- Track-mounted inspection robots (issue 8, spec §3/§4/§7): rail maps with labels, inspection
-- points, inspection tasks, the results of each task run, warning rules and the warnings they
-- raise. Every row belongs to one track robot ("robotId"); company scope follows the robot.
CREATE TABLE track_maps (
  id bigserial PRIMARY KEY,
  "robotId" text NOT NULL,
  "name" text NOT NULL,
  "length" double precision NOT NULL DEFAULT 50,
  "labels" jsonb NOT NULL DEFAULT '[]',
  "fileName" text,
  "fileData" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX track_maps_robot ON track_maps ("robotId");

CREATE TABLE track_points (
  id bigserial PRIMARY KEY,
  "robotId" text NOT NULL,
  "name" text NOT NULL,
  "pitch" double precision NOT NULL DEFAULT 0,
  "rotate" double precision NOT NULL DEFAULT 0,
  "lift" double precision NOT NULL DEFAULT 0,
  "position" double precision NOT NULL DEFAULT 0,
  "actions" jsonb NOT NULL DEFAULT '[]',
  "createdAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX track_points_robot ON track_points ("robotId");

CREATE TABLE track_tasks (
  id bigserial PRIMARY KEY,
  "robotId" text NOT NULL,
  "name" text NOT NULL,
  "type" integer NOT NULL DEFAULT 0,
  "runTime" text NOT NULL,
  "period" text NOT NULL,
  "weekDays" jsonb NOT NULL DEFAULT '[]',
  "policy" integer NOT NULL DEFAULT 0,
  "enabled" boolean NOT NULL DEFAULT true,
  "pointIds" jsonb NOT NULL DEFAULT '[]',
  "status" integer NOT NULL DEFAULT 0,
  "lastRunAt" timestamptz,
  "createdAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX track_tasks_robot ON track_tasks ("robotId");

CREATE TABLE track_results (
  id bigserial PRIMARY KEY,
  "robotId" text NOT NULL,
  "taskId" bigint,
  "taskName" text NOT NULL,
  "status" integer NOT NULL DEFAULT 1,
  "items" jsonb NOT NULL DEFAULT '[]',
  "startedAt" timestamptz NOT NULL DEFAULT now(),
  "finishedAt" timestamptz
);
CREATE INDEX track_results_robot ON track_results ("robotId", id DESC);

CREATE TABLE track_warn_rules (
  id bigserial PRIMARY KEY,
  "robotId" text NOT NULL,
  "name" text NOT NULL,
  "checkItem" text NOT NULL,
  "condition" text NOT NULL DEFAULT '>',
  "value" double precision NOT NULL DEFAULT 0,
  "relation" text NOT NULL DEFAULT 'and',
  "condition2" text,
  "value2" double precision,
  "interval" integer NOT NULL DEFAULT 0,
  "enabled" boolean NOT NULL DEFAULT true,
  "createdAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX track_warn_rules_robot ON track_warn_rules ("robotId");

CREATE TABLE track_warnings (
  id bigserial PRIMARY KEY,
  "robotId" text NOT NULL,
  "ruleId" bigint,
  "ruleName" text NOT NULL,
  "checkItem" text NOT NULL,
  "value" double precision NOT NULL,
  "pointName" text,
  "resultId" bigint,
  "picture" text,
  "dealt" boolean NOT NULL DEFAULT false,
  "dealResult" text,
  "dealtBy" text,
  "dealtAt" timestamptz,
  "createdAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX track_warnings_robot ON track_warnings ("robotId", id DESC);
