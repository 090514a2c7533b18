import type { MarketAnalysis } from '@tender/contracts';
import { formatDateTime } from '@tender/domain';
import { areaCatalog } from '../catalog/area-catalog';
import { wanText } from '../companies/service';
import type { Database, Queryable } from '../db/database';
import { industryName, procurementMethodName, typeName } from '../details/present';
import { BusinessError } from '../http/business-error';
import { type SearchInput, searchFilters, searchRequest } from '../search/conditions';
import type { SearchFilters, SearchIndex } from '../search/search-index';

/**
 * Market analysis (spec §2 marketAnalysis; docs/performance.md "Market analysis"). Without keywords every figure
 * comes from the monthly rollups of migration 0010 (a few thousand rows per year instead of every item); a
 * keyword filter goes through the SearchIndex — the one search of the product — and is counted over its newest
 * matches, at most MARKET_SAMPLE_CAP of them, which the answer says (`sampled`).
 */

export const MARKET_SAMPLE_CAP = 20_000;
export const MARKET_MAX_MONTHS = 36;
const TOP = 10;

export interface MarketInput extends SearchInput {
  startMonth?: string | undefined;
  endMonth?: string | undefined;
}

/** 'YYYY-MM' + n months. */
export function addMonths(month: string, n: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 1 + n, 1));
  return date.toISOString().slice(0, 7);
}

function monthsBetween(start: string, end: string): string[] {
  const months: string[] = [];
  for (let month = start; month <= end; month = addMonths(month, 1)) months.push(month);
  return months;
}

/** The period of an analysis: whole months, 12 ending this month (China time) by default, 36 at most. */
export function analysisPeriod(
  input: { startMonth?: string | undefined; endMonth?: string | undefined },
  now: Date,
) {
  const endMonth = input.endMonth ?? formatDateTime(now, 'YYYY-MM');
  const startMonth = input.startMonth ?? addMonths(endMonth, -11);
  if (startMonth > endMonth) throw new BusinessError(400, '参数 startMonth：起始月份不能晚于结束月份');
  if (monthsBetween(startMonth, endMonth).length > MARKET_MAX_MONTHS) {
    throw new BusinessError(400, `参数 startMonth：统计区间最长 ${MARKET_MAX_MONTHS} 个月`);
  }
  const lastDay = new Date(Date.UTC(Number(endMonth.slice(0, 4)), Number(endMonth.slice(5, 7)), 0));
  return {
    startMonth,
    endMonth,
    dateFrom: `${startMonth}-01`,
    dateTo: lastDay.toISOString().slice(0, 10),
  };
}

let provinceNameMap: Map<string, string> | undefined;
export function provinceName(code: string): string {
  provinceNameMap ??= new Map(areaCatalog().provinces.map((province) => [province.code, province.name]));
  return code === '' ? '未知地区' : (provinceNameMap.get(code) ?? code);
}

interface GroupRow {
  dimension: 'province' | 'month' | 'industry' | 'method' | 'type' | 'total';
  code: string | null;
  items: number;
  budget_fen: number;
  award_fen: number;
  tenders: number;
  results: number;
}

interface CompanyRow {
  company_id: number;
  name: string;
  items: number;
  amount_fen: number;
}

/** The grouping sets every path answers: one row per province, month, industry, method and type, and the total. */
const GROUPS = `CASE
    WHEN GROUPING(province_code) = 0 THEN 'province'
    WHEN GROUPING(month) = 0 THEN 'month'
    WHEN GROUPING(industry_code) = 0 THEN 'industry'
    WHEN GROUPING(procurement_method) = 0 THEN 'method'
    WHEN GROUPING(doc_type) = 0 THEN 'type'
    ELSE 'total' END AS dimension,
  coalesce(province_code, to_char(month, 'YYYY-MM'), industry_code, procurement_method, doc_type) AS code`;
const GROUPING_SETS =
  'GROUPING SETS ((province_code), (month), (industry_code), (procurement_method), (doc_type), ())';

