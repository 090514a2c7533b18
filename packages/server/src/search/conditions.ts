import {
  formatTotalCount,
  lastReachablePage,
  parseAmountRange,
  SEARCH_PATTERNS,
  SEARCH_TYPES,
  TOTAL_DISPLAY_CAP,
  withMinAmountRule,
} from '@tender/domain';
import { APPROVAL_STAGES } from '../catalog/approval-stages';
import { areaCatalog } from '../catalog/area-catalog';
import { WHOLE_COUNTRY_CODE } from '../catalog/areas';
import { DOCUMENT_TYPES } from '../catalog/document-types';
import { INDUSTRIES } from '../catalog/industries';
import { BusinessError } from '../http/business-error';
import { messages } from '../messages';
import type { SearchMode, SearchScope } from './query';
import { splitKeywords } from './query';
import type { SearchFilters, SearchRequest } from './search-index';

/** The search fields every search endpoint shares, as the contract has validated them. */
export interface SearchInput {
  keyword?: string | undefined;
  keywordList?: string[] | undefined;
  searchType: number;
  searchPattern: number;
  docchnnel?: string[] | undefined;
  area?: string[] | undefined;
  industry?: string[] | undefined;
  amount?: string | undefined;
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  secondSearch?: string[] | undefined;
  stage?: string[] | undefined;
  pageNumber?: number;
  pageSize?: number;
}

const SCOPES: Record<number, SearchScope> = {
  [SEARCH_TYPES.FULL_TEXT]: 'full',
  [SEARCH_TYPES.TITLE]: 'title',
  [SEARCH_TYPES.PURCHASE_CONTENT]: 'content',
};
const MODES: Record<number, SearchMode> = {
  [SEARCH_PATTERNS.PRECISE]: 'precise',
  [SEARCH_PATTERNS.SMART]: 'smart',
  [SEARCH_PATTERNS.FUZZY]: 'fuzzy',
};

const TYPE_CODES = new Set(DOCUMENT_TYPES.map((type) => type.code));
const METHOD_CODES = new Set(DOCUMENT_TYPES.flatMap((type) => type.children.map((child) => child.code)));
const SECTIONS = new Map(INDUSTRIES.map((section) => [section.code, section.children.map((d) => d.code)]));
const DIVISIONS = new Set(INDUSTRIES.flatMap((section) => section.children.map((d) => d.code)));
const STAGES = new Set(APPROVAL_STAGES.map((stage) => stage.code));

const refuse = (field: string, reason: string) => new BusinessError(400, `参数 ${field}：${reason}`);

/** 1 万亿元: above every budget ever published, far below what the fen bigint holds. */
const MAX_AMOUNT_WAN = 100_000_000;

/** 万元 → fen, exactly for the decimals a range can hold. */
function wanYuanToFen(wan: number): number {
  return Math.round(wan * 1_000_000);
}

function isRealDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * The filters of a search request, checked against the catalog: unknown type, region, industry or stage codes
 * and impossible dates are refused with code 400 naming the field (they would silently match nothing).
 */
