-- Video transcoding jobs (docs/video.md "The job queue"): one row per stored content, ever, so the
-- same bytes are never transcoded twice (秒传 of a known file finds the row done). A worker takes a
-- row with FOR UPDATE SKIP LOCKED and holds it by a lease it renews; a lapsed lease (its process or
-- instance died) lets any worker take the row again. Deleting the content deletes its job, which a
-- running worker notices at its next heartbeat and stops.
CREATE TABLE video_jobs (
  content_sha256 text PRIMARY KEY REFERENCES file_contents(sha256) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled')),
  -- The name of the upload that queued it, for messages to the teacher.
  file_name text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  lease_owner text,
  lease_until bigint,
  progress real NOT NULL DEFAULT 0,
  eta_seconds integer,
  error_zh text,
  error_en text,
  ladder_version integer NOT NULL DEFAULT 1,
  -- A retry waits until then (backoff); a new job can run at once.
  run_after bigint NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  finished_at bigint
);
CREATE INDEX video_jobs_ready_idx ON video_jobs (run_after, created_at) WHERE state IN ('queued', 'running');
