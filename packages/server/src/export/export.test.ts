import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTag, writeCorpus } from '../companies/test-corpus';
import { testDatabaseTargets } from '../test-support/databases';
import {
  advanceToChinaHour,
  callAs,
  grant,
  type MemberTestUser,
  newMember,
  newTestBrand,
  setPrivilege,
} from '../test-support/membership-fixtures';
import { raceTest } from '../test-support/real-concurrency';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { readXlsx } from './xlsx-reader';

describe.each(testDatabaseTargets())('data export on $name', (target) => {
  let server: TestServer;
  /** A brand whose toubiaotong may export 3 rows a day. */
  let small: string;
  /** A word only this run's five items hold (康复器械 + the tag's number). */
  let word: string;
  let ids: Map<string, number>;

  beforeAll(async () => {
    server = await startTestServer(target);
    small = await newTestBrand(server);
    await setPrivilege(server, small, 'toubiaotong', 'downloadProject', 3);
    const tag = newTag();
    word = `康复器械${Number.parseInt(tag, 16)}`;
    const item = (key: string, title: string, publishDate: string) => ({
      key,
      announcementType: 'zb' as const,
      procurementMethod: 'gk' as const,
      title,
      publishDate,
      region: { provinceCode: '440000', cityCode: '440300', districtCode: '440305' },
      industryCode: '84',
      budget: { fen: 123_456_700, raw: '123.4567万元' },
      deadlines: { bidDeadline: '2026-03-23 09:30' },
      parties: [
        { role: 'purchaser' as const, name: `深圳市南山区人民医院${tag}` },
        { role: 'agency' as const, name: `广东华诚招标代理有限公司${tag}` },
      ],
    });
    ids = await writeCorpus(server, tag, [
      item('a', `南山区人民医院${word}采购项目公开招标公告`, '2026-03-01'),
      item('b', `=HYPERLINK("http://evil.example")${word}采购`, '2026-03-02'),
      item('c', `+${word}维修服务采购`, '2026-03-03'),
      item('d', `@${word}耗材采购`, '2026-03-04'),
      item('e', `-${word}配件采购`, '2026-03-05'),
    ]);
    advanceToChinaHour(server, 10);
  });
  afterAll(async () => {
    await server.close();
  });

  const conditions = () => ({ keyword: word, searchType: 20 });

  async function finished(user: MemberTestUser, id: number) {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const status = await callAs(server, user, 'GET', '/webchat/api/project/getNowNumStatus', { id });
      if (status.data.status !== 'running') return status.data;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('export did not finish');
  }

  function download(user: MemberTestUser, id: number) {
    return server.app.inject({
      method: 'GET',
      url: `/webchat/api/project/exportFile?id=${id}&brand=${user.brand}&version=20`,
      headers: user.headers,
    });
  }

  it('exports a filter with Chinese text to a workbook a spreadsheet reader opens', async () => {
    const user = await newMember(server, 'alpha');
    await grant(server, user, 'qiyetong', 12);
    const ordered = await callAs(server, user, 'POST', '/webchat/api/project/dataExportOrder', conditions());
    expect(ordered.code).toBe(200);
    expect(ordered.data.record).toMatchObject({ matched: 5, allowed: 5, limited: false });
    const record = await finished(user, ordered.data.record.id);
    expect(record).toMatchObject({ status: 'done', written: 5, percent: 100 });
    expect(record.fileName).toMatch(new RegExp(`^招标数据_${word}_\\d{8}-\\d{4}\\.xlsx$`));

    const response = await download(user, record.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(record.fileName)}`,
    );
    const [sheet] = readXlsx(response.rawPayload);
    expect(sheet?.name).toBe('招标数据');
    const [header, ...rows] = sheet?.rows ?? [];
    expect(header?.slice(0, 4)).toEqual(['序号', '信息编号', '标题', '信息类型']);
    expect(rows).toHaveLength(5);
    // Newest first; dates as text; the deadline in China time; the amount in 万元.
    const newest = rows.at(-1) ?? [];
    expect(newest.slice(0, 6)).toEqual([
      '5',
      String(ids.get('a')),
      `南山区人民医院${word}采购项目公开招标公告`,
      '招标公告',
      '公开招标',
      '广东省 深圳市 南山区',
    ]);
    expect(newest[12]).toBe('2026-03-01');
    expect(newest[13]).toBe('2026-03-23 09:30');
    expect(newest[10]).toBe('123.4567');
    // Texts a spreadsheet would take for formulas start with an apostrophe.
    expect(rows.map((row) => row[2]?.slice(0, 2))).toEqual(["'-", "'@", "'+", "'=", '南山']);

    // 我的导出记录: the export again, downloadable again without counting.
    const list = await callAs(server, user, 'POST', '/webchat/api/project/exportRecordList', {});
    expect(list.data.records[0]).toMatchObject({
      id: record.id,
      downloadPath: `/webchat/api/project/exportFile?id=${record.id}`,
    });
    expect((await download(user, record.id)).rawPayload.equals(response.rawPayload)).toBe(true);
    const last = await callAs(server, user, 'GET', '/webchat/api/project/getLastExportCondition');
    expect(last.data).toMatchObject({ keyword: word, searchType: 20 });
    // Someone else's export is not there for them.
    const stranger = await newMember(server, 'alpha');
    expect((await download(stranger, record.id)).json().code).toBe(404);
  });

  it('exports only the rows of the day’s quota and says so', async () => {
    const user = await newMember(server, small);
    await grant(server, user, 'toubiaotong', 12);
    const preview = await callAs(
      server,
      user,
      'POST',
      '/webchat/api/project/dataExportOrderInit',
      conditions(),
    );
    expect(preview.data).toMatchObject({ matched: 5, rows: 3, limited: true });
    expect(preview.data.message).toContain('本次只导出最新的 3 条，其余 2 条未导出');
    const ordered = await callAs(server, user, 'POST', '/webchat/api/project/dataExportOrder', conditions());
    expect(ordered.data.message).toBe(preview.data.message);
    expect(ordered.data.permission).toMatchObject({ used: 3, remaining: 0 });
    const record = await finished(user, ordered.data.record.id);
    expect(record).toMatchObject({ status: 'done', matched: 5, allowed: 3, written: 3, limited: true });
    const [sheet] = readXlsx((await download(user, record.id)).rawPayload);
    // The three newest only.
    expect(sheet?.rows.slice(1).map((row) => row[1])).toEqual(
      [ids.get('e'), ids.get('d'), ids.get('c')].map(String),
    );
    const words = await callAs(server, user, 'GET', '/webchat/api/project/getWordNum');
    expect(words.data).toMatchObject({ limit: 3, used: 3, remaining: 0 });
    const again = await callAs(server, user, 'POST', '/webchat/api/project/dataExportOrder', conditions());
    expect(again).toMatchObject({ code: 403, data: { type: 'usedUp', isDownLoad: true } });
    const previewAgain = await callAs(
      server,
      user,
      'POST',
      '/webchat/api/project/dataExportOrderInit',
      conditions(),
    );
    expect(previewAgain).toMatchObject({ code: 403, data: { type: 'usedUp' } });
  });

  raceTest(target, 'exports exactly the quota when orders race', async () => {
    const user = await newMember(server, small);
    await grant(server, user, 'toubiaotong', 12);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        callAs(server, user, 'POST', '/webchat/api/project/dataExportOrder', conditions()),
      ),
    );
    // Five rows match and three are the day's quota: one export takes all three, the other three are refused
    // with the used-up dialog (src/gates README), none with an error.
    const accepted = answers.filter((answer) => answer.code === 200);
    expect(accepted.map((answer) => answer.data.record.allowed)).toEqual([3]);
    const refused = answers.filter((answer) => answer.code !== 200);
    expect(refused.map((answer) => [answer.code, answer.data?.type])).toEqual([
      [403, 'usedUp'],
      [403, 'usedUp'],
      [403, 'usedUp'],
    ]);
    const words = await callAs(server, user, 'GET', '/webchat/api/project/getWordNum');
    expect(words.data).toMatchObject({ limit: 3, used: 3, remaining: 0 });
  });

  it('spends no rows when the export cannot be recorded', async () => {
    const user = await newMember(server, small);
    await grant(server, user, 'toubiaotong', 12);
    // The record's write fails after the spend (a trigger in place of a lost connection or a full disk).
    await server.db.query(
      `CREATE FUNCTION refuse_export_record() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'export_record refused by the test'; END $$`,
    );
    await server.db.query(
      `CREATE TRIGGER refuse_export_record BEFORE INSERT ON export_record
       FOR EACH ROW WHEN (NEW.user_id = ${Number(user.userId)}) EXECUTE FUNCTION refuse_export_record()`,
    );
    try {
      const failed = await callAs(server, user, 'POST', '/webchat/api/project/dataExportOrder', conditions());
      expect(failed.code).toBe(500);
    } finally {
      await server.db.query('DROP TRIGGER refuse_export_record ON export_record');
      await server.db.query('DROP FUNCTION refuse_export_record()');
    }
    const words = await callAs(server, user, 'GET', '/webchat/api/project/getWordNum');
    expect(words.data).toMatchObject({ limit: 3, used: 0, remaining: 3 });
    const ordered = await callAs(server, user, 'POST', '/webchat/api/project/dataExportOrder', conditions());
    expect(ordered.data.record).toMatchObject({ allowed: 3 });
    await finished(user, ordered.data.record.id);
  });

  it('answers noData, exportPermission and a hidden feature with their dialogs', async () => {
    const member = await newMember(server, 'alpha');
    await grant(server, member, 'qiyetong', 12);
    const nothing = await callAs(server, member, 'POST', '/webchat/api/project/dataExportOrderInit', {
      keyword: `${word}不存在的词`,
      searchType: 20,
    });
    expect(nothing).toMatchObject({ code: 403, data: { type: 'noData' } });
    const putong = await newMember(server, 'alpha');
    const refused = await callAs(
      server,
      putong,
      'POST',
      '/webchat/api/project/dataExportOrder',
      conditions(),
    );
    expect(refused).toMatchObject({ code: 403, data: { type: 'exportPermission' } });
    const beta = await newMember(server, 'beta');
    await grant(server, beta, 'qiyetong', 12);
    const hidden = await callAs(server, beta, 'POST', '/webchat/api/project/dataExportOrder', conditions());
    expect(hidden).toMatchObject({ code: 403, data: { type: null, feature: 'export' } });
    const bad = await callAs(server, member, 'POST', '/webchat/api/project/dataExportOrder', {
      area: ['火星'],
    });
    expect(bad.code).toBe(400);
    expect(bad.message).toContain('参数 area');
  });
});