/** Parameters of one statement, numbered as they are added. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The rollup's WHERE for these filters (types as searchList reads them: docTypes, or 招标 of these methods). */
function rollupWhere(params: Params, filters: SearchFilters, period: { dateFrom: string; dateTo: string }) {
  const conditions = [
    `month BETWEEN ${params.add(period.dateFrom)}::date AND ${params.add(period.dateTo)}::date`,
  ];
  const provinces = filters.regionCodes ?? [];
  if (provinces.length) conditions.push(`province_code = ANY(${params.add(provinces)}::text[])`);
  const industries = filters.industryCodes ?? [];
  if (industries.length) conditions.push(`industry_code = ANY(${params.add(industries)}::text[])`);
  return conditions;
}

function typeCondition(params: Params, filters: SearchFilters): string | undefined {
  const types = filters.docTypes ?? [];
  const methods = filters.procurementMethods ?? [];
  if (types.length && methods.length) {
    return `(doc_type = ANY(${params.add(types)}::text[]) OR (doc_type = 'zb' AND procurement_method = ANY(${params.add(methods)}::text[])))`;
  }
  if (types.length) return `doc_type = ANY(${params.add(types)}::text[])`;
  if (methods.length) return `(doc_type = 'zb' AND procurement_method = ANY(${params.add(methods)}::text[]))`;
  return undefined;
}

/** Whether the rollups can answer: no keyword, no amount, regions given as provinces (the rollups' grain). */
function rollupAnswers(input: MarketInput, filters: SearchFilters, keywords: readonly string[]): boolean {
  return (
    keywords.length === 0 &&
    (input.secondSearch ?? []).length === 0 &&
    filters.amountMinFen === undefined &&
    filters.amountMaxFen === undefined &&
    (filters.regionCodes ?? []).every((code) => code.endsWith('0000'))
  );
}

async function rollupFigures(
  db: Queryable,
  filters: SearchFilters,
  period: { dateFrom: string; dateTo: string },
) {
  const params = new Params();
  const where = rollupWhere(params, filters, period);
  const types = typeCondition(params, filters);
  if (types) where.push(types);
  const grouped = db.query<GroupRow>(
    `SELECT ${GROUPS}, sum(items)::bigint AS items, sum(budget_fen)::bigint AS budget_fen,
       sum(award_fen)::bigint AS award_fen,
       coalesce(sum(items) FILTER (WHERE doc_type = 'zb'), 0)::bigint AS tenders,
       coalesce(sum(items) FILTER (WHERE doc_type = 'jg'), 0)::bigint AS results
     FROM market_rollup WHERE ${where.join(' AND ')} GROUP BY ${GROUPING_SETS}`,
    params.values,
  );
  // Top lists: purchasers of 招标 and winners of 结果 — only when the type filter lets those types in.
  const nationwide = (filters.regionCodes ?? []).length === 0 && (filters.industryCodes ?? []).length === 0;
  const top = async (role: 'purchaser' | 'winner', docType: string) => {
    const wanted =
      (filters.docTypes ?? []).length + (filters.procurementMethods ?? []).length === 0 ||
      (filters.docTypes ?? []).includes(docType) ||
      (docType === 'zb' && (filters.procurementMethods ?? []).length > 0);
    if (!wanted) return [];
    if (nationwide) {
      const leaders = await nationwideLeaders(db, role, period);
      if (leaders) return leaders;
    }
    const topParams = new Params();
    const topWhere = rollupWhere(topParams, filters, period);
    return db.query<CompanyRow>(
      `SELECT t.company_id, c.name, t.items, t.amount_fen FROM (
         SELECT company_id, sum(items)::bigint AS items, sum(amount_fen)::bigint AS amount_fen
         FROM market_company_rollup WHERE role = ${topParams.add(role)} AND ${topWhere.join(' AND ')}
         GROUP BY company_id ORDER BY items DESC, amount_fen DESC, company_id LIMIT ${TOP}
       ) t JOIN company c ON c.id = t.company_id ORDER BY t.items DESC, t.amount_fen DESC, t.company_id`,
      topParams.values,
    );
  };
  // The three statements at once, each on its own connection of the pool.
  const [groups, purchasers, winners] = await Promise.all([
    grouped,
    top('purchaser', 'zb'),
    top('winner', 'jg'),
  ]);
  return { groups, purchasers, winners };
}

