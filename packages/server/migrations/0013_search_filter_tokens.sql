-- Filters inside GIN (src/search/README.md "Filters", measured in docs/performance.md "Search"). Until now only
-- the search term narrowed through an index: a common term with an amount range and an industry (技术, 67
-- matches at a million items) read every document holding the term to test the filters row by row (2.5 s).
-- Each document now carries its filter values as lexemes, so the term's GIN bitmap and the filters' meet
-- before any row is read, and a count needs no row when every condition is answered by the indexes.
--
-- Lexemes (none can be a text token: those are letters, digits and Han characters only):
--   ~t:<type>            doc_type                   ~m:<method>  procurement method of a 招标公告 (zb)
--   ~p:/~c:/~d:<code>    province, city, district   ~i:<code>    industry (GB/T 4754 division)
--   ~y:<YYYY>, ~mo:<YYYYMM>  publish year and month
--   ~a:<e>, ~a:<e>:<d>   amount in fen of e+1 digits, and its leading digit d; ~a:z for zero or less
-- A range filter (amount, dates) is the union of the buckets it covers; a bucket cut by the range's edge is
-- then checked on the row's own column.
CREATE FUNCTION search_filter_tokens(
  doc_type text,
  procurement_method text,
  province_code text,
  city_code text,
  district_code text,
  industry_code text,
  amount_fen bigint,
  publish_date date
) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN array_to_tsvector(array_remove(ARRAY[
  '~t:' || doc_type,
  CASE WHEN doc_type = 'zb' THEN '~m:' || procurement_method END,
  '~p:' || province_code,
  '~c:' || city_code,
  '~d:' || district_code,
  '~i:' || industry_code,
  CASE WHEN amount_fen <= 0 THEN '~a:z' ELSE '~a:' || (length(amount_fen::text) - 1) END,
  CASE WHEN amount_fen > 0 THEN '~a:' || (length(amount_fen::text) - 1) || ':' || left(amount_fen::text, 1) END,
  '~y:' || extract(year FROM publish_date)::int,
  '~mo:' || (extract(year FROM publish_date)::int * 100 + extract(month FROM publish_date)::int)
], NULL));

-- Narrow rows: the content vector out of line like the full text's (toast_tuple_target is the smallest
-- PostgreSQL allows), the title's and the filter lexemes in the row. A count or a collected page reads one row
-- per match: with both vectors in the row ~6 documents fit a heap page (20,000 documents: 3,324 pages), with
-- only the title's 15 (1,290 pages). The title stays (~370 bytes): title searches and the title-first check of
-- full-text phrases read it for every candidate. Rows written before this migration are moved by the ADD
-- COLUMN below, which rewrites the table.
ALTER TABLE search_document SET (toast_tuple_target = 128);
ALTER TABLE search_document ALTER COLUMN title_tokens SET STORAGE MAIN;
ALTER TABLE search_document ALTER COLUMN content_tokens SET STORAGE EXTERNAL;

-- Generated, so the project amounts written after the item (setProjectAmounts) and every existing document
-- get theirs without a reindex.
ALTER TABLE search_document ADD COLUMN filter_tokens tsvector NOT NULL GENERATED ALWAYS AS (
  search_filter_tokens(doc_type, procurement_method, province_code, city_code, district_code, industry_code,
                       amount_fen, publish_date)
) STORED;
ALTER TABLE search_document ALTER COLUMN filter_tokens SET STORAGE MAIN;
-- ~3,700 distinct lexemes (mostly districts): all of them in the statistics, so every filter is estimated.
ALTER TABLE search_document ALTER COLUMN filter_tokens SET STATISTICS 1000;
CREATE INDEX search_document_filters ON search_document USING gin (filter_tokens);
