-- Thumbnails of stored pictures (files/thumbnails.ts): one small copy per content, made the first time
-- it is asked for and stored beside the original (`<storage_key>-thumb-jpg` or `-thumb-png`). Shared by
-- every file of the same bytes, like the original. NULL: not made yet.
ALTER TABLE file_contents ADD COLUMN thumb_key text;
ALTER TABLE file_contents ADD COLUMN thumb_width integer;
ALTER TABLE file_contents ADD COLUMN thumb_height integer;
