import type { Database, Queryable } from '../db/database';
import { type IndexableItem, type SearchDocumentRow, searchDocument } from './document';
import {
  allTsquery,
  anyTsquery,
  highlightNeedles,
  type MatchSpec,
  matchSpec,
  type SearchMode,
  type SearchScope,
} from './query';

/** Filters of a search (spec §3 Search filter state); every list is "any of", and the filters all apply. */
export interface SearchFilters {
  /** Announcement types (docchnnel): zb, bg, jg, yg, yx, nj, sp. */
  docTypes?: readonly string[];
  /** 招标公告 of these procurement methods (the docchnnel children gk, yq …); "or" with docTypes. */
  procurementMethods?: readonly string[];
  /** GB/T 2260 codes: a province (xx0000), a city or a district. */
  regionCodes?: readonly string[];
  /** GB/T 4754 divisions (01–97). */
  industryCodes?: readonly string[];
  /** 拟建/审批 projects at these approval stages (approval/stage codes). */
  stageCodes?: readonly string[];
  /** Inclusive bounds in fen. */
  amountMinFen?: number;
  amountMaxFen?: number;
  /** Inclusive publish days, 'YYYY-MM-DD'. */
  dateFrom?: string;
  dateTo?: string;
}

export interface SearchRequest {
  keywords: readonly string[];
  mode: SearchMode;
  scope: SearchScope;
  /** Secondary search (search within results): keywords every result must also contain, precisely. */
  within?: readonly string[];
  filters?: SearchFilters;
  offset: number;
  limit: number;
  /** Counts stop at cap + 1 (spec §9 '10000+'). */
  countCap: number;
}

export interface SearchResult {
  /** The page, newest first (fuzzy: documents with every word first). */
  itemIds: number[];
  /** Matches, counted up to countCap + 1. */
  total: number;
  /** What to highlight in the results, longest first. */
  needles: string[];
}

/**
 * The search engine behind every search endpoint (docs/architecture.md §4: replaceable). This implementation
 * keeps bigram tokens in PostgreSQL tsvectors (migrations/0006_search.sql); another engine implements the same
 * four operations and the endpoints stay as they are.
 */
export interface SearchIndex {
  /** Indexes items just written, in the writer's transaction. */
  add(tx: Queryable, items: readonly IndexableItem[]): Promise<void>;
  /** Projects (拟建/审批) filter on their total investment, known once their facts are written. */
  setProjectAmounts(
    tx: Queryable,
    amounts: readonly { itemId: number; amountFen: number | null }[],
  ): Promise<void>;
  search(db: Queryable, request: SearchRequest): Promise<SearchResult>;
  /** Capped counts of one search per group of types (the tabs of 全部搜索). */
  countByGroup(
    db: Queryable,
    request: Omit<SearchRequest, 'offset' | 'limit'>,
    groups: Readonly<Record<string, readonly string[]>>,
  ): Promise<Record<string, number>>;
}

const COLUMNS: readonly [keyof SearchDocumentRow, string, string][] = [
  ['itemId', 'item_id', 'bigint'],
  ['docType', 'doc_type', 'text'],
  ['procurementMethod', 'procurement_method', 'text'],
  ['publishDate', 'publish_date', 'date'],
  ['provinceCode', 'province_code', 'text'],
  ['cityCode', 'city_code', 'text'],
  ['districtCode', 'district_code', 'text'],
  ['industryCode', 'industry_code', 'text'],
  ['amountFen', 'amount_fen', 'bigint'],
  ['titleTokens', 'title_tokens', 'tsvector'],
  ['contentTokens', 'content_tokens', 'tsvector'],
  ['fullTokens', 'full_tokens', 'tsvector'],
  ['lossyTitle', 'lossy_title', 'text'],
  ['lossyContent', 'lossy_content', 'text'],
  ['lossyFull', 'lossy_full', 'text'],
];

const UPSERT_DOCUMENTS = `INSERT INTO search_document (${COLUMNS.map(([, column]) => column).join(', ')})
  SELECT * FROM unnest(${COLUMNS.map(([, , type], index) => `$${index + 1}::${type}[]`).join(', ')})
  ON CONFLICT (item_id) DO UPDATE SET ${COLUMNS.slice(1)
    .map(([, column]) => `${column} = EXCLUDED.${column}`)
    .join(', ')}`;

