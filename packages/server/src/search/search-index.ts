import type { Database, Queryable } from '../db/database';
import { type IndexableItem, type SearchDocumentRow, searchDocument } from './document';
import { filterLexemeQuery, monthsSpanned, recentMonthsTsquery } from './filter-lexemes';
import { estimatedMatches, withIndexLexemes } from './match-estimate';
import {
  type Combine,
  chainsTsquery,
  exactTsquery,
  type FilterKind,
  highlightNeedles,
  lexemesTsquery,
  type MatchSpec,
  matchSpec,
  type SearchMode,
  type SearchScope,
} from './query';
import { type CachedSearchIndex, cachedSearchIndex } from './result-cache';
import { provedOverCap } from './sample-proof';
import {
  type GapCheck,
  isSingleLexeme,
  needleGapCheck,
  SKELETON_GAP,
  SKELETON_START,
  termTsquery,
} from './tokens';

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
  /** Not these documents (fuzzy search's partial matches leave out those with every word). */
  excludeItemIds?: readonly number[];
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
  search(db: Database, request: SearchRequest): Promise<SearchResult>;
  /** Capped counts of one search per group of types (the tabs of 全部搜索). */
  countByGroup(
    db: Database,
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

/**
 * The values of one statement, written into it as literals: a search statement runs through `search_rows`
 * (migration 0016: its settings without a transaction), which takes the statement alone. A literal is a constant
 * to the parser — `'…'::tsquery`, `'{…}'::bigint[]` are converted once, as a bound parameter of a custom plan
 * is — so the planner sees the same values as before and nothing is converted per row.
 */
class Params {
  add(value: unknown): string {
    return sqlLiteral(value);
  }
}

/** A value as an SQL literal: an escape string (`E'…'`, whatever `standard_conforming_strings` says). */
export function sqlLiteral(value: unknown): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    return value < 0 ? `(${value})` : String(value);
  }
  if (typeof value === 'string') return escapeString(value);
  if (Array.isArray(value)) {
    const elements = value.map((element: unknown) => {
      if (element === null || element === undefined) return 'NULL';
      if (typeof element === 'number') {
        if (!Number.isFinite(element)) throw new RangeError(`not a finite number: ${element}`);
        return String(element);
      }
      if (typeof element === 'string') return `"${element.replace(/[\\"]/g, '\\$&')}"`;
      throw new TypeError(`no array literal for ${typeof element}`);
    });
    return escapeString(`{${elements.join(',')}}`);
  }
  throw new TypeError(`no SQL literal for ${typeof value}`);
}

/**
 * An escape string literal of `text`. Backslashes and quotes are doubled, nothing else is special inside `E'…'`.
 * NUL is refused: SQL text cannot carry it and no PostgreSQL text value can hold it (requests holding one are
 * refused with a 400 before they reach a query, src/http/validation.ts).
 */
