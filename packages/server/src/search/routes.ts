import {
  type ApprovalRecord,
  desginedSearchHistoryListEndpoint,
  desginedSearchListEndpoint,
  getHostSearchWordEndpoint,
  getSearchAllConditionEndpoint,
  getSearchAllTabConditionEndpoint,
  getSearchConditionEndpoint,
  SEARCH_ALL_TABS,
  searchAllListEndpoint,
  searchHistoryClearEndpoint,
  searchHistoryListEndpoint,
  searchListEndpoint,
  searchWordListEndpoint,
  spxmDetailEndpoint,
  spxmGetPageEndpoint,
  spxmHistoryWordEndpoint,
  spxmSearchRecordEndpoint,
} from '@tender/contracts';
import {
  addCalendarMonths,
  formatDateTime,
  formatTotalCount,
  RESPONSE_CODES,
  SEARCH_PATTERNS,
  SEARCH_TYPES,
} from '@tender/domain';
import type { FastifyInstance } from 'fastify';
import { DOCUMENT_TYPES } from '../catalog/document-types';
import { dictionaryQueries } from '../catalog/queries';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { BusinessError } from '../http/business-error';
import { type EndpointRouteDependencies, endpointRoute, settledAnswer } from '../http/endpoint-route';
import { messages } from '../messages';
import type { Tenant } from '../tenants/queries';
import {
  historyConditions,
  inputKeywords,
  pageSummary,
  type SearchInput,
  searchFilters,
  searchRequest,
} from './conditions';
import { highlightHtml } from './highlight';
import {
  clearHistory,
  historyPage,
  historyWordsContaining,
  hotWords,
  type SearchKind,
  searchHistoryWriter,
} from './history';
import { HOT_WORD_DICTIONARY, HOT_WORD_MAX_LENGTH, HOT_WORD_MIN_SEARCHERS } from './hot-words';
import { splitKeywords } from './query';
import { loadRecords, STAGE_ORDER } from './records';
import { type CachedSearchIndex, searchKey } from './result-cache';
import { searchIndex as defaultIndex, type SearchFilters, type SearchIndex } from './search-index';
import { suggestCompanies, suggestTitleWords } from './suggestions';

export interface SearchRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  /** Where the reads that may be a moment old go (a read replica, src/db/read-replicas.ts); default: `db`. */
  readDb?: Database;
  clock: Clock;
  /** The engine; default: bigram tsvectors in the database (search-index.ts). */
  index?: SearchIndex;
}

const HOT_WORD_DAYS = 30;
const HOT_WORD_COUNT = 10;
/**
 * How long a process keeps a brand's hot words. Ranking them reads the brand's month of searches (0.4 s of
 * PostgreSQL for 6,000 members' 300,000 entries), and every search page asks for them; a ranking of a month moves
 * little in five minutes.
 */
export const HOT_WORD_TTL_MS = 5 * 60_000;
const SUGGESTIONS = 10;

/**
 * spec §7 Search. Every search endpoint reads one `SearchIndex`; result pages are the items' list records
 * (records.ts). Searches with keywords are recorded in the caller's history of that search box.
 */
