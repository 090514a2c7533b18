import {
  type Database,
  type MarketInput,
  marketAnalysis,
  migrate,
  migrationsDir,
  openPostgres,
  readMigrations,
  searchIndex,
} from '@tender/server';
import pg from 'pg';
import { databaseUrl, log, percentile, postgresServerUrl, round } from './setup';

/**
 * `npm run bench -- analysis`: market analysis (src/analysis in the server) at a million items on PostgreSQL.
 * Its own database, `tender_bench_analysis`, made once from the search benchmark's `tender_bench` without
 * writing to it (`openAnalysisDatabase`). The mix: periods × regions × industries × types,
 * no keyword (the rollup path), each timed; the baseline is the same figures by raw aggregation over
 * `tender_item` and `item_company` (no rollups), run on every fourth query and compared for exactness.
 * Keyword filters (the search path, capped at 20,000 matches) are timed and reported beside, not in the target.
 */

export const ANALYSIS_DATABASE = 'tender_bench_analysis';
const SOURCE_DATABASE = 'tender_bench';
const TARGET_P95_MS = 200;
const NOW = new Date('2026-03-31T04:00:00Z');

async function adminClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: postgresServerUrl() });
  await client.connect();
  return client;
}

/** The columns the analysis and export read, as dblink must be told them. */
const COPIES = [
  {
    table: 'company',
    columns:
      'id bigint, name text, normalized_name text, credit_code text, province_code text, city_code text, district_code text, created_at timestamptz, name_tokens tsvector',
    select:
      'SELECT id, name, normalized_name, credit_code, province_code, city_code, district_code, created_at, name_tokens FROM company',
    identity: true,
  },
  {
    table: 'tender_item',
    columns:
      'id bigint, doc_type text, procurement_method text, notice_kind text, title text, body text, project_key text, project_code text, project_name text, province_code text, city_code text, district_code text, industry_code text, budget_fen bigint, budget_raw text, award_fen bigint, award_raw text, publish_date date, documents_from timestamptz, documents_until timestamptz, bid_deadline timestamptz, opening_time timestamptz, expected_purchase_month date, source_id text, source_url text, source_name text, dedup_key text, ingested_at timestamptz',
    // Bodies are left out: nothing here reads them, and they are most of the table.
    select: `SELECT id, doc_type, procurement_method, notice_kind, title, '' AS body, project_key, project_code, project_name, province_code, city_code, district_code, industry_code, budget_fen, budget_raw, award_fen, award_raw, publish_date, documents_from, documents_until, bid_deadline, opening_time, expected_purchase_month, source_id, source_url, source_name, dedup_key, ingested_at FROM tender_item`,
    identity: true,
  },
  {
    table: 'item_company',
    columns:
      'item_id bigint, company_id bigint, role text, lot text, rank smallint, award_fen bigint, award_raw text, contact_name text, contact_phone text, address text',
    select:
      'SELECT item_id, company_id, role, lot, rank, award_fen, award_raw, contact_name, contact_phone, address FROM item_company',
    identity: false,
  },
  {
    table: 'search_document',
    columns:
      'item_id bigint, doc_type text, publish_date date, province_code text, city_code text, district_code text, industry_code text, procurement_method text, amount_fen bigint, title_tokens tsvector, content_tokens tsvector, full_tokens tsvector, lossy_title text, lossy_content text, lossy_full text',
    // Full-text vectors are left out (~5 KB each): the benchmarks search titles only.
    select: `SELECT item_id, doc_type, publish_date, province_code, city_code, district_code, industry_code, procurement_method, amount_fen, title_tokens, content_tokens, ''::tsvector, lossy_title, lossy_content, NULL::text FROM search_document`,
    identity: false,
  },
] as const;

/**
 * A copy of what the analysis and the export read, taken from tender_bench with read-only statements (dblink)
 * into a freshly migrated database, for when tender_bench is in use and cannot be a template: companies, items
 * without their bodies, links, and search documents without their full-text vectors. The rollup triggers of
 * migration 0010 build the rollups as the items arrive.
 */
