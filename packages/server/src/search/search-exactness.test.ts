import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../corpus/generator';
import type { Database } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { validateRecord } from '../ingest/record';
import { migrationsDir } from '../paths';
import { writeTenderRecords } from '../tenders/service';
import { testDatabaseTargets } from '../test-support/databases';
import { estimatedMatches, withIndexLexemes } from './match-estimate';
import { purchaseContent } from './purchase-content';
import { matchSpec, type SearchScope } from './query';
import {
  explainSearch,
  type SearchFilters,
  searchIndex,
  searchPlanning,
  WORKER_PROBE,
  workerStartMs,
} from './search-index';
import { normalizeForSearch } from './tokens';

const CORPUS_SIZE = 1500;
const UNCAPPED = 1_000_000;

interface Item {
  id: number;
  title: string;
  content: string;
  full: string;
  publishDate: string;
}

const HAN = /\p{Script=Han}/u;

/** Every 2-character Han substring of the texts with how many items hold it. */
function bigramFrequencies(texts: readonly string[]): Map<string, number> {
  const frequencies = new Map<string, number>();
  for (const text of texts) {
    const seen = new Set<string>();
    const chars = Array.from(text);
    for (let i = 0; i + 1 < chars.length; i += 1) {
      const pair = `${chars[i]}${chars[i + 1]}`;
      if (HAN.test(chars[i] ?? '') && HAN.test(chars[i + 1] ?? '')) seen.add(pair);
    }
    for (const pair of seen) frequencies.set(pair, (frequencies.get(pair) ?? 0) + 1);
  }
  return frequencies;
}

