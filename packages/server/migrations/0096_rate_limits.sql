-- Per-client request budgets (login attempts, captcha puzzles and answers per IP and minute), shared by
-- every server over this database: one row per request let through, counted over the sliding window
-- under an advisory lock on the key (src/http/rateLimiter.ts). The housekeeping sweep removes old rows.
CREATE TABLE rate_limit_hits (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  at bigint NOT NULL
);
CREATE INDEX rate_limit_hits_key_at ON rate_limit_hits (key, at);
