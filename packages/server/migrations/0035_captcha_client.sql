-- The client address that asked for a slider puzzle, so that answers can be limited per account and
-- client (src/auth/captchaService.ts) without letting one client use up the owner's answers.
ALTER TABLE captchas ADD COLUMN client text NOT NULL DEFAULT '';
CREATE INDEX captchas_account_client ON captchas (username, client, created_at);