async function copyTables(db: Database): Promise<void> {
  const source = new URL(databaseUrl(SOURCE_DATABASE));
  const connection = `host=${source.hostname} port=${source.port || 5432} dbname=${SOURCE_DATABASE} user=${decodeURIComponent(source.username)}${source.password ? ` password=${decodeURIComponent(source.password)}` : ''}`;
  await db.exec('CREATE EXTENSION IF NOT EXISTS dblink');
  for (const copy of COPIES) {
    const started = performance.now();
    await db.query(
      `INSERT INTO ${copy.table} ${copy.identity ? 'OVERRIDING SYSTEM VALUE' : ''}
       SELECT * FROM dblink($1, $2) AS t(${copy.columns})`,
      [connection, copy.select],
    );
    if (copy.identity) {
      await db.query(
        `SELECT setval(pg_get_serial_sequence('${copy.table}', 'id'), max(id)) FROM ${copy.table}`,
      );
    }
    log(`copied ${copy.table} in ${round((performance.now() - started) / 1000)} s`);
  }
  await db.exec('VACUUM ANALYZE');
}

/**
 * Opens the analysis database, making it first when it does not exist — only when tender_bench holds
 * `minimumItems` and no import runs (its ingest_run says so). Idle tender_bench: `CREATE DATABASE … TEMPLATE`,
 * then the pending migrations (0010 builds the rollups from the items, timed). In use (an index build, a
 * search benchmark): a migrated empty database filled by `copyTables`.
 */
export async function openAnalysisDatabase(open = openPostgres, minimumItems = 1_000_000): Promise<Database> {
  const admin = await adminClient();
  let copyFromSource = false;
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [ANALYSIS_DATABASE]);
    if (exists.rowCount === 0) {
      const source = new pg.Client({ connectionString: databaseUrl(SOURCE_DATABASE) });
      await source.connect();
      const count = (await source.query('SELECT count(*)::int AS n FROM tender_item')).rows[0].n as number;
      const importing = (
        await source.query("SELECT count(*)::int AS n FROM ingest_run WHERE status = 'running'")
      ).rows[0].n as number;
      await source.end();
      if (count < minimumItems || importing > 0) {
        throw new Error(
          `${SOURCE_DATABASE} 只有 ${count} 条（至少 ${minimumItems} 条）或仍在导入：等导入完成后再运行`,
        );
      }
      const busy = await admin.query(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [SOURCE_DATABASE],
      );
      const started = performance.now();
      if (busy.rows[0].n === 0) {
        log(`copying ${SOURCE_DATABASE} (${count} items) to ${ANALYSIS_DATABASE} as a template`);
        await admin.query(`CREATE DATABASE ${ANALYSIS_DATABASE} TEMPLATE ${SOURCE_DATABASE}`);
      } else {
        log(`${SOURCE_DATABASE} is in use: copying its tables (${count} items) into ${ANALYSIS_DATABASE}`);
        await admin.query(`CREATE DATABASE ${ANALYSIS_DATABASE}`);
        copyFromSource = true;
      }
      log(`created in ${round((performance.now() - started) / 1000)} s`);
    }
  } finally {
    await admin.end();
  }
  const db = await open(databaseUrl(ANALYSIS_DATABASE));
  const started = performance.now();
  const applied = await migrate(db, readMigrations(migrationsDir));
  if (applied.length) {
    log(`migrated ${applied.join(', ')} in ${round((performance.now() - started) / 1000)} s`);
  }
  if (copyFromSource) await copyTables(db);
  else if (applied.length) {
    // One statement each: VACUUM refuses to run inside the implicit transaction of a multi-statement string.
    for (const table of ['market_rollup', 'market_company_rollup', 'market_company_month']) {
      await db.exec(`VACUUM ANALYZE ${table}`);
    }
  }
  return db;
}

/** The mix: every combination of these, without a keyword (what the rollups answer). */
const PERIODS = [
  { startMonth: '2025-04', endMonth: '2026-03' },
  { startMonth: '2026-01', endMonth: '2026-03' },
  { startMonth: '2023-04', endMonth: '2026-03' },
  { startMonth: '2025-01', endMonth: '2025-12' },
];
const REGIONS = [[], ['440000'], ['110000', '310000', '440000']];
const INDUSTRIES = [[], ['E'], ['84']];
const TYPES = [[], ['zb'], ['jg'], ['gk']];
const KEYWORDS = ['医院', '设备', '监理', '物业管理', '信息化建设', '道路', '学校', '采购', '绿化', '消防'];

