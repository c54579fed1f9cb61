-- Maps (issue 5): the optional files of an upload (spec §3: pcd, zip, calibration), by kind: {kind: original name}.
ALTER TABLE maps ADD COLUMN "extraFiles" jsonb NOT NULL DEFAULT '{}';
