import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchIndex } from '../search/search-index';
import { testDatabaseTargets } from '../test-support/databases';
import { advanceToChinaHour, callAs, grant, newMember } from '../test-support/membership-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { addProfileCorpus, type CorpusRecord, companyIdOf, newTag, writeCorpus } from './test-corpus';

describe.each(testDatabaseTargets())('companies on $name', (target) => {
  let server: TestServer;
  let corpus: Awaited<ReturnType<typeof addProfileCorpus>>;

  beforeAll(async () => {
    server = await startTestServer(target);
    corpus = await addProfileCorpus(server);
    advanceToChinaHour(server, 10);
  });
  afterAll(async () => {
    await server.close();
  });

  async function member() {
    const user = await newMember(server, 'alpha');
    await grant(server, user, 'qiyetong', 12);
    return user;
  }

  it('profiles a winner with the hand-counted figures', async () => {
    const user = await member();
    const answer = await callAs(server, user, 'POST', '/webchat/api/company/detail', {
      companyId: corpus.mindray,
    });
    expect(answer.code).toBe(200);
    const profile = answer.data;
    expect(profile).toMatchObject({
      companyId: corpus.mindray,
      name: corpus.names.mindray,
      lastActiveDate: '2026-02-20',
      counts: {
        purchaser: 0,
        agency: 0,
        winner: 3,
        candidate: 0,
        // 60万 + 45万 + 20万
        wonFen: 125_000_000,
        wonWanYuanText: '125万元',
      },
    });
    expect(profile.history).toEqual([
      { period: '2025', purchaser: 0, agency: 0, winner: 1, candidate: 0, wonFen: 60_000_000 },
      { period: '2026', purchaser: 0, agency: 0, winner: 2, candidate: 0, wonFen: 65_000_000 },
    ]);
    expect(profile.regions).toEqual([
      { code: '440000', name: '广东省', items: 2 },
      { code: '430000', name: '湖南省', items: 1 },
    ]);
    expect(profile.industries.map((row: { code: string; items: number }) => [row.code, row.items])).toEqual([
      ['84', 2],
      ['83', 1],
    ]);
    // Other winners at the purchasers 迈瑞 won at: 康达 at the hospital (30万), 启明 at the bureau (10万).
    expect(profile.rivals).toEqual([
      {
        companyId: corpus.kangda,
        name: corpus.names.kangda,
        items: 1,
        amountFen: 30_000_000,
        amountWanYuanText: '30万元',
      },
      {
        companyId: corpus.qiming,
        name: corpus.names.qiming,
        items: 1,
        amountFen: 10_000_000,
        amountWanYuanText: '10万元',
      },
    ]);
    expect(profile.permission).toMatchObject({ privilege: 'watchCompanyDetail', used: 1, charged: true });
    // The same company again the same day costs nothing.
    const again = await callAs(server, user, 'POST', '/webchat/api/company/detail', {
      companyId: corpus.mindray,
    });
    expect(again.data.permission).toMatchObject({ used: 1, charged: false });
  });

  it('profiles a purchaser, its partners and its phone book', async () => {
    const user = await member();
    const profile = (
      await callAs(server, user, 'POST', '/webchat/api/company/detail', { companyId: corpus.hospital })
    ).data;
    expect(profile.counts).toMatchObject({
      purchaser: 4,
      winner: 0,
      // budgets of its two 招标公告: 100万 + 50万
      purchaseBudgetFen: 150_000_000,
    });
    const partners = (
      await callAs(server, user, 'POST', '/webchat/api/company/partners', { companyId: corpus.hospital })
    ).data;
    expect(
      partners.suppliers.map((row: { name: string; items: number; amountFen: number }) => [
        row.name,
        row.items,
        row.amountFen,
      ]),
    ).toEqual([
      [corpus.names.mindray, 2, 105_000_000],
      [corpus.names.kangda, 1, 30_000_000],
    ]);
    expect(partners.agencies.map((row: { name: string; items: number }) => [row.name, row.items])).toEqual([
      [corpus.names.agency, 2],
    ]);
    expect(partners.owners).toEqual([]);
    const book = (
      await callAs(server, user, 'POST', '/webchat/api/company/phoneBook', { companyId: corpus.hospital })
    ).data;
    expect(
      book.entries.map(
        (row: { contactPhone: string; contactName: string; items: number; lastSeenDate: string }) => [
          row.contactPhone,
          row.contactName,
          row.items,
          row.lastSeenDate,
        ],
      ),
    ).toEqual([
      ['0755-12345678', '李主任', 1, '2026-02-10'],
      ['13812345678', '王建国', 3, '2026-01-10'],
    ]);
  });

  it('draws the atlas with weighted edges', async () => {
    const user = await member();
    const atlas = (
      await callAs(server, user, 'POST', '/webchat/api/company/atlas', { companyId: corpus.mindray })
    ).data;
    const node = (companyId: number) =>
      atlas.nodes.find((entry: { companyId: number }) => entry.companyId === companyId);
    expect(node(corpus.mindray)).toMatchObject({ kind: 'center', items: 3 });
    expect(node(corpus.hospital)).toMatchObject({ kind: 'owner' });
    expect(node(corpus.kangda)).toMatchObject({ kind: 'rival' });
    expect(atlas.edges).toContainEqual({
      source: `c${corpus.mindray}`,
      target: `c${corpus.hospital}`,
      kind: 'supplies',
      weight: 2,
      amountFen: 105_000_000,
    });
    expect(atlas.edges).toContainEqual({
      source: `c${corpus.mindray}`,
      target: `c${corpus.bureau}`,
      kind: 'supplies',
      weight: 1,
      amountFen: 20_000_000,
    });
  });

  it('lists the history by month and item, newest first', async () => {
    const user = await member();
    const history = (
      await callAs(server, user, 'POST', '/webchat/api/company/history', {
        companyId: corpus.mindray,
        pageSize: 2,
      })
    ).data;
    expect(history.total).toBe(3);
    expect(
      history.records.map((row: { id: number; roleName: string; amountFen: number }) => [
        row.id,
        row.amountFen,
      ]),
    ).toEqual([
      [corpus.ids.get('jg3'), 20_000_000],
      [corpus.ids.get('jg2'), 45_000_000],
    ]);
    expect(history.months.map((row: { period: string; winner: number }) => [row.period, row.winner])).toEqual(
      [
        ['2025-04', 1],
        ['2026-02', 2],
      ],
    );
  });

  it('finds companies by name with their counts', async () => {
    const user = await newMember(server, 'alpha');
    const found = (
      await callAs(server, user, 'POST', '/webchat/api/company/search', {
        keyword: `医疗器械有限公司${corpus.tag}`,
      })
    ).data;
    expect(found.total).toBe(1);
    expect(found.records[0]).toMatchObject({ companyId: corpus.mindray, counts: { winner: 3 } });
    const winners = (
      await callAs(server, user, 'POST', '/webchat/api/company/search', {
        keyword: corpus.tag,
        role: 'purchaser',
      })
    ).data;
    expect(winners.records.map((row: { companyId: number }) => row.companyId).sort()).toEqual(
      [corpus.hospital, corpus.bureau].sort(),
    );
  });

  it('gates the phone book and partners by level', async () => {
    const putong = await newMember(server, 'alpha');
    const book = await callAs(server, putong, 'POST', '/webchat/api/company/phoneBook', {
      companyId: corpus.hospital,
    });
    expect(book).toMatchObject({ code: 403, data: { type: 'member', privilege: 'watchCompanyPhoneBook' } });
    const partners = await callAs(server, putong, 'POST', '/webchat/api/company/partners', {
      companyId: corpus.hospital,
    });
    expect(partners).toMatchObject({ code: 403, data: { type: 'member' } });
    const beta = await newMember(server, 'beta');
    await grant(server, beta, 'qiyetong', 12);
    const hidden = await callAs(server, beta, 'POST', '/webchat/api/company/atlas', {
      companyId: corpus.hospital,
    });
    expect(hidden).toMatchObject({ code: 403, data: { type: null, feature: 'analysis' } });
    const missing = await callAs(server, putong, 'POST', '/webchat/api/company/detail', {
      companyId: 999_999_999,
    });
    expect(missing.code).toBe(404);
  });

  it('keeps the figures of a company until an import changes the data', async () => {
    const tag = newTag();
    const names = { school: `杭州市实验学校${tag}`, winner: `浙江远图科技有限公司${tag}` };
    const award = (key: string, fen: number, publishDate: string): CorpusRecord => ({
      key,
      announcementType: 'jg',
      noticeKind: 'award',
      title: `智慧校园设备采购项目中标结果公告${tag}${key}`,
      publishDate,
      region: { provinceCode: '330000', cityCode: '330100' },
      industryCode: '83',
      award: { fen, raw: `${fen / 1_000_000}万元` },
      parties: [
        { role: 'purchaser', name: names.school },
        { role: 'winner', name: names.winner, lot: '包1', award: { fen, raw: `${fen / 1_000_000}万元` } },
      ],
    });
    await writeCorpus(server, tag, [award('a', 40_000_000, '2026-01-05')]);
    const winner = await companyIdOf(server, names.winner);
    const user = await member();
    const profile = async () =>
      (await callAs(server, user, 'POST', '/webchat/api/company/detail', { companyId: winner })).data;
    const first = await profile();
    expect(first.counts).toMatchObject({ winner: 1, wonFen: 40_000_000 });
    const hits = searchIndex.resultCache.stats().hits;
    expect(await profile()).toMatchObject({ counts: first.counts, history: first.history });
    expect(searchIndex.resultCache.stats().hits).toBeGreaterThan(hits);

    await writeCorpus(server, tag, [award('b', 25_000_000, '2026-02-05')]);
    const after = await profile();
    expect(after.counts).toMatchObject({ winner: 2, wonFen: 65_000_000 });
    expect(after.history).toEqual([
      { period: '2026', purchaser: 0, agency: 0, winner: 2, candidate: 0, wonFen: 65_000_000 },
    ]);
  });
});
