-- The audit log (src/audit): who changed what about an account's money, data and identity — payments credited,
-- exports made, phone, profile and freeze changes. Membership grants, revocations and privilege values keep their
-- own table (membership_audit, 0005); `tender-server audit` reads both. Rows are only ever inserted.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  action text NOT NULL,
  -- The account acted on; kept when the account is deleted, for the record.
  user_id bigint,
  -- Who did it: 'user:<id>', 'operator:<name> (<command>)', 'order:<orderNo> (<provider> <via>)'.
  actor text NOT NULL,
  -- What it was done to, when not the account itself: an order number, an export record id.
  target text,
  -- The caller's address for calls over HTTP (behind a proxy only with TRUST_PROXY).
  ip text,
  detail jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX audit_log_by_user ON audit_log (user_id, created_at) WHERE user_id IS NOT NULL;
CREATE INDEX audit_log_by_time ON audit_log (created_at);