function mix(): MarketInput[] {
  const queries: MarketInput[] = [];
  for (const period of PERIODS) {
    for (const area of REGIONS) {
      for (const industry of INDUSTRIES) {
        for (const docchnnel of TYPES) {
          queries.push({ searchType: 10, searchPattern: 30, ...period, area, industry, docchnnel });
        }
      }
    }
  }
  return queries;
}

const INDUSTRY_SECTIONS: Record<string, string[]> = { E: ['47', '48', '49', '50'] };

/** The baseline: the same figures straight from the items, no rollups. */
async function rawFigures(db: Database, input: MarketInput) {
  const params: unknown[] = [`${input.startMonth}-01`, lastDay(input.endMonth as string)];
  const conditions = ['i.publish_date BETWEEN $1::date AND $2::date'];
  if (input.area?.length) {
    params.push(input.area);
    conditions.push(`i.province_code = ANY($${params.length}::text[])`);
  }
  if (input.industry?.length) {
    params.push(input.industry.flatMap((code) => INDUSTRY_SECTIONS[code] ?? [code]));
    conditions.push(`i.industry_code = ANY($${params.length}::text[])`);
  }
  const types = input.docchnnel ?? [];
  const typeFilter = types.length
    ? types[0] === 'gk'
      ? "i.doc_type = 'zb' AND i.procurement_method = 'gk'"
      : `i.doc_type = '${types[0]}'`
    : 'true';
  const where = `${conditions.join(' AND ')} AND ${typeFilter}`;
  const [totals] = await db.query<{ items: number; budget_fen: number; award_fen: number }>(
    `SELECT count(*)::bigint AS items, coalesce(sum(budget_fen), 0)::bigint AS budget_fen,
       coalesce(sum(award_fen), 0)::bigint AS award_fen FROM tender_item i WHERE ${where}`,
    params,
  );
  const byProvince = await db.query<{ code: string; items: number }>(
    `SELECT coalesce(province_code, '') AS code, count(*)::bigint AS items FROM tender_item i WHERE ${where}
     GROUP BY 1 ORDER BY 2 DESC, 1`,
    params,
  );
  const byMonth = await db.query<{ code: string; items: number }>(
    `SELECT to_char(publish_date, 'YYYY-MM') AS code, count(*)::bigint AS items FROM tender_item i WHERE ${where}
     GROUP BY 1 ORDER BY 1`,
    params,
  );
  const top = (role: string, docType: string) =>
    db.query<{ company_id: number; items: number }>(
      `SELECT l.company_id, count(DISTINCT l.item_id)::bigint AS items,
         coalesce(sum(CASE WHEN l.role = 'winner' THEN l.award_fen ELSE i.budget_fen END), 0)::bigint AS amount_fen
       FROM item_company l JOIN tender_item i ON i.id = l.item_id
       WHERE ${where} AND l.role = '${role}' AND i.doc_type = '${docType}'
       GROUP BY l.company_id ORDER BY items DESC, amount_fen DESC, l.company_id LIMIT 10`,
      params,
    );
  const allowsType = (docType: string) =>
    types.length === 0 || types.includes(docType) || (docType === 'zb' && types.includes('gk'));
  return {
    totals,
    byProvince,
    byMonth,
    topPurchasers: allowsType('zb') ? await top('purchaser', 'zb') : [],
    topWinners: allowsType('jg') ? await top('winner', 'jg') : [],
  };
}

function lastDay(month: string): string {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0))
    .toISOString()
    .slice(0, 10);
}

