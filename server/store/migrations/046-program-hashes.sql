-- Issue 19: a program uploaded to the server (move_programs) keeps the SHA-256 of its file,
-- computed while the upload streams in, and sends it with its size and url in programInstall so
-- the robot checks what it downloaded (rows of before this migration get theirs when first issued).
-- A robot's job (robot_jobs) keeps why it failed: the message key the robot reported
-- (JOB_FAILURE_MESSAGES of common/events/maintenance-software.ts), null otherwise.
ALTER TABLE move_programs ADD COLUMN sha256 text;
ALTER TABLE robot_jobs ADD COLUMN message text;
