-- Special-topic types (专题类型) and lesson tags (课程标签): platform-wide lists the back-office keeps
-- in order. A topic carries at most one type; a lesson carries any number of tags. A type or tag in
-- use cannot be deleted (the call refuses with the count), so nothing is detached silently.
CREATE TABLE special_subject_types (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  sort integer NOT NULL DEFAULT 0,
  created_by text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);

ALTER TABLE special_subjects ADD COLUMN type_id text REFERENCES special_subject_types(id) ON DELETE RESTRICT;
CREATE INDEX special_subjects_type_idx ON special_subjects(type_id);
-- An uploaded cover (files), served by signed media links like a lesson's; cover_url stays for links.
ALTER TABLE special_subjects ADD COLUMN cover_file_id text;

CREATE TABLE lesson_tags (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  sort integer NOT NULL DEFAULT 0,
  created_by text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);

CREATE TABLE lesson_tag_links (
  lesson_id text NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
  tag_id text NOT NULL REFERENCES lesson_tags(id) ON DELETE RESTRICT,
  PRIMARY KEY (lesson_id, tag_id)
);
CREATE INDEX lesson_tag_links_tag_idx ON lesson_tag_links(tag_id, lesson_id);
