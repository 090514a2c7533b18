-- Search (docs/architecture.md §4 Search; src/search/README.md). Tokens are made in our code (Han bigrams at
-- character offsets, src/search/tokens.ts) and stored as tsvector ('simple' lexemes, no parser), so the same
-- SQL runs on PGlite and PostgreSQL. Everything here is derived from tender_item and rebuilt by
-- `tender-server search reindex`; src/search/search-index.ts is the only code that reads or writes it, behind
-- the SearchIndex interface, so another engine can replace these tables without touching the features.

-- One row per tender_item, written in the same transaction as the item (src/tenders/queries.ts). The filter
-- and sort columns are copied here so that a search reads one table and joins the items of one page only.
CREATE TABLE search_document (
  item_id bigint PRIMARY KEY REFERENCES tender_item (id) ON DELETE CASCADE,
  doc_type text NOT NULL,
  publish_date date NOT NULL,
  province_code text,
  city_code text,
  district_code text,
  industry_code text,
  -- 招标公告's procurement method (the docchnnel children gk, yq …).
  procurement_method text,
  -- What the amount filter compares, in fen: the award for results, else the budget, else (拟建/审批) the total
  -- investment.
  amount_fen bigint,
  -- The three search scopes (spec §3 search type 20 title, 30 purchase content, 10 full text): bigram tokens
  -- with character offsets as positions. full_tokens holds title, project name (when neither title nor body
  -- states it) and body — which hold the purchase content too — apart, so no phrase runs across two fields.
  title_tokens tsvector NOT NULL,
  content_tokens tsvector NOT NULL,
  full_tokens tsvector NOT NULL,
  -- Set only for a document past tsvector's limits (positions stop at 16,383, 256 per lexeme): its normalized
  -- text, on which every match of that document is verified (its vector carries the lexeme '~lossy').
  lossy_title text,
  lossy_content text,
  lossy_full text
);

-- The full-text vectors are large (~5 KB for a typical notice) and do not compress: stored out of line without
-- a compression attempt, so a scan of the small columns stays small.
ALTER TABLE search_document ALTER COLUMN full_tokens SET STORAGE EXTERNAL;

CREATE INDEX search_document_title ON search_document USING gin (title_tokens);
CREATE INDEX search_document_content ON search_document USING gin (content_tokens);
CREATE INDEX search_document_full ON search_document USING gin (full_tokens);
-- Newest first, the order of every result list; per type and per province for the common filters.
CREATE INDEX search_document_newest ON search_document (publish_date DESC, item_id DESC);
CREATE INDEX search_document_type_newest ON search_document (doc_type, publish_date DESC, item_id DESC);
CREATE INDEX search_document_province_newest ON search_document (province_code, publish_date DESC, item_id DESC);

-- The planner fix (docs/architecture.md §4 Search, measured in docs/performance.md):
-- 1. Statistics on more lexemes. With the default target a term outside the 1,000 most common lexemes is
--    estimated at half the rarest of them (~0.5 % of rows), so a term that occurs nowhere looks common enough
--    to walk the newest-first index — through every row. 1,000 (10,000 lexemes) brings that to ~0.1 %; more
--    costs planning time on every search (10,000: ~5 ms per statement at a million items, measured).
ALTER TABLE search_document ALTER COLUMN title_tokens SET STATISTICS 1000;
ALTER TABLE search_document ALTER COLUMN content_tokens SET STATISTICS 1000;
ALTER TABLE search_document ALTER COLUMN full_tokens SET STATISTICS 1000;
-- 2. `@@` costs what it costs: by default the planner prices a match like an integer comparison, so it prefers
--    checking every row of an index walk (detoasting each 5 KB vector) to a GIN lookup. Database-wide and only
--    possible for the function's owner (a superuser): where that is refused, a warning says so and search
--    still works, with the risk of slow plans for rare terms (docs/operations.md).
DO $$
BEGIN
  IF (SELECT procost FROM pg_proc WHERE oid = 'ts_match_vq(tsvector,tsquery)'::regprocedure) < 1000 THEN
    ALTER FUNCTION ts_match_vq(tsvector, tsquery) COST 1000;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING '无权修改 ts_match_vq 的代价（需要超级用户）：稀有词检索可能选用较慢的执行计划';
END
$$;

-- Company names for the company variant of suggestions (searchWordList type 0): the same bigram tokens.
ALTER TABLE company ADD COLUMN name_tokens tsvector;
CREATE INDEX company_name_tokens ON company USING gin (name_tokens);

-- A user's searches (searchHistoryList, desginedSearchHistoryList, spxm/search-record/*), one row per keyword
-- and search box: searching a keyword again moves it to the top. Hot words (getHostSearchWord) are counted
-- from these rows, per brand. Times are the server's clock.
CREATE TABLE search_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id text NOT NULL REFERENCES brand (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  -- tender: searchList; all: searchAllList; designed: 拟建 desginedSearchList; approval: 审批 spxm/getPage.
  kind text NOT NULL CHECK (kind IN ('tender', 'all', 'designed', 'approval')),
  keyword text NOT NULL,
  -- The filters of the latest search with this keyword, as the client sent them (to run it again).
  conditions jsonb NOT NULL DEFAULT '{}',
  times integer NOT NULL DEFAULT 1,
  searched_at timestamptz NOT NULL,
  UNIQUE (user_id, kind, keyword)
);
CREATE INDEX search_history_recent ON search_history (user_id, kind, searched_at DESC);
CREATE INDEX search_history_brand_recent ON search_history (brand_id, searched_at DESC);
