-- Works review (作品评审): reviewers assigned to an activity by level, stage and subject; every decision
-- kept as the work's trace; per-level quotas counted atomically; the activity's review rules. A work's
-- place in the review stays on activity_works (review_state, review_level); docs/activities.md has the
-- rules and the state diagram.

-- The activity's review rules: { blind, reviewersPerWork, combine, passScore, quotas, rubric,
-- opinionTemplates } (ReviewRules of @dscloud/sdk/review).
ALTER TABLE activities ADD COLUMN review_rules jsonb NOT NULL DEFAULT '{}';

-- What a reviewer needs to filter by without joining the sign-up: copied from the sign-up and the node
-- when the work is saved.
ALTER TABLE activity_works ADD COLUMN stage smallint;
ALTER TABLE activity_works ADD COLUMN subject_code integer;
ALTER TABLE activity_works ADD COLUMN district_id text;
ALTER TABLE activity_works ADD COLUMN book_id text;
-- 1 for the first submission, +1 for each resubmission after a return.
ALTER TABLE activity_works ADD COLUMN round integer NOT NULL DEFAULT 1;
-- The score that counted at the last decided level (the average of two reviewers, or the one).
ALTER TABLE activity_works ADD COLUMN review_score real;
ALTER TABLE activity_works ADD COLUMN reviewed_at bigint;
CREATE INDEX activity_works_review_idx ON activity_works(activity_id, review_level, review_state);
CREATE INDEX activity_works_subject_idx ON activity_works(activity_id, stage, subject_code);
CREATE INDEX activity_works_school_idx ON activity_works(activity_id, school_id);

-- A reviewer of one activity at one level for one stage and subject, reviewing the works of one
-- organisation unit: a school (level 1), a district (level 2) or the city (level 3).
CREATE TABLE activity_audit_persons (
  id text PRIMARY KEY,
  activity_id text NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
  level smallint NOT NULL CHECK (level IN (1, 2, 3)),
  user_id text NOT NULL REFERENCES users(id),
  org_id text NOT NULL REFERENCES organisations(id),
  stage smallint NOT NULL,
  subject_code integer NOT NULL,
  -- With two reviewers per work, the final reviewer decides when the two disagree.
  final_reviewer boolean NOT NULL DEFAULT false,
  created_by text,
  created_at bigint NOT NULL,
  UNIQUE (activity_id, level, user_id, org_id, stage, subject_code)
);
CREATE INDEX activity_audit_persons_user_idx ON activity_audit_persons(user_id, activity_id);
CREATE INDEX activity_audit_persons_scope_idx ON activity_audit_persons(activity_id, level, stage, subject_code);

-- Every decision on a work (getAuditTrace): never updated, never deleted while the work exists.
CREATE TABLE activity_work_audits (
  id text PRIMARY KEY,
  work_id text NOT NULL REFERENCES activity_works(id) ON DELETE CASCADE,
  activity_id text NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
  level smallint NOT NULL,
  round integer NOT NULL,
  -- The work's version the reviewer saw (compare-and-set).
  work_version integer NOT NULL,
  reviewer_id text NOT NULL REFERENCES users(id),
  -- AuditDecisions: 1 pass, 2 return for revision, 3 reject, 4 high-quality.
  decision smallint NOT NULL CHECK (decision IN (1, 2, 3, 4)),
  score real,
  -- Points per rubric item: { [itemKey]: points }.
  scores jsonb NOT NULL DEFAULT '{}',
  opinion text NOT NULL DEFAULT '',
  -- False for the first of two reviewers' decisions (provisional); true when it moved the work.
  counted boolean NOT NULL DEFAULT true,
  created_at bigint NOT NULL
);
CREATE INDEX activity_work_audits_work_idx ON activity_work_audits(work_id, created_at);
CREATE INDEX activity_work_audits_reviewer_idx ON activity_work_audits(activity_id, reviewer_id);

-- Works passed up from one organisation unit at one level, against ReviewRules.quotas: incremented by a
-- conditional update (used < quota) in the deciding transaction, so concurrent passes never exceed it.
CREATE TABLE activity_review_quota (
  activity_id text NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
  level smallint NOT NULL,
  org_id text NOT NULL,
  used integer NOT NULL DEFAULT 0,
  PRIMARY KEY (activity_id, level, org_id)
);
