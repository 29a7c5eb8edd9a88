-- Teacher introductions carry the teacher's honours (荣誉), shown on the teacher page and the back
-- office; one honour a line.
ALTER TABLE teacher_infos ADD COLUMN honours text NOT NULL DEFAULT '';
