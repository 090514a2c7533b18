import type { Database, Queryable } from '../db/database';
import { messages } from '../messages';
import { searchIndex } from './search-index';
import { tsvectorLiteralOfName } from './tokens';

export interface ReindexOptions {
  /** Only items without a search document (after upgrading a database that had items before search). */
  missingOnly?: boolean;
  /** Items per transaction (default 1000). */
  batchSize?: number;
  onProgress?: (progress: { indexed: number; total: number }) => void;
}

interface ItemRow {
  id: number;
  doc_type: string;
  procurement_method: string | null;
  title: string;
  body: string;
  project_name: string | null;
  publish_date: string;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  industry_code: string | null;
  budget_fen: number | null;
  award_fen: number | null;
  total_investment_fen: number | null;
}

/**
 * Rebuilds the search documents of every item (or of the items without one) from tender_item, in batches of
 * one transaction each, then the company name tokens, then the planner statistics. Needed after a change of
 * the token format and when a database had items before search existed; safe to run on a live database
 * (each document is replaced in one statement) and to interrupt (run it again).
 */
export async function reindexSearch(
  db: Database,
  options: ReindexOptions = {},
): Promise<{ indexed: number }> {
  const batchSize = options.batchSize ?? 1000;
  const missing = options.missingOnly
    ? 'AND NOT EXISTS (SELECT 1 FROM search_document d WHERE d.item_id = t.id)'
    : '';
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM tender_item t WHERE true ${missing}`,
  );
  const total = count?.total ?? 0;
  let indexed = 0;
  let after = 0;
  for (;;) {
    const rows = await db.query<ItemRow>(
      `SELECT t.id, t.doc_type, t.procurement_method, t.title, t.body, t.project_name, t.publish_date,
              t.province_code, t.city_code, t.district_code, t.industry_code, t.budget_fen, t.award_fen,
              p.total_investment_fen
       FROM tender_item t LEFT JOIN project_detail p ON p.item_id = t.id
       WHERE t.id > $1 ${missing}
       ORDER BY t.id LIMIT $2`,
      [after, batchSize],
    );
    if (rows.length === 0) break;
    await db.transaction(async (tx) => {
      await searchIndex.add(
        tx,
        rows.map((row) => ({
          itemId: row.id,
          docType: row.doc_type,
          procurementMethod: row.procurement_method,
          title: row.title,
          body: row.body,
          projectName: row.project_name,
          publishDate: row.publish_date,
          provinceCode: row.province_code,
          cityCode: row.city_code,
          districtCode: row.district_code,
          industryCode: row.industry_code,
          budgetFen: row.budget_fen,
          awardFen: row.award_fen,
        })),
      );
      await searchIndex.setProjectAmounts(
        tx,
        rows.map((row) => ({ itemId: row.id, amountFen: row.total_investment_fen })),
      );
    });
    indexed += rows.length;
    after = rows[rows.length - 1]?.id ?? after;
    options.onProgress?.({ indexed, total });
  }
  await reindexCompanyNames(db, options.missingOnly ?? false, batchSize);
  await refreshSearchStatistics(db);
  return { indexed };
}

async function reindexCompanyNames(db: Database, missingOnly: boolean, batchSize: number): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await db.query<{ id: number; name: string }>(
      `SELECT id, name FROM company WHERE id > $1 ${missingOnly ? 'AND name_tokens IS NULL' : ''}
       ORDER BY id LIMIT $2`,
      [after, batchSize],
    );
    if (rows.length === 0) return;
    await db.query(
      `UPDATE company c SET name_tokens = n.tokens
       FROM unnest($1::bigint[], $2::tsvector[]) AS n(id, tokens) WHERE c.id = n.id`,
      [rows.map((row) => row.id), rows.map((row) => tsvectorLiteralOfName(row.name))],
    );
    after = rows[rows.length - 1]?.id ?? after;
  }
}

/**
 * Refreshes the planner's statistics of the search tables. PostgreSQL's autovacuum does this by itself after
 * enough changes; PGlite has no autovacuum, so the importer and the demo load call this when they finish —
 * without statistics every term looks equally common and rare terms get slow plans.
 */
export async function refreshSearchStatistics(db: Queryable): Promise<void> {
  await cleanPendingEntries(db);
  await db.exec('ANALYZE search_document; ANALYZE company');
}

/** Items without a search document: items written before migration 0006 (run `search reindex --missing`). */
export async function unindexedItemCount(db: Queryable): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM tender_item t
     WHERE NOT EXISTS (SELECT 1 FROM search_document d WHERE d.item_id = t.id)`,
  );
  return row?.count ?? 0;
}

const GIN_INDEXES = [
  'search_document_title',
  'search_document_content',
  'search_document_full',
  'company_name_tokens',
];

/**
 * Moves the entries GIN keeps in its pending list (fast inserts) into the index proper. Every search reads the
 * whole pending list — up to 4 MB per index, tens of milliseconds — and only VACUUM empties it otherwise:
 * autovacuum does on PostgreSQL, nothing does on PGlite.
 */
export async function cleanPendingEntries(db: Queryable): Promise<void> {
  for (const index of GIN_INDEXES) await db.query('SELECT gin_clean_pending_list($1::regclass)', [index]);
}

/**
 * After a load (an import, the demo corpus): empties the GIN pending lists, and refreshes the statistics when
 * the load changed a tenth of the documents or more, or when they were never gathered. Smaller loads leave them to autovacuum (PostgreSQL) or
 * to the next big load; the estimates of a tenth fewer documents still choose the same plans.
 */
export async function refreshSearchStatisticsAfterLoad(db: Queryable, inserted: number): Promise<void> {
  if (inserted <= 0) return;
  await cleanPendingEntries(db);
  const [row] = await db.query<{ rows: number }>(
    "SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = 'search_document'::regclass",
  );
  const rows = row?.rows ?? -1;
  if (rows <= 0 || inserted >= rows / 10) await refreshSearchStatistics(db);
}

/** `start`: items written before search existed get their documents (logged), so every item is found. */
export async function indexUnindexedItems(db: Database, log: (line: string) => void): Promise<void> {
  const missing = await unindexedItemCount(db);
  if (missing === 0) return;
  log(messages.search.missingFound(missing));
  await reindexSearch(db, { missingOnly: true });
}
