-- Market analysis rollups, export records and the tracking of the analysis screens (src/analysis, src/export,
-- src/prediction; docs/performance.md "Market analysis").

-- Items per month, province, industry, type and procurement method, with their amounts: market analysis reads
-- these few thousand rows instead of aggregating a million items. '' stands for "not stated" (a key column cannot
-- be null). Kept exact by the statement triggers below, in the transaction that writes the items, so an import
-- (src/ingest) updates it without knowing it exists.
CREATE TABLE market_rollup (
  month date NOT NULL,
  province_code text NOT NULL,
  industry_code text NOT NULL,
  doc_type text NOT NULL,
  procurement_method text NOT NULL,
  items bigint NOT NULL,
  -- Sums over the items that state the amount (招标: budget; 结果: the total awarded).
  budget_fen bigint NOT NULL,
  award_fen bigint NOT NULL,
  PRIMARY KEY (month, province_code, industry_code, doc_type, procurement_method)
);

-- Who buys and who wins, per month, province and industry: purchasers of 招标公告 (zb, with the budget) and winners of
-- 结果公告 (jg, with the lot's award). The top lists of market analysis read this.
CREATE TABLE market_company_rollup (
  role text NOT NULL CHECK (role IN ('purchaser', 'winner')),
  month date NOT NULL,
  province_code text NOT NULL,
  industry_code text NOT NULL,
  company_id bigint NOT NULL REFERENCES company (id) ON DELETE CASCADE,
  items bigint NOT NULL,
  amount_fen bigint NOT NULL,
  PRIMARY KEY (role, month, province_code, industry_code, company_id)
);

-- Filtered top lists read only the rows of their provinces or industries, from the index alone (index-only
-- scans: 80 ms instead of 250 ms for industry section E at a million items, docs/performance.md).
CREATE INDEX market_company_rollup_by_province ON market_company_rollup (role, province_code, month)
  INCLUDE (industry_code, company_id, items, amount_fen);
CREATE INDEX market_company_rollup_by_industry ON market_company_rollup (role, industry_code, month)
  INCLUDE (province_code, company_id, items, amount_fen);

-- The same per month and company only, with an index by month and count: the top lists of the whole country
-- read each month's leaders from it and prove the top 10 exact with a threshold (src/analysis/market.ts).
CREATE TABLE market_company_month (
  role text NOT NULL CHECK (role IN ('purchaser', 'winner')),
  month date NOT NULL,
  company_id bigint NOT NULL REFERENCES company (id) ON DELETE CASCADE,
  items bigint NOT NULL,
  amount_fen bigint NOT NULL,
  PRIMARY KEY (role, company_id, month)
);
CREATE INDEX market_company_month_leaders ON market_company_month (role, month, items DESC, amount_fen DESC, company_id);

CREATE FUNCTION market_rollup_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO market_rollup AS r
    (month, province_code, industry_code, doc_type, procurement_method, items, budget_fen, award_fen)
  SELECT date_trunc('month', publish_date)::date, coalesce(province_code, ''), coalesce(industry_code, ''),
         doc_type, coalesce(procurement_method, ''), count(*), coalesce(sum(budget_fen), 0),
         coalesce(sum(award_fen), 0)
    FROM inserted_items
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (month, province_code, industry_code, doc_type, procurement_method) DO UPDATE
    SET items = r.items + EXCLUDED.items, budget_fen = r.budget_fen + EXCLUDED.budget_fen,
        award_fen = r.award_fen + EXCLUDED.award_fen;
  RETURN NULL;
END
$$;

CREATE FUNCTION market_rollup_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE market_rollup r
     SET items = r.items - d.items, budget_fen = r.budget_fen - d.budget_fen, award_fen = r.award_fen - d.award_fen
    FROM (SELECT date_trunc('month', publish_date)::date AS month, coalesce(province_code, '') AS province_code,
                 coalesce(industry_code, '') AS industry_code, doc_type,
                 coalesce(procurement_method, '') AS procurement_method, count(*) AS items,
                 coalesce(sum(budget_fen), 0) AS budget_fen, coalesce(sum(award_fen), 0) AS award_fen
            FROM deleted_items GROUP BY 1, 2, 3, 4, 5) d
   WHERE r.month = d.month AND r.province_code = d.province_code AND r.industry_code = d.industry_code
     AND r.doc_type = d.doc_type AND r.procurement_method = d.procurement_method;
  RETURN NULL;
END
$$;

CREATE TRIGGER market_rollup_on_insert AFTER INSERT ON tender_item
  REFERENCING NEW TABLE AS inserted_items FOR EACH STATEMENT EXECUTE FUNCTION market_rollup_add();
CREATE TRIGGER market_rollup_on_delete AFTER DELETE ON tender_item
  REFERENCING OLD TABLE AS deleted_items FOR EACH STATEMENT EXECUTE FUNCTION market_rollup_remove();

-- Links are written after their items (src/tenders/service.ts), so the item is there to join.
CREATE FUNCTION market_company_rollup_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO market_company_rollup AS r (role, month, province_code, industry_code, company_id, items, amount_fen)
  SELECT l.role, date_trunc('month', i.publish_date)::date, coalesce(i.province_code, ''),
         coalesce(i.industry_code, ''), l.company_id,
         count(DISTINCT l.item_id),
         coalesce(sum(CASE WHEN l.role = 'winner' THEN l.award_fen ELSE i.budget_fen END), 0)
    FROM inserted_links l
    JOIN tender_item i ON i.id = l.item_id
   WHERE (l.role = 'purchaser' AND i.doc_type = 'zb') OR (l.role = 'winner' AND i.doc_type = 'jg')
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (role, month, province_code, industry_code, company_id) DO UPDATE
    SET items = r.items + EXCLUDED.items, amount_fen = r.amount_fen + EXCLUDED.amount_fen;
  INSERT INTO market_company_month AS r (role, month, company_id, items, amount_fen)
  SELECT l.role, date_trunc('month', i.publish_date)::date, l.company_id, count(DISTINCT l.item_id),
         coalesce(sum(CASE WHEN l.role = 'winner' THEN l.award_fen ELSE i.budget_fen END), 0)
    FROM inserted_links l
    JOIN tender_item i ON i.id = l.item_id
   WHERE (l.role = 'purchaser' AND i.doc_type = 'zb') OR (l.role = 'winner' AND i.doc_type = 'jg')
   GROUP BY 1, 2, 3
   ORDER BY 1, 3, 2
  ON CONFLICT (role, company_id, month) DO UPDATE
    SET items = r.items + EXCLUDED.items, amount_fen = r.amount_fen + EXCLUDED.amount_fen;
  RETURN NULL;
END
$$;

CREATE TRIGGER market_company_rollup_on_insert AFTER INSERT ON item_company
  REFERENCING NEW TABLE AS inserted_links FOR EACH STATEMENT EXECUTE FUNCTION market_company_rollup_add();

-- The data already there.
INSERT INTO market_rollup (month, province_code, industry_code, doc_type, procurement_method, items, budget_fen, award_fen)
SELECT date_trunc('month', publish_date)::date, coalesce(province_code, ''), coalesce(industry_code, ''), doc_type,
       coalesce(procurement_method, ''), count(*), coalesce(sum(budget_fen), 0), coalesce(sum(award_fen), 0)
  FROM tender_item GROUP BY 1, 2, 3, 4, 5;

INSERT INTO market_company_rollup (role, month, province_code, industry_code, company_id, items, amount_fen)
SELECT l.role, date_trunc('month', i.publish_date)::date, coalesce(i.province_code, ''), coalesce(i.industry_code, ''),
       l.company_id,
       count(DISTINCT l.item_id), coalesce(sum(CASE WHEN l.role = 'winner' THEN l.award_fen ELSE i.budget_fen END), 0)
  FROM item_company l JOIN tender_item i ON i.id = l.item_id
 WHERE (l.role = 'purchaser' AND i.doc_type = 'zb') OR (l.role = 'winner' AND i.doc_type = 'jg')
 GROUP BY 1, 2, 3, 4, 5;

INSERT INTO market_company_month (role, month, company_id, items, amount_fen)
SELECT role, month, company_id, sum(items), sum(amount_fen) FROM market_company_rollup GROUP BY 1, 2, 3;

-- 我的导出记录: one export of a search filter (src/export). The file is DATA_DIR/exports/<id>.xlsx; the record
-- keeps the conditions (getLastExportCondition) and what was written, so the file can be downloaded again.
CREATE TABLE export_record (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  -- The search conditions as the client sent them (without page fields).
  conditions jsonb NOT NULL,
  file_name text NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'done', 'failed')),
  -- Matches of the filter (counted up to the export cap), rows the day's quota allowed, rows written so far.
  matched integer NOT NULL CHECK (matched >= 0),
  allowed integer NOT NULL CHECK (allowed >= 0),
  written integer NOT NULL DEFAULT 0 CHECK (written >= 0),
  bytes bigint,
  error text,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX export_record_by_user ON export_record (user_id, created_at DESC, id DESC);

-- The project-analysis requests of spec §7: the analysis exported by e-mail and the docking (对接) orders.
CREATE TABLE project_analysis_request (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('email', 'docking')),
  item_id bigint NOT NULL REFERENCES tender_item (id) ON DELETE CASCADE,
  email text,
  contact_name text,
  contact_phone text,
  price_fen integer,
  created_at timestamptz NOT NULL
);
CREATE INDEX project_analysis_request_by_user ON project_analysis_request (user_id, created_at DESC);

-- spec §7 point/click-enterprise-name/add: which company names users open from an item (tracking only).
CREATE TABLE enterprise_name_click (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  company_name text NOT NULL,
  item_id bigint,
  clicked_at timestamptz NOT NULL
);
CREATE INDEX enterprise_name_click_by_brand ON enterprise_name_click (brand_id, clicked_at DESC);
