import type { Queryable } from '../db/database';
import { writeContractPeriods } from '../renewal/queries';
import { searchIndex } from '../search/search-index';
import { tsvectorLiteralOfName } from '../search/tokens';
import type { PartyRole } from './codes';

/**
 * The SQL of the tender data (migrations/0004_tenders.sql). Batches go in as one array per column through
 * `unnest`: one statement per table and batch, a constant text (planned once), and no limit on batch size from
 * the 65,535 parameters of the protocol. Both drivers send JS arrays as PostgreSQL arrays.
 */

export interface CompanyRow {
  name: string;
  normalizedName: string;
  creditCode: string | null;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
}

/**
 * Adds the companies not known yet and fills a known company's missing region or credit code; answers the id of
 * every name. Names must be distinct within the call (ON CONFLICT may touch a row once per statement).
 */
export async function upsertCompanies(db: Queryable, companies: CompanyRow[]): Promise<Map<string, number>> {
  if (companies.length === 0) return new Map();
  await db.query(
    `INSERT INTO company (name, normalized_name, credit_code, province_code, city_code, district_code, name_tokens)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::tsvector[])
     ON CONFLICT (normalized_name) DO UPDATE SET
       credit_code = COALESCE(company.credit_code, EXCLUDED.credit_code),
       province_code = COALESCE(company.province_code, EXCLUDED.province_code),
       city_code = CASE WHEN company.province_code IS NULL THEN EXCLUDED.city_code ELSE company.city_code END,
       district_code = CASE WHEN company.province_code IS NULL THEN EXCLUDED.district_code
                            ELSE company.district_code END
     WHERE (company.credit_code IS NULL AND EXCLUDED.credit_code IS NOT NULL)
        OR (company.province_code IS NULL AND EXCLUDED.province_code IS NOT NULL)`,
    [
      companies.map((company) => company.name),
      companies.map((company) => company.normalizedName),
      companies.map((company) => company.creditCode),
      companies.map((company) => company.provinceCode),
      companies.map((company) => company.cityCode),
      companies.map((company) => company.districtCode),
      // The bigram tokens of the name, for the company search of suggestions (src/search).
      companies.map((company) => tsvectorLiteralOfName(company.name)),
    ],
  );
  const rows = await db.query<{ id: number; normalized_name: string }>(
    'SELECT id, normalized_name FROM company WHERE normalized_name = ANY($1::text[])',
    [companies.map((company) => company.normalizedName)],
  );
  return new Map(rows.map((row) => [row.normalized_name, row.id]));
}

/** Which of these source ids are taken already: an item's own, or one kept as another source of an item. */
export async function existingSourceIds(db: Queryable, sourceIds: string[]): Promise<Set<string>> {
  if (sourceIds.length === 0) return new Set();
  const rows = await db.query<{ source_id: string }>(
    `SELECT source_id FROM tender_item WHERE source_id = ANY($1::text[])
     UNION ALL SELECT source_id FROM tender_item_source WHERE source_id = ANY($1::text[])`,
    [sourceIds],
  );
  return new Set(rows.map((row) => row.source_id));
}

/** The items that hold these de-duplication keys already: each key's item and the URL it was read from. */
export async function existingDedupKeys(
  db: Queryable,
  keys: string[],
): Promise<Map<string, { id: number; sourceUrl: string | null }>> {
  if (keys.length === 0) return new Map();
  const rows = await db.query<{ dedup_key: string; id: number; source_url: string | null }>(
    'SELECT dedup_key, id::int AS id, source_url FROM tender_item WHERE dedup_key = ANY($1::text[])',
    [keys],
  );
  return new Map(rows.map((row) => [row.dedup_key, { id: row.id, sourceUrl: row.source_url }]));
}

export interface TenderItemRow {
  docType: string;
  procurementMethod: string | null;
  noticeKind: string | null;
  title: string;
  body: string;
  projectKey: string | null;
  projectCode: string | null;
  projectName: string | null;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  industryCode: string | null;
  budgetFen: number | null;
  budgetRaw: string | null;
  awardFen: number | null;
  awardRaw: string | null;
  /** 'YYYY-MM-DD' */
  publishDate: string;
  /** ISO 8601 instants */
  documentsFrom: string | null;
  documentsUntil: string | null;
  bidDeadline: string | null;
  openingTime: string | null;
  /** 'YYYY-MM-01' */
  expectedPurchaseMonth: string | null;
  sourceId: string | null;
  sourceUrl: string | null;
  sourceName: string | null;
  dedupKey: string;
}

const ITEM_COLUMNS: readonly [keyof TenderItemRow, string, string][] = [
  ['docType', 'doc_type', 'text'],
  ['procurementMethod', 'procurement_method', 'text'],
  ['noticeKind', 'notice_kind', 'text'],
  ['title', 'title', 'text'],
  ['body', 'body', 'text'],
  ['projectKey', 'project_key', 'text'],
  ['projectCode', 'project_code', 'text'],
  ['projectName', 'project_name', 'text'],
  ['provinceCode', 'province_code', 'text'],
  ['cityCode', 'city_code', 'text'],
  ['districtCode', 'district_code', 'text'],
  ['industryCode', 'industry_code', 'text'],
  ['budgetFen', 'budget_fen', 'bigint'],
  ['budgetRaw', 'budget_raw', 'text'],
  ['awardFen', 'award_fen', 'bigint'],
  ['awardRaw', 'award_raw', 'text'],
  ['publishDate', 'publish_date', 'date'],
  ['documentsFrom', 'documents_from', 'timestamptz'],
  ['documentsUntil', 'documents_until', 'timestamptz'],
  ['bidDeadline', 'bid_deadline', 'timestamptz'],
  ['openingTime', 'opening_time', 'timestamptz'],
  ['expectedPurchaseMonth', 'expected_purchase_month', 'date'],
  ['sourceId', 'source_id', 'text'],
  ['sourceUrl', 'source_url', 'text'],
  ['sourceName', 'source_name', 'text'],
  ['dedupKey', 'dedup_key', 'text'],
];

