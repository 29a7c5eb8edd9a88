-- Resource-collection activities (资源征集活动): an organiser publishes an activity with a curriculum
-- scope and time windows; teachers sign up, claim curriculum nodes and submit one work package per
-- node; reviewers audit the works level by level. Times are epoch milliseconds (China time is a
-- display concern). docs/activities.md has the state diagrams.

CREATE TABLE activities (
  id text PRIMARY KEY,
  name text NOT NULL,
  -- Sanitised HTML (the notice shown on the activity page).
  description text NOT NULL DEFAULT '',
  cover_url text NOT NULL DEFAULT '',
  cover_file_id text,
  -- The organiser: a city, district or school organisation; the activity reaches its subtree.
  org_id text NOT NULL REFERENCES organisations(id),
  -- ActivitySystems of @dscloud/sdk/activities (1 精品课, 2 优课, 3 微课).
  activity_system smallint NOT NULL,
  -- ActivityStatuses: 0 draft, 1 published, 2 withdrawn. The phase (sign-up, upload, review, ended)
  -- follows from the windows and is never stored.
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  sign_up_start_at bigint,
  sign_up_end_at bigint,
  upload_start_at bigint,
  upload_end_at bigint,
  audit_start_at bigint,
  audit_end_at bigint,
  -- Review levels used, in review order: AuditLevels (1 school, 2 district, 3 city), e.g. [1, 2, 3];
  -- never above the organiser's own level.
  review_levels jsonb NOT NULL DEFAULT '[]',
  -- [{ item, required, kinds }] — PackageItems and the file categories each item accepts.
  package_template jsonb NOT NULL DEFAULT '[]',
  -- { worksPerTeacher, teachersPerNode, nodesPerTeacher, allowFormatWarnings }
  rules jsonb NOT NULL DEFAULT '{}',
  -- The video's technical rules for the automatic format review (VideoRules).
  video_rules jsonb NOT NULL DEFAULT '{}',
  -- [{ fileId, name, url }] — the notice PDF and other attachments.
  attachments jsonb NOT NULL DEFAULT '[]',
  published_at bigint,
  -- Compare-and-set on edits and status changes.
  version integer NOT NULL DEFAULT 1,
  deleted_at bigint,
  created_by text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  CHECK (sign_up_end_at IS NULL OR sign_up_start_at IS NULL OR sign_up_end_at > sign_up_start_at),
  CHECK (upload_end_at IS NULL OR upload_start_at IS NULL OR upload_end_at > upload_start_at),
  CHECK (audit_end_at IS NULL OR audit_start_at IS NULL OR audit_end_at > audit_start_at)
);
CREATE INDEX activities_org_idx ON activities(org_id) WHERE deleted_at IS NULL;
CREATE INDEX activities_published_idx ON activities(status, sign_up_start_at DESC) WHERE deleted_at IS NULL;

-- The activity's scope: one row per (stage, subject, edition, book); a NULL book means every book of
-- that edition, a NULL edition every edition of the subject.
CREATE TABLE activity_scopes (
  activity_id text NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
  stage smallint NOT NULL,
  subject_code integer NOT NULL,
  edition_id text REFERENCES curriculum_editions(id),
  book_id text REFERENCES curriculum_books(id),
  sort integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX activity_scopes_uniq ON activity_scopes(activity_id, stage, subject_code, COALESCE(edition_id, ''), COALESCE(book_id, ''));

-- A teacher's sign-up (one per teacher and activity; a cancelled one is kept, and signing up again
-- revives it).
CREATE TABLE activity_sign_ups (
  id text PRIMARY KEY,
  activity_id text NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id),
  real_name text NOT NULL,
  phone text NOT NULL DEFAULT '',
  school_id text NOT NULL REFERENCES organisations(id),
  district_id text REFERENCES organisations(id),
  stage smallint NOT NULL,
  subject_code integer NOT NULL,
  -- SignUpStatuses: 1 active, 0 cancelled.
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  cancelled_at bigint,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  UNIQUE (activity_id, user_id)
);
CREATE INDEX activity_sign_ups_school_idx ON activity_sign_ups(activity_id, school_id);

