-- Issue 19: programs uploaded to the server for a robot (uploadMoveProgram on the large-file
-- address, up to 1 GB, streamed to the blob store). Listed with the robot's own programs
-- (getServicePack) until issued (issueServicePack) or deleted (deleteProgram). One name per robot.
CREATE TABLE move_programs (
  id bigserial PRIMARY KEY,
  "robotId" text NOT NULL,
  name text NOT NULL,
  version text NOT NULL DEFAULT '',
  size bigint NOT NULL,
  "fileKey" text NOT NULL,
  url text NOT NULL,
  uploader text NOT NULL DEFAULT '',
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  UNIQUE ("robotId", name)
);
