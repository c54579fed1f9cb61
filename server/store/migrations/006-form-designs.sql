-- Form designer (issue 6): every save of a design into an entity schema is a revision (who,
-- when, the whole schema). The live schema is the file in DATA_DIR/schemas/entities; restoring
-- a revision writes its schema there again as a new revision.
CREATE TABLE form_design_revisions (
  id bigserial PRIMARY KEY,
  schema_id text NOT NULL,
  revision integer NOT NULL,
  schema jsonb NOT NULL,
  user_id bigint,
  username text NOT NULL,
  restored_from integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (schema_id, revision)
);
