-- Membership levels, privileges, memberships and daily quotas (docs/architecture.md §4 Gates, Memberships;
-- docs/business-rules.md). Levels and privilege values are data per brand: seeded once from
-- src/membership/defaults.ts, then owned by the operators (tender-server privilege set, or SQL).
-- Times are written by the server's clock (a parameter), never by now(), so tests can move time.

-- spec §3 Member type, per brand. status 0: the purchase area can be edited (provinces may be chosen);
-- otherwise only the whole country is sold. on_sale: offered in the membership modal (putong is not).
CREATE TABLE member_type (
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  member_code text NOT NULL CHECK (member_code IN ('putong', 'toubiaotong', 'qiyetong', 'qiye')),
  member_name text NOT NULL,
  member_desc text NOT NULL DEFAULT '',
  status integer NOT NULL DEFAULT 0,
  on_sale boolean NOT NULL,
  PRIMARY KEY (brand_id, member_code)
);

-- spec §3 Member privileges: one value per brand, level and key. -1 or true: unlimited; 0 or false: not allowed;
-- another number: a quota (per day for the daily privileges, a total for monitors and subscriptions).
CREATE TABLE member_privilege (
  brand_id text NOT NULL,
  member_code text NOT NULL,
  privilege_key text NOT NULL CHECK (privilege_key IN (
    'watchZhaobiao', 'watchDesignedProject', 'shenPiProject', 'purchaseDetail', 'preProjectDetail',
    'subscribeZhaobiao', 'subscribeZhaobiaoKeyword', 'subscribeZhongbiao', 'subscribeZhongbiaoKeyword',
    'preProjectSubscribe', 'preProjectSubscribeKeyword', 'subscribeDesignedProject', 'companyMonitor',
    'projectMonitor', 'downloadExpansion', 'detailLink', 'havePcLogin', 'downloadAnnouncement',
    'watchDesignedProjectConnector', 'downloadProject', 'projectAnalyzer', 'toubiaoPredict',
    'watchCompanyDetail', 'bussinessAnalyzer', 'watchCompanyPhoneBook'
  )),
  value jsonb NOT NULL CHECK (
    jsonb_typeof(value) = 'boolean'
    OR (jsonb_typeof(value) = 'number' AND (value #>> '{}') ~ '^(-1|0|[1-9][0-9]{0,8})$')
  ),
  PRIMARY KEY (brand_id, member_code, privilege_key),
  FOREIGN KEY (brand_id, member_code) REFERENCES member_type (brand_id, member_code) ON DELETE CASCADE
);

-- What a membership is replayed from (spec §2 服务期明细): every grant (a purchase, or an operator's grant) and
-- every revocation, in time order, through @tender/domain's service-period model. Nothing derived (active
-- level, end dates) is stored, so the stacking rule lives in one place. The holder is a user, or an enterprise
-- (qiye), whose accounts all share it; a user's memberships are its own events plus its enterprise's.
CREATE TABLE membership_event (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  user_id bigint REFERENCES user_account (id) ON DELETE CASCADE,
  enterprise_id bigint REFERENCES enterprise (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('grant', 'revoke')),
  member_code text NOT NULL CHECK (member_code IN ('toubiaotong', 'qiyetong', 'qiye')),
  -- Grants: calendar months bought and the regions bought ({全国} or province names, as the area tree names them).
  months integer CHECK (months BETWEEN 1 AND 120),
  pay_areas text[],
  occurred_at timestamptz NOT NULL,
  -- 'operator' (tender-server member grant/revoke) or 'order' (a paid order, next issue: order_ref says which).
  source text NOT NULL CHECK (source IN ('operator', 'order')),
  order_ref text,
  CHECK ((user_id IS NULL) <> (enterprise_id IS NULL)),
  CHECK ((kind = 'grant') = (months IS NOT NULL AND pay_areas IS NOT NULL))
);
CREATE INDEX membership_event_by_user ON membership_event (user_id, occurred_at) WHERE user_id IS NOT NULL;
CREATE INDEX membership_event_by_enterprise ON membership_event (enterprise_id, occurred_at)
  WHERE enterprise_id IS NOT NULL;

-- Who changed what: every grant and revocation of a membership and every privilege value set, with the actor
-- (an operator command, an order) and the state before and after.
CREATE TABLE membership_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('grant', 'revoke', 'privilege')),
  -- The account acted on (NULL for a privilege value); kept when the account is deleted, for the record.
  user_id bigint,
  enterprise_id bigint,
  actor text NOT NULL,
  detail jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX membership_audit_by_user ON membership_audit (user_id, created_at) WHERE user_id IS NOT NULL;

-- Daily uses per account and privilege (the day in Asia/Shanghai, from the server's clock). Spent only by a
-- conditional upsert (used + n <= limit), so concurrent requests can never overspend. Sub-accounts have their own.
CREATE TABLE quota_usage (
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  privilege_key text NOT NULL,
  day date NOT NULL,
  used integer NOT NULL CHECK (used >= 0),
  PRIMARY KEY (user_id, privilege_key, day)
);

-- The items a use was spent on: seeing the same item again the same day costs nothing. Written in the same
-- transaction as the spend, so an item is recorded exactly when its use was counted.
CREATE TABLE quota_item_use (
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  privilege_key text NOT NULL,
  day date NOT NULL,
  item_kind text NOT NULL,
  item_id text NOT NULL,
  used_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, privilege_key, day, item_kind, item_id)
);
