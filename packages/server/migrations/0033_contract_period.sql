-- Renewal opportunities (到期项目, src/renewal/README.md): how long the contract of an award notice runs and the day
-- it is expected to end, read from the notice (服务期：三年, 合同履行期限：自合同签订之日起12个月, 服务期限：2023年1月
-- 1日至2025年12月31日). Written at import for each new 结果公告 and by `tender-server renewal:backfill` for those
-- imported before; an award whose notice states no period has no row.
CREATE TABLE contract_period (
  item_id bigint PRIMARY KEY REFERENCES tender_item (id) ON DELETE CASCADE,
  -- The phrase as the notice words it (the evidence shown beside the predicted end).
  period_text text NOT NULL,
  period_months numeric(5, 1) NOT NULL CHECK (period_months > 0),
  -- The first day when the notice names it.
  start_date date,
  -- The notice's last day, else (start or publishing day) + period − 1 day.
  predicted_end_date date NOT NULL,
  -- stated: the notice names the last day; computed: from the length.
  end_basis text NOT NULL CHECK (end_basis IN ('stated', 'computed'))
);
-- The window query (ends between today and today + N days), newest end last.
CREATE INDEX contract_period_by_end ON contract_period (predicted_end_date, item_id);

-- A member's 即将到期 subscription: contracts in these regions and industries ending within `within_days`.
-- One per member and brand; empty arrays: the whole country / every industry.
CREATE TABLE renewal_subscription (
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  within_days integer NOT NULL DEFAULT 90 CHECK (within_days BETWEEN 1 AND 366),
  area_codes text[] NOT NULL DEFAULT '{}',
  industry_codes text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, brand_id)
);
