import type {
  dataExportOrderEndpoint,
  EndpointRequest,
  SearchAllTabCode,
  searchAllListEndpoint,
  searchListEndpoint,
  spxmGetPageEndpoint,
} from '@tender/contracts';
import {
  DEFAULT_PAGE_SIZE,
  formatAmountRange,
  parseAmountRange,
  SEARCH_PATTERNS,
  SEARCH_TYPES,
  withMinAmountRule,
} from '@tender/domain';

/** spec §3 Fixed filter options: 10 全文, 20 标题, 30 采购内容. */
export type SearchTypeCode = (typeof SEARCH_TYPES)[keyof typeof SEARCH_TYPES];
/** spec §3 Fixed filter options: 30 精准, 20 智能, 10 模糊. */
export type SearchPatternCode = (typeof SEARCH_PATTERNS)[keyof typeof SEARCH_PATTERNS];

/** What the member has chosen on the screen (spec §3 Search filter state), before it becomes a request. */
export interface SearchConditions {
  keyword: string;
  searchType: SearchTypeCode;
  searchPattern: SearchPatternCode;
  /** Information types (docchnnel codes) of 招投标信息; empty for all. */
  docchnnel: readonly string[];
  /** A node code of the area tree (province or city); null for the whole country. */
  area: string | null;
  /** An industry section or division code; null for all. */
  industry: string | null;
  /** 'min,max' in 万元 (a range of the amount dictionary or typed); null for any amount. */
  amountRange: string | null;
  startDate: string | null;
  endDate: string | null;
  /** Words every result must also contain (search within results). */
  secondSearch: readonly string[];
}

export const EMPTY_CONDITIONS: SearchConditions = {
  keyword: '',
  searchType: SEARCH_TYPES.FULL_TEXT,
  searchPattern: SEARCH_PATTERNS.PRECISE,
  docchnnel: [],
  area: null,
  industry: null,
  amountRange: null,
  startDate: null,
  endDate: null,
  secondSearch: [],
};

/** How many filters differ from the defaults (the folded panel and the mobile 筛选 button say it). */
export function chosenFilterCount(conditions: SearchConditions): number {
  return [
    conditions.searchType !== EMPTY_CONDITIONS.searchType,
    conditions.searchPattern !== EMPTY_CONDITIONS.searchPattern,
    conditions.docchnnel.length > 0,
    conditions.area !== null,
    conditions.industry !== null,
    conditions.amountRange !== null,
    conditions.startDate !== null || conditions.endDate !== null,
  ].filter(Boolean).length;
}

type FilterRequest = Omit<EndpointRequest<typeof searchListEndpoint>, 'docchnnel'>;

/**
 * The amount bounds sent for a 'min,max' range, with spec §5's rule: a lower bound of 0 with an upper bound is
 * sent as 0.01. An open end is left out.
 */
export function amountBounds(range: string | null): { minAmount?: number; maxAmount?: number } {
  if (!range) return {};
  const { min, max } = parseAmountRange(range);
  const bounds = withMinAmountRule({ minAmount: min, maxAmount: max });
  return {
    ...(bounds.minAmount === undefined ? {} : { minAmount: bounds.minAmount }),
    ...(bounds.maxAmount === undefined ? {} : { maxAmount: bounds.maxAmount }),
  };
}

/** The filters every search endpoint shares, for one page (spec §9: 20 a page). */
function filterRequest(conditions: SearchConditions, pageNumber: number): FilterRequest {
  const keyword = conditions.keyword.trim();
  return {
    ...(keyword ? { keyword } : {}),
    searchType: conditions.searchType,
    searchPattern: conditions.searchPattern,
    ...(conditions.area ? { area: [conditions.area] } : {}),
    ...(conditions.industry ? { industry: [conditions.industry] } : {}),
    ...amountBounds(conditions.amountRange),
    ...(conditions.startDate ? { startDate: conditions.startDate } : {}),
    ...(conditions.endDate ? { endDate: conditions.endDate } : {}),
    ...(conditions.secondSearch.length > 0 ? { secondSearch: [...conditions.secondSearch] } : {}),
    pageNumber,
    pageSize: DEFAULT_PAGE_SIZE,
  };
}