/** Each month's leaders read for the threshold: more makes a proof likelier, and costs a little more. */
const LEADERS_PER_MONTH = 100;

/**
 * The whole country's top 10 without adding up every company (Fagin's threshold algorithm): the candidates are
 * each month's LEADERS_PER_MONTH leaders; their totals over the period are exact; a company that is no month's
 * leader has at most the sum over the months of the last leader's count. When the 10th candidate has more than
 * that, no other company can reach the list and the answer is exact; else undefined (add up every company).
 */
async function nationwideLeaders(
  db: Queryable,
  role: 'purchaser' | 'winner',
  period: { dateFrom: string; dateTo: string },
): Promise<CompanyRow[] | undefined> {
  const rows = await db.query<CompanyRow & { bound: number }>(
    `WITH leaders AS (
       SELECT t.month, t.company_id, t.items
       FROM generate_series($2::date, $3::date, interval '1 month') AS m(month)
       CROSS JOIN LATERAL (
         SELECT month, company_id, items FROM market_company_month
         WHERE role = $1 AND month = m.month::date ORDER BY items DESC, amount_fen DESC, company_id LIMIT $4
       ) t
     ),
     bound AS (
       SELECT coalesce(sum(CASE WHEN n = $4 THEN last_items ELSE 0 END), 0)::bigint AS bound
       FROM (SELECT month, min(items) AS last_items, count(*) AS n FROM leaders GROUP BY month) per_month
     ),
     totals AS (
       SELECT r.company_id, sum(r.items)::bigint AS items, sum(r.amount_fen)::bigint AS amount_fen
       FROM market_company_month r
       WHERE r.role = $1 AND r.month BETWEEN $2::date AND $3::date
         AND r.company_id IN (SELECT company_id FROM leaders)
       GROUP BY r.company_id ORDER BY items DESC, amount_fen DESC, r.company_id LIMIT ${TOP}
     )
     SELECT t.company_id, c.name, t.items, t.amount_fen, (SELECT bound FROM bound) AS bound
     FROM totals t JOIN company c ON c.id = t.company_id
     ORDER BY t.items DESC, t.amount_fen DESC, t.company_id`,
    [role, period.dateFrom, period.dateTo, LEADERS_PER_MONTH],
  );
  const bound = Number(rows[0]?.bound ?? 0);
  const last = rows[TOP - 1];
  const exact = last ? Number(last.items) > bound : bound === 0;
  return exact ? rows : undefined;
}

/** The same figures over a set of items (a keyword filter's matches). */
async function itemFigures(db: Queryable, itemIds: readonly number[]) {
  const groups = await db.query<GroupRow>(
    `SELECT ${GROUPS}, count(*)::bigint AS items, coalesce(sum(budget_fen), 0)::bigint AS budget_fen,
       coalesce(sum(award_fen), 0)::bigint AS award_fen,
       count(*) FILTER (WHERE doc_type = 'zb')::bigint AS tenders,
       count(*) FILTER (WHERE doc_type = 'jg')::bigint AS results
     FROM (SELECT coalesce(province_code, '') AS province_code, date_trunc('month', publish_date)::date AS month,
             coalesce(industry_code, '') AS industry_code, coalesce(procurement_method, '') AS procurement_method,
             doc_type, budget_fen, award_fen
           FROM tender_item WHERE id = ANY($1::bigint[])) i
     GROUP BY ${GROUPING_SETS}`,
    [itemIds],
  );
  const top = (role: 'purchaser' | 'winner', docType: string) =>
    db.query<CompanyRow>(
      `SELECT l.company_id, c.name, count(DISTINCT l.item_id)::bigint AS items,
         coalesce(sum(CASE WHEN l.role = 'winner' THEN l.award_fen ELSE i.budget_fen END), 0)::bigint AS amount_fen
       FROM item_company l JOIN tender_item i ON i.id = l.item_id JOIN company c ON c.id = l.company_id
       WHERE l.item_id = ANY($1::bigint[]) AND l.role = $2 AND i.doc_type = $3
       GROUP BY l.company_id, c.name ORDER BY items DESC, amount_fen DESC, l.company_id LIMIT ${TOP}`,
      [itemIds, role, docType],
    );
  const [purchasers, winners] = await Promise.all([top('purchaser', 'zb'), top('winner', 'jg')]);
  return { groups, purchasers, winners };
}

