-- Issue 19 nodeLog: a robot's log upload in progress (its one-time upload key; one row a robot,
-- shared by every replica), and which job uploaded each robot log file.
CREATE TABLE node_log_uploads (
  "robotId" text PRIMARY KEY,
  "uploadKey" text NOT NULL,
  "createdAt" timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE robot_logs ADD COLUMN "jobId" text;
ALTER TABLE robot_logs ADD COLUMN "fileKey" text;
CREATE INDEX robot_logs_robot_idx ON robot_logs ("robotId", "uploadTime" DESC);
