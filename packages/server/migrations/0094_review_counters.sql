-- Counters of an activity's works and sign-ups, kept by triggers in the transaction that changes the
-- rows (a save, a submission, a withdrawal, a decision, a resubmission, a seed or a bulk update: no
-- code path can forget them). The statistics read a few hundred counter rows instead of grouping
-- every work of the activity (docs/activities.md "Statistics counters").

-- Works per dimension and state. dim / key:
--   'all'      ''                                   review_level kept
--   'subject'  'stage|subject'                      (the work's, else its sign-up's)
--   'district' district id ('' when none)
--   'school'   school id
--   'node'     curriculum node id
--   'pending'  'stage|subject|school|district'      only works submitted and pending, review_level kept
-- review_level is 0 where it is not kept. A row may reach n = 0 and stay.
CREATE TABLE activity_work_counters (
  activity_id text NOT NULL,
  dim text NOT NULL,
  key text NOT NULL,
  submit_status smallint NOT NULL,
  review_state smallint NOT NULL,
  review_level smallint NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (activity_id, dim, key, submit_status, review_state, review_level)
);

-- Active sign-ups (status 1) per dimension: 'all' '', 'subject' 'stage|subject', 'district' (id or ''),
-- 'school' (id); 'nodes' '' counts the active claimed nodes (activity_sign_up_nodes, status 1).
CREATE TABLE activity_sign_up_counters (
  activity_id text NOT NULL,
  dim text NOT NULL,
  key text NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (activity_id, dim, key)
);

