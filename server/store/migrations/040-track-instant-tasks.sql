-- Issue 22: an instant inspection task runs when started and has no execution time or period
-- (they were required and an instant task listed as "Daily").
ALTER TABLE track_tasks ALTER COLUMN "runTime" DROP NOT NULL;
ALTER TABLE track_tasks ALTER COLUMN "period" DROP NOT NULL;
UPDATE track_tasks SET "runTime" = NULL, "period" = NULL, "weekDays" = '[]' WHERE "type" = 1;
