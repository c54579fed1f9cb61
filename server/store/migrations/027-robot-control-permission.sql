-- Issue 18: steering robots is the permission robot:control (it was robot:teleop, which the
-- general user tier held). Custom roles keep what they were granted under its new name, and
-- those that open telecontrol may watch its video (video:read joined the permission tree).
UPDATE roles SET "permissions" = (
  SELECT jsonb_agg(CASE WHEN v = '"robot:teleop"'::jsonb THEN '"robot:control"'::jsonb ELSE v END) FROM jsonb_array_elements("permissions") v
) WHERE "permissions" @> '["robot:teleop"]'::jsonb;
UPDATE roles SET "permissions" = "permissions" || '["video:read"]'::jsonb
 WHERE "permissions" @> '["menu:telecontrol"]'::jsonb AND NOT "permissions" @> '["video:read"]'::jsonb;
