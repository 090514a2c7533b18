-- One GIN index per search scope over the scope's vector and the filter lexemes together (ADR 0022).
--
-- A search with a term asked two GIN indexes — the term's and the filter lexemes' — and PostgreSQL combined
-- their bitmaps (BitmapAnd) after building each whole: a common term's bitmap costs the same however narrow the
-- filters or the newest-months window of a capped count are (采购项目 in purchase content at a million items:
-- 432,017 entries, 66 ms, before the window of one month met it). In one index the term's lexemes, the filters
-- and the window are one tsquery, and GIN's scan reads the rarest entries and skips through the others'
-- posting trees (13 ms for the same count). `||` moves the second vector's positions, which GIN does not keep:
-- the chains of longer needles are still checked on the scope's own column.
DROP INDEX search_document_title;
DROP INDEX search_document_content;
DROP INDEX search_document_full;
DROP INDEX search_document_filters;
CREATE INDEX search_document_title ON search_document USING gin ((filter_tokens || title_tokens));
CREATE INDEX search_document_content ON search_document USING gin ((filter_tokens || content_tokens));
CREATE INDEX search_document_full ON search_document USING gin ((filter_tokens || full_tokens));
-- The planner's estimates of these expressions come from the indexes' own statistics: as many lexemes as the
-- columns keep (migration 0006).
ALTER INDEX search_document_title ALTER COLUMN 1 SET STATISTICS 1000;
ALTER INDEX search_document_content ALTER COLUMN 1 SET STATISTICS 1000;
ALTER INDEX search_document_full ALTER COLUMN 1 SET STATISTICS 1000;

-- Search statements without JIT compilation: at a million documents a capped count is priced above
-- jit_above_cost, and compiling it took 100–175 ms of a statement that runs in 30–70 ms.
ALTER FUNCTION search_rows(text) SET jit = off;

-- The new expressions' statistics now: nothing else would gather them until the table changes enough for
-- autovacuum (on PGlite, until the next large load).
ANALYZE search_document;
