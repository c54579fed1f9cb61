-- Dashboard monitoring configuration (issue 4, spec §2 /dashboard, §5): one per company — the
-- cameras ([{robotId, cameraId}], 1 to 16, no duplicates) and maps ([mapId], at least 1) it shows.
CREATE TABLE monitoring_configs (
  company_id bigint PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  cameras jsonb NOT NULL,
  maps jsonb NOT NULL,
  updated_by bigint,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Navigation overview configuration (spec §7 get/set/delNavigationConfig): the maps /navPandect
-- shows for a company (at least 1, no duplicates); without one it shows every map of the tree.
CREATE TABLE navigation_configs (
  company_id bigint PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  maps jsonb NOT NULL,
  updated_by bigint,
  updated_at timestamptz NOT NULL DEFAULT now()
);
