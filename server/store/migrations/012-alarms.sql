-- Alarms (issue 7, spec §3 Alarm, §4 alarm and event-handling states, §5 alarm and mail rules).
-- alarm_types: the catalogue of alarm kinds a company uses (names unique, level 1-3).
-- alarm_settings: one record per company (thresholds, time-out to "outdated", pop-up, mail).
-- alarm_configs: per company and alarm type, whether and how it alarms.
-- alarms: what robots raised; release state and process state with handler and result.

CREATE TABLE alarm_types (
  id bigserial PRIMARY KEY,
  "name" text NOT NULL,
  "code" integer,
  "level" integer NOT NULL DEFAULT 1 CHECK ("level" BETWEEN 1 AND 3),
  "autoRelease" integer NOT NULL DEFAULT 0,
  "receivers" jsonb NOT NULL DEFAULT '[]',
  "prompts" jsonb NOT NULL DEFAULT '[]',
  "icons" jsonb NOT NULL DEFAULT '[]',
  "description" text,
  "companyId" bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX alarm_types_name_key ON alarm_types (lower("name"));
CREATE INDEX alarm_types_company_idx ON alarm_types ("companyId");

CREATE TABLE alarm_settings (
  id bigserial PRIMARY KEY,
  "companyId" bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  "outdatedAfterMinutes" integer NOT NULL DEFAULT 1440,
  "popup" integer NOT NULL DEFAULT 1,
  "sound" integer NOT NULL DEFAULT 1,
  "batteryLowPercent" integer NOT NULL DEFAULT 20,
  "temperatureThreshold" double precision NOT NULL DEFAULT 37.3,
  "infraredAlarmTypes" jsonb NOT NULL DEFAULT '[1]',
  "mailOnAlarm" integer NOT NULL DEFAULT 0,
  "emailGroupIds" jsonb NOT NULL DEFAULT '[]',
  "emailAddresses" jsonb NOT NULL DEFAULT '[]',
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX alarm_settings_company_key ON alarm_settings ("companyId");

CREATE TABLE alarm_configs (
  id bigserial PRIMARY KEY,
  "companyId" bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  "alarmTypeId" bigint NOT NULL REFERENCES alarm_types(id) ON DELETE CASCADE,
  "enabled" integer NOT NULL DEFAULT 1,
  "level" integer CHECK ("level" BETWEEN 1 AND 3),
  "popup" integer NOT NULL DEFAULT 1,
  "robotIds" jsonb NOT NULL DEFAULT '[]',
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX alarm_configs_company_type_key ON alarm_configs ("companyId", "alarmTypeId");

CREATE TABLE alarms (
  id bigserial PRIMARY KEY,
  "robotId" text NOT NULL,
  "robotName" text,
  "companyId" bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  "alarmTypeId" bigint REFERENCES alarm_types(id) ON DELETE SET NULL,
  "code" integer NOT NULL,
  "kind" text NOT NULL,
  "level" integer NOT NULL DEFAULT 1,
  "message" text,
  "status" integer NOT NULL DEFAULT 0,
  "position" jsonb,
  "picture" text,
  "processStatus" integer NOT NULL DEFAULT 0,
  "handler" text,
  "handlerId" bigint,
  "result" text,
  "processedAt" timestamptz,
  "releasedAt" timestamptz,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alarms_company_time_idx ON alarms ("companyId", "createdAt" DESC);
CREATE INDEX alarms_robot_time_idx ON alarms ("robotId", "createdAt" DESC);
CREATE INDEX alarms_unprocessed_idx ON alarms ("processStatus", "createdAt") WHERE "processStatus" = 0;
