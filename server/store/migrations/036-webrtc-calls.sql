-- Issue 21: audio/video calls with robots (webrtcLog). One row a call, written by whichever
-- replica handles each signalling event: the call's state lives here, not in one process.
CREATE TABLE webrtc_logs (
  id serial PRIMARY KEY,
  "callId" text NOT NULL UNIQUE,
  "robotId" text NOT NULL,
  "companyId" integer,
  "userId" integer,
  username text,
  direction integer NOT NULL DEFAULT 1,
  video integer NOT NULL DEFAULT 0,
  state integer NOT NULL DEFAULT 1,
  result integer NOT NULL DEFAULT 0,
  "startTime" timestamptz NOT NULL DEFAULT now(),
  "connectTime" timestamptz,
  "endTime" timestamptz,
  duration integer,
  rtt double precision,
  "packetsLost" integer,
  bitrate integer,
  "robotAudioPackets" integer,
  "robotAudioBytes" integer
);
-- At most one live call (waiting 1 or on call 2) a robot, across every replica.
CREATE UNIQUE INDEX webrtc_logs_live_robot ON webrtc_logs ("robotId") WHERE state > 0;
CREATE INDEX webrtc_logs_start_idx ON webrtc_logs ("startTime" DESC);
