-- Devices an account has signed in on (src/auth/loginDevices.ts): a browser that once logged in with
-- the right password keeps a device token, and its attempts are exempt from the account-wide delay
-- that failures from unknown devices set off, so a stranger hammering the account cannot lock its
-- owner out of a known device. Failures remember the device they came from ('' for none).
CREATE TABLE login_devices (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL,
  created_at bigint NOT NULL,
  last_used_at bigint NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX login_devices_user ON login_devices (user_id, last_used_at);
ALTER TABLE login_failures ADD COLUMN device text NOT NULL DEFAULT '';
