-- Works saved before the review columns were filled at save: their stage and subject from the sign-up,
-- their district from the sign-up (or the school's parent), their book from the node.
UPDATE activity_works w
SET stage = s.stage, subject_code = s.subject_code, district_id = COALESCE(s.district_id, o.parent_id)
FROM activity_sign_ups s JOIN organisations o ON o.id = s.school_id
WHERE s.id = w.sign_up_id AND w.stage IS NULL;

UPDATE activity_works w
SET book_id = n.book_id
FROM lesson_nodes n
WHERE n.id = w.node_id AND w.book_id IS NULL AND n.book_id IS NOT NULL;
