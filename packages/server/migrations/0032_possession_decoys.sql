-- An instant-upload check for content the server does not hold gets a challenge too (a decoy, with no
-- content behind it), so that the answer does not tell whether someone stored that content.
ALTER TABLE file_challenges ALTER COLUMN content_sha256 DROP NOT NULL;
