import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenderRecordInput } from '../ingest/record';
import { hanWord, importRecords } from '../subscriptions/test-fixtures';
import { testDatabaseTargets } from '../test-support/databases';
import { advanceToChinaHour, callAs, newMember } from '../test-support/membership-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { chinaDay } from './expiring';
import { backfillContractPeriods } from './queries';
import { addDays, addMonths } from './service-period';

const GUANGDONG = { provinceCode: '440000', cityCode: '440300', districtCode: '440305' };
const ZHEJIANG = { provinceCode: '330000', cityCode: '330100', districtCode: '330106' };

/** 'YYYY-MM-DD' → 2025年3月1日. */
const chineseDay = (day: string) =>
  `${Number(day.slice(0, 4))}年${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;

let serial = 0;

/** An award notice whose body states `period`, published on `publishDate`. */
function award(
  title: string,
  period: string,
  publishDate: string,
  fields: Partial<TenderRecordInput> = {},
): TenderRecordInput {
  serial += 1;
  return {
    sourceId: `renewal-test:${Date.now()}:${serial}`,
    announcementType: 'jg',
    noticeKind: 'award',
    procurementMethod: 'gk',
    title,
    body: `${title}\n一、中标信息\n供应商名称：某物业服务有限公司\n中标金额：120万元\n二、主要标的信息\n服务范围：物业管理；${period}；服务标准：符合采购文件要求`,
    publishDate,
    region: GUANGDONG,
    industryCode: '70',
    award: { fen: 120_000_000, raw: '120万元' },
    parties: [{ role: 'winner', name: '某物业服务有限公司', award: { fen: 120_000_000, raw: '120万元' } }],
    ...fields,
  } as TenderRecordInput;
}

describe.each(testDatabaseTargets())('即将到期 on $name', (target) => {
  let server: TestServer;
  let dir: string;
  let today: string;
  const word = hanWord(3);
  const titles = {
    endedYesterday: `${word}甲物业服务项目`,
    endsToday: `${word}乙保洁服务项目`,
    endsOnLastDay: `${word}丙食堂服务项目`,
    endsDayAfter: `${word}丁安保服务项目`,
    computedInside: `${word}戊运维服务项目`,
    computedOutside: `${word}己绿化服务项目`,
    failed: `${word}庚物业废标`,
    tender: `${word}辛物业招标`,
    zhejiang: `${word}壬保安服务项目`,
    otherIndustry: `${word}癸车辆租赁项目`,
  };

  beforeAll(async () => {
    server = await startTestServer(target, [], { keyRateLimit: { max: 40, windowSeconds: 60 } });
    dir = mkdtempSync(join(tmpdir(), 'tender-renewal-'));
    advanceToChinaHour(server, 10);
    today = chinaDay(server.clock.now());
    const published = addDays(today, -200);
    const range = (end: string) => `服务期限：${chineseDay(addDays(end, -364))}至${chineseDay(end)}`;
    await importRecords(server, dir, [
      award(titles.endedYesterday, range(addDays(today, -1)), published),
      award(titles.endsToday, range(today), published),
      award(titles.endsOnLastDay, range(addDays(today, 90)), published),
      award(titles.endsDayAfter, range(addDays(today, 91)), published),
      // 服务期1年 from the award day: ends a year later less a day.
      award(titles.computedInside, '服务时间：服务期1年', addDays(addMonths(today, -12), 31)),
      award(titles.computedOutside, '服务时间：服务期1年', addDays(addMonths(today, -12), -1)),
      award(titles.failed, range(addDays(today, 10)), published, { noticeKind: 'failed' }),
      award(titles.tender, range(addDays(today, 10)), published, {
        announcementType: 'zb',
        noticeKind: null,
      }),
      award(titles.zhejiang, range(addDays(today, 20)), published, { region: ZHEJIANG }),
      award(titles.otherIndustry, range(addDays(today, 30)), published, { industryCode: '72' }),
    ]);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const titlesOf = (records: { title: string }[]) => records.map((record) => record.title);

  it('lists exactly the awards whose predicted end is between today and today + N days, soonest first', async () => {
    const user = await newMember(server, 'alpha');
    const answer = await callAs(server, user, 'POST', '/webchat/api/renewal/expiring', {});
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ fromDate: today, toDate: addDays(today, 90), total: 5 });
    expect(titlesOf(answer.data.records)).toEqual([
      titles.endsToday,
      titles.zhejiang,
      titles.computedInside,
      titles.otherIndustry,
      titles.endsOnLastDay,
    ]);
    const first = answer.data.records[0];
    expect(first).toMatchObject({
      periodText: `服务期限：${chineseDay(addDays(today, -364))}至${chineseDay(today)}`,
      periodMonths: 12,
      predictedEndDate: today,
      endBasis: 'stated',
      daysLeft: 0,
      winners: ['某物业服务有限公司'],
      awardText: '120万元',
      regionText: expect.stringContaining('广东省'),
    });
    const computed = answer.data.records.find(
      (record: { title: string }) => record.title === titles.computedInside,
    );
    expect(computed).toMatchObject({
      periodText: '服务时间：服务期1年',
      endBasis: 'computed',
      predictedEndDate: addDays(addMonths(addDays(addMonths(today, -12), 31), 12), -1),
    });

    const nextWeek = await callAs(server, user, 'POST', '/webchat/api/renewal/expiring', { withinDays: 7 });
    expect(titlesOf(nextWeek.data.records)).toEqual([titles.endsToday]);
    const wider = await callAs(server, user, 'POST', '/webchat/api/renewal/expiring', { withinDays: 91 });
    expect(titlesOf(wider.data.records)).toContain(titles.endsDayAfter);
  });

  it('filters by region and industry, pages, and refuses bad input naming the field', async () => {
    const user = await newMember(server, 'alpha');
    const call = (params: Record<string, unknown>) =>
      callAs(server, user, 'POST', '/webchat/api/renewal/expiring', params);
    expect(titlesOf((await call({ area: ['330000'] })).data.records)).toEqual([titles.zhejiang]);
    expect(titlesOf((await call({ area: ['440300'], industry: ['72'] })).data.records)).toEqual([
      titles.otherIndustry,
    ]);
    const second = await call({ pageSize: 2, pageNumber: 2 });
    expect(second.data).toMatchObject({ total: 5, lastPage: 3 });
    expect(titlesOf(second.data.records)).toEqual([titles.computedInside, titles.otherIndustry]);
    const bad = await call({ withinDays: 0 });
    expect(bad.code).toBe(400);
    expect(bad.message).toContain('withinDays');
    const unknownArea = await call({ area: ['999999'] });
    expect(unknownArea.code).toBe(400);
    expect(unknownArea.message).toContain('area');
  });

  it('matches a member’s subscription: their regions and industries, ending within their days', async () => {
    const user = await newMember(server, 'alpha');
    const before = await callAs(server, user, 'POST', '/webchat/api/renewal/subscription/matches', {});
    expect(before.code).toBe(404);
    expect(before.message).toBe('尚未订阅即将到期的合同');
    const saved = await callAs(server, user, 'POST', '/webchat/api/renewal/subscription/save', {
      area: ['440000', '330000'],
      industry: ['70'],
      withinDays: 60,
    });
    expect(saved.data).toMatchObject({ withinDays: 60, area: ['440000', '330000'], industry: ['70'] });
    const matches = await callAs(server, user, 'POST', '/webchat/api/renewal/subscription/matches', {});
    // Not 丙 (ends on day 90), not 癸 (industry 72), not the failed award or the tender.
    expect(titlesOf(matches.data.records)).toEqual([
      titles.endsToday,
      titles.zhejiang,
      titles.computedInside,
    ]);
    const other = await newMember(server, 'alpha');
    expect((await callAs(server, other, 'GET', '/webchat/api/renewal/subscription')).data).toBeNull();
    await callAs(server, user, 'POST', '/webchat/api/renewal/subscription/save', { area: ['330000'] });
    const changed = await callAs(server, user, 'POST', '/webchat/api/renewal/subscription/matches', {});
    expect(titlesOf(changed.data.records)).toEqual([titles.zhejiang]);
    expect((await callAs(server, user, 'POST', '/webchat/api/renewal/subscription/delete', {})).data).toEqual(
      { deleted: true },
    );
    expect((await callAs(server, user, 'GET', '/webchat/api/renewal/subscription')).data).toBeNull();
  });

  it('is the open API operation and MCP tool 即将到期的合同, spending one apiAccess use each', async () => {
    const user = await newMember(server, 'alpha');
    const created = await callAs(server, user, 'POST', '/webchat/api/api-keys/create', { name: '续约' });
    const secret: string = created.data.secret;
    const response = await server.app.inject({
      method: 'POST',
      url: '/openapi/v1/expiring',
      payload: { area: ['440000'], withinDays: 90 },
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(titlesOf(body.data.records)).toEqual([
      titles.endsToday,
      titles.computedInside,
      titles.otherIndustry,
      titles.endsOnLastDay,
    ]);
    expect(body.quota).toMatchObject({ privilege: 'apiAccess', used: 1 });
    const paged = await server.app.inject({
      method: 'POST',
      url: '/openapi/v1/expiring',
      payload: { pageSize: 2 },
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(paged.json()).toMatchObject({ nextCursor: 'p2', quota: { used: 2 } });
    const refused = await server.app.inject({
      method: 'POST',
      url: '/openapi/v1/expiring',
      payload: { withinDays: 400 },
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('withinDays');

    const baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const client = new Client({ name: 'renewal-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/webchat/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${secret}` } },
      }),
    );
    try {
      const { tools } = await client.listTools();
      const tool = tools.find((candidate) => candidate.name === 'expiring_contracts');
      expect(tool?.description).toContain('即将到期的合同');
      const result = await client.callTool({
        name: 'expiring_contracts',
        arguments: { area: ['330000'] },
      });
      expect(result.isError).toBeFalsy();
      const text = (result.content as { text: string }[])[0]?.text ?? '';
      expect(text).toContain(titles.zhejiang);
      expect(text).toContain(`预计到期：${addDays(today, 20)}（20 天后，公告写明）`);
      expect(text).toContain(
        `依据：服务期限：${chineseDay(addDays(today, -344))}至${chineseDay(addDays(today, 20))}`,
      );
      expect(text).toContain('中标人：某物业服务有限公司');
      expect(text).not.toContain(titles.endsToday);
      expect(text).toMatch(/今日 API 调用：已用 \d+/);
    } finally {
      await client.close();
    }
  });

  it('fills the awards imported before the periods were read (the backfill), and only those', async () => {
    const [row] = await server.db.query<{ id: number }>(
      `SELECT t.id::float8 AS id FROM tender_item t WHERE t.title = $1`,
      [titles.endsToday],
    );
    await server.db.query('DELETE FROM contract_period WHERE item_id = $1', [row?.id]);
    const outcome = await backfillContractPeriods(server.db, { batchSize: 2 });
    // The failed award has no row either: each run reads it again (it is no contract).
    expect(outcome).toEqual({ read: 2, withPeriod: 1 });
    const [restored] = await server.db.query<{ end: string }>(
      `SELECT to_char(predicted_end_date, 'YYYY-MM-DD') AS end FROM contract_period WHERE item_id = $1`,
      [row?.id],
    );
    expect(restored?.end).toBe(today);
    // Every award read again: the failed one is no contract and gets no row.
    expect(await backfillContractPeriods(server.db, { all: true, batchSize: 3 })).toEqual({
      read: 9,
      withPeriod: 8,
    });
  });
});
