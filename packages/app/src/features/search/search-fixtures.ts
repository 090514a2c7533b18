import type { ApiClient, EndpointFunctions } from '@tender/api-client';
import type { SearchRecord, SearchResultPage } from '@tender/contracts';
import { testBrand } from '@tender/test-utils';
import { vi } from 'vitest';
import type { LayoutDialogs } from '../../layout/use-layout-dialogs';
import type { AppServices } from '../../shell/app-services';

/**
 * Answers shaped as the server's search endpoints give them (server src/search, the search contracts), and an
 * in-memory stand-in of the endpoints the search screen calls, for component tests. The real server drives the
 * screen in tooling/e2e (search.e2e.test.ts).
 */

export function searchRecord(
  fields: Partial<SearchRecord> & Pick<SearchRecord, 'id' | 'title'>,
): SearchRecord {
  return {
    docType: 'zb',
    docTypeName: '招标公告',
    typeLabel: '公开招标',
    titleHighlight: fields.title,
    snippet: null,
    provinceCode: '440000',
    provinceName: '广东省',
    cityCode: '440300',
    cityName: '深圳市',
    districtName: null,
    regionText: '广东省 深圳市',
    industryCode: null,
    industryName: null,
    budgetText: '128.5万元',
    awardText: null,
    amountText: '128.5万元',
    publishDate: '2026-11-20',
    bidDeadline: null,
    purchaser: '深圳市人民医院',
    agency: null,
    winners: [],
    projectName: null,
    projectCode: null,
    projectKey: null,
    sourceName: null,
    ...fields,
  };
}

export function resultPage(
  records: SearchRecord[],
  total = records.length,
  pageNumber = 1,
): SearchResultPage {
  return {
    records,
    total,
    totalText: total > 10_000 ? '10000+' : String(total),
    pageNumber,
    pageSize: 20,
    lastPage: Math.min(50, Math.max(1, Math.ceil(total / 20))),
    highlightWords: [],
  };
}

const conditionOptions = {
  searchTypes: [
    { value: 10, label: '全文' },
    { value: 20, label: '标题' },
    { value: 30, label: '采购内容' },
  ],
  searchPatterns: [
    { value: 30, label: '精准' },
    { value: 20, label: '智能' },
    { value: 10, label: '模糊' },
  ],
  amountRanges: [
    { value: '0,50', label: '50万以下' },
    { value: '50,200', label: '50-200万' },
  ],
  dateRanges: [{ value: '7d', label: '近一周', startDate: '2026-11-18', endDate: '2026-11-24' }],
};

const tabs = [
  { code: 'all', name: '全部' },
  { code: 'zb', name: '招标公告' },
  { code: 'jg', name: '中标结果' },
] as const;

/** The endpoints the search screen calls, each a spy answering like the server. */
export function createSearchApi(page: SearchResultPage = resultPage([])) {
  /** The display preference the server holds (spec §4: saved, then re-read). */
  let displayMode: 10 | 20 = 10;
  return {
    getSearchCondition: vi.fn(async () => ({
      docchnnel: [
        { code: 'zb', name: '招标公告', children: [{ code: 'gk', name: '公开招标' }] },
        { code: 'jg', name: '中标结果', children: [] },
      ],
      ...conditionOptions,
    })),
    getSearchAllCondition: vi.fn(async () => ({ tabs: [...tabs], ...conditionOptions })),
    getSearchAllTabCondition: vi.fn(async () => ({
      tabs: tabs.map((tab) => ({ ...tab, total: 10_001, totalText: '10000+' })),
    })),
    industryList: vi.fn(async () => [
      { code: 'E', name: '建筑业', children: [{ code: '48', name: '土木工程建筑业' }] },
    ]),
    getHostSearchWord: vi.fn(async () => ({ words: ['医院', '监控'] })),
    searchHistoryList: vi.fn(async () => ({
      records: [{ keyword: '学校', conditions: {}, times: 2, searchTime: '2026-11-23T08:00:00.000Z' }],
      total: 1,
    })),
    searchHistoryClear: vi.fn(async () => null),
    spxmSearchRecord: vi.fn(async () => ({
      records: [{ keyword: '水库', conditions: {}, times: 1, searchTime: '2026-11-23T08:00:00.000Z' }],
      total: 1,
    })),
    searchWordList: vi.fn(async ({ keyword }: { keyword: string }) => ({
      words: [
        {
          word: `${keyword}设备`,
          wordHighlight: `<em class="hl">${keyword}</em>设备`,
          source: 'title' as const,
        },
        {
          word: `${keyword}改造`,
          wordHighlight: `<em class="hl">${keyword}</em>改造`,
          source: 'title' as const,
        },
      ],
    })),
    searchList: vi.fn(async () => page),
    searchAllList: vi.fn(async () => page),
    spxmGetPage: vi.fn(async () => page),
    getOrInitPreference: vi.fn(async () => ({ displayMode })),
    updatePreference: vi.fn(async (request: { displayMode: 10 | 20 }) => {
      displayMode = request.displayMode;
      return { displayMode };
    }),
  };
}

/** The app's services and the layout's dialogs around a screen, with `api` standing in for the server. */
export function screenServices(api: object): { services: AppServices; dialogs: LayoutDialogs } {
  return {
    services: {
      brand: testBrand,
      // The area tree call fails: loadAreaTree answers an empty tree, as spec §8 says it does.
      client: { call: vi.fn(async () => Promise.reject(new Error('offline'))) } as unknown as ApiClient,
      api: api as unknown as EndpointFunctions,
      bridge: { navigate: vi.fn(), confirmLoggedInElsewhere: vi.fn(), pcLoginRefused: vi.fn() },
      logout: vi.fn(),
    },
    dialogs: {
      openRefusal: vi.fn(() => true),
      openMembership: vi.fn(),
      openServicePeriod: vi.fn(),
      openCoupons: vi.fn(),
    },
  };
}