/** Writes (or rewrites) the documents of these items. */
export async function writeSearchDocuments(tx: Queryable, items: readonly IndexableItem[]): Promise<void> {
  if (items.length === 0) return;
  const rows = items.map(searchDocument);
  await tx.query(
    UPSERT_DOCUMENTS,
    COLUMNS.map(([field]) => rows.map((row) => row[field])),
  );
}

const SCOPE_COLUMNS: Record<SearchScope, { tokens: string; lossy: string }> = {
  title: { tokens: 'd.title_tokens', lossy: 'd.lossy_title' },
  content: { tokens: 'd.content_tokens', lossy: 'd.lossy_content' },
  full: { tokens: 'd.full_tokens', lossy: 'd.lossy_full' },
};

/** Parameters of one statement, numbered as they are added. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The conditions of a search. `indexable` false writes the matches as function calls, which no index serves:
 * the planner then walks the newest-first index and checks each row (see `pageOf`).
 */
function whereClause(
  params: Params,
  scope: SearchScope,
  spec: MatchSpec,
  filters: SearchFilters,
  indexable: boolean,
): string {
  const { tokens, lossy } = SCOPE_COLUMNS[scope];
  const match = (tsquery: string) =>
    indexable
      ? `${tokens} @@ ${params.add(tsquery)}::tsquery`
      : `ts_match_vq(${tokens}, ${params.add(tsquery)}::tsquery)`;
  const conditions: string[] = [];
  const all = allTsquery(spec.all);
  if (all) {
    conditions.push(match(all));
    conditions.push(
      `(${lossy} IS NULL OR NOT EXISTS (SELECT 1 FROM unnest(${params.add(spec.all)}::text[]) AS needle(text) WHERE strpos(${lossy}, needle.text) = 0))`,
    );
  }
  const any = anyTsquery(spec.any);
  if (any) {
    conditions.push(match(any));
    conditions.push(
      `(${lossy} IS NULL OR EXISTS (SELECT 1 FROM unnest(${params.add(spec.any)}::text[]) AS needle(text) WHERE strpos(${lossy}, needle.text) > 0))`,
    );
  }
  const types = filters.docTypes ?? [];
  const methods = filters.procurementMethods ?? [];
  if (types.length && methods.length) {
    conditions.push(
      `(d.doc_type = ANY(${params.add(types)}::text[]) OR (d.doc_type = 'zb' AND d.procurement_method = ANY(${params.add(methods)}::text[])))`,
    );
  } else if (types.length) {
    conditions.push(
      types.length === 1
        ? `d.doc_type = ${params.add(types[0])}`
        : `d.doc_type = ANY(${params.add(types)}::text[])`,
    );
  } else if (methods.length) {
    conditions.push(`d.doc_type = 'zb' AND d.procurement_method = ANY(${params.add(methods)}::text[])`);
  }
  const regions = filters.regionCodes ?? [];
  if (regions.length) {
    const provinces = regions.filter((code) => code.endsWith('0000'));
    const others = regions.filter((code) => !code.endsWith('0000'));
    const parts: string[] = [];
    if (provinces.length === 1) parts.push(`d.province_code = ${params.add(provinces[0])}`);
    else if (provinces.length) parts.push(`d.province_code = ANY(${params.add(provinces)}::text[])`);
    if (others.length) {
      const list = params.add(others);
      parts.push(`d.city_code = ANY(${list}::text[])`, `d.district_code = ANY(${list}::text[])`);
    }
    conditions.push(parts.length === 1 ? (parts[0] as string) : `(${parts.join(' OR ')})`);
  }
  const industries = filters.industryCodes ?? [];
  if (industries.length) conditions.push(`d.industry_code = ANY(${params.add(industries)}::text[])`);
  const stages = filters.stageCodes ?? [];
  if (stages.length) {
    conditions.push(
      `EXISTS (SELECT 1 FROM project_detail p WHERE p.item_id = d.item_id AND p.stage_code = ANY(${params.add(stages)}::text[]))`,
    );
  }
  if (filters.amountMinFen !== undefined)
    conditions.push(`d.amount_fen >= ${params.add(filters.amountMinFen)}`);
  if (filters.amountMaxFen !== undefined)
    conditions.push(`d.amount_fen <= ${params.add(filters.amountMaxFen)}`);
  if (filters.dateFrom) conditions.push(`d.publish_date >= ${params.add(filters.dateFrom)}::date`);
  if (filters.dateTo) conditions.push(`d.publish_date <= ${params.add(filters.dateTo)}::date`);
  return conditions.length ? conditions.join(' AND ') : 'true';
}