function sameFigures(
  analysis: Awaited<ReturnType<typeof marketAnalysis>>,
  raw: Awaited<ReturnType<typeof rawFigures>>,
): boolean {
  const months = analysis.byMonth.filter((row) => row.items > 0).map((row) => [row.code, row.items]);
  return (
    analysis.totals.items === Number(raw.totals?.items) &&
    analysis.totals.budgetFen === Number(raw.totals?.budget_fen) &&
    analysis.totals.awardFen === Number(raw.totals?.award_fen) &&
    JSON.stringify(analysis.byProvince.map((row) => [row.code, row.items])) ===
      JSON.stringify(raw.byProvince.map((row) => [row.code, Number(row.items)])) &&
    JSON.stringify(months) === JSON.stringify(raw.byMonth.map((row) => [row.code, Number(row.items)])) &&
    JSON.stringify(analysis.topPurchasers.map((row) => [row.companyId, row.items])) ===
      JSON.stringify(raw.topPurchasers.map((row) => [Number(row.company_id), Number(row.items)])) &&
    JSON.stringify(analysis.topWinners.map((row) => [row.companyId, row.items])) ===
      JSON.stringify(raw.topWinners.map((row) => [Number(row.company_id), Number(row.items)]))
  );
}

const stats = (values: number[]) => ({
  p50: round(percentile(values, 50)),
  p95: round(percentile(values, 95)),
  p99: round(percentile(values, 99)),
  mean: round(values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1)),
});

export async function analysisBench(options: { baselineEvery?: number | undefined }) {
  const baselineEvery = options.baselineEvery ?? 4;
  const db = await openAnalysisDatabase();
  try {
    const [{ items, rollupRows, companyRollupRows }] = (await db.query(
      `SELECT (SELECT count(*)::int FROM tender_item) AS items, (SELECT count(*)::int FROM market_rollup) AS "rollupRows",
         (SELECT count(*)::int FROM market_company_rollup) AS "companyRollupRows"`,
    )) as [{ items: number; rollupRows: number; companyRollupRows: number }];
    const queries = mix();
    log(
      `analysis: ${queries.length} queries over ${items} items (${rollupRows} + ${companyRollupRows} rollup rows)`,
    );
    for (const query of queries.slice(0, 10)) await marketAnalysis(db, searchIndex, query, NOW);

    const rollupMs: number[] = [];
    const baselineMs: number[] = [];
    const pairedRollupMs: number[] = [];
    let compared = 0;
    let exact = 0;
    for (const [index, query] of queries.entries()) {
      const started = performance.now();
      const analysis = await marketAnalysis(db, searchIndex, query, NOW);
      const ms = performance.now() - started;
      rollupMs.push(ms);
      if (index % baselineEvery === 0) {
        const rawStarted = performance.now();
        const raw = await rawFigures(db, query);
        baselineMs.push(performance.now() - rawStarted);
        pairedRollupMs.push(ms);
        compared += 1;
        if (sameFigures(analysis, raw)) exact += 1;
        else log(`differs: ${JSON.stringify(query)}`);
      }
      if (index % 20 === 0) log(`${index + 1}/${queries.length}: ${round(ms)} ms`);
    }

    const keywordMs: number[] = [];
    let sampled = 0;
    for (const keyword of KEYWORDS) {
      const started = performance.now();
      const analysis = await marketAnalysis(
        db,
        searchIndex,
        { searchType: 20, searchPattern: 30, keyword, ...PERIODS[0] },
        NOW,
      );
      keywordMs.push(performance.now() - started);
      if (analysis.sampled) sampled += 1;
    }
    const rollup = stats(rollupMs);
    const baseline = stats(baselineMs);
    return {
      benchmark: 'analysis',
      database: ANALYSIS_DATABASE,
      items,
      rollupRows,
      companyRollupRows,
      queries: queries.length,
      rollupMs: rollup,
      baselineMs: { ...baseline, queries: baselineMs.length },
      pairedRollupMs: stats(pairedRollupMs),
      ratios: { baselineP95OverRollupP95: round(baseline.p95 / stats(pairedRollupMs).p95, 1) },
      exactness: { compared, exact },
      keywordSearchMs: { ...stats(keywordMs), queries: keywordMs.length, sampledAt20000: sampled },
      target: { p95Ms: TARGET_P95_MS, met: rollup.p95 <= TARGET_P95_MS && exact === compared },
    };
  } finally {
    await db.close();
  }
}
