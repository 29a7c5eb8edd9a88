-- A lesson's views and downloads count once per viewer per period (src/learning/countedOnce.ts): a
-- script calling lessonPreview/add or the download counter in a loop no longer moves a lesson up.
ALTER TABLE lesson_previews ADD COLUMN viewer text NOT NULL DEFAULT '';
ALTER TABLE lesson_previews ADD COLUMN period bigint NOT NULL DEFAULT 0;
-- Earlier rows were one per call: each stays its own view.
UPDATE lesson_previews SET viewer = 'row:' || id::text;
CREATE UNIQUE INDEX lesson_previews_once_idx ON lesson_previews(lesson_id, viewer, period);

CREATE TABLE lesson_downloads (
  lesson_id text NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
  user_id text NOT NULL,
  period bigint NOT NULL,
  created_at bigint NOT NULL,
  PRIMARY KEY (lesson_id, user_id, period)
);
