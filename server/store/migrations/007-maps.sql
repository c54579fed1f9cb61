-- Maps (issue 5): map management, processing and sync (spec §3 Map/building, §4 map sync and
-- processing). The maps table of 001 keeps its columns (the simulator reads maps.config); these
-- add what map management needs.
ALTER TABLE maps ADD COLUMN "buildingId" bigint;
ALTER TABLE maps ADD COLUMN "layer" integer NOT NULL DEFAULT 6;
ALTER TABLE maps ADD COLUMN "processState" text NOT NULL DEFAULT 'done';
ALTER TABLE maps ADD COLUMN "processProgress" integer NOT NULL DEFAULT 100;
ALTER TABLE maps ADD COLUMN "processError" text;
ALTER TABLE maps ADD COLUMN "pgmName" text;
ALTER TABLE maps ADD COLUMN "yamlName" text;

-- Buildings: a name unique within a company (spec §5), in a region, with a number of floors.
CREATE TABLE buildings (
  id bigserial PRIMARY KEY,
  "companyId" bigint NOT NULL REFERENCES companies(id),
  "name" text NOT NULL,
  "regionName" text NOT NULL,
  "floors" integer NOT NULL DEFAULT 1,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX buildings_company_name_key ON buildings ("companyId", lower("name"));

-- Sync of a map to a robot (spec §4): no row = not configured; 1 syncing, 2 success, 3 failure.
CREATE TABLE map_syncs (
  "mapId" bigint NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
  "robotId" text NOT NULL,
  "status" integer NOT NULL,
  "message" text,
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("mapId", "robotId")
);

-- Map elements drawn in the map editor (spec §3 element kinds 100-114): forbidden zones and
-- other special areas, routes, charging piles, points. Geometry in map pixels; props per kind.
CREATE TABLE map_elements (
  id bigserial PRIMARY KEY,
  "mapId" bigint NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
  "kind" integer NOT NULL,
  "subKind" integer,
  "name" text NOT NULL DEFAULT '',
  "points" jsonb NOT NULL DEFAULT '[]',
  "props" jsonb NOT NULL DEFAULT '{}',
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX map_elements_map_idx ON map_elements ("mapId", "kind");
