-- Spec §3 robot fields (issue 20): the navigation switch (open by default), the map type, the
-- building and the floor the robot works on. buildingId names a row of buildings (checked by the
-- server on add/modify); no foreign key, so deleting a building leaves the robot's number.
ALTER TABLE robots ADD COLUMN "naviSwitch" integer NOT NULL DEFAULT 1;
ALTER TABLE robots ADD COLUMN "mapType" integer;
ALTER TABLE robots ADD COLUMN "buildingId" bigint;
ALTER TABLE robots ADD COLUMN "floor" integer;
