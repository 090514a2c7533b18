-- The full-text vector in the row, on PostgreSQL (ADR 0030, docs/performance.md "Search"). A phrase's chain is
-- checked on the vector of each candidate the index finds. Out of line (migration 0006: EXTERNAL; 0013:
-- toast_tuple_target 128) each check looked the vector up in the TOAST index and copied its ~3 chunks: 3.4 µs a
-- vector at a million items against 1.3 µs in the row (ts_match_vq of 浙江 <-> 江省 over 20,000 of them), the most
-- of a count near the cap, which checks 10,001 chains.
-- toast_tuple_target at its largest: a row stays whole while it fits a page, ~95 % of the documents (their
-- full-text vectors take 2–7 KB). A larger row moves its content vector out first (EXTERNAL), then the full
-- text's (MAIN). At a million items the heap grows from 0.6 to 7.2 GB as the TOAST table shrinks from 5.9 GB to
-- 92 MB, and a row read for a count or a page is one page to itself.
-- PGlite keeps the narrow rows: its page cache is smaller and read through its file system, and at 100k items
-- its searches of common terms, which read many rows, were slower in wide rows (p95 39 → 43–48 ms).
-- The rewrite stores every value by the settings above, bringing the vectors written before into their rows;
-- newest first, the order of the lists. ~4 min at a million documents on 2 cores, the indexes rebuilt with it.
DO $$
BEGIN
  IF version() NOT LIKE '%PGlite%' THEN
    ALTER TABLE search_document SET (toast_tuple_target = 8160);
    ALTER TABLE search_document ALTER COLUMN full_tokens SET STORAGE MAIN;
    CLUSTER search_document USING search_document_newest;
  END IF;
END
$$;
