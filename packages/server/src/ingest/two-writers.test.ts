import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../corpus/generator';
import type { Database } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { migrationsDir } from '../paths';
import { normalizeCompanyName } from '../tenders/normalize';
import { testDatabaseTargets } from '../test-support/databases';
import { importFile } from './import-file';
import type { TenderRecordInput } from './record';

const UNTIL = '2026-03-31';

/**
 * On PostgreSQL an import writes two batches at once (docs/adr/0021-two-import-writers.md); small batches put
 * copies, shared companies and failures in batches written side by side. PGlite writes one at a time: the same
 * outcomes.
 */
describe.each(testDatabaseTargets())('import with batches written side by side on $name', (target) => {
  let db: Database;
  let dir: string;

  beforeAll(async () => {
    db = await target.open();
    await migrate(db, readMigrations(migrationsDir));
    dir = mkdtempSync(join(tmpdir(), 'tender-two-writers-'));
  });

  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function writeRecords(name: string, records: TenderRecordInput[]): string {
    const path = join(dir, name);
    writeFileSync(path, `${records.map((record) => JSON.stringify(record)).join('\n')}\n`);
    return path;
  }

  const corpus = (seed: string, size: number) => [...generateCorpus({ seed, size, until: UNTIL })];

  async function itemsWithSource(prefix: string): Promise<number> {
    const [row] = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM tender_item WHERE source_id LIKE $1',
      [`${prefix}%`],
    );
    return row?.count ?? 0;
  }

  it('counts copies in the next batch as duplicates and keeps the first copy', async () => {
    const originals = corpus('two-writers-copies', 40).map((record, index) => ({
      ...record,
      sourceId: `copies-${index}`,
    }));
    const bySource = originals
      .slice(0, 10)
      .map((record) => ({ ...record, title: `${record.title}（重发）` }));
    const byContent = originals
      .slice(10, 20)
      .map((record, index) => ({ ...record, sourceId: `copies-c${index}` }));
    // Batches of 20: the second, all copies of the first, is written beside it.
    const path = writeRecords('copies.ndjson', [
      ...originals.slice(0, 20),
      ...bySource,
      ...byContent,
      ...originals.slice(20),
    ]);
    expect(await importFile(db, path, { batchSize: 20 })).toMatchObject({
      status: 'done',
      inserted: 40,
      duplicatesBySource: 10,
      duplicatesByContent: 10,
    });
    expect(await itemsWithSource('copies-')).toBe(40);
    const [first] = await db.query<{ title: string }>('SELECT title FROM tender_item WHERE source_id = $1', [
      'copies-0',
    ]);
    expect(first?.title).toBe(originals[0]?.title);
  });

  it('links companies first named by the batch beside, and keeps the market rollups equal to the items', async () => {
    // A corpus names its purchasers and agencies again and again: most batches link companies the batch before
    // them made.
    const records = corpus('two-writers-companies', 300);
    const path = writeRecords('companies.ndjson', records);
    expect(await importFile(db, path, { batchSize: 25 })).toMatchObject({ status: 'done', inserted: 300 });

    // One link per item, role, lot and company (by normalised name).
    const expectedLinks = records.reduce((sum, record) => {
      const parties = (record.parties ?? []).map(
        (party) => `${party.role}\u001f${party.lot?.trim() ?? ''}\u001f${normalizeCompanyName(party.name)}`,
      );
      return sum + new Set(parties).size;
    }, 0);
    const [links] = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM item_company l JOIN tender_item i ON i.id = l.item_id
       WHERE i.source_id = ANY($1::text[])`,
      [records.map((record) => record.sourceId)],
    );
    expect(links?.count).toBe(expectedLinks);

    const [rollups] = await db.query<{ items: number; companies: number; pending: number }>(
      `SELECT
         (SELECT count(*)::int FROM (
            SELECT month, province_code, industry_code, doc_type, procurement_method, items, budget_fen, award_fen
            FROM market_rollup WHERE items <> 0
            EXCEPT
            SELECT date_trunc('month', publish_date)::date, coalesce(province_code, ''), coalesce(industry_code, ''),
                   doc_type, coalesce(procurement_method, ''), count(*), coalesce(sum(budget_fen), 0),
                   coalesce(sum(award_fen), 0)
            FROM tender_item GROUP BY 1, 2, 3, 4, 5) d) AS items,
         (SELECT count(*)::int FROM (
            SELECT l.role, date_trunc('month', i.publish_date)::date, l.company_id, count(DISTINCT l.item_id),
                   coalesce(sum(CASE WHEN l.role = 'winner' THEN l.award_fen ELSE i.budget_fen END), 0)
            FROM item_company l JOIN tender_item i ON i.id = l.item_id
            WHERE (l.role = 'purchaser' AND i.doc_type = 'zb') OR (l.role = 'winner' AND i.doc_type = 'jg')
            GROUP BY 1, 2, 3
            EXCEPT
            SELECT role, month, company_id, items, amount_fen FROM market_company_month) d) AS companies,
         (SELECT count(*)::int FROM market_rollup_pending) + (SELECT count(*)::int FROM market_company_pending)
           + (SELECT count(*)::int FROM market_rollup_change) AS pending`,
    );
    expect(rollups).toEqual({ items: 0, companies: 0, pending: 0 });
  });

  it('commits no batch after one that fails, and the resumed import writes every item once', async () => {
    const records = corpus('two-writers-failure', 200).map((record, index) => ({
      ...record,
      sourceId: `failure-${index}`,
    }));
    const failing = records[70]?.title ?? '';
    // The database refuses one item of the second batch (a full disk, a killed backend).
    await db.exec(`
      CREATE FUNCTION refuse_one_item() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.title = ${`'${failing.replaceAll("'", "''")}'`} THEN RAISE EXCEPTION 'refused'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_one_item BEFORE INSERT ON tender_item FOR EACH ROW EXECUTE FUNCTION refuse_one_item();`);
    const path = writeRecords('failure.ndjson', records);
    await expect(importFile(db, path, { batchSize: 50 })).rejects.toThrow('refused');
    expect(await itemsWithSource('failure-')).toBe(50);

    await db.exec('DROP TRIGGER refuse_one_item ON tender_item; DROP FUNCTION refuse_one_item()');
    expect(await importFile(db, path, { batchSize: 50 })).toMatchObject({
      status: 'done',
      resumed: true,
      startedAtLine: 50,
      inserted: 150,
      duplicatesBySource: 0,
      duplicatesByContent: 0,
    });
    expect(await itemsWithSource('failure-')).toBe(200);
  });
});