export function searchFilters(input: SearchInput): SearchFilters {
  const docTypes: string[] = [];
  const procurementMethods: string[] = [];
  for (const code of input.docchnnel ?? []) {
    if (TYPE_CODES.has(code)) docTypes.push(code);
    else if (METHOD_CODES.has(code)) procurementMethods.push(code);
    else throw refuse('docchnnel', `未知的信息类型 ${code}（见 document/type）`);
  }
  const regionCodes: string[] = [];
  const areas = input.area ?? [];
  // 全国 among the areas is the whole country: no region filter.
  if (!areas.some((code) => code === WHOLE_COUNTRY_CODE || code === '全国')) {
    for (const code of areas) {
      const resolved = areaCatalog().resolveCode(code);
      if (!resolved) throw refuse('area', `未知的地区 ${code}（见 selArea）`);
      regionCodes.push(resolved);
    }
  }
  const industryCodes = new Set<string>();
  for (const code of input.industry ?? []) {
    const divisions = SECTIONS.get(code) ?? (DIVISIONS.has(code) ? [code] : undefined);
    if (!divisions) throw refuse('industry', `未知的行业 ${code}（见 industry/list）`);
    for (const division of divisions) industryCodes.add(division);
  }
  const stageCodes = input.stage ?? [];
  for (const code of stageCodes) {
    if (!STAGES.has(code)) throw refuse('stage', `未知的审批阶段 ${code}（见 approval/stage）`);
  }
  let min: number | undefined;
  let max: number | undefined;
  if (input.amount) {
    ({ min, max } = parseAmountRange(input.amount));
  } else {
    ({ minAmount: min, maxAmount: max } = { minAmount: input.minAmount, maxAmount: input.maxAmount });
    if (min !== undefined && max !== undefined && min > max)
      throw refuse('minAmount', '金额下限不能大于上限');
  }
  // A bound past any real budget would overflow the fen column's bigint (the hostile-input suite sent 1e308).
  for (const [field, bound] of [
    ['minAmount', min],
    ['maxAmount', max],
  ] as const) {
    if (bound !== undefined && !(Number(bound) <= MAX_AMOUNT_WAN)) {
      throw refuse(input.amount ? 'amount' : field, `金额不能超过 ${MAX_AMOUNT_WAN} 万元`);
    }
  }
  // spec §5: a lower bound of 0 with an upper bound counts as 0.01 万元 — also when a client did not apply it.
  ({ minAmount: min } = withMinAmountRule({ minAmount: min, maxAmount: max }));
  for (const [field, date] of [
    ['startDate', input.startDate],
    ['endDate', input.endDate],
  ] as const) {
    if (date && !isRealDate(date)) throw refuse(field, `${date} 不是有效的日期`);
  }
  if (input.startDate && input.endDate && input.startDate > input.endDate) {
    throw refuse('startDate', '开始日期不能晚于结束日期');
  }
  return {
    docTypes,
    procurementMethods,
    regionCodes: [...new Set(regionCodes)],
    industryCodes: [...industryCodes],
    stageCodes,
    amountMinFen: min === undefined ? undefined : wanYuanToFen(min),
    amountMaxFen: max === undefined ? undefined : wanYuanToFen(max),
    dateFrom: input.startDate,
    dateTo: input.endDate,
  };
}

/** The search box's keywords: `keyword` and `keywordList` together. */
export function inputKeywords(input: SearchInput): string[] {
  return splitKeywords([input.keyword ?? '', ...(input.keywordList ?? [])]);
}

/**
 * Typed words of which nothing is searchable (`(.*+[`: the index holds Han characters, letters and digits only)
 * are refused: searching without them would answer everything, as if the member had typed nothing.
 */
function searchableWords(typed: readonly string[], reason: (text: string) => string): string[] {
  const words = splitKeywords(typed);
  const text = typed.join(' ').trim();
  if (words.length === 0 && text) throw new BusinessError(400, reason(text.slice(0, 20)));
  return words;
}

/** A search request of a page, with spec §9's page size and total cap. */
export function searchRequest(input: SearchInput, filters: SearchFilters): SearchRequest {
  const pageNumber = input.pageNumber ?? 1;
  const pageSize = input.pageSize ?? 20;
  return {
    keywords: searchableWords(
      [input.keyword ?? '', ...(input.keywordList ?? [])],
      messages.search.nothingSearchable,
    ),
    mode: MODES[input.searchPattern] ?? 'precise',
    scope: SCOPES[input.searchType] ?? 'full',
    within: searchableWords(input.secondSearch ?? [], messages.search.nothingSearchableWithin),
    filters,
    offset: (pageNumber - 1) * pageSize,
    limit: pageSize,
    countCap: TOTAL_DISPLAY_CAP,
  };
}

/** The page fields of an answer: the capped total as shown and the last page the client may open. */
export function pageSummary(total: number, input: SearchInput) {
  const pageSize = input.pageSize ?? 20;
  return {
    total,
    totalText: formatTotalCount(total),
    pageNumber: input.pageNumber ?? 1,
    pageSize,
    lastPage: lastReachablePage(total, { pageSize }),
  };
}

/** What a search history entry keeps of a request: its conditions, without the page. */
export function historyConditions(input: SearchInput & Record<string, unknown>): Record<string, unknown> {
  const { pageNumber: _page, pageSize: _size, brand: _brand, version: _version, ...conditions } = input;
  return Object.fromEntries(Object.entries(conditions).filter(([, value]) => value !== undefined));
}
