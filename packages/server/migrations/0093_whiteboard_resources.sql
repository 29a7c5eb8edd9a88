-- Tool documents of <ds-tool-editor> (spec §3 "Whiteboard resource"): the document is a JSON file of
-- the file service (file_info_id); the row holds its title, tool, e-textbook node and version.
CREATE TABLE whiteboard_resources (
  id text PRIMARY KEY,
  owner_id text NOT NULL,
  tool text NOT NULL,
  business_type text NOT NULL,
  title text NOT NULL,
  file_info_id bigint NOT NULL,
  data_size integer NOT NULL,
  business_edition_id text,
  business_book_id text,
  business_book_label text,
  node_label text,
  node_id text,
  version integer NOT NULL DEFAULT 1,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);

CREATE INDEX whiteboard_resources_owner ON whiteboard_resources (owner_id, updated_at DESC);
CREATE INDEX whiteboard_resources_node ON whiteboard_resources (node_id);
