-- A fixed random sample of the documents in the search indexes, so that a count a search takes far past its cap
-- is proved on a sample instead of verified on cap + 1 documents (ADR 0023).
--
-- A document whose hash has its k low bits zero carries the lexeme ~s:<k>, for k = 4, 6, 8, 10, 12: the samples
-- of 1/16 … 1/4096 of the documents, each inside the one before. The hash (the one hash partitioning uses, stable
-- across versions) does not depend on what a document says, so a search's matches fall in a sample as coins do.
-- No text token can be one of these lexemes (letters, digits and Han characters only), nor a filter lexeme.
CREATE FUNCTION search_sample_tokens(item_id bigint) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN array_to_tsvector(array_remove(ARRAY[
  CASE WHEN hashint8extended(item_id, 0) & 15 = 0 THEN '~s:4' END,
  CASE WHEN hashint8extended(item_id, 0) & 63 = 0 THEN '~s:6' END,
  CASE WHEN hashint8extended(item_id, 0) & 255 = 0 THEN '~s:8' END,
  CASE WHEN hashint8extended(item_id, 0) & 1023 = 0 THEN '~s:10' END,
  CASE WHEN hashint8extended(item_id, 0) & 4095 = 0 THEN '~s:12' END
], NULL));

-- The sample lexemes join the filter lexemes in each scope's index (migration 0019): a count on a sample is the
-- search's tsquery and one lexeme more, and GIN's scan starts from the sample's few entries.
DROP INDEX search_document_title;
DROP INDEX search_document_content;
DROP INDEX search_document_full;
CREATE INDEX search_document_title ON search_document
  USING gin ((filter_tokens || search_sample_tokens(item_id) || title_tokens));
CREATE INDEX search_document_content ON search_document
  USING gin ((filter_tokens || search_sample_tokens(item_id) || content_tokens));
CREATE INDEX search_document_full ON search_document
  USING gin ((filter_tokens || search_sample_tokens(item_id) || full_tokens));
ALTER INDEX search_document_title ALTER COLUMN 1 SET STATISTICS 1000;
ALTER INDEX search_document_content ALTER COLUMN 1 SET STATISTICS 1000;
ALTER INDEX search_document_full ALTER COLUMN 1 SET STATISTICS 1000;
ANALYZE search_document;
