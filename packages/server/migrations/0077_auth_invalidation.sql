-- Every write that changes what a token stands for tells the servers' in-memory caches at once:
-- payload '<schema> <topic> <key>' on channel ds_invalidate (src/cache/invalidationBus.ts). Triggers
-- rather than calls in the application, so seeds, back-office writes, other instances and an
-- operator's SQL are all covered. Notifications are sent at commit, and not at all on rollback.
CREATE FUNCTION ds_notify_token() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ds_invalidate', TG_TABLE_SCHEMA || ' token ' || OLD.token_hash);
  RETURN NULL;
END $$;

CREATE FUNCTION ds_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ds_invalidate', TG_TABLE_SCHEMA || ' user ' || OLD.id);
  RETURN NULL;
END $$;

CREATE FUNCTION ds_notify_user_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('ds_invalidate', TG_TABLE_SCHEMA || ' user ' || OLD.user_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('ds_invalidate', TG_TABLE_SCHEMA || ' user ' || NEW.user_id);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION ds_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ds_invalidate', TG_TABLE_SCHEMA || ' * *');
  RETURN NULL;
END $$;

-- A token changes meaning when revoked or rotated; deleting a live one (an operator) ends it too.
-- The housekeeping sweep deletes only long-dead tokens, which no cache serves, and stays quiet.
CREATE TRIGGER tokens_invalidate_update AFTER UPDATE ON tokens
  FOR EACH ROW EXECUTE FUNCTION ds_notify_token();
CREATE TRIGGER tokens_invalidate_delete AFTER DELETE ON tokens
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND OLD.expires_at > (extract(epoch FROM clock_timestamp()) * 1000)::bigint)
  EXECUTE FUNCTION ds_notify_token();
-- A new user has no token yet: only changes and deletions matter.
CREATE TRIGGER users_invalidate AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION ds_notify_user();
CREATE TRIGGER user_roles_invalidate AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION ds_notify_user_role();
CREATE TRIGGER users_invalidate_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION ds_notify_all();
CREATE TRIGGER user_roles_invalidate_truncate AFTER TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION ds_notify_all();
CREATE TRIGGER tokens_invalidate_truncate AFTER TRUNCATE ON tokens
  FOR EACH STATEMENT EXECUTE FUNCTION ds_notify_all();
