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

-- The triggers run once per statement with the changed rows (transition tables), so a bulk insert
-- or update costs one grouped upsert, and one decision a handful of counter rows. The deltas of a
-- statement are summed per key first and upserted in key order: two transactions counting the same
-- keys wait for each other instead of deadlocking. Rows of a deleted activity are not counted (its
-- counters go with it, below).
CREATE FUNCTION ds_count_works(olds activity_works[], news activity_works[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO activity_work_counters AS c (activity_id, dim, key, submit_status, review_state, review_level, n)
  SELECT x.activity_id, x.dim, x.key, x.submit_status, x.review_state, x.lvl, sum(x.delta)
  FROM (
    SELECT w.activity_id, d.dim, d.key, w.submit_status, w.review_state, d.lvl, w.delta
    FROM (SELECT o.*, -1 AS delta FROM unnest(olds) o UNION ALL SELECT n.*, 1 AS delta FROM unnest(news) n) w
    LEFT JOIN activity_sign_ups s ON s.id = w.sign_up_id
    CROSS JOIN LATERAL (SELECT coalesce(coalesce(w.stage, s.stage)::text, '') || '|' || coalesce(coalesce(w.subject_code, s.subject_code)::text, '') AS subject,
                               coalesce(w.district_id, s.district_id, '') AS district) k
    CROSS JOIN LATERAL (VALUES
        ('all', '', coalesce(w.review_level, 0)::smallint),
        ('subject', k.subject, 0::smallint),
        ('district', k.district, 0::smallint),
        ('school', w.school_id, 0::smallint),
        ('node', w.node_id, 0::smallint),
        ('pending', k.subject || '|' || w.school_id || '|' || k.district, coalesce(w.review_level, 0)::smallint)
      ) AS d(dim, key, lvl)
    WHERE d.dim <> 'pending' OR (w.submit_status = 1 AND w.review_state = 1)
  ) x
  WHERE EXISTS (SELECT 1 FROM activities a WHERE a.id = x.activity_id)
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(x.delta) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (activity_id, dim, key, submit_status, review_state, review_level) DO UPDATE SET n = c.n + EXCLUDED.n;
$$;

CREATE FUNCTION ds_count_works_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ds_count_works('{}', (SELECT array_agg(r::activity_works) FROM new_rows r));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM ds_count_works((SELECT array_agg(r::activity_works) FROM old_rows r), (SELECT array_agg(r::activity_works) FROM new_rows r));
  ELSE
    PERFORM ds_count_works((SELECT array_agg(r::activity_works) FROM old_rows r), '{}');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER activity_works_count_insert AFTER INSERT ON activity_works
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ds_count_works_trigger();
CREATE TRIGGER activity_works_count_update AFTER UPDATE ON activity_works
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ds_count_works_trigger();
CREATE TRIGGER activity_works_count_delete AFTER DELETE ON activity_works
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ds_count_works_trigger();

CREATE FUNCTION ds_count_sign_ups(olds activity_sign_ups[], news activity_sign_ups[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO activity_sign_up_counters AS c (activity_id, dim, key, n)
  SELECT s.activity_id, d.dim, d.key, sum(s.delta)
  FROM (SELECT o.*, -1 AS delta FROM unnest(olds) o UNION ALL SELECT n.*, 1 AS delta FROM unnest(news) n) s
  CROSS JOIN LATERAL (VALUES ('all', ''), ('subject', s.stage || '|' || s.subject_code), ('district', coalesce(s.district_id, '')), ('school', s.school_id)) AS d(dim, key)
  WHERE s.status = 1 AND EXISTS (SELECT 1 FROM activities a WHERE a.id = s.activity_id)
  GROUP BY 1, 2, 3
  HAVING sum(s.delta) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (activity_id, dim, key) DO UPDATE SET n = c.n + EXCLUDED.n;
$$;

CREATE FUNCTION ds_count_sign_ups_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ds_count_sign_ups('{}', (SELECT array_agg(r::activity_sign_ups) FROM new_rows r));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM ds_count_sign_ups((SELECT array_agg(r::activity_sign_ups) FROM old_rows r), (SELECT array_agg(r::activity_sign_ups) FROM new_rows r));
  ELSE
    PERFORM ds_count_sign_ups((SELECT array_agg(r::activity_sign_ups) FROM old_rows r), '{}');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER activity_sign_ups_count_insert AFTER INSERT ON activity_sign_ups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ds_count_sign_ups_trigger();
CREATE TRIGGER activity_sign_ups_count_update AFTER UPDATE ON activity_sign_ups
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ds_count_sign_ups_trigger();
CREATE TRIGGER activity_sign_ups_count_delete AFTER DELETE ON activity_sign_ups
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ds_count_sign_ups_trigger();

-- The claimed nodes (status 1) of an activity: 'nodes' ''.
CREATE FUNCTION ds_count_sign_up_nodes(olds activity_sign_up_nodes[], news activity_sign_up_nodes[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO activity_sign_up_counters AS c (activity_id, dim, key, n)
  SELECT x.activity_id, 'nodes', '', sum(x.delta)
  FROM (SELECT o.*, -1 AS delta FROM unnest(olds) o UNION ALL SELECT n.*, 1 AS delta FROM unnest(news) n) x
  WHERE x.status = 1 AND EXISTS (SELECT 1 FROM activities a WHERE a.id = x.activity_id)
  GROUP BY 1
  HAVING sum(x.delta) <> 0
  ORDER BY 1
  ON CONFLICT (activity_id, dim, key) DO UPDATE SET n = c.n + EXCLUDED.n;
$$;

CREATE FUNCTION ds_count_sign_up_nodes_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ds_count_sign_up_nodes('{}', (SELECT array_agg(r::activity_sign_up_nodes) FROM new_rows r));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM ds_count_sign_up_nodes((SELECT array_agg(r::activity_sign_up_nodes) FROM old_rows r), (SELECT array_agg(r::activity_sign_up_nodes) FROM new_rows r));
  ELSE
    PERFORM ds_count_sign_up_nodes((SELECT array_agg(r::activity_sign_up_nodes) FROM old_rows r), '{}');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER activity_sign_up_nodes_count_insert AFTER INSERT ON activity_sign_up_nodes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ds_count_sign_up_nodes_trigger();
CREATE TRIGGER activity_sign_up_nodes_count_update AFTER UPDATE ON activity_sign_up_nodes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ds_count_sign_up_nodes_trigger();
CREATE TRIGGER activity_sign_up_nodes_count_delete AFTER DELETE ON activity_sign_up_nodes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ds_count_sign_up_nodes_trigger();

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
