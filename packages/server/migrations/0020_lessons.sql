-- Cloud lessons: curriculum reference data, teacher introductions, lessons with their videos, special
-- topics, home carousel, and what each learner does with a lesson (notes, study time, scores,
-- collections). Times are epoch milliseconds.

-- Curriculum (loaded from packages/server/seed/curriculum.json at every start; never edited by users).
CREATE TABLE curriculum_editions (
  id text PRIMARY KEY,
  name text NOT NULL,
  alias text NOT NULL DEFAULT '',
  publisher text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE curriculum_subjects (
  stage smallint NOT NULL,
  subject_code integer NOT NULL,
  name text NOT NULL,
  edition_id text NOT NULL REFERENCES curriculum_editions(id),
  PRIMARY KEY (subject_code, edition_id)
);

CREATE TABLE curriculum_books (
  id text PRIMARY KEY,
  edition_id text NOT NULL REFERENCES curriculum_editions(id),
  stage smallint NOT NULL,
  subject_code integer NOT NULL,
  grade smallint NOT NULL,
  grade_name text NOT NULL,
  term smallint NOT NULL,
  term_name text NOT NULL,
  name text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX curriculum_books_subject_idx ON curriculum_books(stage, subject_code, grade);

-- One table for both trees: kind 'chapter' hangs under a book, kind 'knowledge' under a subject.
-- path is '/root/…/self/', so "a node and everything below it" is one LIKE on an index.
CREATE TABLE lesson_nodes (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('chapter', 'knowledge')),
  parent_id text,
  name text NOT NULL,
  level smallint NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  book_id text REFERENCES curriculum_books(id),
  stage smallint NOT NULL,
  subject_code integer NOT NULL,
  path text NOT NULL
);
CREATE INDEX lesson_nodes_book_idx ON lesson_nodes(book_id);
CREATE INDEX lesson_nodes_subject_idx ON lesson_nodes(kind, subject_code);
CREATE INDEX lesson_nodes_path_idx ON lesson_nodes(path text_pattern_ops);

CREATE TABLE teacher_infos (
  id text PRIMARY KEY,
  user_id text UNIQUE REFERENCES users(id) ON DELETE SET NULL,
  name text NOT NULL,
  sex text NOT NULL DEFAULT '1',
  title text NOT NULL DEFAULT '',
  intro text NOT NULL DEFAULT '',
  avatar_url text NOT NULL DEFAULT '',
  avatar_file_id text,
  school_id text NOT NULL DEFAULT '',
  school_name text NOT NULL DEFAULT '',
  stage smallint,
  subject_codes jsonb NOT NULL DEFAULT '[]',
  sort integer NOT NULL DEFAULT 0,
  created_by text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX teacher_infos_school_idx ON teacher_infos(school_id);

CREATE TABLE special_subjects (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT '',
  cover_url text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  created_by text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);

CREATE TABLE lessons (
  id text PRIMARY KEY,
  title text NOT NULL,
  lesson_type text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  live_flag smallint NOT NULL DEFAULT 0 CHECK (live_flag IN (0, 1)),
  stage smallint NOT NULL,
  subject_code integer NOT NULL,
  grade smallint NOT NULL,
  edition_id text REFERENCES curriculum_editions(id),
  book_id text REFERENCES curriculum_books(id),
  chapter_node_id text REFERENCES lesson_nodes(id),
  teacher_user_id text REFERENCES users(id) ON DELETE SET NULL,
  teacher_info_id text REFERENCES teacher_infos(id) ON DELETE SET NULL,
  teacher_name text NOT NULL DEFAULT '',
  school_id text NOT NULL DEFAULT '',
  school_name text NOT NULL DEFAULT '',
  cover_url text NOT NULL DEFAULT '',
  cover_file_id text,
  duration_seconds integer NOT NULL DEFAULT 0,
  live_start_at bigint,
  live_end_at bigint,
  publish_status smallint NOT NULL DEFAULT 0 CHECK (publish_status IN (0, 1)),
  publish_at bigint,
  excellent_flag smallint NOT NULL DEFAULT 0 CHECK (excellent_flag IN (0, 1)),
  download_count integer NOT NULL DEFAULT 0,
  learning_count integer NOT NULL DEFAULT 0,
  view_count integer NOT NULL DEFAULT 0,
  created_by text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  CHECK (live_flag = 0 OR (live_start_at IS NOT NULL AND live_end_at > live_start_at))
);
-- The public lists filter published lessons of one kind by stage / subject / grade and show the
-- newest first: these composite indexes answer a page by walking the index in order. A subject or a
-- grade implies its stage, and the filter adds that stage, so the stage-led indexes serve them too.
CREATE INDEX lessons_list_idx ON lessons(live_flag, publish_status, created_at DESC, id DESC);
CREATE INDEX lessons_list_stage_idx ON lessons(live_flag, publish_status, stage, created_at DESC, id DESC);
CREATE INDEX lessons_list_grade_idx ON lessons(live_flag, publish_status, stage, subject_code, grade, created_at DESC, id DESC);
CREATE INDEX lessons_list_subject_idx ON lessons(live_flag, publish_status, subject_code, created_at DESC, id DESC);
CREATE INDEX lessons_list_stage_grade_idx ON lessons(live_flag, publish_status, stage, grade, created_at DESC, id DESC);
CREATE INDEX lessons_hot_idx ON lessons(live_flag, publish_status, (download_count + learning_count) DESC, created_at DESC);
CREATE INDEX lessons_live_time_idx ON lessons(live_flag, publish_status, live_start_at);
CREATE INDEX lessons_book_idx ON lessons(book_id);
CREATE INDEX lessons_chapter_idx ON lessons(chapter_node_id);
CREATE INDEX lessons_teacher_user_idx ON lessons(teacher_user_id);
CREATE INDEX lessons_teacher_info_idx ON lessons(teacher_info_id);
CREATE INDEX lessons_created_by_idx ON lessons(created_by);

CREATE TABLE lesson_knowledge_nodes (
  lesson_id text NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
  node_id text NOT NULL REFERENCES lesson_nodes(id),
  PRIMARY KEY (lesson_id, node_id)
);
CREATE INDEX lesson_knowledge_nodes_node_idx ON lesson_knowledge_nodes(node_id);

CREATE TABLE lesson_resources (
  id text PRIMARY KEY,
  lesson_id text NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
  title text NOT NULL,
  url text NOT NULL DEFAULT '',
  file_info_id text,
  duration_seconds integer NOT NULL DEFAULT 0,
  caption_url text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX lesson_resources_lesson_idx ON lesson_resources(lesson_id, sort);

-- A lesson filed under a topic; a lesson in a topic is not deleted (2810137).
CREATE TABLE special_subject_lessons (
  special_subject_id text NOT NULL REFERENCES special_subjects(id) ON DELETE CASCADE,
  lesson_id text NOT NULL REFERENCES lessons(id),
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (special_subject_id, lesson_id)
);
CREATE INDEX special_subject_lessons_lesson_idx ON special_subject_lessons(lesson_id);

-- Key points on a video's time line, set by the lesson's teacher and shown to every viewer.
CREATE TABLE lesson_resource_marks (
  id text PRIMARY KEY,
  resource_id text NOT NULL REFERENCES lesson_resources(id) ON DELETE CASCADE,
  mark_time integer NOT NULL,
  title text NOT NULL,
  content text NOT NULL DEFAULT '',
  created_by text,
  created_at bigint NOT NULL
);
CREATE INDEX lesson_resource_marks_resource_idx ON lesson_resource_marks(resource_id, mark_time);

CREATE TABLE lesson_notes (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  lesson_id text NOT NULL REFERENCES lessons(id),
  resource_id text,
  content text NOT NULL,
  video_time integer NOT NULL DEFAULT 0,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX lesson_notes_user_idx ON lesson_notes(user_id, lesson_id, created_at DESC);
CREATE INDEX lesson_notes_lesson_idx ON lesson_notes(lesson_id);

-- Study time per learner, lesson and video; the player reports honest watch time in small batches.
CREATE TABLE lesson_learning (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  lesson_id text NOT NULL REFERENCES lessons(id),
  resource_id text NOT NULL,
  total_seconds integer NOT NULL DEFAULT 0,
  last_position integer NOT NULL DEFAULT 0,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  PRIMARY KEY (user_id, lesson_id, resource_id)
);
CREATE INDEX lesson_learning_lesson_idx ON lesson_learning(lesson_id);
CREATE INDEX lesson_learning_recent_idx ON lesson_learning(user_id, updated_at DESC);

CREATE TABLE lesson_scores (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  lesson_id text NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
  score smallint NOT NULL CHECK (score BETWEEN 1 AND 5),
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  PRIMARY KEY (user_id, lesson_id)
);
CREATE INDEX lesson_scores_lesson_idx ON lesson_scores(lesson_id);

CREATE TABLE lesson_previews (
  id bigserial PRIMARY KEY,
  lesson_id text NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
  user_id text,
  created_at bigint NOT NULL
);
CREATE INDEX lesson_previews_lesson_idx ON lesson_previews(lesson_id);

-- The last curriculum position a user chose on a screen (business type), restored on the next visit.
CREATE TABLE lesson_history_nodes (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  business_type text NOT NULL,
  node jsonb NOT NULL,
  updated_at bigint NOT NULL,
  PRIMARY KEY (user_id, business_type)
);

CREATE TABLE lesson_collections (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  lesson_id text NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  PRIMARY KEY (user_id, lesson_id)
);
CREATE INDEX lesson_collections_recent_idx ON lesson_collections(user_id, created_at DESC);

CREATE TABLE carousel_images (
  id text PRIMARY KEY,
  group_id text NOT NULL DEFAULT 'home',
  slide_key text NOT NULL DEFAULT '',
  title text NOT NULL,
  title_by_identity jsonb NOT NULL DEFAULT '{}',
  subtitle text NOT NULL DEFAULT '',
  image_url text NOT NULL DEFAULT '',
  image_file_id text,
  target jsonb NOT NULL DEFAULT '{}',
  visibility text NOT NULL DEFAULT 'all' CHECK (visibility IN ('all', 'loggedIn', 'loggedInNotStudent')),
  enabled smallint NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  sort integer NOT NULL DEFAULT 0,
  created_by text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX carousel_images_group_idx ON carousel_images(group_id, sort);

-- When the demo lessons were last laid around "today", so a long-running demo keeps a live schedule.
CREATE TABLE lesson_demo_state (
  key text PRIMARY KEY,
  anchor_at bigint NOT NULL
);