function escapeString(text: string): string {
  if (text.includes('\u0000')) throw new RangeError('an SQL literal cannot hold a NUL character');
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * Rows of a search statement, run by `search_rows` (migration 0016) with the search's settings for that call
 * alone: one round trip, no transaction (BEGIN, SET LOCAL and COMMIT were three of a search's round trips), and
 * other modules' statements on the same connections keep their own settings. Enough memory for exact bitmaps:
 * with the default 4 MB a common term's bitmap over a million documents turns lossy, and PostgreSQL then
 * rechecks every document of those pages (measured: 200 ms instead of 50 ms for 医院); at most this much per
 * concurrent statement. Without parallel workers: starting them cost more than they saved (a count of 公告 to
 * 10,001 at 20,000 documents, load 16 on 2 cores: 21–31 ms with two workers, 3–7 ms without), and concurrent
 * searches already use every core. The statements of one search each see their own snapshot (read committed,
 * as every request's statements do); a page drawn from the newest months checks that in its own statement.
 */
function searchRows<Row>(db: Queryable, columns: string, sql: string, parallel = false): Promise<Row[]> {
  const run = parallel ? 'search_rows_parallel' : 'search_rows';
  return db.query<Row>(`SELECT * FROM ${run}($1) AS r(${columns})`, [sql]);
}

/**
 * `parallelRows`: a count expected to read more rows than this runs with a parallel worker
 * (`search_rows_parallel`, migration 0021): checking thousands of vectors takes tens of milliseconds, which two
 * processes halve (ADR 0023). `maxWorkerStartMs`: only where starting a worker costs at most this much (ADR
 * 0028, 0029) — a worker is a process PostgreSQL forks for the one statement, ~1–5 ms on most hosts (at 5 ms a
 * count checking 8,899 chains still took 29–34 ms with one against 45–53 without) but 20–31 ms on a virtual
 * machine measured, where long counts took twice as long with one. `rowFilterCandidates` and
 * `rowFilterShare`: when the needles alone are expected in at most that many documents, the filters held by that
 * share of the documents or more are compared on the row (`withRowFilters`). Settings, so that a test on a small
 * corpus can take either path.
 */
export const searchPlanning = {
  parallelRows: 3000,
  maxWorkerStartMs: 10,
  rowFilterCandidates: 1000,
  rowFilterShare: 0.1,
};

const workerVerdicts = new WeakMap<Queryable, Promise<boolean>>();

/** Whether a parallel worker pays on this database: its start measured once, at the first count that would use one. */
function workersPay(db: Queryable): Promise<boolean> {
  let verdict = workerVerdicts.get(db);
  if (!verdict) {
    verdict = workerStartMs(db).then(
      (ms) => ms <= searchPlanning.maxWorkerStartMs,
      () => false,
    );
    workerVerdicts.set(db, verdict);
  }
  return verdict;
}

/**
 * A count of a few rows that `search_rows_parallel` (its costs zero) runs with a worker: a small catalog's, which
 * every database has (a search table's would be read through an index, without one).
 */
export const WORKER_PROBE = 'SELECT count(*) AS total FROM pg_catalog.pg_am';

/**
 * What a parallel worker adds to a statement: the probe run with and without one, in turn, the medians of three
 * after a first pair that warms the connection. On PGlite (no worker processes) ~0.
 */
export async function workerStartMs(db: Queryable): Promise<number> {
  const timed = async (parallel: boolean) => {
    const start = performance.now();
    await searchRows(db, 'total bigint', WORKER_PROBE, parallel);
    return performance.now() - start;
  };
  const serial: number[] = [];
  const withWorker: number[] = [];
  for (let round = 0; round < 4; round++) {
    serial.push(await timed(false));
    withWorker.push(await timed(true));
  }
  const median = (times: number[]) => times.slice(1).sort((a, b) => a - b)[1] as number;
  return median(withWorker) - median(serial);
}

/**
 * The conditions of a search. A match is two parts (docs/performance.md): the needles' lexemes, which the GIN
 * index answers exactly, and — for needles longer than one lexeme — their bigram chains, checked per row as a
 * plain filter, so PostgreSQL checks the cheap filters (type, region …) first and reads a document's vector only
 * for rows that pass them. A full-text chain is looked for in the title first (a small vector stored in the
 * row) and in the full text only when the title lacks it. Lossy documents are verified on their text instead.
 * The needles' lexemes, the filter lexemes and a newest-months `window` are one tsquery on the scope's index
 * (migration 0019: the scope's vector and the filter lexemes in one GIN index), so the index narrows them together.
 *
 * `indexable` false writes every match as a function call, which no index serves: the planner then walks the
 * newest-first index and checks each row (see `pageOf`).
 */
function whereClause(
  params: Params,
  scope: SearchScope,
  spec: MatchSpec,
  filters: SearchFilters,
  indexable: boolean,
  window?: string,
): string {
  const { tokens, lossy } = SCOPE_COLUMNS[scope];
  const conditions: string[] = [];
  /** The parts of the one tsquery on the scope's index, all to hold. */
  const indexed: string[] = [];
  const addMatch = (needles: readonly string[], combine: Combine) => {
    const longer = chainsTsquery(needles, combine);
    // Only a walk checks each row's chains whatever the index found: the index may then look up fewer lexemes.
    const lexemes = lexemesTsquery(needles, combine, indexable && longer ? spec.indexLexemes : undefined);
    if (!lexemes) return;
    if (!longer) {
      // Every needle is one lexeme: finding the lexemes is the match.
      if (indexable) indexed.push(lexemes);
      else conditions.push(`ts_match_vq(${tokens}, ${params.add(lexemes)}::tsquery)`);
      return;
    }
    // Through the index: the lexemes, then the chains of the longer needles. Row by row (a walk): the chains of
    // every needle, which imply their lexemes.
    if (indexable) indexed.push(lexemes);
    const chains = indexable ? longer : (exactTsquery(needles, combine) as string);
    const chain = params.add(chains);
    const inVector = (vector: string) =>
      gapsChecked(params, vector, needles, combine, `ts_match_vq(${vector}, ${chain}::tsquery)`);
    // The full text holds the title at the same positions: a title that holds every needle spares its vector.
    const inRow =
      scope === 'full' ? `(${inVector('d.title_tokens')} OR ${inVector(tokens)})` : inVector(tokens);
    // One comparison per needle, no subquery: a plan with a correlated subquery gets no parallel worker.
    const verified = `(${needles
      .map((needle) => `strpos(${lossy}, ${params.add(needle)}) > 0`)
      .join(combine === 'all' ? ' AND ' : ' OR ')})`;
    conditions.push(`((${lossy} IS NULL AND ${inRow}) OR (${lossy} IS NOT NULL AND ${verified}))`);
  };
  addMatch(spec.all, 'all');
  addMatch(spec.any, 'any');
  const excluded = filters.excludeItemIds ?? [];
  if (excluded.length) conditions.push(`d.item_id <> ALL(${params.add(excluded)}::bigint[])`);
  const hasTerms = spec.all.length > 0 || spec.any.length > 0;
  if (hasTerms && indexable) {
    const { inIndex, onRow } = splitFilters(filters, spec.rowFilters);
    const filterLexemes = filterLexemeQuery(inIndex).tsquery;
    if (filterLexemes) indexed.push(filterLexemes);
    if (window) indexed.push(window);
    conditions.push(...rowChecksOfLexemeFilters(params, inIndex));
    conditions.push(...rowFilterConditions(params, onRow).map(onTheRow));
  } else {
    // Without a term, or walking: the columns, whose B-tree indexes start a walk at a date range's last day
    // or within one type or province instead of passing every newer row.
    conditions.push(...rowFilterConditions(params, filters));
  }
  if (indexed.length) {
    conditions.unshift(`${indexedVector(tokens)} @@ ${params.add(indexed.join(' & '))}::tsquery`);
  }
  return conditions.length ? conditions.join(' AND ') : 'true';
}

/**
 * A match of needles with a gap inside (`needleSkeleton`) in one vector: the chain, then — only on rows the chain
 * found — the needle's skeleton compared with the text's, rebuilt from the vector in a window at each place the
 * needle's first lexeme stands, so a gap stands for exactly one character neither letter, digit nor Han, as it
 * does in a scan of the text. Only those windows are rebuilt: a long full text costs one pass over its vector.
 * `chained` is the needles' chain check on `vector`; needles without such a gap keep it alone, unchanged.
 */
function gapsChecked(
  params: Params,
  vector: string,
  needles: readonly string[],
  combine: Combine,
  chained: string,
): string {
  const checks = needles.map(needleGapCheck);
  if (checks.every((check) => check === undefined)) return chained;
  const onlyIf = (condition: string, then: string) => `(CASE WHEN ${condition} THEN ${then} ELSE false END)`;
  if (combine === 'all') {
    const gapped = checks
      .filter((check) => check !== undefined)
      .map((check) => skeletonHolds(params, vector, check));
    return onlyIf(chained, gapped.join(' AND '));
  }
  const each = needles.map((needle, index) => {
    const own = `ts_match_vq(${vector}, ${params.add(termTsquery(needle) as string)}::tsquery)`;
    const check = checks[index];
    return check === undefined ? own : onlyIf(own, skeletonHolds(params, vector, check));
  });
  return `(${each.join(' OR ')})`;
}

/**
 * Whether the text of `vector` holds the needle's skeleton: for each position of its first lexeme, the text's
 * skeleton over the needle's positions — each lexeme's characters at the positions from its own on (a Han bigram
 * and the token after it agree on the character they share), a start mark where a lexeme starts, a gap for each
 * position no lexeme covers — equals the needle's. A lexeme starting before the window cannot reach into it past
 * the first character, which the first lexeme gives.
 */
function skeletonHolds(params: Params, vector: string, check: GapCheck): string {
  const { skeleton, anchor, positions } = check;
  const anchored = anchor.prefix
    ? `left(a.lexeme, ${Array.from(anchor.lexeme).length}) = ${params.add(anchor.lexeme)}`
    : `a.lexeme = ${params.add(anchor.lexeme)}`;
  return `(WITH x AS MATERIALIZED (SELECT t.lexeme, p FROM unnest(${vector}) AS t, unnest(t.positions) AS p)
    SELECT coalesce(bool_or(w.skeleton = ${params.add(skeleton)}), false) FROM (
      SELECT string_agg(repeat(${params.add(SKELETON_GAP)}, c.q - c.before - 1)
        || CASE WHEN c.starts THEN ${params.add(SKELETON_START)} ELSE '' END || c.ch, '' ORDER BY c.q) AS skeleton
      FROM (SELECT anchor, q, starts, ch, lag(q, 1, anchor - 1) OVER (PARTITION BY anchor ORDER BY q) AS before
        FROM (SELECT a.p AS anchor, x.p + i - 1 AS q, bool_or(i = 1) AS starts, min(substr(x.lexeme, i, 1)) AS ch
          FROM (SELECT a.p FROM x AS a WHERE ${anchored}) AS a
            CROSS JOIN generate_series(0, ${positions - 1}) AS k
            JOIN x ON x.p = a.p + k.k,
            generate_series(1, least(length(x.lexeme), a.p + ${positions} - x.p)) AS i
          GROUP BY 1, 2) cells) c
      GROUP BY c.anchor) w)`;
}

/** The expression of a scope's GIN index (migration 0020): the filter and sample lexemes, then the scope's. */
function indexedVector(tokens: string): string {
  return `(d.filter_tokens || search_sample_tokens(d.item_id) || ${tokens})`;
}

/** A search of the filters alone, for the statistics' estimate of how many documents they hold. */
const NO_NEEDLES: MatchSpec = { all: [], any: [] };

/** The filters of each kind (`FilterKind`), and where they are written. */
const FILTER_FIELDS: Record<FilterKind, (keyof SearchFilters)[]> = {
  types: ['docTypes', 'procurementMethods'],
  regions: ['regionCodes'],
  industries: ['industryCodes'],
  amount: ['amountMinFen', 'amountMaxFen'],
  dates: ['dateFrom', 'dateTo'],
};

function filterKinds(filters: SearchFilters): FilterKind[] {
  return (Object.keys(FILTER_FIELDS) as FilterKind[]).filter((kind) =>
    FILTER_FIELDS[kind].some((field) => {
      const value = filters[field];
      return Array.isArray(value) ? value.length > 0 : value !== undefined;
    }),
  );
}

/** The filters looked up in the index and those compared on the row (the stages and exclusions: the former). */
function splitFilters(
  filters: SearchFilters,
  rowKinds: ReadonlySet<FilterKind> | undefined,
): { inIndex: SearchFilters; onRow: SearchFilters } {
  const inIndex: Record<string, unknown> = { ...filters };
  const onRow: Record<string, unknown> = {};
  for (const kind of rowKinds ?? []) {
    for (const field of FILTER_FIELDS[kind]) {
      onRow[field] = filters[field];
      delete inIndex[field];
    }
  }
  return { inIndex: inIndex as SearchFilters, onRow: onRow as SearchFilters };
}

/**
 * The spec with `rowFilters`: when the needles alone are expected in at most `searchPlanning.rowFilterCandidates`
 * documents, the filters held by `rowFilterShare` of the documents or more are compared on the row (its columns
 * are in the row the index finds) instead of looked up: GIN decodes a common filter's posting trees on every
 * candidate, which cost more than reading the few rows it would have removed (采购项目竞争性 环城东路 投资 需求 with
 * 50万以下, full text at a million items: 212 of 580 documents, the index scan 54 ms with the amount's eight
 * buckets, 17 without).
 */
async function withRowFilters(
  db: Queryable,
  scope: SearchScope,
  spec: MatchSpec,
  filters: SearchFilters,
): Promise<MatchSpec> {
  const kinds = filterKinds(filters);
  if (!kinds.length || (!spec.all.length && !spec.any.length)) return spec;
  const documents = await estimatedDocuments(db);
  const candidates = await estimatedMatches(db, scope, spec, {}, documents);
  if (candidates === undefined || candidates > searchPlanning.rowFilterCandidates) return spec;
  const rowFilters = new Set<FilterKind>();
  for (const kind of kinds) {
    const { onRow } = splitFilters(filters, new Set([kind]));
    const held = await estimatedMatches(db, scope, NO_NEEDLES, onRow, documents);
    if (held !== undefined && held >= documents * searchPlanning.rowFilterShare) rowFilters.add(kind);
  }
  return rowFilters.size ? { ...spec, rowFilters } : spec;
}

/** A search's needles with what plans their lookup: the index lexemes and the row filters. */
async function plannedSpec(db: Queryable, request: SearchRequest): Promise<MatchSpec> {
  const spec = await withIndexLexemes(
    db,
    request.scope,
    matchSpec(request.keywords, request.mode, request.within ?? []),
  );
  return withRowFilters(db, request.scope, spec, request.filters ?? {});
}

/**
 * The filters as conditions on the row's columns, for searches without a term, walks and row filters: the
 * newest-first B-tree indexes (by type, by province) and the city and district indexes serve them.
 */
function rowFilterConditions(params: Params, filters: SearchFilters): string[] {
  const conditions: string[] = [];
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
  conditions.push(...stageConditions(params, filters));
  if (filters.amountMinFen !== undefined)
    conditions.push(`d.amount_fen >= ${params.add(filters.amountMinFen)}`);
  if (filters.amountMaxFen !== undefined)
    conditions.push(`d.amount_fen <= ${params.add(filters.amountMaxFen)}`);
  if (filters.dateFrom) conditions.push(`d.publish_date >= ${params.add(filters.dateFrom)}::date`);
  if (filters.dateTo) conditions.push(`d.publish_date <= ${params.add(filters.dateTo)}::date`);
  return conditions;
}

/**
 * A condition compared on the rows the GIN scan found, never through a B-tree index: `IS TRUE` is no index
 * condition. The planner, taking a filter and the search's lexemes as independent, ANDed in a bitmap of the
 * filter's whole index range — 144,600 entries of the date index for the edge day of a quarter (项目竞争性 in
 * titles, 60 → 38 ms) — where the index had narrowed them already, or the filter was left to the row because
 * it is common (`withRowFilters`).
 */
function onTheRow(condition: string): string {
  return `(${condition}) IS TRUE`;
}

/**
 * The row checks that remain of the filters of a search with a term, whose lexemes (`filter_tokens`, migration
 * 0013) are part of the index's tsquery (`whereClause`): a range's edge inside a bucket (an amount not
 * round, a day inside a month) compares the column; the approval stages stay a join.
 */
function rowChecksOfLexemeFilters(params: Params, filters: SearchFilters): string[] {
  const conditions: string[] = [];
  const lexemes = filterLexemeQuery(filters);
  if (lexemes.amountRowCheck && filters.amountMinFen !== undefined)
    conditions.push(`d.amount_fen >= ${params.add(filters.amountMinFen)}`);
  if (lexemes.amountRowCheck && filters.amountMaxFen !== undefined)
    conditions.push(`d.amount_fen <= ${params.add(filters.amountMaxFen)}`);
  // The month lexemes have narrowed the dates in the GIN scan: the edge days are for the row alone.
  if (lexemes.dateRowCheck && filters.dateFrom)
    conditions.push(onTheRow(`d.publish_date >= ${params.add(filters.dateFrom)}::date`));
  if (lexemes.dateRowCheck && filters.dateTo)
    conditions.push(onTheRow(`d.publish_date <= ${params.add(filters.dateTo)}::date`));
  conditions.push(...stageConditions(params, filters));
  return conditions;
}

function stageConditions(params: Params, filters: SearchFilters): string[] {
  const stages = filters.stageCodes ?? [];
  return stages.length
    ? [
        `EXISTS (SELECT 1 FROM project_detail p WHERE p.item_id = d.item_id AND p.stage_code = ANY(${params.add(stages)}::text[]))`,
      ]
    : [];
}

const NEWEST = 'ORDER BY d.publish_date DESC, d.item_id DESC';

interface Statement {
  sql: string;
}

/** The matches counted up to `limit`; `window`: among the documents of these month or sample lexemes only. */
function countStatement(
  scope: SearchScope,
  spec: MatchSpec,
  filters: SearchFilters,
  limit: number,
  window?: string,
): Statement {
  const params = new Params();
  const where = whereClause(params, scope, spec, filters, true, window);
  return {
    sql: `SELECT count(*) AS total FROM (SELECT 1 FROM search_document d WHERE ${where} LIMIT ${params.add(limit)}) c`,
  };
}

/**
 * Matches, counted up to cap + 1. A GIN bitmap holds every match of its term before a row is read, so a common
 * term's count built the bitmap of most of the table (公告 at a million items: ~900,000 entries) to read 10,001
 * rows of it. When the statistics expect more than the cap, the newest months that should hold half as many
 * again are counted first, their month lexemes narrowing the bitmap: a search with cap + 1 matches there has
 * them overall. Otherwise, or when the months fall short, the count runs on everything.
 */
async function countMatches(
  db: Queryable,
  scope: SearchScope,
  spec: MatchSpec,
  filters: SearchFilters,
  cap: number,
): Promise<number> {
  /** `rows`: how many the count is expected to read, which decides whether a parallel worker helps. */
  const count = async (window?: string, limit = cap + 1, rows = 0) => {
    const statement = countStatement(scope, spec, filters, limit, window);
    const parallel = rows >= searchPlanning.parallelRows && (await workersPay(db));
    const [row] = await searchRows<{ total: number }>(db, 'total bigint', statement.sql, parallel);
    return row?.total ?? 0;
  };
  let expected: number | undefined;
  if (spec.all.length > 0 || spec.any.length > 0) {
    const documents = await estimatedDocuments(db);
    expected = await estimatedMatches(db, scope, spec, filters, documents);
    // Far more documents hold the lexemes than the cap: the matches in a random sample of the documents may
    // prove more than the cap (ADR 0023), reading a few hundred vectors to check the chains instead of cap + 1.
    if (expected !== undefined && (await provedOverCap(expected, cap, count))) return cap + 1;
    // Any of several words: the documents with one common word are among them, and counting that word alone
    // (no union of every word's entries in the index, no chain to check for a word of one lexeme) reaches the
    // cap sooner.
    if (spec.any.length > 1) {
      const word = await wordToCountAlone(db, scope, spec, filters, documents, 1.5 * (cap + 1));
      if (word) {
        const alone = await countMatches(db, scope, word, filters, cap);
        if (alone > cap) return alone;
      }
    }
    // Every title is in its full text: a full-text count the titles alone take past the cap checks a phrase on
    // the small title vectors (~370 bytes) instead of the full text's (2–8 KB).
    if (scope === 'full' && [...spec.all, ...spec.any].some((needle) => !isSingleLexeme(needle))) {
      const inTitles = await estimatedMatches(db, 'title', spec, filters, documents);
      if (inTitles !== undefined && inTitles > 1.5 * (cap + 1)) {
        const titles = await countMatches(db, 'title', spec, filters, cap);
        if (titles > cap) return titles;
      }
    }
    const span = expected !== undefined && expected > cap ? await publishSpan(db, filters) : undefined;
    if (span && expected) {
      const months = Math.ceil((1.5 * (cap + 1) * span.months) / expected);
      if (months * 2 <= span.months) {
        const inWindow = await count(recentMonthsTsquery(span.last, months), cap + 1, cap);
        if (inWindow > cap) return inWindow;
      }
    }
  }
  return count(undefined, cap + 1, Math.min(expected ?? 0, cap));
}

/**
 * The word of a fuzzy search to count alone, as a search of it alone: of the words the statistics expect in more
 * than `enough` documents, one of a single lexeme if any (its count reads no vector to check a chain: 北京 rather
 * than 建设工程 in purchase content), the commonest of them; undefined when no word is expected in that many.
 */
async function wordToCountAlone(
  db: Queryable,
  scope: SearchScope,
  spec: MatchSpec,
  filters: SearchFilters,
  documents: number,
  enough: number,
): Promise<MatchSpec | undefined> {
  let best: { spec: MatchSpec; expected: number; single: boolean } | undefined;
  for (const word of spec.any) {
    const alone: MatchSpec = { ...spec, all: [...spec.all, word], any: [] };
    const expected = await estimatedMatches(db, scope, alone, filters, documents);
    if (expected === undefined || expected <= enough) continue;
    const single = isSingleLexeme(word);
    const better = !best || (single && !best.single) || (single === best.single && expected > best.expected);
    if (better) best = { spec: alone, expected, single };
  }
  return best?.spec;
}

interface PublishSpan {
  /** The first and last publish day a search can match (the data's, within the date filter). */
  first: string;
  last: string;
  /** Months from first to last. */
  months: number;
}

/** The oldest and newest publish days, as last read (once a minute, or when a page finds a newer document). */
const publishDays = new WeakMap<Queryable, { newest: string; oldest: string; at: number }>();

/**
 * The months a search's matches can lie in, from the publish days read at most a minute ago (`fresh`: now). A
 * count needs no more: a newer document only adds to what the months hold. A page drawn from the newest months
 * must not miss a newer document: `recentPage` checks in its own statement that none lies past its months and
 * asks again with `fresh` when one does.
 */
async function publishSpan(
  db: Queryable,
  filters: SearchFilters,
  fresh = false,
): Promise<PublishSpan | undefined> {
  let days = publishDays.get(db);
  if (fresh || !days || Date.now() - days.at > 60_000) {
    const [row] = await db.query<{ newest: string | null; oldest: string | null }>(
      `SELECT (SELECT publish_date FROM search_document ORDER BY publish_date DESC, item_id DESC LIMIT 1) AS newest,
              (SELECT publish_date FROM search_document ORDER BY publish_date, item_id LIMIT 1) AS oldest`,
    );
    if (!row?.newest || !row.oldest) return undefined;
    days = { newest: row.newest, oldest: row.oldest, at: Date.now() };
    publishDays.set(db, days);
  }
  const last = filters.dateTo && filters.dateTo < days.newest ? filters.dateTo : days.newest;
  const first = filters.dateFrom && filters.dateFrom > days.oldest ? filters.dateFrom : days.oldest;
  if (first > last) return undefined;
  return {
    first,
    last,
    months: monthsSpanned(first, last),
  };
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
 * About how many documents a walk passes through in all: those of the date range and, when the filters name one
 * type or one province (without procurement methods), of the more selective of the two — the newest-first
 * indexes a walk can start in (`search_document_type_newest`, `_province_newest`). A walk passes
 * (offset + limit) × this / matches rows; taken as every document, a walk inside one type and a quarter was
 * priced 60 times too high and the page collected instead (集团有限公司 计划 in the titles of 中标/成交结果:
 * 3,199 matches, 28 ms collected).
 */
async function walkedDocuments(
  db: Queryable,
  scope: SearchScope,
  filters: SearchFilters,
  documents: number,
): Promise<number> {
  const dates: SearchFilters = { dateFrom: filters.dateFrom, dateTo: filters.dateTo };
  const types = filters.docTypes ?? [];
  const provinces = (filters.regionCodes ?? []).filter((code) => code.endsWith('0000'));
  const starts: SearchFilters[] = [dates];
  if (!filters.procurementMethods?.length && types.length === 1) starts.push({ ...dates, docTypes: types });
  if (provinces.length === 1 && provinces.length === filters.regionCodes?.length) {
    starts.push({ ...dates, regionCodes: provinces });
  }
  let walked = documents;
  for (const start of starts) {
    const estimate = await estimatedMatches(db, scope, NO_NEEDLES, start, documents);
    if (estimate !== undefined) walked = Math.min(walked, estimate);
  }
  return walked;
}

/**
 * What checking one walked row costs against collecting one match through the index. Terms of one lexeme are
 * collected without reading their vectors (the GIN answer is exact), but a walk reads the vector of every row
 * it passes — 2–8 KB for content and full text (EXPLAIN ANALYZE on the loaded machine, the vectors then out of
 * line: 苗族, 1,776 of 100k, walked in 164–179 ms, collected in 75–122 ms). Longer needles read the vector either
 * way.
 */
function walkCheckCost(scope: SearchScope, spec: MatchSpec): number {
  const lexemesOnly =
    chainsTsquery(spec.all, 'all') === undefined && chainsTsquery(spec.any, 'any') === undefined;
  return scope !== 'title' && lexemesOnly ? 8 : 1;
}

/** Up to this many matches, the count and the page are one statement (`countAndCollect`). */
const FOLDED_MATCHES = 1000;

/** Whether the statistics expect at most FOLDED_MATCHES matches of a precise or smart search with a term. */
async function expectedFew(
  db: Queryable,
  scope: SearchScope,
  spec: MatchSpec,
  filters: SearchFilters,
): Promise<boolean> {
  if (spec.any.length > 0 || spec.all.length === 0) return false;
  const expected = await estimatedMatches(db, scope, spec, filters, await estimatedDocuments(db));
  return expected !== undefined && expected <= FOLDED_MATCHES;
}

/**
 * The count and a page in one statement: one bitmap scan counts the matches (up to the cap, as `countStatement`)
 * and sorts the page from them — what `pageOf` collects for few matches — and a round trip is saved. The page is
 * the search's own only when the count is within the cap (every match was read); otherwise the count stands and
 * the page is found the usual way. Used when few matches are expected (precise and smart searches), and for the
 * documents with every word of a fuzzy search, whose count stops at the page's end.
 */
async function countAndCollect(
  db: Queryable,
  scope: SearchScope,
  spec: MatchSpec,
  filters: SearchFilters,
  cap: number,
  offset: number,
  limit: number,
): Promise<{ total: number; itemIds: number[] }> {
  const params = new Params();
  const where = whereClause(params, scope, spec, filters, true);
  const rows = await searchRows<{ total: number; item_id: number | null }>(
    db,
    'total bigint, item_id bigint',
    `WITH matches AS MATERIALIZED (
       SELECT d.item_id, d.publish_date FROM search_document d WHERE ${where}
       LIMIT ${params.add(cap + 1)}
     ),
     page AS (
       SELECT item_id, publish_date FROM matches ORDER BY publish_date DESC, item_id DESC
       LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}
     )
     SELECT (SELECT count(*) FROM matches) AS total, page.item_id
     FROM (SELECT 1) AS one LEFT JOIN page ON true
     ORDER BY page.publish_date DESC, page.item_id DESC`,
  );
  const total = rows[0]?.total ?? 0;
  const itemIds = rows.flatMap((row) => (row.item_id === null ? [] : [row.item_id]));
  return { total, itemIds };
}

/**
 * One page of matches, newest first. The number of matches decides how (measured in docs/performance.md):
 * few matches are collected through the GIN index and sorted (a MATERIALIZED CTE keeps the planner from walking
 * the date index instead); many are found by walking the newest-first index and checking rows until the page is
 * full, which for a common term ends after a few hundred rows. The walk costs about (offset + limit) × rows /
 * matches checks, the sort about matches: the cheaper one runs; with more than 1,000 matches the newest months
 * are tried first when they hold fewer matches than the walk would check. A count at the cap takes the
 * statistics' estimate of the matches, corrected by what the months held when they fell short of the page.
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
  if (hasTerms && (total > 1000 || total > cap)) {
    const rows = await estimatedDocuments(db);
    const walked = await walkedDocuments(db, scope, filters, rows);
    const walkRows = (matches: number) => ((offset + limit) * walked * walkCheckCost(scope, spec)) / matches;
    // A capped total says only "more than the cap": the statistics say how many more.
    const expected = total > cap ? await estimatedMatches(db, scope, spec, filters, rows) : undefined;
    let matches = Math.max(total, expected ?? 0);
    const recent = await recentPage(db, scope, spec, filters, matches, offset, limit, walkRows(matches));
    if (recent && 'itemIds' in recent) return recent.itemIds;
    // The newest months held less than the page: fewer match than the statistics said, and walking to them
    // would pass more rows than collecting them all reads.
    if (recent) matches = Math.max(total, recent.matches);
    walk = walkRows(matches) < matches;
  }
  const statement = pageStatement(scope, spec, filters, walk, offset, limit);
  const rows = await searchRows<{ item_id: number }>(db, 'item_id bigint', statement.sql);
  return rows.map((row) => row.item_id);
}

/**
 * The page of a search with many matches, looked for among the newest months first: the month lexemes
 * (migration 0013) narrow the term's GIN bitmap to the few months that should hold the page, so only their
 * matches are read and sorted — neither every match (collecting) nor the vector of every row passed (walking).
 * Exact when the months hold a whole page: every match outside them is older. Otherwise (a date filter in the
 * past, matches bunched in older months) the page is found the usual way: undefined when the months were not
 * read, else what they suggest of the matches overall, which then chooses between walking and collecting. The newest day is
 * at most a minute old: the statement itself tells whether a document lies past the months (in the page's own
 * snapshot), and then the page is drawn again from the newest day read afresh — no newer document is left out.
 */
async function recentPage(
  db: Queryable,
  scope: SearchScope,
  spec: MatchSpec,
  filters: SearchFilters,
  matches: number,
  offset: number,
  limit: number,
  walkRows: number,
  fresh = false,
): Promise<{ itemIds: number[] } | { matches: number } | undefined> {
  const span = await publishSpan(db, filters, fresh);
  if (!span) return undefined;
  // Matches spread evenly would fill the page twice over in this many months.
  const months = Math.ceil((span.months * 2 * (offset + limit)) / matches);
  if (months * 2 > span.months) return undefined;
  // A month of a common term holds far more matches than a page: walking the newest rows is cheaper.
  if ((matches * months) / span.months > walkRows) return undefined;
  const params = new Params();
  const where = whereClause(params, scope, spec, filters, true, recentMonthsTsquery(span.last, months));
  // A document published after the window's last month (none can match past a date filter's end).
  const after = firstDayOfNextMonth(span.last);
  const newer =
    filters.dateTo && filters.dateTo < after
      ? 'false'
      : `EXISTS (SELECT 1 FROM search_document n WHERE n.publish_date >= ${params.add(after)}::date)`;
  const rows = await searchRows<{ item_id: number; newer: boolean }>(
    db,
    'item_id bigint, newer boolean',
    `WITH matches AS MATERIALIZED (
       SELECT d.item_id, d.publish_date FROM search_document d WHERE ${where}
     )
     SELECT item_id, ${newer} AS newer FROM matches ORDER BY publish_date DESC, item_id DESC
     LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`,
  );
  if (rows.some((row) => row.newer)) {
    return fresh ? undefined : recentPage(db, scope, spec, filters, matches, offset, limit, walkRows, true);
  }
  if (rows.length === limit) return { itemIds: rows.map((row) => row.item_id) };
  // Short of the page: about this many match overall, were they spread as in the months read.
  return { matches: ((offset + rows.length) * span.months) / months };
}

/** 'YYYY-MM-01' of the month after a day's. */
function firstDayOfNextMonth(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
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
    return { sql };
  }
  const where = whereClause(params, scope, spec, filters, true);
  const sql = `WITH matches AS MATERIALIZED (
       SELECT d.item_id, d.publish_date FROM search_document d WHERE ${where}
     )
     SELECT item_id FROM matches ORDER BY publish_date DESC, item_id DESC
     LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`;
  return { sql };
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
  const spec = await plannedSpec(db, request);
  const filters = request.filters ?? {};
  const explain = async (statement: Statement) =>
    (
      await db.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN ${analyze ? '(ANALYZE, BUFFERS) ' : ''}${statement.sql}`,
      )
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  return {
    count: await explain(countStatement(request.scope, spec, filters, request.countCap + 1)),
    collect: await explain(pageStatement(request.scope, spec, filters, false, request.offset, request.limit)),
    walk: await explain(pageStatement(request.scope, spec, filters, true, request.offset, request.limit)),
  };
}

/** Fuzzy search ranks this many of the newest documents with every word. */
export const FUZZY_CANDIDATES = 200;

/**
 * Fuzzy search (any word), ranked on a capped candidate set (docs/architecture.md §4: ranking every match costs
 * seconds). The order: the newest FUZZY_CANDIDATES documents with every word, those with more words in their
 * title first; then the other documents with every word, newest first; then the documents with only some of the
 * words, newest first. Each part is read only when the page reaches it.
 */
async function rankedFuzzyPage(
  db: Queryable,
  request: SearchRequest,
  spec: MatchSpec,
  total: number,
): Promise<number[]> {
  const filters = request.filters ?? {};
  // The index lexemes kept; the row filters decided afresh: every word finds fewer documents than any word.
  const everyWord = await withRowFilters(
    db,
    request.scope,
    { all: [...spec.all, ...spec.any], any: [], indexLexemes: spec.indexLexemes },
    filters,
  );
  const from = request.offset;
  const to = request.offset + request.limit;
  // With one word, every word is any word: `total` already counts them. Otherwise the documents with every word
  // are counted as far as the page needs: exactly when the page reaches past them (part 3), else up to the
  // candidates or the page's end — a count past that lets `pageOf` take the statistics' estimate of how many
  // there are to choose between collecting and walking (医院 in one city, 311 documents, is collected; counting
  // a common phrase on to the usual cap read up to 10,001 vectors for nothing). When few are expected, they are
  // counted on to FOLDED_MATCHES and the newest of them collected by the same statement: within that cap every
  // match was read once, the count is exact and the newest are the candidates (stopping at the page's end, a
  // second statement read every match again to find them: 中心 项目竞争性磋商 施工图设计, 844 documents, 55 + 61 ms).
  let everyCap = Math.min(request.countCap, Math.max(to, FUZZY_CANDIDATES));
  let everyTotal = total;
  let newest: number[] | undefined;
  if (spec.any.length > 1) {
    if (await expectedFew(db, request.scope, everyWord, filters)) {
      everyCap = Math.min(request.countCap, Math.max(everyCap, FOLDED_MATCHES));
      const counted = await countAndCollect(
        db,
        request.scope,
        everyWord,
        filters,
        everyCap,
        0,
        FUZZY_CANDIDATES,
      );
      everyTotal = counted.total;
      if (everyTotal <= everyCap) newest = counted.itemIds;
    } else {
      everyTotal = await countMatches(db, request.scope, everyWord, filters, everyCap);
    }
  }
  const everyPage = (offset: number, limit: number) =>
    pageOf(db, request.scope, everyWord, filters, everyTotal, everyCap, offset, limit);
  const page: number[] = [];

  // 1. The candidates, ranked.
  const ranked = Math.min(everyTotal, FUZZY_CANDIDATES);
  let candidates: number[] | undefined = newest;
  if (from < ranked) {
    candidates ??= await everyPage(0, ranked);
    const params = new Params();
    const ids = params.add(candidates);
    const titleHits = spec.any
      .map((needle) => `(d.title_tokens @@ ${params.add(exactTsquery([needle], 'all'))}::tsquery)::int`)
      .join(' + ');
    const rows = await searchRows<{ item_id: number }>(
      db,
      'item_id bigint',
      `SELECT d.item_id FROM search_document d WHERE d.item_id = ANY(${ids}::bigint[])
       ORDER BY ${titleHits || '0'} DESC, d.publish_date DESC, d.item_id DESC
       LIMIT ${params.add(Math.min(to, ranked) - from)} OFFSET ${params.add(from)}`,
    );
    page.push(...rows.map((row) => row.item_id));
  }
  // 2. The other documents with every word, newest first.
  if (to > ranked && from < everyTotal) {
    const start = Math.max(from, ranked);
    page.push(...(await everyPage(start, Math.min(to, everyTotal) - start)));
  }
  // 3. The documents with some of the words, newest first (`total` counts them too). `everyTotal` is exact
  // here: it is below the end of the page (at most 1,000: 50 pages of 20), so below its cap, and the documents
  // with every word are left out by their ids — no vector is read to tell them apart.
  if (to > everyTotal && everyTotal < total) {
    const start = Math.max(from, everyTotal);
    const withEvery =
      everyTotal === 0
        ? []
        : candidates && candidates.length === everyTotal
          ? candidates
          : await everyPage(0, everyTotal);
    const some: SearchFilters = { ...filters, excludeItemIds: withEvery };
    page.push(
      ...(await pageOf(
        db,
        request.scope,
        spec,
        some,
        total,
        request.countCap,
        start - everyTotal,
        to - start,
      )),
    );
  }
  return page;
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
    const filters = request.filters ?? {};
    const spec = await plannedSpec(db, request);
    const needles = highlightNeedles(spec);
    const { scope, countCap, offset, limit } = request;
    const folded = (await expectedFew(db, scope, spec, filters))
      ? await countAndCollect(db, scope, spec, filters, countCap, offset, limit)
      : undefined;
    // Every match was read (none past the cap): the page is the one collecting would give.
    if (folded && folded.total <= Math.min(FOLDED_MATCHES, countCap)) {
      return { itemIds: folded.itemIds, total: folded.total, needles };
    }
    const total = folded?.total ?? (await countMatches(db, scope, spec, filters, countCap));
    if (total === 0 || offset >= total) return { itemIds: [], total, needles };
    const itemIds =
      spec.any.length > 0
        ? await rankedFuzzyPage(db, request, spec, total)
        : await pageOf(db, scope, spec, filters, total, countCap, offset, limit);
    return { itemIds, total, needles };
  },

  async countByGroup(db, request, groups) {
    const spec = await withIndexLexemes(
      db,
      request.scope,
      matchSpec(request.keywords, request.mode, request.within ?? []),
    );
    const counts: Record<string, number> = {};
    for (const [group, docTypes] of Object.entries(groups)) {
      const filters = { ...request.filters, docTypes, procurementMethods: [] };
      const grouped = await withRowFilters(db, request.scope, spec, filters);
      counts[group] = await countMatches(db, request.scope, grouped, filters, request.countCap);
    }
    return counts;
  },
};

/**
 * The search index of this build: the engine behind the result cache (result-cache.ts). `npm run bench -- search`
 * measures the engine: it turns the cache off (`searchIndex.resultCache.enabled = false`).
 */
export const searchIndex: CachedSearchIndex = cachedSearchIndex(postgresSearchIndex);

export type { Database };
