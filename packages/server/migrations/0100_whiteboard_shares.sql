-- Read-only links to a tool document (docs/api.md "Whiteboard resources"): at most one live link per
-- document; only the sha256 of its random token is stored, so the table cannot be used to open one.
-- Deleting the document, or revoking, removes the row and the link stops working at once.
CREATE TABLE whiteboard_shares (
  resource_id text PRIMARY KEY REFERENCES whiteboard_resources(id) ON DELETE CASCADE,
  token_sha256 text NOT NULL UNIQUE,
  created_at bigint NOT NULL
);
