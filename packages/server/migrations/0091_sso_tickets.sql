-- Single sign-on tickets are single use: the nonce of every ticket a system has checked is kept until
-- the ticket would have expired anyway (housekeeping removes it after that), so a second check of the
-- same ticket is refused on every server process sharing this database.
CREATE TABLE sso_used_tickets (
  nonce text PRIMARY KEY,
  user_id text NOT NULL,
  target text NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint NOT NULL
);

CREATE INDEX sso_used_tickets_expires ON sso_used_tickets (expires_at);
