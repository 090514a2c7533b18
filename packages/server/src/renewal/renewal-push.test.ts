import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TenderRecordInput } from '../ingest/record';
import { sendDailyDigests, smtpMailer } from '../push/digest';
import { hanWord, importRecords } from '../subscriptions/test-fixtures';
import { testDatabaseTargets } from '../test-support/databases';
import { type FakeRobot, fakeRobotNetwork, startFakeRobot } from '../test-support/fake-robot';
import { decodeMime, startFakeSmtp } from '../test-support/fake-smtp';
import { advanceToChinaHour, callAs, grant, newMember } from '../test-support/membership-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { chinaDay } from './expiring';
import { addDays } from './service-period';

const GUANGDONG = { provinceCode: '440000', cityCode: '440300', districtCode: '440305' };
const ZHEJIANG = { provinceCode: '330000', cityCode: '330100', districtCode: '330106' };

let serial = 0;

/** An award notice whose service ends on `endDay` (a stated last day). */
function award(title: string, endDay: string, publishDate: string, region = GUANGDONG): TenderRecordInput {
  serial += 1;
  const [year, month, day] = endDay.split('-').map(Number);
  return {
    sourceId: `renewal-push-test:${Date.now()}:${serial}`,
    announcementType: 'jg',
    noticeKind: 'award',
    procurementMethod: 'gk',
    title,
    body: `${title}\n一、中标信息\n供应商名称：某物业服务有限公司\n中标金额：120万元\n二、主要标的信息\n服务范围：物业管理；服务期限：${Number(publishDate.slice(0, 4))}年${Number(publishDate.slice(5, 7))}月${Number(publishDate.slice(8, 10))}日至${year}年${month}月${day}日；服务标准：符合采购文件要求`,
    publishDate,
    region,
    industryCode: '70',
    award: { fen: 120_000_000, raw: '120万元' },
    parties: [{ role: 'winner', name: '某物业服务有限公司', award: { fen: 120_000_000, raw: '120万元' } }],
  } as TenderRecordInput;
}

/** Polls until `read` has a value: what is asserted is the order of events, never how long they took. */
async function waitFor<T>(read: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 1_000; attempt += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('never arrived');
}

