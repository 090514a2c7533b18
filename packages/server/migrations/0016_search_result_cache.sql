-- The search result cache (src/search/README.md "Result cache", docs/adr/0017-search-result-cache.md) and the
-- search settings per statement.
--
-- 1. A data version: a cached result is used only while the version it was computed at is still the current
--    one, so a change committed before a search starts is always seen by it — also when another process (the
--    importer CLI, a second API node) made it. Every transaction that writes what a search or its records read
--    (search_document; tender_item, project_detail, item_company and company, of which the result lists are
--    made) bumps the version once, at its commit:
--    a statement trigger records the transaction in search_data_change (once: the transaction id is the key),
--    and that row's deferred trigger increments the one version row when the transaction commits. The row lock
--    on the version is held only from that moment to the end of the commit, not for a whole import batch, so
--    two importing connections do not queue behind each other's batches. The change row is deleted in the same
--    transaction and is never seen by anyone else.
CREATE TABLE search_data_version (
  single boolean PRIMARY KEY DEFAULT true CHECK (single),
  version bigint NOT NULL
);
INSERT INTO search_data_version (single, version) VALUES (true, 1);

CREATE TABLE search_data_change (
  txid xid8 PRIMARY KEY
);

CREATE FUNCTION search_data_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_data_change (txid) VALUES (pg_current_xact_id()) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE FUNCTION search_data_version_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_data_version SET version = version + 1;
  DELETE FROM search_data_change WHERE txid = NEW.txid;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER search_data_version_at_commit
  AFTER INSERT ON search_data_change
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION search_data_version_bump();

CREATE TRIGGER search_document_changed
  AFTER INSERT OR UPDATE OR DELETE ON search_document
  FOR EACH STATEMENT EXECUTE FUNCTION search_data_changed();
CREATE TRIGGER search_document_truncated
  AFTER TRUNCATE ON search_document
  FOR EACH STATEMENT EXECUTE FUNCTION search_data_changed();
CREATE TRIGGER tender_item_search_changed
  AFTER INSERT OR UPDATE OR DELETE ON tender_item
  FOR EACH STATEMENT EXECUTE FUNCTION search_data_changed();
CREATE TRIGGER tender_item_search_truncated
  AFTER TRUNCATE ON tender_item
  FOR EACH STATEMENT EXECUTE FUNCTION search_data_changed();
CREATE TRIGGER item_company_search_changed
  AFTER INSERT OR UPDATE OR DELETE ON item_company
  FOR EACH STATEMENT EXECUTE FUNCTION search_data_changed();
CREATE TRIGGER item_company_search_truncated
  AFTER TRUNCATE ON item_company
  FOR EACH STATEMENT EXECUTE FUNCTION search_data_changed();
CREATE TRIGGER company_search_changed
  AFTER INSERT OR UPDATE OR DELETE ON company
  FOR EACH STATEMENT EXECUTE FUNCTION search_data_changed();
CREATE TRIGGER company_search_truncated
  AFTER TRUNCATE ON company
  FOR EACH STATEMENT EXECUTE FUNCTION search_data_changed();
CREATE TRIGGER project_detail_search_changed
  AFTER INSERT OR UPDATE OR DELETE ON project_detail
  FOR EACH STATEMENT EXECUTE FUNCTION search_data_changed();
CREATE TRIGGER project_detail_search_truncated
  AFTER TRUNCATE ON project_detail
  FOR EACH STATEMENT EXECUTE FUNCTION search_data_changed();

-- 2. A search statement with its settings, without a transaction around it: a function's SET clauses hold for
--    the call alone, so a search needs neither BEGIN, SET LOCAL nor COMMIT (three round trips of ten), and
--    other modules' statements on the same pooled connections keep their own settings. `work_mem` keeps a
--    common term's bitmap exact (lossy pages are rechecked row by row), and no parallel workers: starting them
--    cost more than they saved (src/search/search-index.ts). The statement is built by the search code alone,
--    its values written in as literals (constants to the planner, as a custom plan's bound parameters are).
--    STABLE: it cannot write, and it reads in the calling statement's snapshot.
CREATE FUNCTION search_rows(statement text) RETURNS SETOF record
LANGUAGE plpgsql STABLE
SET work_mem = '32MB'
SET max_parallel_workers_per_gather = 0
AS $$
BEGIN
  RETURN QUERY EXECUTE statement;
END
$$;
