import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../db/database';
import { testDatabaseTargets } from '../test-support/databases';
import { newMobile, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';
import {
  HISTORY_KEPT,
  historyPage,
  type RecordedSearch,
  recordSearches,
  searchHistoryWriter,
} from './history';

describe.each(testDatabaseTargets())('search history on $name', (target) => {
  let server: TestServer;
  let db: Database;
  let userId: number;

  beforeAll(async () => {
    server = await startTestServer(target);
    db = server.db;
    userId = (await signIn(server, 'alpha', newMobile())).userId;
  });

  afterAll(() => server.close());

  it('keeps the newest HISTORY_KEPT keywords per box, a keyword searched again at the top with its count', async () => {
    const start = Date.UTC(2026, 2, 1);
    // The model: keyword → [times, last search], trimmed to the newest HISTORY_KEPT after each search.
    const model = new Map<string, { times: number; at: number }>();
    const searches = [
      ...Array.from({ length: 60 }, (_, i) => `词${i}`),
      '词55',
      '词20', // trimmed already: comes back as new
      '词59',
      ...Array.from({ length: 5 }, (_, i) => `新${i}`),
      '词55',
    ];
    for (const [i, keyword] of searches.entries()) {
      const at = start + i * 1000;
      await recordSearches(db, [
        {
          brandId: 'alpha',
          userId,
          kind: 'tender',
          keyword,
          conditions: { keyword, step: i },
          at: new Date(at),
        },
      ]);
      model.set(keyword, { times: (model.get(keyword)?.times ?? 0) + 1, at });
      const newest = [...model.entries()].sort((a, b) => b[1].at - a[1].at);
      for (const [old] of newest.slice(HISTORY_KEPT)) model.delete(old);
    }
    // Another box of the same user is left alone.
    await recordSearches(db, [
      { brandId: 'alpha', userId, kind: 'designed', keyword: '拟建', conditions: {}, at: new Date(start) },
    ]);
    const page = await historyPage(db, userId, ['tender'], 1, 100);
    const expected = [...model.entries()].sort((a, b) => b[1].at - a[1].at);
    expect(page.total).toBe(HISTORY_KEPT);
    expect(page.records.map((entry) => [entry.keyword, entry.times])).toEqual(
      expected.map(([keyword, entry]) => [keyword, entry.times]),
    );
    expect(page.records[0]).toMatchObject({
      keyword: '词55',
      times: 3,
      conditions: { step: searches.length - 1 },
    });
    expect((await historyPage(db, userId, ['designed'], 1, 10)).total).toBe(1);
  });

  it('writes the searches that arrive during a write with the next one, in order (ADR 0027)', async () => {
    const me = (await signIn(server, 'alpha', newMobile())).userId;
    const statements: string[] = [];
    const counted: Queryable = {
      query: (sql, params) => {
        statements.push(sql);
        return db.query(sql, params);
      },
      exec: (script) => db.exec(script),
    };
    const writer = searchHistoryWriter(counted);
    const at = Date.UTC(2026, 3, 1);
    const search = (keyword: string, step: number): RecordedSearch => ({
      brandId: 'alpha',
      userId: me,
      kind: 'tender',
      keyword,
      conditions: { step },
      at: new Date(at + step * 1000),
    });
    // 医院 twice in the second write: counted twice, the later conditions kept.
    const keywords = ['医院', '学校', '道路', '医院', '绿化', '设备'];
    await Promise.all(keywords.map((keyword, step) => writer.record(search(keyword, step))));
    // The first went alone (the writer was idle); the five that came while it was written went together.
    expect(statements).toHaveLength(2);
    const page = await historyPage(db, me, ['tender'], 1, 10);
    expect(page.records.map((entry) => [entry.keyword, entry.times, entry.conditions])).toEqual([
      ['设备', 1, { step: 5 }],
      ['绿化', 1, { step: 4 }],
      ['医院', 2, { step: 3 }],
      ['道路', 1, { step: 2 }],
      ['学校', 1, { step: 1 }],
    ]);
  });

  it('fails only the search whose entry cannot be written, not the ones written with it', async () => {
    const me = (await signIn(server, 'alpha', newMobile())).userId;
    const writer = searchHistoryWriter(db);
    const search = (userId: number, keyword: string): RecordedSearch => ({
      brandId: 'alpha',
      userId,
      kind: 'designed',
      keyword,
      conditions: {},
      at: new Date(Date.UTC(2026, 3, 2)),
    });
    const [first, ...batch] = await Promise.allSettled([
      writer.record(search(me, '光伏')),
      writer.record(search(me, '水利')),
      writer.record(search(2 ** 40, '不存在的账号')),
      writer.record(search(me, '桥梁')),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(batch.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const page = await historyPage(db, me, ['designed'], 1, 10);
    expect(page.records.map((entry) => entry.keyword).sort()).toEqual(['光伏', '桥梁', '水利'].sort());
  });
});
