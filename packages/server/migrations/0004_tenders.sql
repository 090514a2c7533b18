-- Tender data (docs/architecture.md §4 Data; import format in docs/data-format.md).
-- National, not per brand: every brand reads the same announcements, projects and companies, so no table here
-- has a brand_id. What a brand's users do with an item (views, quotas, follows) lives in per-brand tables.
-- Codes are the catalog's (src/catalog): announcement types = docchnnel values, procurement methods, approval
-- stages, GB/T 2260 areas, GB/T 4754 industry divisions. Amounts are integer fen beside the text they were read
-- from. Search adds its token columns and indexes to tender_item in its own migration; every row is written
-- by src/tenders/queries.ts (insertTenderItems), the one place to fill them.

-- An organisation in any role: purchaser/owner (采购人、招标人、建设单位), agency (代理机构), supplier (供应商).
-- One row per normalised name (src/tenders/normalize.ts), so a company's history gathers across sources.
CREATE TABLE company (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- As first seen; normalized_name decides identity (full-width brackets, spaces and letter case ignored).
  name text NOT NULL,
  normalized_name text NOT NULL UNIQUE,
  -- 统一社会信用代码 when a source states it.
  credit_code text,
  province_code text CHECK (province_code ~ '^[0-9]{2}0000$'),
  city_code text CHECK (city_code ~ '^[0-9]{6}$'),
  district_code text CHECK (district_code ~ '^[0-9]{6}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One piece of tender information: a notice (招标 zb, 更正/变更/终止 bg, 结果 jg, 招标预告/商机 yg, 采购意向 yx)
-- or a project record (拟建 nj, 审批 sp; their own fields in project_detail).
CREATE TABLE tender_item (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  doc_type text NOT NULL CHECK (doc_type IN ('zb', 'bg', 'jg', 'yg', 'yx', 'nj', 'sp')),
  -- 公开招标 gk, 邀请招标 yq, 竞争性谈判 tp, 竞争性磋商 cs, 单一来源 dy, 询价 xj.
  procurement_method text CHECK (procurement_method IN ('gk', 'yq', 'tp', 'cs', 'dy', 'xj')),
  -- What kind of bg or jg notice: 更正, 变更, 终止; 中标, 成交, 废标/流标.
  notice_kind text CHECK (
    notice_kind IS NULL
    OR (doc_type = 'bg' AND notice_kind IN ('correction', 'change', 'termination'))
    OR (doc_type = 'jg' AND notice_kind IN ('award', 'deal', 'failed'))
  ),
  title text NOT NULL,
  -- The full text of the notice (plain text, paragraphs on their own lines).
  body text NOT NULL,
  -- Links the items of one procurement: 意向 → 预告 → 招标 → 更正 → 结果 (and 拟建/审批 → 施工招标).
  project_key text,
  project_code text,
  project_name text,
  -- Where the work is (GB/T 2260); municipalities: city 110100 etc., the district under it.
  province_code text CHECK (province_code ~ '^[0-9]{2}0000$'),
  city_code text CHECK (city_code ~ '^[0-9]{6}$'),
  district_code text CHECK (district_code ~ '^[0-9]{6}$'),
  -- GB/T 4754-2017 division (大类, 01–97) of what is bought or built.
  industry_code text CHECK (industry_code ~ '^[0-9]{2}$'),
  -- 预算金额 / 采购预算 / 预估金额, and for results the total awarded over all lots.
  budget_fen bigint CHECK (budget_fen >= 0),
  budget_raw text,
  award_fen bigint CHECK (award_fen >= 0),
  award_raw text,
  publish_date date NOT NULL,
  -- 获取招标文件 from/until, 投标截止, 开标 (the corrected times after a 更正).
  documents_from timestamptz,
  documents_until timestamptz,
  bid_deadline timestamptz,
  opening_time timestamptz,
  -- 采购意向: 预计采购时间, the first day of the month.
  expected_purchase_month date,
  -- Where the item came from. source_id is the source's own id (prefixed by the source, e.g. ccgp:…).
  source_id text,
  source_url text,
  source_name text,
  -- De-duplication without a source id: normalised title + project code + purchaser + publish date, hashed
  -- (src/tenders/normalize.ts). The same notice from two sources is one item.
  dedup_key text NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tender_item_source_id ON tender_item (source_id);
CREATE UNIQUE INDEX tender_item_dedup_key ON tender_item (dedup_key);
-- Lists are newest first; id breaks ties within a day (ids grow with ingestion).
CREATE INDEX tender_item_newest ON tender_item (publish_date DESC, id DESC);
CREATE INDEX tender_item_type_newest ON tender_item (doc_type, publish_date DESC, id DESC);
CREATE INDEX tender_item_province_newest ON tender_item (province_code, publish_date DESC, id DESC);
CREATE INDEX tender_item_city_newest ON tender_item (city_code, publish_date DESC, id DESC);
CREATE INDEX tender_item_project ON tender_item (project_key) WHERE project_key IS NOT NULL;

-- Who takes part in an item, in which role: the company histories (wins, purchases, agency work) read this.
CREATE TABLE item_company (
  item_id bigint NOT NULL REFERENCES tender_item (id) ON DELETE CASCADE,
  company_id bigint NOT NULL REFERENCES company (id),
  -- purchaser 采购人/招标人/建设单位, agency 代理机构, winner 中标/成交供应商, candidate 中标候选人.
  role text NOT NULL CHECK (role IN ('purchaser', 'agency', 'winner', 'candidate')),
  -- The lot (包1, 第二标段) as written; '' when the item has one lot.
  lot text NOT NULL DEFAULT '',
  -- Candidates' rank (第一中标候选人 = 1).
  rank smallint CHECK (rank > 0),
  award_fen bigint CHECK (award_fen >= 0),
  award_raw text,
  -- The contact this item gives for the company; shown masked without the contact privilege.
  contact_name text,
  contact_phone text,
  address text,
  PRIMARY KEY (item_id, role, lot, company_id)
);
CREATE INDEX item_company_by_company ON item_company (company_id, role, item_id);

-- 拟建 and 审批 records: the investment project and, for 审批, the approval decision.
CREATE TABLE project_detail (
  item_id bigint PRIMARY KEY REFERENCES tender_item (id) ON DELETE CASCADE,
  -- The catalog's approval stage (src/catalog/approval-stages.ts): for 审批 the step approved, for 拟建 the
  -- furthest step reached.
  stage_code text CHECK (
    stage_code IN ('lx', 'kxx', 'hz', 'ba', 'jn', 'hp', 'yd', 'ydgh', 'gcgh', 'cbsj', 'sgt', 'sg', 'jg')
  ),
  -- 审批机关, 审批代码 (national investment-project code), 批准文号, 审批结果, 审批日期.
  approval_authority text,
  approval_code text,
  document_number text,
  approval_result text,
  approval_date date,
  total_investment_fen bigint CHECK (total_investment_fen >= 0),
  total_investment_raw text,
  -- 建设地点, 建设规模及内容, 计划开工/竣工.
  construction_site text,
  construction_scale text,
  planned_start date,
  planned_end date
);
CREATE INDEX project_detail_approval_code ON project_detail (approval_code) WHERE approval_code IS NOT NULL;

-- One import of an NDJSON file, or the demo corpus: the checkpoint that makes both resumable. committed_lines
-- moves in the same transaction as the items it counts, so a resumed run continues exactly after them.
CREATE TABLE ingest_run (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('file', 'demo')),
  -- The file's path as given, or the demo corpus's parameters.
  source text NOT NULL,
  -- sha256 of the file (size and content), or the demo's seed, size and reference date.
  fingerprint text NOT NULL,
  -- Demo runs: what to generate, so a resumed load produces the very same items.
  demo_seed text,
  demo_until date,
  total_lines bigint NOT NULL CHECK (total_lines >= 0),
  committed_lines bigint NOT NULL DEFAULT 0,
  inserted bigint NOT NULL DEFAULT 0,
  duplicates bigint NOT NULL DEFAULT 0,
  status text NOT NULL CHECK (status IN ('running', 'done')),
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
-- An unfinished import of a file is resumed, never started twice.
CREATE UNIQUE INDEX ingest_run_unfinished ON ingest_run (fingerprint) WHERE status = 'running';
-- The demo corpus is decided once per database (DEMO_SIZE on the first start, 0 included).
CREATE UNIQUE INDEX ingest_run_demo ON ingest_run (kind) WHERE kind = 'demo';
