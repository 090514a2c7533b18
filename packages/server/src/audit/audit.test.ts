import { formatDateTime } from '@tender/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommandContext, commands } from '../cli/commands';
import { newTag, writeCorpus } from '../companies/test-corpus';
import { readConfig } from '../config';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import {
  advanceToChinaHour,
  callAs,
  grant,
  type MemberTestUser,
  newMember,
} from '../test-support/membership-fixtures';
import { buy } from '../test-support/order-fixtures';
import { newMobile } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { parseChinaTime } from './command';

const MINUTE = 60_000;

describe('parseChinaTime', () => {
  it('reads a day or a time in China time and refuses anything else in Chinese', () => {
    expect(parseChinaTime('2026-03-01', '--since').toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(parseChinaTime('2026-03-01 08:30', '--since').toISOString()).toBe('2026-03-01T00:30:00.000Z');
    expect(() => parseChinaTime('yesterday', '--since')).toThrow('--since 应为 YYYY-MM-DD');
  });
});

describe.each(testDatabaseTargets())('audit log on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
    advanceToChinaHour(server, 10);
  });
  afterAll(async () => {
    await server.close();
  });

  /** Runs `tender-server audit <args>` against the test server's database; answers the printed lines. */
  async function audit(...args: string[]): Promise<string[]> {
    const command = commands.find((candidate) => candidate.name === 'audit');
    if (!command) throw new Error('no audit command');
    const lines: string[] = [];
    const context: CommandContext = {
      config: readConfig({}, process.cwd()),
      args,
      print: (line) => lines.push(line),
      openDatabase: async () => ({ ...server.db, close: async () => {} }),
      clock: server.clock.now,
    };
    await command.run(context);
    return lines;
  }

  async function codeFor(mobile: string, purpose: string): Promise<string> {
    server.clock.advance(MINUTE + 1000);
    const sent = await callApi(server.app, 'POST', '/webchat/api/login/sendMessageCode', {
      params: { mobile, purpose, consentVersion: '2026-11-01' },
      remoteAddress: '127.3.0.1',
    });
    expect(sent.code).toBe(200);
    const outbox = await server.app.inject({
      method: 'GET',
      url: `/webchat/dev/sms-outbox?mobile=${mobile}&brand=alpha`,
    });
    return outbox.json().data.code;
  }

  const actionsOf = async (user: MemberTestUser) =>
    (await audit('--user', String(user.userId), '--json')).map(
      (line) => JSON.parse(line) as { action: string; actor: string; target: string | null; detail: object },
    );

  it('records account changes with who made them and from where: profile, phone, freeze and unfreeze', async () => {
    const user = await newMember(server, 'alpha');
    const renamed = await callAs(server, user, 'POST', '/webchat/api/updateUser', { email: 'a@example.com' });
    expect(renamed.code).toBe(200);
    const newPhone = newMobile();
    const moved = await callAs(server, user, 'POST', '/webchat/api/userCenter/updatePhone', {
      mobile: newPhone,
      code: await codeFor(newPhone, 'updatePhone'),
    });
    expect(moved.code).toBe(200);
    const frozen = await callAs(server, user, 'POST', '/webchat/api/login/frozenAccount', {
      code: await codeFor(newPhone, 'frozen'),
    });
    expect(frozen.code).toBe(200);
    const awoken = await callApi(server.app, 'POST', '/webchat/api/login/awaken', {
      params: { mobile: newPhone, code: await codeFor(newPhone, 'awaken'), registerType: 50 },
    });
    expect(awoken.code).toBe(200);

    const rows = await actionsOf(user);
    expect(rows.map((row) => row.action)).toEqual([
      'account.unfrozen',
      'account.frozen',
      'account.mobile',
      'account.profile',
      'account.profile',
    ]);
    expect(rows[2]).toMatchObject({
      actor: `user:${user.userId}`,
      detail: { from: user.mobile, to: newPhone },
      ip: '127.0.0.1',
    });
    expect(rows[3]?.detail).toEqual({ fields: ['email'] });
    // The sign-in's profile completion: names of the fields, never their values.
    expect(rows[4]?.detail).toEqual({ fields: ['realUserName', 'companyName'] });
  });

  it('records a credited payment with its order, and the membership it granted, in one query', async () => {
    const user = await newMember(server, 'alpha');
    const order = await buy(server, user, 'toubiaotong', 3);
    const rows = await actionsOf(user);
    // Granted in the payment's transaction, at the same instant.
    expect(rows.map((row) => row.action).sort()).toEqual([
      'account.profile',
      'membership.grant',
      'payment.credited',
    ]);
    expect(rows.find((row) => row.action === 'payment.credited')).toMatchObject({
      target: order.orderNo,
      actor: expect.stringMatching(new RegExp(`^order:${order.orderNo} \\(sandbox `)),
      detail: { level: 'toubiaotong', months: 3 },
    });
    const payments = await audit('--brand', 'alpha', '--action', 'payment', '--json');
    expect(payments.map((line) => JSON.parse(line).target)).toContain(order.orderNo);
  });

  it('records an export with its record and the rows it spent', async () => {
    const tag = newTag();
    const word = `审计导出${Number.parseInt(tag, 16)}`;
    await writeCorpus(server, tag, [
      {
        key: 'a',
        announcementType: 'zb',
        title: `${word}采购项目公开招标公告`,
        publishDate: '2026-03-01',
        region: { provinceCode: '440000' },
      },
    ]);
    const user = await newMember(server, 'alpha');
    await grant(server, user, 'qiyetong', 12);
    const ordered = await callAs(server, user, 'POST', '/webchat/api/project/dataExportOrder', {
      keyword: word,
      searchType: 20,
    });
    expect(ordered.code).toBe(200);
    const [exported] = await actionsOf(user);
    expect(exported).toMatchObject({
      action: 'export.ordered',
      actor: `user:${user.userId}`,
      target: `export:${ordered.data.record.id}`,
      detail: { matched: 1, rows: 1 },
    });
  });

  it('prints an account by brand and phone, newest first, within a period', async () => {
    const user = await newMember(server, 'alpha');
    const before = server.clock.now();
    server.clock.advance(2 * 3_600_000);
    const changed = await callAs(server, user, 'POST', '/webchat/api/updateUser', { email: 'b@example.com' });
    expect(changed.code).toBe(200);
    const all = await audit('--brand', 'alpha', '--mobile', user.mobile);
    expect(all).toHaveLength(2);
    expect(all[0]).toMatch(
      new RegExp(
        `^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}  alpha  account.profile  用户 ${user.userId}  操作者 user:${user.userId}  IP 127.0.0.1  \\{"fields":\\["email"\\]\\}$`,
      ),
    );
    const since = formatDateTime(new Date(before.getTime() + 3_600_000), 'YYYY-MM-DD HH:mm');
    expect(await audit('--brand', 'alpha', '--mobile', user.mobile, '--since', since)).toHaveLength(1);
    expect(await audit('--brand', 'alpha', '--mobile', user.mobile, '--until', since)).toHaveLength(1);
    expect(await audit('--user', String(user.userId), '--limit', '1')).toEqual([
      all[0],
      '（只显示最新的 1 条，可用 --limit 或 --since 查看更多）',
    ]);
    expect(await audit('--user', String(user.userId), '--action', 'payment')).toEqual([
      '没有符合条件的审计记录',
    ]);
  });

  it('refuses a phone without a brand and an unknown account', async () => {
    await expect(audit('--mobile', '13800000000')).rejects.toThrow('须同时指定 --brand');
    await expect(audit('--brand', 'alpha', '--mobile', '19999999999')).rejects.toThrow(
      '品牌 alpha 下没有手机号为 19999999999 的账号',
    );
    await expect(audit('--user', 'abc')).rejects.toThrow('--user 应为用户编号');
  });
});
