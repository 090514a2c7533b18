import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCorpus } from '../companies/test-corpus';
import { readXlsx } from '../export/xlsx-reader';
import { testDatabaseTargets } from '../test-support/databases';
import { advanceToChinaHour, callAs, grant, newMember } from '../test-support/membership-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { similarityKeywords } from './predict';

const SHENZHEN = { provinceCode: '440000', cityCode: '440300' };
const GUANGZHOU = { provinceCode: '440000', cityCode: '440100' };
const CHANGSHA = { provinceCode: '430000', cityCode: '430100' };
const HOSPITAL = '深圳市第一人民医院';

/**
 * A tender of 医用耗材 by a Shenzhen hospital and the results before it (a fresh database: nothing else is
 * similar). Scores by hand (1 keyword + 1 province + 2 purchaser + 1 kind of purchaser + 1 industry):
 * 迈瑞 won at the same hospital: 6. 康达 won at a Guangzhou hospital (4) and a Changsha hospital (3): 7.
 * 启明 won at a Changsha bureau in another industry: 1. Not counted: a result without the words, one after the
 * tender, one of the tender's own project.
 */
describe.each(testDatabaseTargets())('potential bidders on $name', (target) => {
  let server: TestServer;
  let ids: Map<string, number>;

  beforeAll(async () => {
    server = await startTestServer(target);
    const result = (
      key: string,
      title: string,
      purchaser: string,
      winner: string,
      publishDate: string,
      region: { provinceCode: string; cityCode: string },
      industryCode: string,
      projectKey?: string,
    ) => ({
      key,
      announcementType: 'jg' as const,
      noticeKind: 'award' as const,
      title,
      publishDate,
      region,
      industryCode,
      ...(projectKey ? { projectKey } : {}),
      parties: [
        { role: 'purchaser' as const, name: purchaser },
        { role: 'winner' as const, name: winner, award: { fen: 50_000_000, raw: '50万元' } },
      ],
    });
    ids = await writeCorpus(server, 'predict', [
      {
        key: 'tender',
        announcementType: 'zb',
        procurementMethod: 'gk',
        title: `${HOSPITAL}医用耗材采购项目公开招标公告`,
        projectName: `${HOSPITAL}医用耗材采购项目`,
        projectKey: 'tender-project',
        publishDate: '2026-03-01',
        region: SHENZHEN,
        industryCode: '84',
        parties: [{ role: 'purchaser', name: HOSPITAL }],
      },
      result(
        'r1',
        `${HOSPITAL}医用耗材采购结果公告`,
        HOSPITAL,
        '深圳迈瑞医疗器械有限公司',
        '2025-06-01',
        SHENZHEN,
        '84',
      ),
      result(
        'r2',
        '广州市中医院医用耗材采购中标公告',
        '广州市中医院',
        '广州康达医疗科技有限公司',
        '2025-07-01',
        GUANGZHOU,
        '84',
      ),
      result(
        'r3',
        '长沙市中心医院医用耗材采购结果公告',
        '长沙市中心医院',
        '广州康达医疗科技有限公司',
        '2025-08-01',
        CHANGSHA,
        '84',
      ),
      result(
        'r4',
        '长沙市教育局医用耗材采购结果公告',
        '长沙市教育局',
        '湖南启明教育装备有限公司',
        '2025-09-01',
        CHANGSHA,
        '85',
      ),
      result(
        'other',
        `${HOSPITAL}办公家具采购结果公告`,
        HOSPITAL,
        '深圳家具有限公司',
        '2025-10-01',
        SHENZHEN,
        '84',
      ),
      result(
        'later',
        `${HOSPITAL}医用耗材补充采购结果公告`,
        HOSPITAL,
        '深圳后来者医疗有限公司',
        '2026-04-01',
        SHENZHEN,
        '84',
      ),
      result(
        'own',
        `${HOSPITAL}医用耗材采购项目结果公告`,
        HOSPITAL,
        '深圳同项目医疗有限公司',
        '2026-02-01',
        SHENZHEN,
        '84',
        'tender-project',
      ),
    ]);
    advanceToChinaHour(server, 10);
  });
  afterAll(async () => {
    await server.close();
  });

  it('finds the distinctive words of a tender', () => {
    const words = similarityKeywords(`${HOSPITAL}医用耗材采购项目`, [HOSPITAL]);
    expect(words.join('')).toContain('耗材');
    expect(words).not.toContain('采购');
    expect(words).not.toContain('深圳市');
  });

  it('ranks companies by their similar past wins, with the evidence', async () => {
    const user = await newMember(server, 'alpha');
    await grant(server, user, 'qiyetong', 12);
    const answer = await callAs(
      server,
      user,
      'POST',
      '/webchat/api/zhaozhongbiaoDetails/toubiao-forecast/list',
      {
        id: ids.get('tender'),
      },
    );
    expect(answer.code).toBe(200);
    const { records, total, similarItems, permission } = answer.data;
    expect(similarItems).toBe(4);
    expect(total).toBe(3);
    expect(
      records.map((row: { rank: number; name: string; score: number; wins: number }) => [
        row.rank,
        row.name,
        row.score,
        row.wins,
      ]),
    ).toEqual([
      [1, '广州康达医疗科技有限公司', 7, 2],
      [2, '深圳迈瑞医疗器械有限公司', 6, 1],
      [3, '湖南启明教育装备有限公司', 1, 1],
    ]);
    expect(records[1].samePurchaserWins).toBe(1);
    expect(records[1].evidence).toEqual([
      expect.objectContaining({
        id: ids.get('r1'),
        matched: ['keyword', 'region', 'purchaser', 'purchaserType', 'industry'],
        amountFen: 50_000_000,
      }),
    ]);
    expect(records[0].evidence.map((row: { id: number }) => row.id)).toEqual([ids.get('r2'), ids.get('r3')]);
    expect(permission).toMatchObject({ privilege: 'toubiaoPredict', used: 1, charged: true });

    const evidence = await callAs(server, user, 'POST', '/webchat/api/zhaozhongbiaoDetails/toubiao/list', {
      id: ids.get('tender'),
      companyId: records[0].companyId,
    });
    expect(evidence.data.records.map((row: { matched: string[] }) => row.matched)).toEqual([
      ['keyword', 'region', 'purchaserType', 'industry'],
      ['keyword', 'purchaserType', 'industry'],
    ]);
    // The same item again the same day costs nothing.
    expect(evidence.data.permission).toMatchObject({ used: 1, charged: false });
  });

  it('refuses a level without the privilege and an item that is not a tender', async () => {
    const putong = await newMember(server, 'alpha');
    const refused = await callAs(
      server,
      putong,
      'POST',
      '/webchat/api/zhaozhongbiaoDetails/toubiao-forecast/list',
      {
        id: ids.get('tender'),
      },
    );
    expect(refused).toMatchObject({ code: 403, data: { type: 'member', privilege: 'toubiaoPredict' } });
    const member = await newMember(server, 'alpha');
    await grant(server, member, 'qiyetong', 12);
    const result = await callAs(
      server,
      member,
      'POST',
      '/webchat/api/zhaozhongbiaoDetails/toubiao-forecast/list',
      {
        id: ids.get('r1'),
      },
    );
    expect(result.code).toBe(404);
  });

  it('exports the project analysis as a workbook with Chinese sheets', async () => {
    const user = await newMember(server, 'alpha');
    await grant(server, user, 'qiyetong', 12);
    const judged = await callAs(
      server,
      user,
      'POST',
      '/webchat/api/zhaozhongbiaoDetails/judge-project-analysis',
    );
    expect(judged.data).toMatchObject({ privilege: 'projectAnalyzer', used: 0 });
    const response = await server.app.inject({
      method: 'POST',
      url: '/webchat/api/zhaoBiaoInfo/project-analysis/export',
      headers: user.headers,
      payload: { brand: 'alpha', version: 20, id: ids.get('tender') },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      "filename*=UTF-8''%E9%A1%B9%E7%9B%AE%E5%88%86%E6%9E%90",
    );
    const sheets = readXlsx(response.rawPayload);
    expect(sheets.map((sheet) => sheet.name)).toEqual(['项目信息', '潜在投标人', '采购人历史']);
    expect(sheets[0]?.rows[1]).toEqual(['标题', `${HOSPITAL}医用耗材采购项目公开招标公告`]);
    expect(sheets[1]?.rows[1]?.slice(0, 4)).toEqual(['1', '广州康达医疗科技有限公司', '7', '2']);
    const used = await callAs(
      server,
      user,
      'POST',
      '/webchat/api/zhaozhongbiaoDetails/judge-project-analysis',
    );
    expect(used.data.used).toBe(1);
  });

  it('shows the project analysis on screen with the workbook’s content, at the same daily cost', async () => {
    const user = await newMember(server, 'alpha');
    await grant(server, user, 'qiyetong', 12);
    const view = () =>
      callAs(server, user, 'POST', '/webchat/api/zhaoBiaoInfo/project-analysis/view', {
        id: ids.get('tender'),
      });
    const shown = await view();
    expect(shown.code).toBe(200);
    expect(shown.data.title).toBe(`${HOSPITAL}医用耗材采购项目公开招标公告`);
    expect(shown.data.facts[0]).toEqual({ label: '标题', value: shown.data.title });
    expect(shown.data.facts.map((fact: { label: string }) => fact.label)).toContain('预算金额');
    expect(shown.data.bidders[0]).toMatchObject({
      rank: 1,
      name: '广州康达医疗科技有限公司',
      score: 7,
      wins: 2,
    });
    expect(shown.data.permission).toMatchObject({ privilege: 'projectAnalyzer', used: 1 });
    // The same item again the same day: no second charge.
    expect((await view()).data.permission.used).toBe(1);
    const missing = await callAs(server, user, 'POST', '/webchat/api/zhaoBiaoInfo/project-analysis/view', {
      id: 999_999_999,
    });
    expect(missing.code).toBe(404);
    // A level without projectAnalyzer is refused with the permission dialog's data.
    const free = await newMember(server, 'alpha');
    const refused = await callAs(server, free, 'POST', '/webchat/api/zhaoBiaoInfo/project-analysis/view', {
      id: ids.get('tender'),
    });
    expect(refused.code).toBe(403);
  });

  it('records the e-mail and docking requests of a project analysis', async () => {
    const user = await newMember(server, 'alpha');
    await grant(server, user, 'qiyetong', 12);
    const asked = await callAs(
      server,
      user,
      'POST',
      '/webchat/api/zhaozhongbiaoDetails/getEmailForExportAnalysisProject',
      {
        id: ids.get('tender'),
        email: 'buyer@example.cn',
      },
    );
    expect(asked.data).toEqual({ email: 'buyer@example.cn', requested: true });
    const bad = await callAs(
      server,
      user,
      'POST',
      '/webchat/api/zhaozhongbiaoDetails/getEmailForExportAnalysisProject',
      {
        id: ids.get('tender'),
        email: 'not-an-address',
      },
    );
    expect(bad.code).toBe(400);
    const price = await callAs(server, user, 'POST', '/webchat/api/show-docking-price');
    expect(price.data).toEqual({ priceFen: 29_900, priceText: '299元' });
    const order = await callAs(
      server,
      user,
      'POST',
      '/webchat/api/order/project-analysis-docking/submitOrder',
      {
        id: ids.get('tender'),
        contactName: '王经理',
        contactPhone: '13900001111',
      },
    );
    expect(order.data).toMatchObject({ priceFen: 29_900, requestId: expect.any(Number) });
  });
});
