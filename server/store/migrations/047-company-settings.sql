-- Company documents of settings schemas that inherit (x-inherit "company": debugSetting, issue 19):
-- one document per company and schema holding only the values the company sets itself; a robot's
-- effective value is its own (robot_settings), else its company's, else its parent companies', else
-- the schema default. A company's documents go with it.
CREATE TABLE company_settings (
  company_id bigint NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  schema_id text NOT NULL,
  params jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint,
  PRIMARY KEY (company_id, schema_id)
);
