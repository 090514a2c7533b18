import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../corpus/generator';
import type { Database } from '../db/database';
import { openPostgres } from '../db/postgres';
import { importFile } from '../ingest/import-file';
import { validateRecord } from '../ingest/record';
import { writeTenderRecords } from '../tenders/service';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { newMobile, type SignedInUser, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { reindexSearch } from './reindex';
import { cachedSearchIndex, dataVersion, SearchResultCache } from './result-cache';
import { postgresSearchIndex, type SearchRequest, searchIndex } from './search-index';

const UNTIL = '2026-03-31';

function records(seed: string, size: number) {
  return [...generateCorpus({ seed, size, until: UNTIL })].map((input) => {
    const validation = validateRecord(input);
    if (!validation.ok) throw new Error(JSON.stringify(validation.problems));
    return validation.record;
  });
}

const request = (keywords: string[], extra: Partial<SearchRequest> = {}): SearchRequest => ({
  keywords,
  mode: 'precise',
  scope: 'title',
  offset: 0,
  limit: 20,
  countCap: 10_000,
  ...extra,
});

describe.each(testDatabaseTargets())('search result cache on $name', (target) => {
  let server: TestServer;
  let alpha: SignedInUser;
  let alphaOther: SignedInUser;
  let beta: SignedInUser;
  /** Another handle on the same database (PostgreSQL: another pool, as the importer CLI's process has). */
  let writer: Database;
  let dir: string;
  const cache = searchIndex.resultCache;

  beforeAll(async () => {
    server = await startTestServer(target);
    await server.db.transaction((tx) => writeTenderRecords(tx, records('search-cache', 400)));
    alpha = await signIn(server, 'alpha', newMobile());
    alphaOther = await signIn(server, 'alpha', newMobile());
    beta = await signIn(server, 'beta', newMobile());
    if (target.name === 'postgres') {
      const [row] = await server.db.query<{ schema: string }>('SELECT current_schema() AS schema');
      writer = await openPostgres(process.env.TEST_DATABASE_URL as string, row?.schema);
    } else {
      writer = server.db;
    }
    dir = mkdtempSync(join(tmpdir(), 'tender-search-cache-'));
  });

  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    if (writer !== server.db) await writer.close();
    await server.close();
  });

  const brandOf = (who: SignedInUser) => (who === beta ? 'beta' : 'alpha');
  const searchList = (params: Record<string, unknown>, who: SignedInUser = alpha) =>
    callApi(server.app, 'POST', '/webchat/api/searchList', {
      brand: brandOf(who),
      params,
      headers: who.headers,
    });

  /** The ids and total a search answers, and whether the cache answered it. */
  async function answered(params: Record<string, unknown>, who: SignedInUser = alpha) {
    const before = cache.stats();
    const answer = await searchList(params, who);
    expect(answer.code).toBe(200);
    const after = cache.stats();
    return {
      ids: answer.data.records.map((record: { id: number }) => record.id) as number[],
      total: answer.data.total as number,
      data: answer.data,
      hit: after.hits === before.hits + 1,
    };
  }

  /** The truth: the engine itself, without a cache. */
  async function engine(params: SearchRequest) {
    const result = await postgresSearchIndex.search(server.db, params);
    return { ids: result.itemIds, total: result.total };
  }

  it('answers a repeated search from the cache, exactly as the engine did', async () => {
    const params = { keyword: '医院', searchType: 20, searchPattern: 30 };
    const first = await answered(params);
    const second = await answered(params);
    expect(first.hit).toBe(false);
    expect(second.hit).toBe(true);
    expect(second.data).toEqual(first.data);
    expect(first.total).toBeGreaterThan(20);
    expect({ ids: first.ids, total: first.total }).toEqual(await engine(request(['医院'])));
  });

  it('shares an entry between users and brands only for the same conditions, and keeps each user’s history', async () => {
    const params = { keyword: '设备', searchType: 10, searchPattern: 20 };
    const mine = await answered(params, alpha);
    const colleague = await answered(params, alphaOther);
    const otherBrand = await answered(params, beta);
    expect(colleague.hit && otherBrand.hit).toBe(true);
    expect(colleague.ids).toEqual(mine.ids);
    expect(otherBrand.ids).toEqual(mine.ids);
    for (const who of [alphaOther, beta]) {
      const history = await callApi(server.app, 'POST', '/webchat/api/searchHistoryList', {
        brand: brandOf(who),
        params: { pageNumber: 1, pageSize: 10 },
        headers: who.headers,
      });
      expect(history.data.records.map((entry: { keyword: string }) => entry.keyword)).toContain('设备');
    }
    // Any difference in what decides the answer is another entry, each the engine's own answer.
    const variants: [Record<string, unknown>, SearchRequest][] = [
      [{ keyword: '设备', searchType: 20, searchPattern: 20 }, request(['设备'], { mode: 'smart' })],
      [
        { keyword: '设备', searchType: 10, searchPattern: 20, pageNumber: 2 },
        request(['设备'], { scope: 'full', mode: 'smart', offset: 20 }),
      ],
      [
        { keyword: '设备', searchType: 10, searchPattern: 20, docchnnel: 'zb' },
        request(['设备'], { scope: 'full', mode: 'smart', filters: { docTypes: ['zb'] } }),
      ],
    ];
    for (const [params, truth] of variants) {
      const variant = await answered(params, alphaOther);
      expect(variant.hit).toBe(false);
      expect({ ids: variant.ids, total: variant.total }).toEqual(await engine(truth));
    }
    // A mode that gives the same needles is the same search: one word precise, smart or fuzzy.
    for (const searchPattern of [30, 10]) {
      const sameNeedles = await answered({ keyword: '设备', searchType: 10, searchPattern }, alphaOther);
      expect(sameNeedles.hit).toBe(true);
      expect({ ids: sameNeedles.ids, total: sameNeedles.total }).toEqual(
        await engine(request(['设备'], { scope: 'full', mode: searchPattern === 30 ? 'precise' : 'fuzzy' })),
      );
    }
    // Several words are not: precise looks for the phrase, smart for each word.
    const phrase = { keyword: '采购项目', searchType: 10 };
    const smart = await answered({ ...phrase, searchPattern: 20 }, alphaOther);
    const precise = await answered({ ...phrase, searchPattern: 30 }, alphaOther);
    expect(smart.hit || precise.hit).toBe(false);
    expect({ ids: precise.ids, total: precise.total }).toEqual(
      await engine(request(['采购项目'], { scope: 'full' })),
    );
    expect({ ids: smart.ids, total: smart.total }).toEqual(
      await engine(request(['采购项目'], { scope: 'full', mode: 'smart' })),
    );
  });

  it('sees an import committed by another process before the search starts', async () => {
    const params = { keyword: '医院', searchType: 20, searchPattern: 30 };
    const before = await answered(params);
    expect((await answered(params)).hit).toBe(true);
    const file = join(dir, 'more.ndjson');
    const more = [...generateCorpus({ seed: 'search-cache-more', size: 120, until: '2026-04-30' })];
    writeFileSync(file, `${more.map((record) => JSON.stringify(record)).join('\n')}\n`);
    const imported = await importFile(writer, file);
    expect(imported.status).toBe('done');
    const after = await answered(params);
    expect(after.hit).toBe(false);
    expect({ ids: after.ids, total: after.total }).toEqual(await engine(request(['医院'])));
    expect(after.total).toBeGreaterThan(before.total);
  });

  it('is invalidated by every other write of what search reads', async () => {
    const versionAfter = async (write: () => Promise<unknown>) => {
      const before = await dataVersion(server.db);
      await write();
      return (await dataVersion(server.db)) > before;
    };
    const [item] = await server.db.query<{ id: number }>(
      "SELECT item_id AS id FROM search_document WHERE doc_type = 'zb' ORDER BY item_id LIMIT 1",
    );
    const [project] = await server.db.query<{ id: number }>(
      'SELECT item_id AS id FROM project_detail LIMIT 1',
    );
    expect(item && project).toBeTruthy();
    expect(
      await versionAfter(() =>
        writer.transaction((tx) =>
          postgresSearchIndex.setProjectAmounts(tx, [{ itemId: project?.id as number, amountFen: 123 }]),
        ),
      ),
    ).toBe(true);
    expect(
      await versionAfter(() =>
        writer.query('UPDATE project_detail SET stage_code = stage_code WHERE item_id = $1', [project?.id]),
      ),
    ).toBe(true);
    expect(await versionAfter(() => reindexSearch(writer))).toBe(true);
    // What the result lists are made of.
    for (const statement of [
      'UPDATE tender_item SET source_name = source_name WHERE id = (SELECT min(id) FROM tender_item)',
      'UPDATE company SET name = name WHERE id = (SELECT min(id) FROM company)',
      'UPDATE item_company SET rank = rank WHERE item_id = (SELECT min(item_id) FROM item_company)',
    ]) {
      expect(await versionAfter(() => writer.query(statement))).toBe(true);
    }
    // A search or a rolled-back write changes nothing.
    expect(await versionAfter(() => engine(request(['医院'])))).toBe(false);
    expect(
      await versionAfter(() =>
        writer
          .transaction(async (tx) => {
            await tx.query('DELETE FROM search_document WHERE item_id = $1', [item?.id]);
            throw new Error('rolled back');
          })
          .catch(() => undefined),
      ),
    ).toBe(false);

    // A document deleted, and the search after it.
    const title = await server.db.query<{ title: string }>('SELECT title FROM tender_item WHERE id = $1', [
      item?.id,
    ]);
    const keyword = Array.from(title[0]?.title ?? '')
      .slice(0, 12)
      .join('');
    const params = { keyword, searchType: 20, searchPattern: 30 };
    const shown = await answered(params);
    expect(shown.ids).toContain(item?.id);
    expect((await answered(params)).hit).toBe(true);
    await writer.query('DELETE FROM search_document WHERE item_id = $1', [item?.id]);
    const gone = await answered(params);
    expect(gone.hit).toBe(false);
    expect(gone.ids).not.toContain(item?.id);
    expect(gone.total).toBe(shown.total - 1);
  });

  it('shows an item’s record as it is now, not as it was when its page was cached', async () => {
    const params = { keyword: '学校', searchType: 20, searchPattern: 30 };
    const first = await answered(params);
    const id = first.ids[0] as number;
    expect((await answered(params)).hit).toBe(true);
    const [row] = await writer.query<{ title: string }>(
      "UPDATE tender_item SET title = title || '（更正）' WHERE id = $1 RETURNING title",
      [id],
    );
    const after = await answered(params);
    expect(after.hit).toBe(false);
    expect(after.data.records[0]).toMatchObject({ id, title: row?.title });
  });

  it.runIf(target.name === 'postgres')(
    'bumps the version at commit: two writing transactions do not wait for each other’s batch',
    async () => {
      const ids = await server.db.query<{ id: number }>(
        'SELECT item_id AS id FROM search_document ORDER BY item_id DESC LIMIT 2',
      );
      const touch = (tx: { query: Database['query'] }, id: number | undefined) =>
        tx.query('UPDATE search_document SET amount_fen = amount_fen WHERE item_id = $1', [id]);
      let releaseA: () => void = () => {};
      const aWaits = new Promise<void>((resolve) => {
        releaseA = resolve;
      });
      let aWrote: () => void = () => {};
      const aHasWritten = new Promise<void>((resolve) => {
        aWrote = resolve;
      });
      const before = await dataVersion(server.db);
      const first = writer.transaction(async (tx) => {
        await touch(tx, ids[0]?.id);
        aWrote();
        await aWaits;
      });
      await aHasWritten;
      // The second transaction writes and commits while the first is still open.
      const second = server.db.transaction((tx) => touch(tx, ids[1]?.id));
      const outcome = await Promise.race([
        second.then(() => 'committed'),
        new Promise((resolve) => setTimeout(() => resolve('blocked'), 5_000)),
      ]);
      releaseA();
      await first;
      expect(outcome).toBe('committed');
      expect(await dataVersion(server.db)).toBe(before + 2);
    },
  );

  it('keeps within its entry and byte bounds, least recently used out first', async () => {
    const small = new SearchResultCache({ maxEntries: 3, maxBytes: 64 * 1024 });
    const index = cachedSearchIndex(postgresSearchIndex, small);
    const words = ['医院', '设备', '采购', '工程', '服务', '学校'];
    for (const word of words) await index.search(server.db, request([word]));
    expect(small.stats()).toMatchObject({ entries: 3, misses: 6, hits: 0 });
    await index.search(server.db, request(['工程'])); // the oldest kept: now the newest used
    await index.search(server.db, request(['医院'])); // evicted long ago: computed again, evicts 服务
    await index.search(server.db, request(['工程']));
    await index.search(server.db, request(['学校']));
    await index.search(server.db, request(['服务']));
    expect(small.stats()).toMatchObject({ entries: 3, hits: 3, misses: 8 });

    const tiny = new SearchResultCache({ maxEntries: 1_000, maxBytes: 2_000 });
    const byBytes = cachedSearchIndex(postgresSearchIndex, tiny);
    for (const word of words) await byBytes.search(server.db, request([word], { limit: 20 }));
    const stats = tiny.stats();
    expect(stats.bytes).toBeLessThanOrEqual(2_000);
    expect(stats.entries).toBeGreaterThan(0);
    expect(stats.entries).toBeLessThan(words.length);
  });

  it('is bypassed when turned off (the search benchmark measures the engine, SEARCH_CACHE_MB=0)', async () => {
    const off = new SearchResultCache();
    off.enabled = false;
    const noBudget = new SearchResultCache();
    noBudget.setBudget(0);
    for (const cache of [off, noBudget]) {
      const index = cachedSearchIndex(postgresSearchIndex, cache);
      await index.search(server.db, request(['医院']));
      await index.search(server.db, request(['医院']));
      expect(cache.stats()).toMatchObject({ hits: 0, misses: 0, entries: 0 });
    }
  });
});
