-- A login attempt is written down before its password is checked (settled = false) and becomes a
-- counted failure only once the check fails (settled = true); see src/auth/loginFailures.ts.
ALTER TABLE login_failures ADD COLUMN settled boolean NOT NULL DEFAULT true;
