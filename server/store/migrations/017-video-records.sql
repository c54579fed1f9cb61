-- History video exports (issue 7): a robot's recorded clip uploaded to the server.
CREATE TABLE video_records (
  id SERIAL PRIMARY KEY,
  "robotId" TEXT NOT NULL,
  "companyId" INTEGER,
  "cameraId" INTEGER NOT NULL,
  "startTime" TIMESTAMPTZ NOT NULL,
  "stopTime" TIMESTAMPTZ NOT NULL,
  "videoType" TEXT NOT NULL DEFAULT 'mp4',
  status TEXT NOT NULL,
  "errorCode" INTEGER,
  "fileUrl" TEXT,
  size BIGINT,
  "uploadKey" TEXT,
  "userId" INTEGER,
  "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX video_records_robot ON video_records ("robotId", "createdAt" DESC);
