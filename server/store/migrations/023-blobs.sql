-- One cluster (issue 17): files every replica can read. A file's row (size NULL while it is being
-- written) and its bytes in 1 MB chunks; the data folder of each replica is a cache of them.
CREATE TABLE blobs (
  key text PRIMARY KEY,
  size bigint,
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE blob_chunks (
  key text NOT NULL REFERENCES blobs (key) ON DELETE CASCADE,
  n integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (key, n)
);
-- Pictures, tiles and video do not compress: store the chunks as they are.
ALTER TABLE blob_chunks ALTER COLUMN data SET STORAGE EXTERNAL;
