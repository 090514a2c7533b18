-- Recording a search in one round trip, trimming only when the box grew (src/search/history.ts).
--
-- The statement before ranked all of the user's entries in the box on every search (0.31 ms a search under the
-- load mix, the most expensive statement per request after the search itself), because one statement's trim
-- cannot see the row its own upsert writes. In a function each statement sees the ones before it: the upsert,
-- then — only when it added a keyword, the one case that can push the box past its limit — the delete of what
-- lies past the newest `kept` entries.
CREATE FUNCTION record_search(
  p_brand_id text,
  p_user_id bigint,
  p_kind text,
  p_keyword text,
  p_conditions jsonb,
  p_searched_at timestamptz,
  p_kept integer
) RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  added boolean;
BEGIN
  INSERT INTO search_history (brand_id, user_id, kind, keyword, conditions, searched_at)
  VALUES (p_brand_id, p_user_id, p_kind, p_keyword, p_conditions, p_searched_at)
  ON CONFLICT (user_id, kind, keyword) DO UPDATE
    SET conditions = EXCLUDED.conditions, searched_at = EXCLUDED.searched_at, times = search_history.times + 1
  RETURNING xmax = 0 INTO added;
  IF added THEN
    DELETE FROM search_history WHERE id IN (
      SELECT id FROM search_history WHERE user_id = p_user_id AND kind = p_kind
      ORDER BY searched_at DESC, id DESC OFFSET p_kept);
  END IF;
END
$$;
