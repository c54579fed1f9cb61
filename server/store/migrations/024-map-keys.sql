-- One cluster (issue 17): a map's record holds the keys of its files in the blob store, relative to
-- the data folder (maps/12/map.pgm, and maps/<name>.pgm for the demo plans written beside the map
-- folders), no longer the absolute path into one replica's folder. An absolute value keeps what
-- follows the last "/maps/" before the file (or before its map folder), backslashes read as slashes.
UPDATE maps SET "pgmPath" = regexp_replace(replace("pgmPath", '\', '/'), '^.*/(maps/([0-9]+/)?[^/]+)$', '\1')
  WHERE "pgmPath" ~ '^(/|\\|[A-Za-z]:)';
UPDATE maps SET "yamlPath" = regexp_replace(replace("yamlPath", '\', '/'), '^.*/(maps/([0-9]+/)?[^/]+)$', '\1')
  WHERE "yamlPath" ~ '^(/|\\|[A-Za-z]:)';
