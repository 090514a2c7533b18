import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../corpus/generator';
import { validateRecord } from '../ingest/record';
import { wordTokens } from '../search/tokens';
import { writeTenderRecords } from '../tenders/service';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { newMobile, type SignedInUser, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';

/** Words of buyers' names that run through every trade: frequent in titles, but no subject to subscribe to. */
const BUYER_WORDS = ['人民', '政府', '综合', '中心'];

describe.each(testDatabaseTargets())('subscription keyword suggestions on $name', (target) => {
  let server: TestServer;
  let user: SignedInUser;
  let titles: string[];

  beforeAll(async () => {
    server = await startTestServer(target);
    const records = [
      ...generateCorpus({ seed: 'recommended-keywords', size: 1500, until: '2026-03-31' }),
    ].map((input) => {
      const validation = validateRecord(input);
      if (!validation.ok) throw new Error(JSON.stringify(validation.problems));
      return validation.record;
    });
    await server.db.transaction((tx) => writeTenderRecords(tx, records));
    titles = (await server.db.query<{ title: string }>('SELECT title FROM tender_item')).map(
      (row) => row.title,
    );
    user = await signIn(server, 'alpha', newMobile());
  });

  afterAll(() => server.close());

  const titlesWith = (word: string) =>
    titles.filter((title) => wordTokens(title).some((token) => token.lexeme === word)).length;

  it('suggests the subjects of the corpus, not the words of buyers’ names that run through every trade', async () => {
    const answer = await callApi(server.app, 'POST', '/webchat/api/monitor-keyword/list-recommend-keyword', {
      params: { size: 20 },
      headers: user.headers,
    });
    expect(answer.code).toBe(200);
    const words = answer.data.map((entry: { word: string }) => entry.word) as string[];
    expect(words).toHaveLength(20);
    for (const word of BUYER_WORDS) expect(words).not.toContain(word);
    // Not vacuous: a buyer word is in more titles than the least frequent suggestion (a plain count would rank it).
    const leastSuggested = Math.min(...answer.data.map((entry: { count: number }) => entry.count));
    expect(Math.max(...BUYER_WORDS.map(titlesWith))).toBeGreaterThan(leastSuggested);
    // What a member would subscribe to is there.
    expect(
      words.some((word) => ['医院', '监控', '食材', '物业', '设备', '绿化'].some((s) => word.includes(s))),
    ).toBe(true);
  });
});
