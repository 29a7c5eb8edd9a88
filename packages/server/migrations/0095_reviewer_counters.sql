-- The reviewers' decisions counted per activity, reviewer, level, stage, subject and decision, with
-- their decision times, kept by triggers in the deciding transaction (docs/activities.md "Statistics
-- counters"): the reviewers' progress reads these rows instead of every decision of the activity.

-- The decision time of each decision, fixed when it is made: from the work reaching the level (its
-- submission, or the latest decision that counted before, whichever is later) to the decision; null
-- when neither is known. Existing rows: the same rule with the work's submission as it stands now.
ALTER TABLE activity_work_audits ADD COLUMN decision_ms bigint;

UPDATE activity_work_audits a SET decision_ms = x.ms
FROM (
  SELECT t.id, t.created_at - NULLIF(GREATEST(coalesce(t.prev_counted, 0), CASE WHEN w.submitted_at <= t.created_at THEN w.submitted_at ELSE 0 END), 0) AS ms
  FROM (
    SELECT p.id, p.work_id, p.created_at,
           max(p.created_at) FILTER (WHERE p.counted) OVER (PARTITION BY p.work_id ORDER BY p.created_at GROUPS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev_counted
    FROM activity_work_audits p
  ) t JOIN activity_works w ON w.id = t.work_id
) x
WHERE x.id = a.id;

CREATE FUNCTION ds_decision_ms() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  submitted bigint;
  prev bigint;
BEGIN
  SELECT submitted_at INTO submitted FROM activity_works WHERE id = NEW.work_id;
  SELECT max(created_at) INTO prev FROM activity_work_audits WHERE work_id = NEW.work_id AND counted AND created_at < NEW.created_at;
  NEW.decision_ms := NEW.created_at - NULLIF(GREATEST(coalesce(prev, 0), CASE WHEN submitted <= NEW.created_at THEN submitted ELSE 0 END), 0);
  RETURN NEW;
END $$;

CREATE TRIGGER activity_work_audits_decision_ms BEFORE INSERT ON activity_work_audits
  FOR EACH ROW EXECUTE FUNCTION ds_decision_ms();

CREATE TABLE activity_reviewer_counters (
  activity_id text NOT NULL,
  reviewer_id text NOT NULL,
  level smallint NOT NULL,
  stage smallint NOT NULL,
  subject_code integer NOT NULL,
  decision smallint NOT NULL,
  n integer NOT NULL,
  ms_sum bigint NOT NULL,
  ms_count integer NOT NULL,
  -- The latest decision (kept on insert; a deleted decision leaves it as it was).
  last_at bigint,
  PRIMARY KEY (activity_id, reviewer_id, level, stage, subject_code, decision)
);

-- Summed per key, upserted in key order (as the work counters of 0094). Decisions are never updated;
-- they go only with their work or activity.
CREATE FUNCTION ds_count_decisions(olds activity_work_audits[], news activity_work_audits[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO activity_reviewer_counters AS c (activity_id, reviewer_id, level, stage, subject_code, decision, n, ms_sum, ms_count, last_at)
  SELECT a.activity_id, a.reviewer_id, a.level, coalesce(w.stage, s.stage, 0), coalesce(w.subject_code, s.subject_code, 0), a.decision,
         sum(a.delta), coalesce(sum(a.delta * a.decision_ms), 0), coalesce(sum(a.delta) FILTER (WHERE a.decision_ms IS NOT NULL), 0),
         max(a.created_at) FILTER (WHERE a.delta > 0)
  FROM (SELECT o.*, -1 AS delta FROM unnest(olds) o UNION ALL SELECT n.*, 1 AS delta FROM unnest(news) n) a
  JOIN activity_works w ON w.id = a.work_id
  LEFT JOIN activity_sign_ups s ON s.id = w.sign_up_id
  WHERE EXISTS (SELECT 1 FROM activities x WHERE x.id = a.activity_id)
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (activity_id, reviewer_id, level, stage, subject_code, decision) DO UPDATE
    SET n = c.n + EXCLUDED.n, ms_sum = c.ms_sum + EXCLUDED.ms_sum, ms_count = c.ms_count + EXCLUDED.ms_count,
        last_at = GREATEST(c.last_at, EXCLUDED.last_at);
$$;

CREATE FUNCTION ds_count_decisions_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ds_count_decisions('{}', (SELECT array_agg(r::activity_work_audits) FROM new_rows r));
  ELSE
    PERFORM ds_count_decisions((SELECT array_agg(r::activity_work_audits) FROM old_rows r), '{}');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER activity_work_audits_count_insert AFTER INSERT ON activity_work_audits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ds_count_decisions_trigger();
CREATE TRIGGER activity_work_audits_count_delete AFTER DELETE ON activity_work_audits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ds_count_decisions_trigger();

CREATE FUNCTION ds_drop_reviewer_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM activity_reviewer_counters WHERE activity_id = OLD.id;
  RETURN NULL;
END $$;

CREATE TRIGGER activities_drop_reviewer_counters AFTER DELETE ON activities
  FOR EACH ROW EXECUTE FUNCTION ds_drop_reviewer_counters();

INSERT INTO activity_reviewer_counters (activity_id, reviewer_id, level, stage, subject_code, decision, n, ms_sum, ms_count, last_at)
SELECT a.activity_id, a.reviewer_id, a.level, coalesce(w.stage, s.stage, 0), coalesce(w.subject_code, s.subject_code, 0), a.decision,
       count(*), coalesce(sum(a.decision_ms), 0), count(a.decision_ms), max(a.created_at)
FROM activity_work_audits a JOIN activity_works w ON w.id = a.work_id LEFT JOIN activity_sign_ups s ON s.id = w.sign_up_id
GROUP BY 1, 2, 3, 4, 5, 6;
