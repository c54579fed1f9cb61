-- Navigation task execution (issue 5): a run's record keeps the laps asked and driven, how it
-- ended (running, finished, stopped, failed) and whether the task was armed (it returns to
-- "started" afterwards, waiting for its next scheduled minute, instead of "finished").
ALTER TABLE nav_records ADD COLUMN "count" integer NOT NULL DEFAULT 1;
ALTER TABLE nav_records ADD COLUMN "laps" integer NOT NULL DEFAULT 0;
ALTER TABLE nav_records ADD COLUMN "result" text NOT NULL DEFAULT 'running';
ALTER TABLE nav_records ADD COLUMN "armed" boolean NOT NULL DEFAULT false;
UPDATE nav_records SET "result" = CASE "status" WHEN 3 THEN 'finished' WHEN 2 THEN 'running' ELSE 'stopped' END;
