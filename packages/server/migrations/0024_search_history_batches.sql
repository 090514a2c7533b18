-- Recording several searches in one round trip (src/search/history.ts `searchHistoryWriter`, ADR 0027): the
-- searches that arrive while a write is in flight are written together by the next one. Each entry is recorded by
-- `record_search` (migration 0022) in the order given, so a keyword twice in a batch counts twice and ends with
-- the later conditions, as two calls in turn would.
CREATE FUNCTION record_searches(p_entries jsonb, p_kept integer) RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  entry jsonb;
BEGIN
  FOR entry IN SELECT value FROM jsonb_array_elements(p_entries) WITH ORDINALITY ORDER BY ordinality LOOP
    PERFORM record_search(entry ->> 'brandId', (entry ->> 'userId')::bigint, entry ->> 'kind', entry ->> 'keyword',
                          entry -> 'conditions', (entry ->> 'at')::timestamptz, p_kept);
  END LOOP;
END
$$;