const NEWEST = 'ORDER BY d.publish_date DESC, d.item_id DESC';

interface Statement {
  sql: string;
  params: unknown[];
}

function countStatement(scope: SearchScope, spec: MatchSpec, filters: SearchFilters, cap: number): Statement {
  const params = new Params();
  const where = whereClause(params, scope, spec, filters, true);
  return {
    sql: `SELECT count(*)::int AS total FROM (SELECT 1 FROM search_document d WHERE ${where} LIMIT ${params.add(cap + 1)}) c`,
    params: params.values,
  };
}

async function countMatches(
  db: Queryable,
  scope: SearchScope,
  spec: MatchSpec,
  filters: SearchFilters,
  cap: number,
): Promise<number> {
  const statement = countStatement(scope, spec, filters, cap);
  const [row] = await db.query<{ total: number }>(statement.sql, statement.params);
  return row?.total ?? 0;
}

/** Rows in search_document, as the planner last saw them; refreshed once a minute. */
const documentEstimate = new WeakMap<Queryable, { rows: number; at: number }>();

async function estimatedDocuments(db: Queryable): Promise<number> {
  const cached = documentEstimate.get(db);
  if (cached && Date.now() - cached.at < 60_000) return cached.rows;
  const [row] = await db.query<{ rows: number }>(
    "SELECT GREATEST(reltuples, 0)::float8 AS rows FROM pg_class WHERE oid = 'search_document'::regclass",
  );
  const rows = row?.rows ?? 0;
  documentEstimate.set(db, { rows, at: Date.now() });
  return rows;
}

/**
 * One page of matches, newest first. The number of matches decides how (measured in docs/performance.md):
 * few matches are collected through the GIN index and sorted (a MATERIALIZED CTE keeps the planner from walking
 * the date index instead); many are found by walking the newest-first index and checking rows until the page is
 * full, which for a common term ends after a few hundred rows. The walk costs about (offset + limit) × rows /
 * matches checks, the sort about matches: the cheaper one runs. Counts at the cap always walk.
 */
async function pageOf(
  db: Queryable,
  scope: SearchScope,
  spec: MatchSpec,
  filters: SearchFilters,
  total: number,
  cap: number,
  offset: number,
  limit: number,
): Promise<number[]> {
  const hasTerms = spec.all.length > 0 || spec.any.length > 0;
  let walk = total > cap;
  if (hasTerms && !walk) {
    const rows = await estimatedDocuments(db);
    walk = total > 1000 && (offset + limit) * rows < total * total;
  }
  const statement = pageStatement(scope, spec, filters, walk, offset, limit);
  const rows = await db.query<{ item_id: number }>(statement.sql, statement.params);
  return rows.map((row) => row.item_id);
}

function pageStatement(
  scope: SearchScope,
  spec: MatchSpec,
  filters: SearchFilters,
  walk: boolean,
  offset: number,
  limit: number,
): Statement {
  const hasTerms = spec.all.length > 0 || spec.any.length > 0;
  const params = new Params();
  if (!hasTerms || walk) {
    const where = whereClause(params, scope, spec, filters, !hasTerms);
    const sql = `SELECT d.item_id FROM search_document d WHERE ${where} ${NEWEST}
       LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`;
    return { sql, params: params.values };
  }
  const where = whereClause(params, scope, spec, filters, true);
  const sql = `WITH matches AS MATERIALIZED (
       SELECT d.item_id, d.publish_date FROM search_document d WHERE ${where}
     )
     SELECT item_id FROM matches ORDER BY publish_date DESC, item_id DESC
     LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`;
  return { sql, params: params.values };
}

/**
 * The plans of a search's statements (EXPLAIN, or EXPLAIN ANALYZE), for the planner test and the benchmark:
 * the count, and the page both ways (`collect`: GIN and sort; `walk`: the newest-first index).
 */
