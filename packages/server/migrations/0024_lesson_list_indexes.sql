-- The public lists are mostly asked for one stage and subject (the subject implies its stage, see
-- lessonFilters.ts): newest and most popular first. Without these, a sparse subject's "hottest" page
-- walks the whole popularity index, and a dense one's total counts a wider index.
CREATE INDEX lessons_list_stage_subject_idx ON lessons(live_flag, publish_status, stage, subject_code, created_at DESC, id DESC);
CREATE INDEX lessons_hot_stage_subject_idx ON lessons(live_flag, publish_status, stage, subject_code, (download_count + learning_count) DESC, created_at DESC, id DESC);
