-- One cluster (issue 17): a robot may resend a detection (MQTT QoS 1 redelivers what a replica that
-- died did not acknowledge); its message id makes storing it idempotent.
ALTER TABLE detections ADD COLUMN "messageId" text;
CREATE UNIQUE INDEX detections_message_idx ON detections ("robotId", "messageId") WHERE "messageId" IS NOT NULL;

-- The replica that started a patrol run: a replica's start fails only the runs whose owner is gone
-- (embedded: every open run, the one process restarted); in a cluster the leader adopts them.
ALTER TABLE nav_records ADD COLUMN "owner" text;

