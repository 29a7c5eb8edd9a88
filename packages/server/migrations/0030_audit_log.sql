-- The audit log of administrative actions: who did what to which record, when, from where, and the
-- fields it changed. Append-only: the triggers refuse any UPDATE, DELETE or TRUNCATE, whoever asks.
CREATE TABLE audit_log (
  id text PRIMARY KEY,
  at bigint NOT NULL,
  actor_user_id text,
  actor_name text NOT NULL DEFAULT '',
  actor_roles jsonb NOT NULL DEFAULT '[]',
  ip text NOT NULL DEFAULT '',
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text NOT NULL DEFAULT '',
  changes jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_at_idx ON audit_log(at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log(actor_user_id, at DESC);
CREATE INDEX audit_log_action_idx ON audit_log(action, at DESC);

CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
