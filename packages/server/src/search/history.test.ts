import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { testDatabaseTargets } from '../test-support/databases';
import { newMobile, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { HISTORY_KEPT, historyPage, recordSearch } from './history';

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
      await recordSearch(db, {
        brandId: 'alpha',
        userId,
        kind: 'tender',
        keyword,
        conditions: { keyword, step: i },
        at: new Date(at),
      });
      model.set(keyword, { times: (model.get(keyword)?.times ?? 0) + 1, at });
      const newest = [...model.entries()].sort((a, b) => b[1].at - a[1].at);
      for (const [old] of newest.slice(HISTORY_KEPT)) model.delete(old);
    }
    // Another box of the same user is left alone.
    await recordSearch(db, {
      brandId: 'alpha',
      userId,
      kind: 'designed',
      keyword: '拟建',
      conditions: {},
      at: new Date(start),
    });
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
});
