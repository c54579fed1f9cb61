-- Settings documents of schemas/settings (robotSetting, issue 3): one JSON document per robot and
-- settings schema, validated against the schema before it is written. No foreign key to robots:
-- their serial numbers are unique only case-insensitively (robots_robot_id_key on upper()).
CREATE TABLE robot_settings (
  robot_id text NOT NULL,
  schema_id text NOT NULL,
  params jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint,
  PRIMARY KEY (robot_id, schema_id)
);