describe.each(testDatabaseTargets())('即将到期 subscription pushed on $name', (target) => {
  let server: TestServer;
  let robots: FakeRobot;
  let baseUrl: string;
  let dir: string;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    robots = await startFakeRobot({ extraHosts: ['crm.example.com'] });
    server = await startTestServer(target, [], {
      feedPushIntervalMs: 50,
      renewalMatchIntervalMs: 50,
      webhookNetwork: fakeRobotNetwork(robots),
    });
    advanceToChinaHour(server, 10);
    baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'tender-renewal-push-'));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    await server.close();
    await robots.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A 企业通 member subscribed to the Guangdong contracts ending within 60 days, and its calls. */
  async function renewalSubscriber() {
    const user = await newMember(server, 'alpha');
    await grant(server, user, 'qiyetong', 1);
    const post = (path: string, params: Record<string, unknown> = {}) =>
      callAs(server, user, 'POST', path, params);
    expect(
      (await post('/webchat/api/renewal/subscription/save', { withinDays: 60, area: ['440000'] })).code,
    ).toBe(200);
    return { user, post };
  }

  it('pushes each new match once to the websocket, the group robot and the key’s webhook', async () => {
    const word = hanWord(3);
    const today = chinaDay(server.clock.now());
    const published = addDays(today, -300);
    const { user, post } = await renewalSubscriber();
    expect(
      (
        await post('/webchat/api/subscribe/push-setting/save', {
          webhookKind: 'wecom',
          webhookUrl: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=renewal',
        })
      ).code,
    ).toBe(200);
    const key = await post('/webchat/api/api-keys/create', { name: 'CRM' });
    const hook = await post('/webchat/api/api-keys/webhook', {
      id: key.data.id,
      url: 'https://crm.example.com/renewal-hook',
    });
    expect(hook.code, hook.message).toBe(200);

    const pushed: { type: string; data: { title: string; predictedEndDate: string; periodText: string } }[] =
      [];
    const socket = new WebSocket(
      `${baseUrl.replace('http', 'ws')}/webchat/websocket?brand=${user.brand}&token=${user.token}`,
    );
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('message', (data) => {
        const message = JSON.parse(String(data));
        if (message.type === 'ready') resolve();
        else pushed.push(message);
      });
      socket.on('error', reject);
    });

    const titles = {
      inside: `${word}甲物业服务项目`,
      lastDay: `${word}乙保洁服务项目`,
      outside: `${word}丙食堂服务项目`,
      otherRegion: `${word}丁安保服务项目`,
    };
    await importRecords(server, dir, [
      award(titles.inside, addDays(today, 20), published),
      award(titles.outside, addDays(today, 61), published),
      award(titles.otherRegion, addDays(today, 20), published, ZHEJIANG),
    ]);
    const first = await waitFor(() => pushed.find((message) => message.data.title === titles.inside));
    expect(first).toMatchObject({ type: 'renewal', data: { predictedEndDate: addDays(today, 20) } });
    expect(first.data.periodText).toContain('服务期限');

    const robotText = (title: string) =>
      robots.received.filter(
        (message) =>
          message.query.get('key') === 'renewal' &&
          (message.body.markdown as { content: string }).content.includes(title),
      );
    const hookCalls = (title: string) =>
      robots.received.filter(
        (message) =>
          message.servername === 'crm.example.com' &&
          (message.body as { item?: { title?: string } }).item?.title === title,
      );
    await waitFor(() => (robotText(titles.inside).length > 0 ? true : undefined));
    const [delivery] = await waitFor(() => {
      const calls = hookCalls(titles.inside);
      return calls.length > 0 ? calls : undefined;
    });
    expect(delivery?.body).toMatchObject({
      event: 'renewal.match',
      predictedEndDate: addDays(today, 20),
      endBasis: 'stated',
      item: { title: titles.inside, type: 'jg' },
    });

    // A second match later: the matcher has run again meanwhile, and the first is not sent again.
    await importRecords(server, dir, [award(titles.lastDay, addDays(today, 60), published)]);
    await waitFor(() => pushed.find((message) => message.data.title === titles.lastDay));
    await waitFor(() => (hookCalls(titles.lastDay).length > 0 ? true : undefined));
    await waitFor(() => (robotText(titles.lastDay).length > 0 ? true : undefined));
    expect(pushed.filter((message) => message.data.title === titles.inside)).toHaveLength(1);
    expect(robotText(titles.inside)).toHaveLength(1);
    expect(hookCalls(titles.inside)).toHaveLength(1);
    // Outside the window or the regions: never pushed.
    const everyTitle = pushed.map((message) => message.data.title);
    expect(everyTitle).not.toContain(titles.outside);
    expect(everyTitle).not.toContain(titles.otherRegion);
    expect(hookCalls(titles.outside)).toHaveLength(0);

    const log = await post('/webchat/api/api-keys/deliveries', { id: key.data.id });
    expect(log.data.records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: titles.inside, feedId: null, status: 'delivered' }),
      ]),
    );
  });

  it('puts the day’s matches in the daily digest e-mail, soonest end first', async () => {
    const word = hanWord(3);
    const today = chinaDay(server.clock.now());
    const published = addDays(today, -300);
    const { user, post } = await renewalSubscriber();
    const address = `renewal-digest-${word.codePointAt(0)}@example.com`;
    expect((await post('/webchat/api/subscribe/push-setting/save', { digestEmail: address })).code).toBe(200);
    const titles = {
      later: `${word}戊物业服务项目`,
      sooner: `${word}己保洁服务项目`,
      outside: `${word}庚食堂服务项目`,
    };
    await importRecords(server, dir, [
      award(titles.later, addDays(today, 40), published),
      award(titles.sooner, addDays(today, 10), published),
      award(titles.outside, addDays(today, 90), published),
    ]);
    // The subscription is a standing query: every award of the region in the window matches, this test's or not.
    const matched = await waitFor(async () => {
      const [row] = await server.db.query<{ n: number; ours: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE t.title LIKE $2)::int AS ours
           FROM renewal_match m JOIN tender_item t ON t.id = m.item_id WHERE m.user_id = $1`,
        [user.userId, `${word}%`],
      );
      return row && row.ours >= 2 ? row.n : undefined;
    });

    const smtp = await startFakeSmtp();
    try {
      // The matches were recorded at the server clock's time: the digest of that China day lists them.
      const now = new Date(server.clock.now().getTime() + 86_400_000);
      const result = await sendDailyDigests(
        server.db,
        smtpMailer(smtp.url, 'digest@tender.test'),
        today,
        now,
      );
      expect(result.failed).toBe(0);
      const mails = smtp.messages.filter((message) => message.to.some((to) => to.includes(address)));
      expect(mails).toHaveLength(1);
      const text = decodeMime(mails[0]?.data ?? '');
      expect(text).toContain(`订阅日报：${matched} 条新信息`);
      const sooner = text.indexOf(`【即将到期】${titles.sooner}（预计 ${addDays(today, 10)} 到期）`);
      const later = text.indexOf(`【即将到期】${titles.later}（预计 ${addDays(today, 40)} 到期）`);
      expect(sooner).toBeGreaterThanOrEqual(0);
      expect(later).toBeGreaterThan(sooner);
      expect(text).not.toContain(titles.outside);
      // once a day
      await sendDailyDigests(server.db, smtpMailer(smtp.url, 'digest@tender.test'), today, now);
      expect(smtp.messages.filter((message) => message.to.some((to) => to.includes(address)))).toHaveLength(
        1,
      );
    } finally {
      smtp.close();
    }
  });
});
