-- The portal's page carries the home carousel a guest sees (src/static/portalIndex.ts keeps it in
-- memory), so every change of the slides tells the servers at its commit, as migrations 0077 and 0098
-- do: payload '<schema> carousel *' on channel ds_invalidate. Slides change rarely: one message per
-- statement, and the whole list is read again.
CREATE FUNCTION ds_notify_carousel() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ds_invalidate', TG_TABLE_SCHEMA || ' carousel *');
  RETURN NULL;
END $$;

CREATE TRIGGER carousel_images_invalidate AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON carousel_images
  FOR EACH STATEMENT EXECUTE FUNCTION ds_notify_carousel();
