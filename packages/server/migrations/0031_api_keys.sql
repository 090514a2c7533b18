-- The open data API and the MCP server (docs/open-api.md, docs/adr/0037-open-api-and-mcp-on-the-web-gates.md).

-- apiAccess: the open API's calls per day, a privilege like the others (seeded per brand from
-- src/membership/defaults.ts on the next start, then the operators').
ALTER TABLE member_privilege DROP CONSTRAINT member_privilege_privilege_key_check;
ALTER TABLE member_privilege ADD CONSTRAINT member_privilege_privilege_key_check CHECK (privilege_key IN (
  'watchZhaobiao', 'watchDesignedProject', 'shenPiProject', 'purchaseDetail', 'preProjectDetail',
  'subscribeZhaobiao', 'subscribeZhaobiaoKeyword', 'subscribeZhongbiao', 'subscribeZhongbiaoKeyword',
  'preProjectSubscribe', 'preProjectSubscribeKeyword', 'subscribeDesignedProject', 'companyMonitor',
  'projectMonitor', 'downloadExpansion', 'detailLink', 'havePcLogin', 'downloadAnnouncement',
  'watchDesignedProjectConnector', 'downloadProject', 'projectAnalyzer', 'toubiaoPredict',
  'watchCompanyDetail', 'bussinessAnalyzer', 'watchCompanyPhoneBook', 'apiAccess'
));

-- A member's API key in one brand. Only the secret's SHA-256 is kept (as for sessions): the secret is shown once.
-- A revoked key keeps its row (its name and dates stay in the member's copy of their data) and never works again.
CREATE TABLE api_key (
  id bigserial PRIMARY KEY,
  brand_id text NOT NULL,
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- The secret's first characters, to tell keys apart in the list.
  prefix text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_key_user ON api_key (user_id) WHERE revoked_at IS NULL;
