-- Subscriptions, monitors, the matched-item feeds and push settings (src/subscriptions, src/monitoring,
-- src/matching, src/push; docs/architecture.md §4 Subscriptions). Everything a user owns here is per brand and
-- per account: the limits come from the brand's privileges (subscribeZhaobiao …, companyMonitor, projectMonitor).

-- A keyword group (订阅分组). kind decides which items it looks at: tender 招标 (zb, bg), award 中标 (jg),
-- early 商机 (yg 招标预告, yx 采购意向), project 拟建 (nj, sp). Words are stored as typed; the matcher
-- normalises them exactly as search does (src/search/tokens.ts normalizeForSearch).
CREATE TABLE subscription_group (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('tender', 'award', 'early', 'project')),
  name text NOT NULL,
  -- Any of them matches (OR); none of the exclude words may occur in the same scope.
  include_words text[] NOT NULL CHECK (cardinality(include_words) > 0),
  exclude_words text[] NOT NULL DEFAULT '{}',
  -- spec §3 search type: 10 full text, 20 title, 30 purchase content.
  scope smallint NOT NULL DEFAULT 20 CHECK (scope IN (10, 20, 30)),
  -- GB/T 2260 codes (province, city or district); empty: the whole country.
  area_codes text[] NOT NULL DEFAULT '{}',
  -- Announcement types (doc_type) or procurement methods (gk, yq …) inside the kind; empty: all of the kind.
  types text[] NOT NULL DEFAULT '{}',
  -- The amount filter (budget, else award, else total investment), in fen; null: open end.
  min_amount_fen bigint CHECK (min_amount_fen >= 0),
  max_amount_fen bigint CHECK (max_amount_fen >= 0),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX subscription_group_by_user ON subscription_group (user_id, kind, id);

-- A monitored company: owner 业主 (purchaser), rival 对手 (winner or candidate), agent 代理 (agency).
CREATE TABLE company_monitor (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  company_id bigint NOT NULL REFERENCES company (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'rival', 'agent')),
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, company_id, role)
);
CREATE INDEX company_monitor_by_company ON company_monitor (company_id);

-- A monitored project: the item it was started from and its project key, which later items of the same
-- procurement (更正, 结果; 审批 → 施工招标) share.
CREATE TABLE project_monitor (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  item_id bigint NOT NULL REFERENCES tender_item (id) ON DELETE CASCADE,
  project_key text,
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, item_id)
);
CREATE INDEX project_monitor_by_key ON project_monitor (project_key) WHERE project_key IS NOT NULL;

-- Bumped by every change of keyword groups (monitors are read with each batch): a matcher in any process
-- (server, `tender-server import`) compares it before each batch and rebuilds its automaton when it moved.
CREATE TABLE matching_rules_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version bigint NOT NULL
);
INSERT INTO matching_rules_version (singleton, version) VALUES (true, 0);

-- A user's matched items: one row per user and item, whatever matched it (groups, monitors). feed: bidding
-- (/subscribe/bidding: tender, award, early) or upfront (/subscribe/upfront: proposed projects).
CREATE TABLE subscription_feed (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  item_id bigint NOT NULL REFERENCES tender_item (id) ON DELETE CASCADE,
  feed text NOT NULL CHECK (feed IN ('bidding', 'upfront')),
  doc_type text NOT NULL,
  group_ids bigint[] NOT NULL DEFAULT '{}',
  -- owner, rival, agent, project: the monitors that matched.
  monitor_kinds text[] NOT NULL DEFAULT '{}',
  -- The subscribed words found (as the user typed them), for highlighting.
  words text[] NOT NULL DEFAULT '{}',
  matched_at timestamptz NOT NULL,
  read_at timestamptz,
  UNIQUE (user_id, item_id)
);
CREATE INDEX subscription_feed_list ON subscription_feed (user_id, feed, id DESC);
CREATE INDEX subscription_feed_unread ON subscription_feed (user_id, feed) WHERE read_at IS NULL;

-- Push settings per account: the daily digest e-mail and one group-robot webhook (WeCom, DingTalk, Feishu).
CREATE TABLE push_setting (
  user_id bigint PRIMARY KEY REFERENCES user_account (id) ON DELETE CASCADE,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  digest_email text,
  webhook_kind text CHECK (webhook_kind IN ('wecom', 'dingtalk', 'feishu')),
  webhook_url text,
  -- DingTalk 加签 / Feishu 签名校验 secret; null: unsigned.
  webhook_secret text,
  updated_at timestamptz NOT NULL
);

-- One digest per account and China day: sending twice (two nodes, a restart) is refused by the key.
CREATE TABLE digest_sent (
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  day date NOT NULL,
  items integer NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, day)
);
