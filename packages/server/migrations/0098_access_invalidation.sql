-- What a back-office call's permission check reads is kept in memory (the caller's organisation
-- subtree, src/management/orgScope.ts; the activity a statistics call names, src/reviewStats/
-- managedActivities.ts), so every write that can change the answer tells the servers at its commit,
-- as migration 0077 does for sessions: payload '<schema> <topic> <key>' on channel ds_invalidate.
-- Organisations change rarely and a move re-parents a whole subtree: one message per statement,
-- every subtree is dropped. An activity is dropped by its id on any update or deletion (its
-- organiser, its deletion, its name on the exports).
CREATE FUNCTION ds_notify_orgs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ds_invalidate', TG_TABLE_SCHEMA || ' org *');
  RETURN NULL;
END $$;

CREATE FUNCTION ds_notify_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ds_invalidate', TG_TABLE_SCHEMA || ' activity ' || OLD.id);
  RETURN NULL;
END $$;

CREATE TRIGGER organisations_invalidate AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organisations
  FOR EACH STATEMENT EXECUTE FUNCTION ds_notify_orgs();
CREATE TRIGGER activities_invalidate AFTER UPDATE OR DELETE ON activities
  FOR EACH ROW EXECUTE FUNCTION ds_notify_activity();
CREATE TRIGGER activities_invalidate_truncate AFTER TRUNCATE ON activities
  FOR EACH STATEMENT EXECUTE FUNCTION ds_notify_all();
