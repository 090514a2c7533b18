-- The market rollups of migration 0010 take a transaction's new items and links when it commits, not while it
-- writes them (docs/adr/0021-two-import-writers.md). The import writes its batches on two connections side by
-- side; most batches touch some of the same rollup rows (a month, a province, a popular purchaser), and with the
-- rollups updated by each INSERT the second batch waited for the first one's commit from its first statement on.
-- Now the statement triggers only note their sums per transaction, and a deferred trigger adds them up into the
-- rollups at commit, in key order: the rows are locked from that moment to the end of the commit only, as the
-- search data version is (migration 0016). The removal on DELETE stays immediate (nothing deletes items but
-- tests, and it only subtracts from rows that exist).

CREATE TABLE market_rollup_pending (
  txid xid8 NOT NULL,
  month date NOT NULL,
  province_code text NOT NULL,
  industry_code text NOT NULL,
  doc_type text NOT NULL,
  procurement_method text NOT NULL,
  items bigint NOT NULL,
  budget_fen bigint NOT NULL,
  award_fen bigint NOT NULL
);
CREATE INDEX market_rollup_pending_txid ON market_rollup_pending (txid);

CREATE TABLE market_company_pending (
  txid xid8 NOT NULL,
  role text NOT NULL,
  month date NOT NULL,
  province_code text NOT NULL,
  industry_code text NOT NULL,
  company_id bigint NOT NULL,
  items bigint NOT NULL,
  amount_fen bigint NOT NULL
);
CREATE INDEX market_company_pending_txid ON market_company_pending (txid);

-- One row per transaction with pending sums: its deferred trigger merges them at commit.
CREATE TABLE market_rollup_change (
  txid xid8 PRIMARY KEY
);

CREATE OR REPLACE FUNCTION market_rollup_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO market_rollup_pending
    (txid, month, province_code, industry_code, doc_type, procurement_method, items, budget_fen, award_fen)
  SELECT pg_current_xact_id(), date_trunc('month', publish_date)::date, coalesce(province_code, ''),
         coalesce(industry_code, ''), doc_type, coalesce(procurement_method, ''), count(*),
         coalesce(sum(budget_fen), 0), coalesce(sum(award_fen), 0)
    FROM inserted_items
   GROUP BY 2, 3, 4, 5, 6;
  INSERT INTO market_rollup_change (txid) VALUES (pg_current_xact_id()) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

-- Links are written after their items (src/tenders/service.ts), so the item is there to join. An item has one
-- month, province and industry: its company's distinct items per (role, month, company) are the sum over them.
CREATE OR REPLACE FUNCTION market_company_rollup_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO market_company_pending
    (txid, role, month, province_code, industry_code, company_id, items, amount_fen)
  SELECT pg_current_xact_id(), l.role, date_trunc('month', i.publish_date)::date, coalesce(i.province_code, ''),
         coalesce(i.industry_code, ''), l.company_id,
         count(DISTINCT l.item_id),
         coalesce(sum(CASE WHEN l.role = 'winner' THEN l.award_fen ELSE i.budget_fen END), 0)
    FROM inserted_links l
    JOIN tender_item i ON i.id = l.item_id
   WHERE (l.role = 'purchaser' AND i.doc_type = 'zb') OR (l.role = 'winner' AND i.doc_type = 'jg')
   GROUP BY 2, 3, 4, 5, 6;
  INSERT INTO market_rollup_change (txid) VALUES (pg_current_xact_id()) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE FUNCTION market_rollups_merge() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO market_rollup AS r
    (month, province_code, industry_code, doc_type, procurement_method, items, budget_fen, award_fen)
  SELECT month, province_code, industry_code, doc_type, procurement_method, sum(items), sum(budget_fen),
         sum(award_fen)
    FROM market_rollup_pending
   WHERE txid = NEW.txid
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (month, province_code, industry_code, doc_type, procurement_method) DO UPDATE
    SET items = r.items + EXCLUDED.items, budget_fen = r.budget_fen + EXCLUDED.budget_fen,
        award_fen = r.award_fen + EXCLUDED.award_fen;
  INSERT INTO market_company_rollup AS r (role, month, province_code, industry_code, company_id, items, amount_fen)
  SELECT role, month, province_code, industry_code, company_id, sum(items), sum(amount_fen)
    FROM market_company_pending
   WHERE txid = NEW.txid
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (role, month, province_code, industry_code, company_id) DO UPDATE
    SET items = r.items + EXCLUDED.items, amount_fen = r.amount_fen + EXCLUDED.amount_fen;
  INSERT INTO market_company_month AS r (role, month, company_id, items, amount_fen)
  SELECT role, month, company_id, sum(items), sum(amount_fen)
    FROM market_company_pending
   WHERE txid = NEW.txid
   GROUP BY 1, 2, 3
   ORDER BY 1, 3, 2
  ON CONFLICT (role, company_id, month) DO UPDATE
    SET items = r.items + EXCLUDED.items, amount_fen = r.amount_fen + EXCLUDED.amount_fen;
  DELETE FROM market_rollup_pending WHERE txid = NEW.txid;
  DELETE FROM market_company_pending WHERE txid = NEW.txid;
  DELETE FROM market_rollup_change WHERE txid = NEW.txid;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER market_rollups_at_commit
  AFTER INSERT ON market_rollup_change
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION market_rollups_merge();
