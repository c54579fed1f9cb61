-- Foundation tables. Column names are the schema property names (quoted camelCase) so rows map
-- to schema objects one to one. PostgreSQL 15 SQL only.

CREATE TABLE companies (
  id bigserial PRIMARY KEY,
  "name" text NOT NULL,
  "parentId" bigint REFERENCES companies(id),
  "layer" integer NOT NULL DEFAULT 1,
  "domain" text,
  "address" text,
  "logo" text,
  "robotTypes" jsonb NOT NULL DEFAULT '[]',
  "mapTypes" jsonb NOT NULL DEFAULT '[]',
  "senderMail" text,
  "mailPassword" text,
  "mailServer" text,
  "enabled" integer NOT NULL DEFAULT 1,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX companies_name_key ON companies (lower("name"));
CREATE INDEX companies_parent_idx ON companies ("parentId");

CREATE TABLE roles (
  id integer PRIMARY KEY,
  "name" text NOT NULL,
  "homePage" text,
  "menuItemList" jsonb NOT NULL DEFAULT '[]'
);

CREATE TABLE users (
  id bigserial PRIMARY KEY,
  "username" text NOT NULL,
  "name" text NOT NULL,
  "passwordHash" text NOT NULL,
  "roleId" integer NOT NULL REFERENCES roles(id),
  "companyId" bigint NOT NULL REFERENCES companies(id),
  "email" text,
  "enabled" integer NOT NULL DEFAULT 1,
  "lastLoginAt" timestamptz,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_key ON users (lower("username"));
CREATE INDEX users_company_idx ON users ("companyId");

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  lang text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE captchas (
  id text PRIMARY KEY,
  answer text NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE TABLE maps (
  id bigserial PRIMARY KEY,
  "companyId" bigint NOT NULL REFERENCES companies(id),
  "regionName" text NOT NULL,
  "buildingName" text NOT NULL,
  "floor" integer NOT NULL DEFAULT 1,
  "mapName" text NOT NULL,
  "mapType" integer NOT NULL DEFAULT 1,
  "pgmPath" text,
  "yamlPath" text,
  "config" jsonb NOT NULL DEFAULT '{}',
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX maps_company_idx ON maps ("companyId");

CREATE TABLE robots (
  id bigserial PRIMARY KEY,
  "robotId" text NOT NULL,
  "robotName" text NOT NULL,
  "robotType" integer NOT NULL,
  "companyId" bigint NOT NULL REFERENCES companies(id),
  "regionName" text,
  "mapId" bigint REFERENCES maps(id) ON DELETE SET NULL,
  "online" integer NOT NULL DEFAULT 0,
  "status" integer NOT NULL DEFAULT 0,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX robots_robot_id_key ON robots (upper("robotId"));
CREATE INDEX robots_company_idx ON robots ("companyId");

CREATE TABLE operation_log (
  id bigserial PRIMARY KEY,
  "userId" bigint,
  "username" text,
  "event" text NOT NULL,
  "param" jsonb,
  "result" jsonb,
  "statusCode" integer NOT NULL,
  "at" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operation_log_at_idx ON operation_log ("at" DESC);
