-- Uploads served by several server processes (docs/architecture.md, "Uploads"). With S3 storage the
-- chunks of an upload are the parts of one S3 multipart upload: its id on the store is kept here, and
-- each acknowledged chunk keeps its part's ETag, so any process can complete or abort the upload.
ALTER TABLE uploads ADD COLUMN store_upload_id text;
ALTER TABLE upload_chunks ADD COLUMN etag text;

-- One send of a chunk index at a time across processes (PostgreSQL): a send holds the claim while it
-- writes the bytes; a claim whose process died lapses at claimed_until and is taken over.
CREATE TABLE upload_chunk_claims (
  upload_id bigint NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
  chunk_index integer NOT NULL,
  holder text NOT NULL,
  claimed_until bigint NOT NULL,
  PRIMARY KEY (upload_id, chunk_index)
);
