-- Detections (issue 7, spec §1 "review detections", §3 Picture): one table for every kind the
-- robots report (face, plate, person, event, thermal, temperature, antiTheft, idCard, snap,
-- custom, action, x3, env, aiCustom). Common columns are the picture and the robot's pose at the
-- start and end of the detection (map millimetres and GPS); kind-specific fields live in data.
-- Schema-driven lists (schemas/entities/*-detection.schema.json) read it through x-store.where.
-- Other screens (statistics, alarms) may query it: this shape is a contract.
CREATE TABLE detections (
  id serial PRIMARY KEY,
  "companyId" int,
  "robotId" text NOT NULL,
  kind text NOT NULL,
  "detectedAt" timestamptz NOT NULL DEFAULT now(),
  "pictureUrl" text,
  "mapId" int,
  "startX" double precision,
  "startY" double precision,
  "endX" double precision,
  "endY" double precision,
  "startLat" double precision,
  "startLng" double precision,
  "endLat" double precision,
  "endLng" double precision,
  data jsonb NOT NULL DEFAULT '{}',
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX detections_kind_id_idx ON detections (kind, id DESC);
CREATE INDEX detections_company_kind_idx ON detections ("companyId", kind, "detectedAt" DESC);