export function searchRoutes(app: FastifyInstance, dependencies: SearchRouteDependencies): void {
  const { db, clock } = dependencies;
  const readDb = dependencies.readDb ?? db;
  const index = dependencies.index ?? defaultIndex;
  // The result cache (result-cache.ts) keeps a page whole — ids, total and the records with their highlights,
  // none of which depends on the caller — so a hit reads neither the engine nor the items.
  const cache = isCached(index) ? index.resultCache : undefined;
  const engine = isCached(index) ? index.engine : index;
  const history = searchHistoryWriter(db);
  // For operators (and `npm run bench -- load`): the result cache's figures since the start, logged at exit.
  app.addHook('onClose', async () => {
    if (cache) app.log.info({ searchResultCache: cache.stats() }, 'search result cache');
  });

  async function searchPage(
    tenant: Tenant,
    userId: number,
    input: SearchInput & Record<string, unknown>,
    kind: SearchKind,
    narrow: (filters: SearchFilters) => SearchFilters = (filters) => filters,
  ) {
    const filters = narrow(searchFilters(input));
    const request = searchRequest(input, filters);
    // The whole answer is a function of the request (the page fields of its offset and limit).
    const computePage = async () => {
      const result = await engine.search(readDb, request);
      const records = await loadRecords(readDb, result.itemIds, result.needles, request.scope);
      return { records, ...pageSummary(result.total, input), highlightWords: result.needles };
    };
    const keyword = [input.keyword ?? '', ...(input.keywordList ?? [])].join(' ').replace(/\s+/g, ' ').trim();
    // The history entry is written beside the search (another pooled connection, with the searches of the same
    // moments); both are awaited, so the caller's next searchHistoryList sees it.
    const [page] = await Promise.all([
      cache
        ? cache.through(readDb, `page ${searchKey(request)}`, computePage).then(settledAnswer)
        : computePage(),
      keyword && inputKeywords(input).length > 0
        ? history.record({
            brandId: tenant.id,
            userId,
            kind,
            keyword: keyword.slice(0, 100),
            conditions: historyConditions(input),
            at: clock(),
          })
        : undefined,
    ]);
    return page;
  }

  endpointRoute(app, dependencies, searchListEndpoint, ({ input, tenant, signedIn }) =>
    searchPage(tenant, signedIn.userId, input, 'tender'),
  );

  const tabTypes = (code: string): string[] => [
    ...(SEARCH_ALL_TABS.find((tab) => tab.code === code)?.docTypes ?? SEARCH_ALL_TABS[0].docTypes),
  ];

  endpointRoute(app, dependencies, searchAllListEndpoint, ({ input, tenant, signedIn }) =>
    searchPage(tenant, signedIn.userId, input, 'all', (filters) => ({
      ...filters,
      docTypes: tabTypes(input.tab),
      procurementMethods: [],
    })),
  );

  endpointRoute(app, dependencies, getSearchAllTabConditionEndpoint, async ({ input }) => {
    const filters = searchFilters(input);
    const request = searchRequest(input, filters);
    const counts = await index.countByGroup(
      readDb,
      request,
      Object.fromEntries(SEARCH_ALL_TABS.map((tab) => [tab.code, tab.docTypes])),
    );
    return {
      tabs: SEARCH_ALL_TABS.map((tab) => {
        const total = counts[tab.code] ?? 0;
        return { code: tab.code, name: tab.name, total, totalText: formatTotalCount(total) };
      }),
    };
  });

  async function commonConditions(tenant: Tenant) {
    const amounts = await dictionaryQueries(db).entries(tenant.id, ['item_amount']);
    const today = clock().getTime();
    const day = (millis: number) => formatDateTime(millis, 'YYYY-MM-DD');
    const since = (months: number) => day(addCalendarMonths(today, -months));
    return {
      searchTypes: [
        { value: SEARCH_TYPES.FULL_TEXT, label: '全文' },
        { value: SEARCH_TYPES.TITLE, label: '标题' },
        { value: SEARCH_TYPES.PURCHASE_CONTENT, label: '采购内容' },
      ],
      searchPatterns: [
        { value: SEARCH_PATTERNS.PRECISE, label: '精准' },
        { value: SEARCH_PATTERNS.SMART, label: '智能' },
        { value: SEARCH_PATTERNS.FUZZY, label: '模糊' },
      ],
      amountRanges: amounts
        .filter((entry) => entry.parentValue === null)
        .map((entry) => ({ value: entry.value, label: entry.label })),
      dateRanges: [
        { value: '7d', label: '近一周', startDate: day(today - 6 * 86_400_000), endDate: day(today) },
        { value: '1m', label: '近一个月', startDate: since(1), endDate: day(today) },
        { value: '3m', label: '近三个月', startDate: since(3), endDate: day(today) },
        { value: '6m', label: '近半年', startDate: since(6), endDate: day(today) },
        { value: '1y', label: '近一年', startDate: since(12), endDate: day(today) },
      ],
    };
  }

  endpointRoute(app, dependencies, getSearchAllConditionEndpoint, async ({ tenant }) => ({
    tabs: SEARCH_ALL_TABS.map((tab) => ({ code: tab.code, name: tab.name })),
    ...(await commonConditions(tenant)),
  }));

  endpointRoute(app, dependencies, getSearchConditionEndpoint, async ({ tenant }) => ({
    docchnnel: DOCUMENT_TYPES.map((type) => ({
      code: type.code,
      name: type.name,
      children: type.children.map((child) => ({ code: child.code, name: child.name })),
    })),
    ...(await commonConditions(tenant)),
  }));

  /** Whether a word, searched alone as the search box first does, finds anything. */
  const findsSomething = async (word: string): Promise<boolean> => {
    const keywords = splitKeywords(word);
    if (keywords.length === 0) return false;
    const { total } = await index.search(db, {
      keywords,
      mode: 'precise',
      scope: 'full',
      offset: 0,
      limit: 1,
      countCap: 1,
    });
    return total > 0;
  };

  /**
   * A brand's hot words: keywords searched by HOT_WORD_MIN_SEARCHERS members or more, then the brand's own
   * defaults (dictionary `hot_search_word`, else `messages.search.defaultHotWords`); each one must find something.
   */
  const rankHotWords = async (brandId: string, now: number): Promise<readonly string[]> => {
    const searched = await hotWords(readDb, brandId, {
      since: new Date(now - HOT_WORD_DAYS * 86_400_000),
      limit: HOT_WORD_COUNT * 2,
      minSearchers: HOT_WORD_MIN_SEARCHERS,
      maxLength: HOT_WORD_MAX_LENGTH,
    });
    const defaults = (await dictionaryQueries(db).entries(brandId, [HOT_WORD_DICTIONARY])).map(
      (entry) => entry.label,
    );
    const words: string[] = [];
    for (const word of [...searched, ...(defaults.length ? defaults : messages.search.defaultHotWords)]) {
      if (words.length >= HOT_WORD_COUNT) break;
      if (!words.includes(word) && (await findsSomething(word))) words.push(word);
    }
    return words;
  };

  // Per brand: when they were ranked, and the ranking (shared by the calls that arrive while it runs).
  const rankedHotWords = new Map<string, { at: number; words: Promise<readonly string[]> }>();
  const brandHotWords = (brandId: string): Promise<readonly string[]> => {
    const now = clock().getTime();
    const ranked = rankedHotWords.get(brandId);
    if (ranked && now >= ranked.at && now - ranked.at < HOT_WORD_TTL_MS) return ranked.words;
    const words = rankHotWords(brandId, now);
    rankedHotWords.set(brandId, { at: now, words });
    words.catch(() => {
      if (rankedHotWords.get(brandId)?.words === words) rankedHotWords.delete(brandId);
    });
    return words;
  };

  endpointRoute(app, dependencies, getHostSearchWordEndpoint, async ({ tenant }) => ({
    words: [...(await brandHotWords(tenant.id))],
  }));

  endpointRoute(app, dependencies, searchWordListEndpoint, async ({ input, signedIn }) => {
    const typed = input.keyword.normalize('NFKC').toLowerCase();
    const words: { word: string; source: 'history' | 'title' | 'company' }[] = [];
    if (input.type === 0) {
      words.push(...(await suggestCompanies(readDb, input.keyword, SUGGESTIONS)));
    } else {
      for (const word of await historyWordsContaining(db, signedIn.userId, ['tender', 'all'], typed, 3)) {
        words.push({ word, source: 'history' });
      }
      for (const suggestion of await suggestTitleWords(readDb, index, input.keyword, SUGGESTIONS)) {
        if (words.length >= SUGGESTIONS) break;
        if (!words.some((entry) => entry.word === suggestion.word)) words.push(suggestion);
      }
    }
    return { words: words.map((entry) => ({ ...entry, wordHighlight: highlightHtml(entry.word, [typed]) })) };
  });

  endpointRoute(app, dependencies, searchHistoryListEndpoint, ({ input, signedIn }) =>
    historyPage(db, signedIn.userId, ['tender', 'all'], input.pageNumber, input.pageSize),
  );

  endpointRoute(app, dependencies, searchHistoryClearEndpoint, async ({ signedIn }) => {
    await clearHistory(db, signedIn.userId, ['tender', 'all']);
    return null;
  });

  const projectsOf =
    (docType: 'nj' | 'sp') =>
    (filters: SearchFilters): SearchFilters => ({ ...filters, docTypes: [docType], procurementMethods: [] });

  endpointRoute(app, dependencies, desginedSearchListEndpoint, ({ input, tenant, signedIn }) =>
    searchPage(tenant, signedIn.userId, input, 'designed', projectsOf('nj')),
  );

  endpointRoute(app, dependencies, desginedSearchHistoryListEndpoint, ({ input, signedIn }) =>
    historyPage(db, signedIn.userId, ['designed'], input.pageNumber, input.pageSize),
  );

  endpointRoute(app, dependencies, spxmGetPageEndpoint, ({ input, tenant, signedIn }) =>
    searchPage(tenant, signedIn.userId, input, 'approval', projectsOf('sp')),
  );

  endpointRoute(app, dependencies, spxmDetailEndpoint, async ({ input }) => {
    const [record] = await loadRecords(readDb, [input.id], [], 'title');
    if (record?.docType !== 'sp') {
      throw new BusinessError(RESPONSE_CODES.NOT_FOUND, messages.search.noSuchProject);
    }
    const stageIds = await projectApprovalIds(readDb, input.id);
    const steps: ApprovalRecord[] = await loadRecords(readDb, stageIds, [], 'title');
    steps.sort(
      (a, b) =>
        (STAGE_ORDER.get(a.stageCode ?? '') ?? 99) - (STAGE_ORDER.get(b.stageCode ?? '') ?? 99) ||
        (a.approvalDate ?? a.publishDate).localeCompare(b.approvalDate ?? b.publishDate) ||
        a.id - b.id,
    );
    return {
      record,
      stages: steps.map((step) => ({
        id: step.id,
        title: step.title,
        stageCode: step.stageCode,
        stageName: step.stageName,
        approvalAuthority: step.approvalAuthority,
        documentNumber: step.documentNumber,
        approvalResult: step.approvalResult,
        approvalDate: step.approvalDate,
        publishDate: step.publishDate,
        current: step.id === input.id,
      })),
    };
  });

  endpointRoute(app, dependencies, spxmHistoryWordEndpoint, async ({ input, signedIn }) => {
    const { records } = await historyPage(db, signedIn.userId, ['approval'], 1, input.size);
    return { words: records.map((entry) => entry.keyword) };
  });

  endpointRoute(app, dependencies, spxmSearchRecordEndpoint, ({ input, signedIn }) =>
    historyPage(db, signedIn.userId, ['approval'], input.pageNumber, input.pageSize),
  );
}

function isCached(index: SearchIndex): index is CachedSearchIndex {
  return 'resultCache' in index && 'engine' in index;
}

/**
 * The 审批 items of one investment project: the same national project code (审批代码), else the same project
 * key; the item alone when it has neither.
 */
async function projectApprovalIds(db: Database, itemId: number): Promise<number[]> {
  const [me] = await db.query<{ approval_code: string | null; project_key: string | null }>(
    `SELECT p.approval_code, t.project_key FROM tender_item t LEFT JOIN project_detail p ON p.item_id = t.id
     WHERE t.id = $1`,
    [itemId],
  );
  const rows = me?.approval_code
    ? await db.query<{ id: number }>(
        `SELECT t.id FROM project_detail p JOIN tender_item t ON t.id = p.item_id
         WHERE p.approval_code = $1 AND t.doc_type = 'sp' LIMIT 100`,
        [me.approval_code],
      )
    : me?.project_key
      ? await db.query<{ id: number }>(
          `SELECT id FROM tender_item WHERE project_key = $1 AND doc_type = 'sp' LIMIT 100`,
          [me.project_key],
        )
      : [];
  const ids = rows.map((row) => row.id);
  return ids.includes(itemId) ? ids : [itemId, ...ids];
}