function bucket(row: GroupRow, name: string) {
  return {
    code: row.code ?? '',
    name,
    items: Number(row.items),
    budgetFen: Number(row.budget_fen),
    awardFen: Number(row.award_fen),
  };
}

const byItems = (a: { items: number; code: string }, b: { items: number; code: string }) =>
  b.items - a.items || a.code.localeCompare(b.code);

function company(row: CompanyRow) {
  const amountFen = Number(row.amount_fen);
  return {
    companyId: Number(row.company_id),
    name: row.name,
    items: Number(row.items),
    amountFen,
    amountWanYuanText: wanText(amountFen),
  };
}

/** Runs one market analysis. */
export async function marketAnalysis(
  db: Database,
  index: SearchIndex,
  input: MarketInput,
  now: Date,
): Promise<MarketAnalysis> {
  const period = analysisPeriod(input, now);
  const filters = searchFilters(input);
  const request = searchRequest(input, { ...filters, dateFrom: period.dateFrom, dateTo: period.dateTo });
  const useRollup = rollupAnswers(input, filters, request.keywords);
  let figures: Awaited<ReturnType<typeof rollupFigures>>;
  let sampled = false;
  if (useRollup) {
    figures = await rollupFigures(db, filters, period);
  } else {
    const result = await index.search(db, {
      ...request,
      offset: 0,
      limit: MARKET_SAMPLE_CAP,
      countCap: MARKET_SAMPLE_CAP,
    });
    sampled = result.total > MARKET_SAMPLE_CAP;
    figures = await itemFigures(db, result.itemIds);
  }
  const of = (dimension: GroupRow['dimension']) =>
    figures.groups.filter((row) => row.dimension === dimension);
  const total = of('total')[0];
  const months = new Map(of('month').map((row) => [row.code, row]));
  const totalBudget = Number(total?.budget_fen ?? 0);
  const totalAward = Number(total?.award_fen ?? 0);
  return {
    startMonth: period.startMonth,
    endMonth: period.endMonth,
    totals: {
      items: Number(total?.items ?? 0),
      tenders: Number(total?.tenders ?? 0),
      results: Number(total?.results ?? 0),
      budgetFen: totalBudget,
      budgetWanYuanText: wanText(totalBudget),
      awardFen: totalAward,
      awardWanYuanText: wanText(totalAward),
    },
    byProvince: of('province')
      .map((row) => bucket(row, provinceName(row.code ?? '')))
      .sort(byItems),
    byMonth: monthsBetween(period.startMonth, period.endMonth).map((month) => {
      const row = months.get(month);
      return row ? bucket(row, month) : { code: month, name: month, items: 0, budgetFen: 0, awardFen: 0 };
    }),
    byIndustry: of('industry')
      .map((row) => bucket(row, row.code ? (industryName(row.code) ?? row.code) : '未分类'))
      .sort(byItems),
    byMethod: of('method')
      .filter((row) => row.code)
      .map((row) => bucket(row, procurementMethodName(row.code) ?? row.code ?? ''))
      .sort(byItems),
    byType: of('type')
      .map((row) => bucket(row, typeName(row.code ?? '')))
      .sort(byItems),
    topPurchasers: figures.purchasers.map(company),
    topWinners: figures.winners.map(company),
    basis: useRollup ? 'rollup' : 'search',
    sampled,
    sampleCap: MARKET_SAMPLE_CAP,
  };
}
