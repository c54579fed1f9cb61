-- Tables of the administration screens of issue 3 (schemas/entities: data-dict, application-key,
-- email-group, feedback, group, version-info, robot-log, battery-model, media-entry, ad-task,
-- company-setting). Made here rather than by ensureTable so that uniqueness and the links to
-- companies hold in the database. Column names are the schema property names.

CREATE TABLE data_dict (
  id bigserial PRIMARY KEY,
  "moduleName" text NOT NULL,
  "key" text NOT NULL,
  "name" text NOT NULL,
  "value" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX data_dict_module_key_key ON data_dict (lower("moduleName"), lower("key"));

CREATE TABLE application_keys (
  id bigserial PRIMARY KEY,
  "name" text NOT NULL,
  "companyId" bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  "modules" jsonb NOT NULL DEFAULT '[]',
  "expiryDate" text NOT NULL,
  "apiToken" text NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX application_keys_token_key ON application_keys ("apiToken");
CREATE INDEX application_keys_company_idx ON application_keys ("companyId");

CREATE TABLE email_groups (
  id bigserial PRIMARY KEY,
  "name" text NOT NULL,
  "addresses" jsonb NOT NULL DEFAULT '[]',
  "companyId" bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX email_groups_company_name_key ON email_groups ("companyId", lower("name"));

CREATE TABLE feedback (
  id bigserial PRIMARY KEY,
  "userId" bigint,
  "username" text,
  "companyId" bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  "content" text NOT NULL,
  "contact" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_company_idx ON feedback ("companyId", "createdAt" DESC);

CREATE TABLE robot_groups (
  id bigserial PRIMARY KEY,
  "name" text NOT NULL,
  "companyId" bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  "robotIds" jsonb NOT NULL DEFAULT '[]',
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX robot_groups_company_name_key ON robot_groups ("companyId", lower("name"));

CREATE TABLE software_versions (
  id bigserial PRIMARY KEY,
  "projectName" text NOT NULL,
  "version" text NOT NULL,
  "type" text NOT NULL,
  "date" text NOT NULL,
  "description" text,
  "uploader" text,
  "fileName" text,
  "fileSize" bigint,
  "fileUrl" text,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX software_versions_project_version_key ON software_versions (lower("projectName"), lower("version"));

CREATE TABLE robot_logs (
  id bigserial PRIMARY KEY,
  "robotId" text NOT NULL,
  "companyId" bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  "logType" integer NOT NULL DEFAULT 1,
  "fileName" text NOT NULL,
  "fileSize" bigint NOT NULL DEFAULT 0,
  "fileUrl" text,
  "uploadTime" timestamptz NOT NULL DEFAULT now(),
  "status" integer NOT NULL DEFAULT 0,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX robot_logs_company_idx ON robot_logs ("companyId", "uploadTime" DESC);

CREATE TABLE battery_models (
  id bigserial PRIMARY KEY,
  "model" text NOT NULL,
  "capacity" double precision,
  "chargeSoc" jsonb NOT NULL DEFAULT '[]',
  "dischargeSoc" jsonb NOT NULL DEFAULT '[]',
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX battery_models_model_key ON battery_models (lower("model"));

-- bindRobotSocData: the battery model a robot carries (one per robot).
CREATE TABLE robot_battery (
  "robotId" text PRIMARY KEY,
  "batteryId" bigint NOT NULL REFERENCES battery_models(id),
  "boundAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX robot_battery_battery_idx ON robot_battery ("batteryId");

CREATE TABLE media_entries (
  id bigserial PRIMARY KEY,
  "name" text NOT NULL,
  "type" text NOT NULL,
  "description" text,
  "size" bigint,
  "duration" double precision,
  "lyrics" text,
  "fileName" text,
  "fileUrl" text,
  "companyId" bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX media_entries_company_name_key ON media_entries ("companyId", lower("name"));

CREATE TABLE ad_tasks (
  id bigserial PRIMARY KEY,
  "name" text NOT NULL,
  "startTime" text NOT NULL,
  "endTime" text NOT NULL,
  "robotIds" jsonb NOT NULL DEFAULT '[]',
  "companyId" bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ad_tasks_company_idx ON ad_tasks ("companyId");

CREATE TABLE company_params (
  id bigserial PRIMARY KEY,
  "companyId" bigint NOT NULL UNIQUE REFERENCES companies(id) ON DELETE CASCADE,
  "defaultMapType" integer,
  "alarmEmailGroupId" bigint REFERENCES email_groups(id) ON DELETE SET NULL,
  "dataSavingMode" integer,
  "sosMode" integer,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
