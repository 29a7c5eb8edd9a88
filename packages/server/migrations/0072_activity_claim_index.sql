-- The caller's own active claims of an activity (the node tree asks on every request): found by user
-- first, so a teacher's few rows are read instead of the activity's thousands.
CREATE INDEX activity_sign_up_nodes_user_idx ON activity_sign_up_nodes(user_id, activity_id) WHERE status = 1;
