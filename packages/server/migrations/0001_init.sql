-- Organisations form one tree: city bureau (1) → district bureau (2) → school (3) → class (4).
CREATE TABLE organisations (
  id text PRIMARY KEY,
  name text NOT NULL,
  short_name text NOT NULL DEFAULT '',
  org_type integer NOT NULL CHECK (org_type BETWEEN 1 AND 4),
  parent_id text REFERENCES organisations(id),
  area_code text NOT NULL DEFAULT 'dsideal',
  stage_code text,
  created_at bigint NOT NULL
);
CREATE INDEX organisations_parent_idx ON organisations(parent_id);

CREATE TABLE users (
  id text PRIMARY KEY,
  username text NOT NULL UNIQUE,
  display_name text NOT NULL,
  identity_code integer NOT NULL CHECK (identity_code IN (5, 6, 7)),
  sex text NOT NULL DEFAULT '1',
  org_id text NOT NULL REFERENCES organisations(id),
  class_id text REFERENCES organisations(id),
  stage_code text,
  avatar_file_id text,
  password_hash text NOT NULL,
  disabled boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL
);

CREATE TABLE user_roles (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role_code text NOT NULL,
  level integer NOT NULL,
  org_id text REFERENCES organisations(id),
  PRIMARY KEY (user_id, role_code)
);

CREATE TABLE audit_persons (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  stage_code text NOT NULL,
  subject_code text NOT NULL,
  audit_level integer NOT NULL DEFAULT 1,
  created_at bigint NOT NULL,
  PRIMARY KEY (user_id, stage_code, subject_code)
);

-- Only the sha256 of a token is stored; a stolen database does not yield usable tokens.
-- family_id ties every rotation of one login together so that logout ends all of them.
CREATE TABLE tokens (
  token_hash text PRIMARY KEY,
  family_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  ua text NOT NULL DEFAULT '',
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  revoked_at bigint,
  successor_hash text,
  rotated_at bigint
);
CREATE INDEX tokens_family_idx ON tokens(family_id);
CREATE INDEX tokens_user_idx ON tokens(user_id);

-- Failed logins per account name (existing or not), for the captcha rule and the sliding-window limit.
CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  ip text NOT NULL DEFAULT '',
  failed_at bigint NOT NULL
);
CREATE INDEX login_failures_user_idx ON login_failures(username, failed_at);

CREATE TABLE captchas (
  id text PRIMARY KEY,
  username text NOT NULL,
  answer_x integer NOT NULL,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'solved', 'dead', 'used')),
  expires_at bigint NOT NULL,
  token_hash text UNIQUE,
  token_expires_at bigint,
  created_at bigint NOT NULL
);

CREATE TABLE wechat_states (
  state text PRIMARY KEY,
  area_code text NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint
);

CREATE TABLE global_config (
  config_key text PRIMARY KEY,
  config_value text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0
);