/** `searchList` (招投标信息): the filters plus the chosen information types. */
export function bidSearchRequest(
  conditions: SearchConditions,
  pageNumber: number,
): EndpointRequest<typeof searchListEndpoint> {
  return {
    ...filterRequest(conditions, pageNumber),
    ...(conditions.docchnnel.length > 0 ? { docchnnel: [...conditions.docchnnel] } : {}),
  };
}

/**
 * The conditions of 一键导出项目 on 招投标信息: the searchList request without the page (contracts
 * `exportConditionsSchema`), so the export writes the rows the member is looking at; the amount bounds (spec §5's
 * rule applied) go as one 'min,max' `amount`.
 */
export function bidExportConditions(
  conditions: SearchConditions,
): EndpointRequest<typeof dataExportOrderEndpoint> {
  const {
    pageNumber: _page,
    pageSize: _size,
    minAmount: _min,
    maxAmount: _max,
    ...filters
  } = bidSearchRequest(conditions, 1);
  // As the /dataExport form sends it: one 'min,max' range, which the export records and its summary read.
  const { minAmount, maxAmount } = amountBounds(conditions.amountRange);
  const amount =
    minAmount === undefined && maxAmount === undefined
      ? {}
      : { amount: formatAmountRange({ min: minAmount, max: maxAmount }) };
  return { ...filters, ...amount };
}

/** `searchAllList` (全部搜索): the filters in one tab. */
export function allSearchRequest(
  conditions: SearchConditions,
  tab: SearchAllTabCode,
  pageNumber: number,
): EndpointRequest<typeof searchAllListEndpoint> {
  return { ...filterRequest(conditions, pageNumber), tab };
}

/** `spxm/getPage` (审批项目): the filters; information types do not apply. */
export function approvalSearchRequest(
  conditions: SearchConditions,
  pageNumber: number,
): EndpointRequest<typeof spxmGetPageEndpoint> {
  return filterRequest(conditions, pageNumber);
}

/** The conditions of `getSearchAllTabCondition` (the tab counts): the filters without a page. */
export function tabCountRequest(conditions: SearchConditions) {
  const { pageNumber: _page, pageSize: _size, ...filters } = filterRequest(conditions, 1);
  return filters;
}

/** An information type of `getSearchCondition` with its sub-types (the procurement methods of 招标公告). */
export interface DocchnnelOption {
  code: string;
  name: string;
  children: readonly { code: string; name: string }[];
}

function methodCodes(option: DocchnnelOption): string[] {
  return option.children.map((child) => child.code);
}

/** The types shown ticked: a type is ticked when it, or one of its methods, is chosen. */
export function tickedTypes(chosen: readonly string[], options: readonly DocchnnelOption[]): string[] {
  return options
    .filter(
      (option) => chosen.includes(option.code) || methodCodes(option).some((code) => chosen.includes(code)),
    )
    .map((option) => option.code);
}

/** The docchnnel codes after the member ticked `ticked` types: an unticked type takes its methods with it. */
export function chooseTypes(
  chosen: readonly string[],
  options: readonly DocchnnelOption[],
  ticked: readonly string[],
): string[] {
  const before = tickedTypes(chosen, options);
  const kept = chosen.filter((code) => {
    const owner = options.find((option) => option.code === code || methodCodes(option).includes(code));
    return owner !== undefined && ticked.includes(owner.code);
  });
  return [...kept, ...ticked.filter((code) => !before.includes(code))];
}

/**
 * The docchnnel codes after the member chose `methods` of a type: the methods stand for the type (the server reads
 * a method as that type's notices by that method, so sending the type too would match all of them); none chosen
 * is the whole type again.
 */
export function chooseMethods(
  chosen: readonly string[],
  type: DocchnnelOption,
  methods: readonly string[],
): string[] {
  const own = [type.code, ...methodCodes(type)];
  const others = chosen.filter((code) => !own.includes(code));
  return [...others, ...(methods.length > 0 ? methods : [type.code])];
}
