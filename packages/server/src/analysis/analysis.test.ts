import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProfileCorpus } from '../companies/test-corpus';
import { testDatabaseTargets } from '../test-support/databases';
import {
  advanceToChinaHour,
  callAs,
  grant,
  newMember,
  newSubAccount,
  newTestBrand,
  setPrivilege,
} from '../test-support/membership-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';

const PERIOD = { startMonth: '2025-01', endMonth: '2026-03' };

describe.each(testDatabaseTargets())('market analysis on $name', (target) => {
  let server: TestServer;
  let corpus: Awaited<ReturnType<typeof addProfileCorpus>>;

  beforeAll(async () => {
    // A database of its own: the figures below are every item there is.
    server = await startTestServer(target);
    corpus = await addProfileCorpus(server);
    advanceToChinaHour(server, 10);
  });
  afterAll(async () => {
    await server.close();
  });

  async function analyst() {
    const user = await newMember(server, 'alpha');
    await grant(server, user, 'qiyetong', 12);
    return user;
  }

  it('counts the market from the rollups kept by the import', async () => {
    const user = await analyst();
    const answer = await callAs(server, user, 'POST', '/webchat/api/analysis/market', PERIOD);
    expect(answer.code).toBe(200);
    const market = answer.data;
    expect(market.basis).toBe('rollup');
    expect(market.totals).toEqual({
      items: 5,
      tenders: 2,
      results: 3,
      budgetFen: 150_000_000,
      budgetWanYuanText: '150万元',
      awardFen: 165_000_000,
      awardWanYuanText: '165万元',
    });
    expect(
      market.byProvince.map((row: { code: string; name: string; items: number }) => [
        row.code,
        row.name,
        row.items,
      ]),
    ).toEqual([
      ['440000', '广东省', 4],
      ['430000', '湖南省', 1],
    ]);
    expect(market.byMonth).toHaveLength(15);
    expect(
      market.byMonth
        .filter((row: { items: number }) => row.items > 0)
        .map((row: { code: string; items: number }) => [row.code, row.items]),
    ).toEqual([
      ['2025-03', 1],
      ['2025-04', 1],
      ['2026-01', 1],
      ['2026-02', 2],
    ]);
    expect(market.byMethod.map((row: { code: string; items: number }) => [row.code, row.items])).toEqual([
      ['cs', 1],
      ['gk', 1],
    ]);
    expect(market.byType.map((row: { code: string; items: number }) => [row.code, row.items])).toEqual([
      ['jg', 3],
      ['zb', 2],
    ]);
    expect(market.topPurchasers).toEqual([
      {
        companyId: corpus.hospital,
        name: corpus.names.hospital,
        items: 2,
        amountFen: 150_000_000,
        amountWanYuanText: '150万元',
      },
    ]);
    expect(
      market.topWinners.map((row: { companyId: number; items: number; amountFen: number }) => [
        row.companyId,
        row.items,
        row.amountFen,
      ]),
    ).toEqual([
      [corpus.mindray, 3, 125_000_000],
      [corpus.kangda, 1, 30_000_000],
      [corpus.qiming, 1, 10_000_000],
    ]);
  });

  it('answers a keyword filter through the search with the same figures as the rollups', async () => {
    const user = await analyst();
    const rollup = (await callAs(server, user, 'POST', '/webchat/api/analysis/market', PERIOD)).data;
    const searched = (
      await callAs(server, user, 'POST', '/webchat/api/analysis/market', { ...PERIOD, keyword: '采购项目' })
    ).data;
    expect(searched.basis).toBe('search');
    expect(searched.sampled).toBe(false);
    const { basis: _a, ...fromRollup } = rollup;
    const { basis: _b, ...fromSearch } = searched;
    expect(fromSearch).toEqual(fromRollup);
  });

  it('filters by province, type and period', async () => {
    const user = await analyst();
    const hunan = (
      await callAs(server, user, 'POST', '/webchat/api/analysis/market', { ...PERIOD, area: ['430000'] })
    ).data;
    expect(hunan.totals).toMatchObject({ items: 1, results: 1, awardFen: 30_000_000 });
    expect(hunan.topPurchasers).toEqual([]);
    const tenders = (
      await callAs(server, user, 'POST', '/webchat/api/analysis/market', { ...PERIOD, docchnnel: ['zb'] })
    ).data;
    expect(tenders.totals).toMatchObject({ items: 2, budgetFen: 150_000_000 });
    expect(tenders.topWinners).toEqual([]);
    const twentySix = (
      await callAs(server, user, 'POST', '/webchat/api/analysis/market', {
        startMonth: '2026-01',
        endMonth: '2026-02',
      })
    ).data;
    expect(twentySix.totals).toMatchObject({ items: 3, tenders: 1, results: 2 });
    const backwards = await callAs(server, user, 'POST', '/webchat/api/analysis/market', {
      startMonth: '2026-02',
      endMonth: '2026-01',
    });
    expect(backwards.code).toBe(400);
    expect(backwards.message).toContain('参数 startMonth');
  });

  it('needs the analysis privilege and the brand’s analysis feature', async () => {
    const putong = await newMember(server, 'alpha');
    const refused = await callAs(server, putong, 'POST', '/webchat/api/analysis/market', PERIOD);
    expect(refused).toMatchObject({ code: 403, data: { type: 'member' } });
    const beta = await newMember(server, 'beta');
    await grant(server, beta, 'qiyetong', 12);
    const hidden = await callAs(server, beta, 'POST', '/webchat/api/analysis/market', PERIOD);
    expect(hidden).toMatchObject({ code: 403, data: { feature: 'analysis' } });
  });

  it('shows the data board of the member’s regions', async () => {
    const user = await newMember(server, 'alpha');
    await grant(server, user, 'toubiaotong', 12, ['湖南省']);
    const board = (await callAs(server, user, 'POST', '/webchat/api/analysis/dashboard')).data;
    expect(board.regions).toEqual(['湖南省']);
    expect(board.byMonth).toHaveLength(12);
    const putong = await newMember(server, 'alpha');
    expect((await callAs(server, putong, 'POST', '/webchat/api/analysis/dashboard')).data.regions).toEqual([
      '全国',
    ]);
  });

  it('shows an enterprise’s main account how each account used its quotas', async () => {
    const brand = await newTestBrand(server);
    await setPrivilege(server, brand, 'qiye', 'watchCompanyDetail', 100);
    const primary = await newMember(server, brand);
    await grant(server, primary, 'qiye', 12);
    const sub = await newSubAccount(server, primary);
    const view = (user: typeof primary, companyId: number) =>
      callAs(server, user, 'POST', '/webchat/api/company/detail', { companyId });
    expect((await view(primary, corpus.hospital)).code).toBe(200);
    await view(sub, corpus.hospital);
    await view(sub, corpus.mindray);
    const statistics = await callAs(server, primary, 'POST', '/webchat/api/analysis/dataStatistics');
    expect(statistics.code).toBe(200);
    const [main, other] = statistics.data.accounts;
    expect(main).toMatchObject({
      userId: primary.userId,
      role: 'primary',
      totals: { watchCompanyDetail: 1 },
    });
    expect(other).toMatchObject({ userId: sub.userId, role: 'sub', totals: { watchCompanyDetail: 2 } });
    expect(other.days).toEqual([{ day: statistics.data.endDate, privilege: 'watchCompanyDetail', used: 2 }]);
    const refused = await callAs(server, sub, 'POST', '/webchat/api/analysis/dataStatistics');
    expect(refused.code).toBe(403);
  });
});
