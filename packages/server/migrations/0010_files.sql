-- File service (docs/storage.md). Stored bytes are content-addressed by sha256; what a user sees is a
-- file_info row pointing at them, so one video uploaded by many teachers is stored once.
CREATE TABLE file_contents (
  sha256 text PRIMARY KEY,
  md5 text NOT NULL,
  size bigint NOT NULL,
  store text NOT NULL CHECK (store IN ('local', 's3')),
  storage_key text NOT NULL,
  mime text NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX file_contents_md5_idx ON file_contents(md5, size);

-- Ids come from one sequence shared with uploads: a chunked upload is named by the id its file
-- will have once complete (the SDK keeps that id from the first chunk on).
CREATE SEQUENCE file_info_ids START WITH 100001;

CREATE TABLE file_infos (
  id bigint PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content_sha256 text NOT NULL REFERENCES file_contents(sha256),
  file_name text NOT NULL,
  extension text NOT NULL,
  category_code integer NOT NULL,
  support_source_flag integer NOT NULL DEFAULT 0,
  business_code text,
  created_at bigint NOT NULL
);
CREATE INDEX file_infos_user_idx ON file_infos(user_id, content_sha256);

-- One row per upload; the unique key is what makes a resend of the first chunk find the same upload.
CREATE TABLE uploads (
  id bigint PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  file_md5 text NOT NULL,
  total_size bigint NOT NULL,
  extension text NOT NULL,
  file_name text NOT NULL,
  chunk_size bigint NOT NULL,
  chunks integer NOT NULL,
  state text NOT NULL DEFAULT 'receiving' CHECK (state IN ('receiving', 'assembling', 'complete')),
  lease_until bigint,
  support_source_flag integer NOT NULL DEFAULT 0,
  business_code text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  UNIQUE (user_id, file_md5, total_size, extension)
);
CREATE INDEX uploads_state_idx ON uploads(state, updated_at);

-- A row exists only once the chunk's bytes are durable on disk; the primary key makes two parallel
-- sends of one index agree on a single winner, and sha256 tells a harmless resend from a conflict.
CREATE TABLE upload_chunks (
  upload_id bigint NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
  chunk_index integer NOT NULL,
  size bigint NOT NULL,
  sha256 text NOT NULL,
  created_at bigint NOT NULL,
  PRIMARY KEY (upload_id, chunk_index)
);

-- Proof-of-possession challenges: single use (deleted when answered), bound to user and content.
CREATE TABLE file_challenges (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  md5 text NOT NULL,
  content_sha256 text NOT NULL REFERENCES file_contents(sha256),
  range_offset bigint NOT NULL,
  range_length bigint NOT NULL,
  expires_at bigint NOT NULL
);

-- Object keys handed out for direct object-store uploads; cloud/save accepts only a key issued to the caller.
CREATE TABLE object_grants (
  object_key text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  file_md5 text NOT NULL,
  business_code text,
  -- Set once saved, so a repeated cloud/save (lost answer, retry) returns the same file.
  file_info_id bigint,
  expires_at bigint NOT NULL,
  created_at bigint NOT NULL
);