const INSERT_ITEMS = `INSERT INTO tender_item (${ITEM_COLUMNS.map(([, column]) => column).join(', ')})
  SELECT * FROM unnest(${ITEM_COLUMNS.map(([, , type], index) => `$${index + 1}::${type}[]`).join(', ')})
  ON CONFLICT DO NOTHING
  RETURNING id, dedup_key`;

/**
 * Inserts items and answers the ids of those written, by de-duplication key. A row that collides with one
 * written meanwhile (another importer) is skipped rather than failing the batch; the caller counts it as a
 * duplicate. The items' search documents are written in the same statement batch (src/search); `onInserted`
 * hears of the ids before that, the longest statement of an import.
 */
export async function insertTenderItems(
  db: Queryable,
  rows: TenderItemRow[],
  onInserted?: (ids: ReadonlyMap<string, number>) => void,
): Promise<Map<string, number>> {
  const inserted = rows.length
    ? await db.query<{ id: number; dedup_key: string }>(
        INSERT_ITEMS,
        ITEM_COLUMNS.map(([field]) => rows.map((row) => row[field])),
      )
    : [];
  const ids = new Map(inserted.map((row) => [row.dedup_key, row.id]));
  onInserted?.(ids);
  const written = rows.flatMap((row) => {
    const itemId = ids.get(row.dedupKey);
    return itemId === undefined ? [] : [{ ...row, itemId }];
  });
  // The search documents go in with the items (src/search): an item is never written unsearchable.
  await searchIndex.add(db, written);
  // An award's contract period too (src/renewal), so it is among the 即将到期 from its first day.
  await writeContractPeriods(db, written);
  return ids;
}

export interface ItemCompanyRow {
  itemId: number;
  companyId: number;
  role: PartyRole;
  lot: string;
  rank: number | null;
  awardFen: number | null;
  awardRaw: string | null;
  contactName: string | null;
  contactPhone: string | null;
  address: string | null;
}

/** Links companies to items; each (item, role, lot, company) once. */
export async function insertItemCompanies(db: Queryable, rows: ItemCompanyRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO item_company
       (item_id, company_id, role, lot, rank, award_fen, award_raw, contact_name, contact_phone, address)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::smallint[], $6::bigint[],
                          $7::text[], $8::text[], $9::text[], $10::text[])
     ON CONFLICT DO NOTHING`,
    [
      rows.map((row) => row.itemId),
      rows.map((row) => row.companyId),
      rows.map((row) => row.role),
      rows.map((row) => row.lot),
      rows.map((row) => row.rank),
      rows.map((row) => row.awardFen),
      rows.map((row) => row.awardRaw),
      rows.map((row) => row.contactName),
      rows.map((row) => row.contactPhone),
      rows.map((row) => row.address),
    ],
  );
}

export interface ProjectDetailRow {
  itemId: number;
  stageCode: string | null;
  approvalAuthority: string | null;
  approvalCode: string | null;
  documentNumber: string | null;
  approvalResult: string | null;
  approvalDate: string | null;
  totalInvestmentFen: number | null;
  totalInvestmentRaw: string | null;
  constructionSite: string | null;
  constructionScale: string | null;
  plannedStart: string | null;
  plannedEnd: string | null;
}

/** The 拟建/审批 facts of project items. */
export async function insertProjectDetails(db: Queryable, rows: ProjectDetailRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO project_detail
       (item_id, stage_code, approval_authority, approval_code, document_number, approval_result, approval_date,
        total_investment_fen, total_investment_raw, construction_site, construction_scale, planned_start,
        planned_end)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::date[],
                          $8::bigint[], $9::text[], $10::text[], $11::text[], $12::date[], $13::date[])`,
    [
      rows.map((row) => row.itemId),
      rows.map((row) => row.stageCode),
      rows.map((row) => row.approvalAuthority),
      rows.map((row) => row.approvalCode),
      rows.map((row) => row.documentNumber),
      rows.map((row) => row.approvalResult),
      rows.map((row) => row.approvalDate),
      rows.map((row) => row.totalInvestmentFen),
      rows.map((row) => row.totalInvestmentRaw),
      rows.map((row) => row.constructionSite),
      rows.map((row) => row.constructionScale),
      rows.map((row) => row.plannedStart),
      rows.map((row) => row.plannedEnd),
    ],
  );
  await searchIndex.setProjectAmounts(
    db,
    rows.map((row) => ({ itemId: row.itemId, amountFen: row.totalInvestmentFen })),
  );
}

/** Items in the database, by type: what loads and imports report and tests check. */
export async function countItemsByType(db: Queryable): Promise<Record<string, number>> {
  const rows = await db.query<{ doc_type: string; count: number }>(
    'SELECT doc_type, count(*)::int AS count FROM tender_item GROUP BY doc_type',
  );
  return Object.fromEntries(rows.map((row) => [row.doc_type, row.count]));
}