/** A deterministic spread of terms: the most common, the rarest (in one item), and everything in between. */
function sampleTerms(frequencies: Map<string, number>, count: number): string[] {
  const sorted = [...frequencies.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const picks = new Set<string>();
  for (let i = 0; i < count; i += 1) {
    const entry = sorted[Math.floor((i * (sorted.length - 1)) / (count - 1))];
    if (entry) picks.add(entry[0]);
  }
  for (const [term] of sorted.slice(0, 5)) picks.add(term);
  for (const [term] of sorted.slice(-5)) picks.add(term);
  return [...picks];
}

describe.each(testDatabaseTargets())('precise search exactness on a generated corpus on $name', (target) => {
  let db: Database;
  const items: Item[] = [];
  /** The imported items' own fields. */
  let rows: { id: number; title: string; body: string; project_name: string | null; publish_date: string }[];

  beforeAll(async () => {
    db = await target.open();
    await migrate(db, readMigrations(migrationsDir));
    const records = [
      ...generateCorpus({ seed: 'search-exactness', size: CORPUS_SIZE, until: '2026-03-31' }),
    ].map((input) => {
      const validation = validateRecord(input);
      if (!validation.ok) throw new Error(JSON.stringify(validation.problems));
      return validation.record;
    });
    for (let start = 0; start < records.length; start += 500) {
      await db.transaction((tx) => writeTenderRecords(tx, records.slice(start, start + 500)));
    }
    await db.exec('ANALYZE search_document');
    rows = await db.query<{
      id: number;
      title: string;
      body: string;
      project_name: string | null;
      publish_date: string;
    }>('SELECT id, title, body, project_name, publish_date FROM tender_item');
    for (const row of rows) {
      const content = purchaseContent(row.project_name, row.body);
      items.push({
        id: row.id,
        title: normalizeForSearch(row.title),
        content: normalizeForSearch(content),
        full: normalizeForSearch(`${row.title}\n${content}\n${row.body}`),
        publishDate: row.publish_date,
      });
    }
  });

  afterAll(() => db.close());

  /** The truth: the items whose field holds the term, newest first, as a substring scan finds them. */
  function substringScan(scope: SearchScope, term: string): number[] {
    return items
      .filter((item) => item[scope].includes(term))
      .sort((a, b) =>
        a.publishDate === b.publishDate ? b.id - a.id : a.publishDate < b.publishDate ? 1 : -1,
      )
      .map((item) => item.id);
  }

  async function preciseSearch(scope: SearchScope, term: string) {
    return searchIndex.search(db, {
      keywords: [term],
      mode: 'precise',
      scope,
      offset: 0,
      limit: UNCAPPED,
      countCap: UNCAPPED,
    });
  }

  /** A precise full-text search, page 1 of 20, through `on`. */
  function preciseFullPage(on: Database, keyword: string, filters: SearchFilters, countCap: number) {
    return searchIndex.search(on, {
      keywords: [keyword],
      mode: 'precise',
      scope: 'full',
      filters,
      offset: 0,
      limit: 20,
      countCap,
    });
  }

  /** The database, recording the statements sent through it (a search statement: the one `search_rows` runs). */
  function recordingDatabase(statements: string[]): Database {
    const recording: Database = Object.create(db);
    recording.query = (text, params) => {
      statements.push(typeof params?.[0] === 'string' ? `${text} ${params[0]}` : text);
      return db.query(text, params);
    };
    return recording;
  }

  it.each(['title', 'content', 'full'] as const)(
    'finds exactly the items whose %s contains any 2-character term, common or rare',
    async (scope) => {
      const terms = sampleTerms(bigramFrequencies(items.map((item) => item[scope])), 40);
      // Terms found nowhere must find nothing.
      terms.push('霍乱', '鲲鹏');
      expect(terms.length).toBeGreaterThan(40);
      for (const term of terms) {
        const expected = substringScan(scope, term);
        const result = await preciseSearch(scope, term);
        expect(result.total, `${scope} ${term}`).toBe(expected.length);
        expect(result.itemIds, `${scope} ${term}`).toEqual(expected);
      }
    },
  );

  it('is exact for longer phrases too, where a chain of bigrams must stand at consecutive positions', async () => {
    const phrases = [
      '医院',
      '采购项目',
      '公开招标',
      '物业管理服务',
      '招标公告',
      '中标结果公告',
      '人民医院',
      '维保',
    ];
    for (const phrase of phrases) {
      for (const scope of ['title', 'full'] as const) {
        const expected = substringScan(scope, phrase);
        const result = await preciseSearch(scope, phrase);
        expect(result.itemIds, `${scope} ${phrase}`).toEqual(expected);
      }
    }
  });

  it('is exact when the index looks up only the rarer lexemes of a phrase (its chain checks the others)', async () => {
    const phrases = [
      '工程项目',
      '采购项目',
      '项目公开招标',
      '物业管理服务',
      '中标结果公告',
      '人民医院',
      '设备采购项目',
      '竞争性磋商公告',
      '医疗设备',
      '施工项目',
    ];
    let reduced = 0;
    for (const phrase of phrases) {
      for (const scope of ['title', 'content', 'full'] as const) {
        const spec = await withIndexLexemes(db, scope, { all: [phrase], any: [] });
        if (spec.indexLexemes?.has(phrase)) reduced += 1;
        const expected = substringScan(scope, phrase);
        const result = await preciseSearch(scope, phrase);
        expect(result.itemIds, `${scope} ${phrase} ${spec.indexLexemes?.get(phrase)}`).toEqual(expected);
      }
    }
    // The corpus's statistics leave common bigrams out of some of these lookups.
    expect(reduced).toBeGreaterThan(3);
  });

  it('is exact for several keywords of mixed lengths, whether the page is collected or walked', async () => {
    // Regression: a walk checked only the chains of the longer keywords and dropped a two-character one.
    const queries = [
      ['有限公司', '中标结果公告', '管理'],
      ['采购', '医院设备'],
      ['项目', '公告', '服务'],
    ];
    for (const keywords of queries) {
      for (const scope of ['title', 'full'] as const) {
        const expected = items
          .filter((item) => keywords.every((keyword) => item[scope].includes(keyword)))
          .sort((a, b) =>
            a.publishDate === b.publishDate ? b.id - a.id : a.publishDate < b.publishDate ? 1 : -1,
          )
          .map((item) => item.id);
        for (const countCap of [UNCAPPED, 5]) {
          const result = await searchIndex.search(db, {
            keywords,
            mode: 'precise',
            scope,
            offset: 0,
            limit: 20,
            countCap,
          });
          const label = `${scope} ${keywords.join(' ')} cap ${countCap}`;
          expect(result.total, label).toBe(Math.min(expected.length, countCap + 1));
          expect(result.itemIds, label).toEqual(expected.slice(0, 20));
        }
      }
    }
  });

  it('is exact for keywords with punctuation inside: one character neither letter, digit nor Han per gap', async () => {
    // What the index sees of a text: letters, digits and Han characters, anything else one gap.
    const skeleton = (text: string) =>
      Array.from(text, (char) => (/[\p{L}\p{N}]/u.test(char) ? char : '\uE000')).join('');
    // Two Han characters, a punctuation mark and what follows it, from the titles (意向(2024年, 工程—设计 …).
    const around = [
      ...new Set(
        items.flatMap((item) => item.title.match(/\p{Script=Han}{2}[(—.]\p{Script=Han}{2}/gu) ?? []),
      ),
    ].slice(0, 6);
    expect(around.length).toBeGreaterThan(2);
    const keywords = around.flatMap((keyword) => [
      keyword,
      keyword.replace(/[(—.]/u, '%'),
      keyword.replace(/[(—.]/u, '%%'),
      keyword.replace(/[(—.]/u, 'x'),
    ]);
    // A gap where the titles hold a Han character: the chain alone finds them, the gap does not.
    const overHan = [...new Set(items.flatMap((item) => item.title.match(/\p{Script=Han}{5}/gu) ?? []))]
      .slice(0, 4)
      .map((five) => `${five.slice(0, 2)}%${five.slice(3)}`);
    for (const keyword of [...keywords, ...overHan]) {
      const expected = items
        .filter((item) => skeleton(item.title).includes(skeleton(keyword)))
        .sort((a, b) =>
          a.publishDate === b.publishDate ? b.id - a.id : a.publishDate < b.publishDate ? 1 : -1,
        )
        .map((item) => item.id);
      for (const countCap of [UNCAPPED, 1]) {
        const result = await searchIndex.search(db, {
          keywords: [keyword],
          mode: 'precise',
          scope: 'title',
          offset: 0,
          limit: 20,
          countCap,
        });
        const label = `${keyword} cap ${countCap}`;
        expect(result.total, label).toBe(Math.min(expected.length, countCap + 1));
        expect(result.itemIds, label).toEqual(expected.slice(0, 20));
      }
    }
  });

  it.each(['content', 'full'] as const)(
    'is exact in %s for keywords with punctuation inside, as in titles (a gap never takes a letter or Han)',
    async (scope) => {
      // What the index sees of a text: letters, digits and Han characters, anything else one gap. The full
      // text's vector keeps its fields two positions apart (title, the project name when neither holds it, body).
      const skeleton = (text: string) =>
        Array.from(text, (char) => (/[\p{L}\p{N}]/u.test(char) ? char : '\uE000')).join('');
      const texts = new Map(
        rows.map((row) => {
          const projectName =
            row.project_name && !row.title.includes(row.project_name) && !row.body.includes(row.project_name)
              ? row.project_name
              : '';
          const text =
            scope === 'content'
              ? purchaseContent(row.project_name, row.body)
              : [row.title, projectName, row.body].join('\n\n');
          return [row.id, skeleton(normalizeForSearch(text))];
        }),
      );
      const inScope = items.map((item) => item[scope]);
      const around = [
        ...new Set(
          inScope.flatMap((text) => text.match(/\p{Script=Han}{2}[(（—.、：:，]\p{Script=Han}{2}/gu) ?? []),
        ),
      ].slice(0, 5);
      expect(around.length).toBeGreaterThan(2);
      const keywords = around.flatMap((keyword) => [
        keyword.replace(/[(（—.、：:，]/u, '%'),
        keyword.replace(/[(（—.、：:，]/u, '%%'),
      ]);
      // A gap where the texts hold a Han character: the chain alone finds them, the gap must not.
      const overHan = [...new Set(inScope.flatMap((text) => text.match(/\p{Script=Han}{5}/gu) ?? []))]
        .slice(0, 4)
        .map((five) => `${five.slice(0, 2)}%${five.slice(3)}`);
      for (const keyword of [...keywords, ...overHan]) {
        const expected = items
          .filter((item) => texts.get(item.id)?.includes(skeleton(keyword)))
          .sort((a, b) =>
            a.publishDate === b.publishDate ? b.id - a.id : a.publishDate < b.publishDate ? 1 : -1,
          )
          .map((item) => item.id);
        for (const countCap of [UNCAPPED, 1]) {
          const result = await searchIndex.search(db, {
            keywords: [keyword],
            mode: 'precise',
            scope,
            offset: 0,
            limit: 20,
            countCap,
          });
          const label = `${scope} ${keyword} cap ${countCap}`;
          expect(result.total, label).toBe(Math.min(expected.length, countCap + 1));
          expect(result.itemIds, label).toEqual(expected.slice(0, 20));
        }
      }
    },
  );

  it("filters exactly as the documents' own columns say, through the filter lexemes (migration 0013)", async () => {
    // The newest documents take the round amounts that end the dictionary's ranges (their own lexeme, migration
    // 0025) and amounts beside them; updating the column writes the generated lexemes again, as an import does.
    await db.exec(`UPDATE search_document d SET amount_fen = edge.fen
      FROM (SELECT item_id, (ARRAY[50000000, 100000000, 100000001, 49999999, 5000000, 10000, 99999999,
                                   500000000])[row_number() OVER (ORDER BY publish_date DESC, item_id DESC)] AS fen
            FROM search_document ORDER BY publish_date DESC, item_id DESC LIMIT 8) AS edge
      WHERE d.item_id = edge.item_id`);
    const columns = await db.query<{
      item_id: number;
      doc_type: string;
      procurement_method: string | null;
      province_code: string | null;
      city_code: string | null;
      district_code: string | null;
      industry_code: string | null;
      amount_fen: number | null;
      publish_date: string;
    }>(
      `SELECT item_id, doc_type, procurement_method, province_code, city_code, district_code, industry_code,
              amount_fen, publish_date FROM search_document`,
    );
    const byId = new Map(columns.map((row) => [row.item_id, row]));
    const mostCommon = (values: (string | null)[]) => {
      const counts = new Map<string, number>();
      for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
      return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] as string;
    };
    const province = mostCommon(columns.map((row) => row.province_code));
    const city = mostCommon(columns.map((row) => row.city_code));
    const district = mostCommon(columns.map((row) => row.district_code));
    const industry = mostCommon(columns.map((row) => row.industry_code));
    const filterSets: SearchFilters[] = [
      { docTypes: ['zb'] },
      { docTypes: ['jg', 'bg'] },
      { procurementMethods: ['gk'] },
      { docTypes: ['jg'], procurementMethods: ['gk', 'jz'] },
      { regionCodes: [province] },
      { regionCodes: [city, district] },
      { industryCodes: [industry] },
      // Amounts: edges on bucket bounds (50万 to 100万, inclusive), cut inside buckets, and open ends.
      { amountMinFen: 50_000_000, amountMaxFen: 100_000_000 },
      { amountMinFen: 10_000, amountMaxFen: 50_000_000 },
      { amountMinFen: 100_000_000, amountMaxFen: 500_000_000 },
      { amountMinFen: 1_234_567, amountMaxFen: 98_765_432 },
      { amountMinFen: 10_000 },
      { amountMaxFen: 5_000_000 },
      // Dates: whole months, a whole year, and days inside months.
      { dateFrom: '2025-07-01', dateTo: '2025-09-30' },
      { dateFrom: '2025-01-01', dateTo: '2025-12-31' },
      { dateFrom: '2024-11-17', dateTo: '2026-02-03' },
      { dateFrom: '2025-03-01' },
      {
        docTypes: ['zb'],
        regionCodes: [province],
        amountMinFen: 10_000,
        dateFrom: '2025-04-10',
        dateTo: '2026-03-31',
      },
    ];
    const passes = (filters: SearchFilters, id: number) => {
      const row = byId.get(id);
      if (!row) return false;
      const types = filters.docTypes ?? [];
      const methods = filters.procurementMethods ?? [];
      if (
        (types.length || methods.length) &&
        !types.includes(row.doc_type) &&
        !(row.doc_type === 'zb' && row.procurement_method && methods.includes(row.procurement_method))
      )
        return false;
      const regions = filters.regionCodes ?? [];
      if (
        regions.length &&
        !regions.some((code) =>
          code.endsWith('0000')
            ? row.province_code === code
            : row.city_code === code || row.district_code === code,
        )
      )
        return false;
      if (filters.industryCodes && !filters.industryCodes.includes(row.industry_code ?? '')) return false;
      if (
        filters.amountMinFen !== undefined &&
        (row.amount_fen === null || row.amount_fen < filters.amountMinFen)
      )
        return false;
      if (
        filters.amountMaxFen !== undefined &&
        (row.amount_fen === null || row.amount_fen > filters.amountMaxFen)
      )
        return false;
      if (filters.dateFrom && row.publish_date < filters.dateFrom) return false;
      if (filters.dateTo && row.publish_date > filters.dateTo) return false;
      return true;
    };
    let nonEmpty = 0;
    const { rowFilterCandidates, rowFilterShare } = searchPlanning;
    // Every filter looked up in the index, then every one compared on the row (`withRowFilters`).
    const plannings = [
      { rowFilterCandidates: 0, rowFilterShare },
      { rowFilterCandidates: Number.POSITIVE_INFINITY, rowFilterShare: 0 },
    ];
    // The engine answers each time (the result cache would give the first planning's answers again).
    const cached = searchIndex.resultCache.enabled;
    searchIndex.resultCache.enabled = false;
    try {
      for (const planning of plannings) {
        Object.assign(searchPlanning, planning);
        for (const filters of filterSets) {
          for (const term of ['项目', '采购', '公开招标', '服务']) {
            const expected = substringScan('full', term).filter((id) => passes(filters, id));
            if (expected.length) nonEmpty += 1;
            for (const countCap of [UNCAPPED, 5]) {
              const result = await preciseFullPage(db, term, filters, countCap);
              const label = `${term} ${JSON.stringify(filters)} cap ${countCap} ${JSON.stringify(planning)}`;
              expect(result.total, label).toBe(Math.min(expected.length, countCap + 1));
              expect(result.itemIds, label).toEqual(expected.slice(0, 20));
            }
          }
        }
      }
    } finally {
      Object.assign(searchPlanning, { rowFilterCandidates, rowFilterShare });
      searchIndex.resultCache.enabled = cached;
    }
    // The filters select something: an empty answer everywhere would prove nothing.
    expect(nonEmpty).toBeGreaterThan(filterSets.length * 6);
  });

  it('pages a term with many matches newest first, from the newest months or, past them, the usual way', async () => {
    // More than 1,000 matches: the page is looked for among the newest months first (`recentPage`).
    for (const term of ['项目', '公告']) {
      const expected = substringScan('full', term);
      expect(expected.length, term).toBeGreaterThan(1000);
      for (const offset of [0, 20, 60, 400, 980]) {
        const page = await searchIndex.search(db, {
          keywords: [term],
          mode: 'precise',
          scope: 'full',
          offset,
          limit: 20,
          countCap: 10_000,
        });
        expect(page.total, `${term} ${offset}`).toBe(expected.length);
        expect(page.itemIds, `${term} ${offset}`).toEqual(expected.slice(offset, offset + 20));
      }
    }
  });

  it('estimates from the statistics how many documents a search matches (to choose how to count)', async () => {
    const common = substringScan('full', '项目').length;
    const estimate = (keywords: string[], filters: SearchFilters = {}) =>
      estimatedMatches(db, 'full', { all: keywords, any: [] }, filters, items.length);
    expect(await estimate(['项目'])).toBeGreaterThan(common / 2);
    expect(await estimate(['霍乱'])).toBeLessThan(20);
    expect(await estimate(['项目'], { docTypes: ['zb'] })).toBeLessThan((await estimate(['项目'])) ?? 0);
    // A one-character term is a prefix: the statistics cannot tell.
    expect(await estimate(['院'])).toBeUndefined();
  });

  // Before the long notice below is added: the truth is the generated items.
  it('caps a full-text count of a phrase common in titles (counted in the titles first) exactly', async () => {
    const phrase = '采购项目';
    expect(substringScan('title', phrase).length).toBeGreaterThan(200);
    const expected = substringScan('full', phrase);
    for (const countCap of [50, expected.length - 1, expected.length]) {
      const page = await searchIndex.search(db, {
        keywords: [phrase],
        mode: 'precise',
        scope: 'full',
        offset: 0,
        limit: 20,
        countCap,
      });
      expect(page.total).toBe(Math.min(expected.length, countCap + 1));
      expect(page.itemIds).toEqual(expected.slice(0, 20));
      // The tab counts of 全部搜索 count without the page (every type: every item).
      const counts = await searchIndex.countByGroup(
        db,
        { keywords: [phrase], mode: 'precise', scope: 'full', countCap },
        { every: ['zb', 'bg', 'jg', 'yg', 'yx', 'nj', 'sp'] },
      );
      expect(counts.every).toBe(Math.min(expected.length, countCap + 1));
    }
  });

  it('caps a fuzzy count of common words (counted for the commonest word first) exactly', async () => {
    const { any } = matchSpec(['采购项目', '公告', '维修'], 'fuzzy', []);
    expect(any.length).toBeGreaterThan(2);
    const expected = items.filter((item) => any.some((word) => item.title.includes(word))).length;
    expect(expected).toBeGreaterThan(200);
    for (const countCap of [50, expected - 1, expected]) {
      const counts = await searchIndex.countByGroup(
        db,
        { keywords: ['采购项目', '公告', '维修'], mode: 'fuzzy', scope: 'title', countCap },
        { every: ['zb', 'bg', 'jg', 'yg', 'yx', 'nj', 'sp'] },
      );
      expect(counts.every).toBe(Math.min(expected, countCap + 1));
    }
  });

  it('proves a count far past its cap on a sample of the documents (ADR 0023), and counts exactly when it cannot', async () => {
    const statements: string[] = [];
    const recording = recordingDatabase(statements);
    const search = (countCap: number, filters: SearchFilters = {}) =>
      preciseFullPage(recording, '项目', filters, countCap);
    const expected = substringScan('full', '项目');
    expect(expected.length).toBeGreaterThan(800);
    // Far past the cap: the sample's count proves it, and no count reads cap + 1 matches.
    const proved = await search(50);
    expect(proved.total).toBe(51);
    expect(proved.itemIds).toEqual(expected.slice(0, 20));
    expect(statements.some((sql) => sql.includes("'~s:"))).toBe(true);
    expect(statements.filter((sql) => sql.includes('LIMIT 51') && !sql.includes("'~s:"))).toEqual([]);
    // The statistics do not see excluded documents: the sample is tried, holds too few, and the count is exact.
    statements.length = 0;
    const kept = expected.slice(100, 140);
    const excluded = await search(50, { excludeItemIds: expected.filter((id) => !kept.includes(id)) });
    expect(excluded.total).toBe(40);
    expect(excluded.itemIds).toEqual(kept.slice(0, 20));
    expect(statements.some((sql) => sql.includes("'~s:"))).toBe(true);
  });

  it('counts exactly with a parallel worker too (search_rows_parallel, migration 0021)', async () => {
    const statements: string[] = [];
    const recording = recordingDatabase(statements);
    const { parallelRows, maxWorkerStartMs } = searchPlanning;
    searchPlanning.parallelRows = 0;
    // A limit every start meets: the worker is taken wherever the test runs.
    searchPlanning.maxWorkerStartMs = 1000;
    try {
      // Phrases checked on every vector, a lossy-free two-character term, and a filter cut by its range.
      for (const [keyword, filters] of [
        ['采购项目', {}],
        ['项目', {}],
        ['服务', { dateFrom: '2025-06-15', dateTo: '2025-12-31' }],
      ] as const) {
        const expected = substringScan('full', keyword).filter((id) => {
          const day = items.find((item) => item.id === id)?.publishDate ?? '';
          return (
            (!('dateFrom' in filters) || day >= filters.dateFrom) &&
            (!('dateTo' in filters) || day <= filters.dateTo)
          );
        });
        for (const countCap of [UNCAPPED, expected.length - 1]) {
          const result = await preciseFullPage(recording, keyword, filters, countCap);
          expect(result.total, `${keyword} cap ${countCap}`).toBe(Math.min(expected.length, countCap + 1));
          expect(result.itemIds, `${keyword} cap ${countCap}`).toEqual(expected.slice(0, 20));
        }
      }
    } finally {
      Object.assign(searchPlanning, { parallelRows, maxWorkerStartMs });
    }
    const counts = statements.filter((sql) => !sql.includes(WORKER_PROBE));
    expect(counts.some((sql) => sql.includes('search_rows_parallel'))).toBe(true);
  });

  it('starts a parallel worker only where its start, measured once, is cheap enough', async () => {
    if (target.name === 'postgres') {
      // The measurement's statement starts a worker with search_rows_parallel's settings: it times a worker's start.
      const plan = await db.transaction(async (tx) => {
        const settings = await tx.query<{ setting: string }>(
          `SELECT unnest(proconfig) AS setting FROM pg_proc WHERE proname = 'search_rows_parallel'`,
        );
        for (const { setting } of settings) {
          const [name, value] = setting.split('=');
          await tx.query('SELECT set_config($1, $2, true)', [name, value]);
        }
        const [row] = await tx.query<{ 'QUERY PLAN': unknown }>(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${WORKER_PROBE}`,
        );
        return JSON.stringify(row?.['QUERY PLAN']);
      });
      expect(plan).toContain('"Workers Launched":1');
    }
    const measured = await workerStartMs(db);
    expect(Number.isFinite(measured)).toBe(true);
    const { parallelRows, maxWorkerStartMs } = searchPlanning;
    searchPlanning.parallelRows = 0;
    try {
      // Limits no start reaches and every start does; a new handle for each, the measurement being kept per database.
      for (const [limit, parallel] of [
        [-1000, false],
        [1000, true],
      ] as const) {
        const statements: string[] = [];
        searchPlanning.maxWorkerStartMs = limit;
        const expected = substringScan('full', '项目').length;
        const result = await preciseFullPage(recordingDatabase(statements), '项目', {}, expected - 1);
        expect(result.total).toBe(expected);
        const counts = statements.filter((sql) => !sql.includes(WORKER_PROBE));
        expect(counts.length).toBeLessThan(statements.length);
        expect(
          counts.some((sql) => sql.includes('search_rows_parallel')),
          `limit ${limit}`,
        ).toBe(parallel);
      }
    } finally {
      Object.assign(searchPlanning, { parallelRows, maxWorkerStartMs });
    }
  });

  it('finds terms past the limits of tsvector positions in long notices, and nothing that is not there', async () => {
    // 20,000 characters of one repeated phrase: positions past 16,383 and far more than 256 per lexeme.
    const filler = '设备采购'.repeat(5000);
    const validation = validateRecord({
      announcementType: 'zb',
      title: '超长公告测试',
      body: `${filler}鲲鹏计算机${filler}`,
      publishDate: '2026-03-31',
      sourceId: 'test:long-notice',
    });
    if (!validation.ok) throw new Error(JSON.stringify(validation.problems));
    await db.transaction((tx) => writeTenderRecords(tx, [validation.record]));
    const [long] = await db.query<{ id: number }>(
      "SELECT id FROM tender_item WHERE source_id = 'test:long-notice'",
    );

    expect((await preciseSearch('full', '鲲鹏计算机')).itemIds).toEqual([long?.id]);
    expect((await preciseSearch('full', '采购设备')).itemIds).toContain(long?.id);
    // Every bigram of these is in the notice, but not the phrase: the verification on the text refuses it.
    expect((await preciseSearch('full', '机设备采购鲲鹏')).itemIds).not.toContain(long?.id);
    expect((await preciseSearch('full', '计算机设备采购设备')).itemIds).toEqual([long?.id]);
    expect((await preciseSearch('title', '鲲鹏')).itemIds).toEqual([]);
  });

  it('counts a rare term through the GIN index, not by walking the table (the planner fix of migration 0006)', async () => {
    const [cost] = await db.query<{ procost: number }>(
      "SELECT procost::float8 AS procost FROM pg_proc WHERE oid = 'ts_match_vq(tsvector,tsquery)'::regprocedure",
    );
    expect(cost?.procost).toBe(1000);
    const plans = await explainSearch(db, {
      keywords: ['霍乱'],
      mode: 'precise',
      scope: 'full',
      offset: 0,
      limit: 20,
      countCap: 10_000,
    });
    expect(plans.count).toContain('Bitmap Index Scan on search_document_full');
    expect(plans.collect).toContain('Bitmap Index Scan on search_document_full');
    expect(plans.walk).toContain('search_document_newest');
  });

  it('pages newest first and caps the count at the cap + 1', async () => {
    const expected = substringScan('full', '项目');
    expect(expected.length).toBeGreaterThan(100);
    const page = await searchIndex.search(db, {
      keywords: ['项目'],
      mode: 'precise',
      scope: 'full',
      offset: 40,
      limit: 20,
      countCap: 100,
    });
    expect(page.total).toBe(101);
    expect(page.itemIds).toEqual(expected.slice(40, 60));
  });
});