export async function explainSearch(
  db: Queryable,
  request: SearchRequest,
  analyze = false,
): Promise<{ count: string; collect: string; walk: string }> {
  const spec = matchSpec(request.keywords, request.mode, request.within ?? []);
  const filters = request.filters ?? {};
  const explain = async (statement: Statement) =>
    (
      await db.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN ${analyze ? '(ANALYZE, BUFFERS) ' : ''}${statement.sql}`,
        statement.params,
      )
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  return {
    count: await explain(countStatement(request.scope, spec, filters, request.countCap)),
    collect: await explain(pageStatement(request.scope, spec, filters, false, request.offset, request.limit)),
    walk: await explain(pageStatement(request.scope, spec, filters, true, request.offset, request.limit)),
  };
}

/** Fuzzy results are ranked among at most this many of the newest matches (50 pages × 20, spec §9). */
export const FUZZY_CANDIDATES = 1000;

/**
 * Fuzzy search ranks a capped candidate set (docs/architecture.md §4: ranking every match costs seconds): the
 * newest matches of any word and the newest matches of every word, at most FUZZY_CANDIDATES of each. Documents
 * with every word come first, then by how many words their title holds, then newest.
 */
async function rankedFuzzyPage(
  db: Queryable,
  request: SearchRequest,
  spec: MatchSpec,
  total: number,
): Promise<number[]> {
  const filters = request.filters ?? {};
  const everyWord: MatchSpec = { all: [...spec.all, ...spec.any], any: [] };
  // How common the documents with every word are decides how to collect them, as for any search.
  const everyWordCap = FUZZY_CANDIDATES * 5;
  const everyWordTotal = await countMatches(db, request.scope, everyWord, filters, everyWordCap);
  const anyIds = await pageOf(db, request.scope, spec, filters, total, request.countCap, 0, FUZZY_CANDIDATES);
  const allIds = everyWordTotal
    ? await pageOf(db, request.scope, everyWord, filters, everyWordTotal, everyWordCap, 0, FUZZY_CANDIDATES)
    : [];
  const candidates = [...new Set([...allIds, ...anyIds])];
  if (candidates.length === 0) return [];
  const params = new Params();
  const ids = params.add(candidates);
  const everyId = params.add(allIds);
  const titleHits = spec.any
    .map((needle) => `(d.title_tokens @@ ${params.add(allTsquery([needle]))}::tsquery)::int`)
    .join(' + ');
  const rows = await db.query<{ item_id: number }>(
    `SELECT d.item_id FROM search_document d
     WHERE d.item_id = ANY(${ids}::bigint[])
     ORDER BY (d.item_id = ANY(${everyId}::bigint[])) DESC, ${titleHits || '0'} DESC, d.publish_date DESC, d.item_id DESC
     LIMIT ${params.add(request.limit)} OFFSET ${params.add(request.offset)}`,
    params.values,
  );
  return rows.map((row) => row.item_id);
}

export const postgresSearchIndex: SearchIndex = {
  add: writeSearchDocuments,

  async setProjectAmounts(tx, amounts) {
    const known = amounts.filter((amount) => amount.amountFen !== null);
    if (known.length === 0) return;
    await tx.query(
      `UPDATE search_document d SET amount_fen = a.amount_fen
       FROM unnest($1::bigint[], $2::bigint[]) AS a(item_id, amount_fen)
       WHERE d.item_id = a.item_id AND d.amount_fen IS NULL`,
      [known.map((amount) => amount.itemId), known.map((amount) => amount.amountFen)],
    );
  },

  async search(db, request) {
    const spec = matchSpec(request.keywords, request.mode, request.within ?? []);
    const filters = request.filters ?? {};
    const needles = highlightNeedles(spec);
    const total = await countMatches(db, request.scope, spec, filters, request.countCap);
    if (total === 0 || request.offset >= total) return { itemIds: [], total, needles };
    const itemIds =
      spec.any.length > 0
        ? await rankedFuzzyPage(db, request, spec, total)
        : await pageOf(
            db,
            request.scope,
            spec,
            filters,
            total,
            request.countCap,
            request.offset,
            request.limit,
          );
    return { itemIds, total, needles };
  },

  async countByGroup(db, request, groups) {
    const spec = matchSpec(request.keywords, request.mode, request.within ?? []);
    const counts: Record<string, number> = {};
    for (const [group, docTypes] of Object.entries(groups)) {
      counts[group] = await countMatches(
        db,
        request.scope,
        spec,
        { ...request.filters, docTypes, procurementMethods: [] },
        request.countCap,
      );
    }
    return counts;
  },
};

/** The search index of this build. */
export const searchIndex: SearchIndex = postgresSearchIndex;

export type { Database };
