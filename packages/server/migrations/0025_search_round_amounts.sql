-- A lexeme for a round amount (src/search/README.md "Filter lexemes", measured in docs/performance.md "Search").
-- Every amount range of the item_amount dictionary ends at a round amount it includes (50万-100万 is
-- [5e7, 1e8] fen), so its lexeme group held the whole leading-digit bucket of that end (~a:8:1, 100万-199万) for
-- one value, and the rows of that bucket were read to compare the column: 西路 with 50万-100万 in full text at a
-- million items read 22,361 rows for 10,001 matches. `~a:<e>:<d>:0` marks an amount of exactly d × 10^e fen,
-- which the group takes instead of the bucket.
CREATE OR REPLACE FUNCTION search_filter_tokens(
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
  CASE WHEN amount_fen > 0 AND rtrim(substr(amount_fen::text, 2), '0') = ''
    THEN '~a:' || (length(amount_fen::text) - 1) || ':' || left(amount_fen::text, 1) || ':0' END,
  '~y:' || extract(year FROM publish_date)::int,
  '~mo:' || (extract(year FROM publish_date)::int * 100 + extract(month FROM publish_date)::int)
], NULL));

-- The stored lexemes of the documents with a round amount, computed again.
UPDATE search_document SET amount_fen = amount_fen
WHERE amount_fen > 0 AND rtrim(substr(amount_fen::text, 2), '0') = '';
