-- Navigation records (issue 5 follow-up): why a run failed (a message key of common/messages.ts:
-- naviRobotOffline, naviServerRestarted, naviRobotFailed), the route points reached of the run's
-- points, and the last re-recognition of the detections captured during the run
-- (POST /robot/naviRecord/reRecog).
ALTER TABLE nav_records ADD COLUMN "reason" text;
ALTER TABLE nav_records ADD COLUMN "point" integer NOT NULL DEFAULT 0;
ALTER TABLE nav_records ADD COLUMN "points" integer NOT NULL DEFAULT 0;
ALTER TABLE nav_records ADD COLUMN "recognised" integer;
ALTER TABLE nav_records ADD COLUMN "recognisedAt" timestamptz;
-- Runs still open on a robot (offline robots, server start) and a robot's detections in a run's window.
CREATE INDEX nav_records_open_idx ON nav_records ("robotId") WHERE "endedAt" IS NULL;
CREATE INDEX detections_robot_time_idx ON detections ("robotId", "detectedAt");