-- The counter rows of one work (delta +1 or -1). Keys are upserted in one statement in a fixed order,
-- so two transactions counting the same keys wait for each other instead of deadlocking.
CREATE FUNCTION ds_count_work(w activity_works, delta integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  st smallint := w.stage;
  subj integer := w.subject_code;
  dist text := w.district_id;
BEGIN
  IF st IS NULL OR subj IS NULL OR dist IS NULL THEN
    SELECT coalesce(w.stage, s.stage), coalesce(w.subject_code, s.subject_code), coalesce(w.district_id, s.district_id)
      INTO st, subj, dist FROM activity_sign_ups s WHERE s.id = w.sign_up_id;
    IF NOT FOUND THEN
      st := w.stage;
      subj := w.subject_code;
      dist := w.district_id;
    END IF;
  END IF;
  INSERT INTO activity_work_counters AS c (activity_id, dim, key, submit_status, review_state, review_level, n)
  SELECT w.activity_id, d.dim, d.key, w.submit_status, w.review_state, d.lvl, delta
  FROM (VALUES
      ('all', '', coalesce(w.review_level, 0)::smallint),
      ('subject', coalesce(st::text, '') || '|' || coalesce(subj::text, ''), 0::smallint),
      ('district', coalesce(dist, ''), 0::smallint),
      ('school', w.school_id, 0::smallint),
      ('node', w.node_id, 0::smallint),
      ('pending', coalesce(st::text, '') || '|' || coalesce(subj::text, '') || '|' || w.school_id || '|' || coalesce(dist, ''), coalesce(w.review_level, 0)::smallint)
    ) AS d(dim, key, lvl)
  WHERE d.dim <> 'pending' OR (w.submit_status = 1 AND w.review_state = 1)
  ORDER BY d.dim, d.key, d.lvl
  ON CONFLICT (activity_id, dim, key, submit_status, review_state, review_level) DO UPDATE SET n = c.n + EXCLUDED.n;
END $$;

CREATE FUNCTION ds_count_works() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.activity_id, OLD.submit_status, OLD.review_state, OLD.review_level, OLD.stage, OLD.subject_code,
                           OLD.district_id, OLD.school_id, OLD.node_id, OLD.sign_up_id)
      IS NOT DISTINCT FROM (NEW.activity_id, NEW.submit_status, NEW.review_state, NEW.review_level, NEW.stage, NEW.subject_code,
                           NEW.district_id, NEW.school_id, NEW.node_id, NEW.sign_up_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- A work deleted with its activity: the activity's counters go with it (activities trigger below).
    IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM activities WHERE id = OLD.activity_id) THEN
      RETURN NULL;
    END IF;
    PERFORM ds_count_work(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM ds_count_work(NEW, 1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER activity_works_count AFTER INSERT OR UPDATE OR DELETE ON activity_works
  FOR EACH ROW EXECUTE FUNCTION ds_count_works();

CREATE FUNCTION ds_count_sign_up(s activity_sign_ups, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF s.status <> 1 THEN
    RETURN;
  END IF;
  INSERT INTO activity_sign_up_counters AS c (activity_id, dim, key, n)
  SELECT s.activity_id, d.dim, d.key, delta
  FROM (VALUES ('all', ''), ('subject', s.stage || '|' || s.subject_code), ('district', coalesce(s.district_id, '')), ('school', s.school_id)) AS d(dim, key)
  ORDER BY d.dim, d.key
  ON CONFLICT (activity_id, dim, key) DO UPDATE SET n = c.n + EXCLUDED.n;
END $$;

CREATE FUNCTION ds_count_sign_ups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.activity_id, OLD.status, OLD.stage, OLD.subject_code, OLD.district_id, OLD.school_id)
      IS NOT DISTINCT FROM (NEW.activity_id, NEW.status, NEW.stage, NEW.subject_code, NEW.district_id, NEW.school_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM activities WHERE id = OLD.activity_id) THEN
      RETURN NULL;
    END IF;
    PERFORM ds_count_sign_up(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM ds_count_sign_up(NEW, 1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER activity_sign_ups_count AFTER INSERT OR UPDATE OR DELETE ON activity_sign_ups
  FOR EACH ROW EXECUTE FUNCTION ds_count_sign_ups();

CREATE FUNCTION ds_count_sign_up_nodes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
  act text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 1 THEN
    delta := delta - 1;
    act := OLD.activity_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 1 THEN
    delta := delta + 1;
    act := NEW.activity_id;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.activity_id <> NEW.activity_id THEN
    RAISE EXCEPTION 'activity_sign_up_nodes: activity_id never changes';
  END IF;
  IF delta = 0 OR (TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM activities WHERE id = OLD.activity_id)) THEN
    RETURN NULL;
  END IF;
  INSERT INTO activity_sign_up_counters AS c (activity_id, dim, key, n) VALUES (act, 'nodes', '', delta)
  ON CONFLICT (activity_id, dim, key) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE TRIGGER activity_sign_up_nodes_count AFTER INSERT OR UPDATE OR DELETE ON activity_sign_up_nodes
  FOR EACH ROW EXECUTE FUNCTION ds_count_sign_up_nodes();

CREATE FUNCTION ds_drop_activity_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM activity_work_counters WHERE activity_id = OLD.id;
  DELETE FROM activity_sign_up_counters WHERE activity_id = OLD.id;
  RETURN NULL;
END $$;

CREATE TRIGGER activities_drop_counters AFTER DELETE ON activities
  FOR EACH ROW EXECUTE FUNCTION ds_drop_activity_counters();

-- Filled from the rows already stored.
INSERT INTO activity_work_counters (activity_id, dim, key, submit_status, review_state, review_level, n)
SELECT x.activity_id, x.dim, x.key, x.submit_status, x.review_state, x.lvl, count(*)
FROM (
  SELECT w.activity_id, d.dim, d.key, w.submit_status, w.review_state, d.lvl
  FROM activity_works w JOIN activity_sign_ups s ON s.id = w.sign_up_id
  CROSS JOIN LATERAL (VALUES
      ('all', '', coalesce(w.review_level, 0)::smallint),
      ('subject', coalesce(w.stage, s.stage) || '|' || coalesce(w.subject_code, s.subject_code), 0::smallint),
      ('district', coalesce(w.district_id, s.district_id, ''), 0::smallint),
      ('school', w.school_id, 0::smallint),
      ('node', w.node_id, 0::smallint),
      ('pending', coalesce(w.stage, s.stage) || '|' || coalesce(w.subject_code, s.subject_code) || '|' || w.school_id || '|' || coalesce(w.district_id, s.district_id, ''),
       coalesce(w.review_level, 0)::smallint)
    ) AS d(dim, key, lvl)
  WHERE d.dim <> 'pending' OR (w.submit_status = 1 AND w.review_state = 1)
) x
GROUP BY 1, 2, 3, 4, 5, 6;

INSERT INTO activity_sign_up_counters (activity_id, dim, key, n)
SELECT s.activity_id, d.dim, d.key, count(*)
FROM activity_sign_ups s
CROSS JOIN LATERAL (VALUES ('all', ''), ('subject', s.stage || '|' || s.subject_code), ('district', coalesce(s.district_id, '')), ('school', s.school_id)) AS d(dim, key)
WHERE s.status = 1
GROUP BY 1, 2, 3;

INSERT INTO activity_sign_up_counters (activity_id, dim, key, n)
SELECT activity_id, 'nodes', '', count(*) FROM activity_sign_up_nodes WHERE status = 1 GROUP BY 1;