-- The curriculum nodes a sign-up claims (chapter or knowledge nodes of the scope).
CREATE TABLE activity_sign_up_nodes (
  id text PRIMARY KEY,
  sign_up_id text NOT NULL REFERENCES activity_sign_ups(id) ON DELETE CASCADE,
  activity_id text NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id),
  node_id text NOT NULL REFERENCES lesson_nodes(id),
  -- 1 active, 0 given up.
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  cancelled_at bigint,
  created_at bigint NOT NULL
);
CREATE UNIQUE INDEX activity_sign_up_nodes_active_uniq ON activity_sign_up_nodes(activity_id, node_id, user_id) WHERE status = 1;
CREATE INDEX activity_sign_up_nodes_sign_up_idx ON activity_sign_up_nodes(sign_up_id);

-- How many active claims each node has: claiming is one atomic
-- `UPDATE … SET taken = taken + 1 WHERE taken < limit RETURNING`, so concurrent claims of the last
-- free place cannot both win, on PGlite and on PostgreSQL with several server processes.
CREATE TABLE activity_node_occupancy (
  activity_id text NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
  node_id text NOT NULL REFERENCES lesson_nodes(id),
  taken integer NOT NULL DEFAULT 0 CHECK (taken >= 0),
  PRIMARY KEY (activity_id, node_id)
);

-- A work: one per claimed node. Its id is the `lessonId` of the spec's works calls; a work marked
-- high-quality is published as a catalogue lesson (published_lesson_id).
CREATE TABLE activity_works (
  id text PRIMARY KEY,
  activity_id text NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
  sign_up_id text NOT NULL REFERENCES activity_sign_ups(id) ON DELETE CASCADE,
  sign_up_node_id text NOT NULL REFERENCES activity_sign_up_nodes(id) ON DELETE CASCADE,
  node_id text NOT NULL REFERENCES lesson_nodes(id),
  user_id text NOT NULL REFERENCES users(id),
  school_id text NOT NULL REFERENCES organisations(id),
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- WorkSubmitStatuses: 0 draft, 1 submitted, 2 withdrawn (its node or sign-up was given up).
  submit_status smallint NOT NULL DEFAULT 0 CHECK (submit_status IN (0, 1, 2)),
  -- The last automatic format review: { passed, warnings, failures: [{ rule, item, message }], at }.
  format_review jsonb,
  -- WorkReviewStates (the review issue's audit): 0 not in review, 1 pending at review_level,
  -- 2 returned for revision, 3 passed the top level, 4 rejected, 5 high-quality.
  review_state smallint NOT NULL DEFAULT 0,
  review_level smallint,
  published_lesson_id text REFERENCES lessons(id) ON DELETE SET NULL,
  submitted_at bigint,
  version integer NOT NULL DEFAULT 1,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE UNIQUE INDEX activity_works_node_uniq ON activity_works(sign_up_node_id) WHERE submit_status <> 2;
CREATE INDEX activity_works_activity_idx ON activity_works(activity_id, submit_status);
CREATE INDEX activity_works_user_idx ON activity_works(user_id, activity_id);

-- The files of a work's package: one row per file (an item may hold several, e.g. two courseware files).
CREATE TABLE activity_work_items (
  work_id text NOT NULL REFERENCES activity_works(id) ON DELETE CASCADE,
  item smallint NOT NULL,
  file_id bigint NOT NULL,
  file_name text NOT NULL,
  file_size bigint NOT NULL DEFAULT 0,
  -- What the server's probe found in a video: { container, videoCodec, width, height, fps,
  -- durationSeconds, bitrateKbps, audioCodec, audioBitrateKbps }.
  probe jsonb,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (work_id, item, file_id)
);
