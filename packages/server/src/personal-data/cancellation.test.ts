import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database';
import { createEnterprise } from '../enterprise/service';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { callAs, type MemberTestUser, newMember, newSubAccount } from '../test-support/membership-fixtures';
import { memberInEveryTable, outboxCode, sentCode } from '../test-support/personal-data-fixtures';
import { consentVersionOf, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';

/** Every text, json and array column of every table: where a phone or a name could be written. */
async function textColumns(db: Queryable) {
  return db.query<{ table: string; column: string }>(
    `SELECT c.table_name AS "table", c.column_name AS "column"
     FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
       AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
     ORDER BY 1, 2`,
  );
}

/** `table.column` of every value that holds `needle` in clear. */
async function whereFound(db: Queryable, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await textColumns(db)) {
    const [row] = await db.query<{ hits: number }>(
      `SELECT count(*)::int AS hits FROM ${table} WHERE strpos("${column}"::text, $1) > 0`,
      [needle],
    );
    if ((row?.hits ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describe.each(testDatabaseTargets())('注销账号 ($name)', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });

  afterAll(async () => {
    await server.close();
  });

  it('needs a cancelAccount code sent to the account’s own phone', { timeout: 60_000 }, async () => {
    const member = await newMember(server, 'alpha');
    const missing = await callAs(server, member, 'POST', '/webchat/api/userCenter/cancelAccount', {});
    expect(missing.code).toBe(400);
    const loginCode = await sentCode(server, 'alpha', member.mobile, 'login');
    const wrongPurpose = await callAs(server, member, 'POST', '/webchat/api/userCenter/cancelAccount', {
      code: loginCode,
    });
    expect(wrongPurpose.code).toBe(400);
    expect((await callAs(server, member, 'GET', '/webchat/api/userCenter')).code).toBe(200);
  });

  it('sends the identity code of common/sendIdentifycode to the account’s own phone only', async () => {
    const member = await newMember(server, 'alpha');
    const refused = await callAs(server, member, 'POST', '/webchat/common/sendIdentifycode', {
      purpose: 'cancelAccount',
    });
    expect(refused.code).toBe(400);
    server.clock.advance(13 * 60_000);
    const sent = await callAs(server, member, 'POST', '/webchat/common/sendIdentifycode', {
      purpose: 'cancelAccount',
      consentVersion: consentVersionOf('alpha'),
      // A phone in the request is not where the code goes.
      mobile: '13900000000',
    });
    expect(sent.code, sent.message).toBe(200);
    expect(sent.data.maskedMobile).toBe(`${member.mobile.slice(0, 3)}****${member.mobile.slice(7)}`);
    const code = await outboxCode(server, 'alpha', member.mobile);
    const cancelled = await callAs(server, member, 'POST', '/webchat/api/userCenter/cancelAccount', { code });
    expect(cancelled.code, cancelled.message).toBe(200);
  });

  it('leaves no phone and no real name in clear in any table, keeps the order, ends the sessions', {
    timeout: 180_000,
  }, async () => {
    const member = await memberInEveryTable(server);
    const [order] = await server.db.query<{ orderNo: string }>(
      'SELECT order_no AS "orderNo" FROM member_order WHERE user_id = $1',
      [member.userId],
    );
    for (const needle of [member.mobile, member.earlierMobile, member.realUserName]) {
      expect(await whereFound(server.db, needle), needle).not.toEqual([]);
    }

    const code = await sentCode(server, 'alpha', member.mobile, 'cancelAccount');
    const cancelled = await callAs(server, member, 'POST', '/webchat/api/userCenter/cancelAccount', { code });
    expect(cancelled.code, cancelled.message).toBe(200);

    for (const needle of [member.mobile, member.earlierMobile, member.realUserName]) {
      expect(await whereFound(server.db, needle), needle).toEqual([]);
    }
    // The session ended at once.
    expect((await callAs(server, member, 'GET', '/webchat/api/userCenter')).code).toBe(401);
    // The order stays for the books, on an account with a masked phone and no name.
    const [kept] = await server.db.query<{ mobile: string; realUserName: string; status: string }>(
      `SELECT u.mobile, u.real_user_name AS "realUserName", o.status FROM member_order o
         JOIN user_account u ON u.id = o.user_id WHERE o.order_no = $1`,
      [order?.orderNo],
    );
    expect(kept).toEqual({
      mobile: `${member.mobile.slice(0, 3)}****${member.mobile.slice(-4)}`,
      realUserName: '',
      status: 'paid',
    });
    for (const table of [
      'subscription_group',
      'company_monitor',
      'project_monitor',
      'renewal_subscription',
      'search_history',
      'browse_history',
      'item_follow',
      'export_record',
      'user_session',
      'api_key',
    ]) {
      const [row] = await server.db.query<{ rows: number }>(
        `SELECT count(*)::int AS rows FROM ${table} WHERE user_id = $1`,
        [member.userId],
      );
      expect(row?.rows, table).toBe(0);
    }
    const consents = await server.db.query<{ mobile: string }>(
      'SELECT mobile FROM personal_information_consent WHERE user_id = $1',
      [member.userId],
    );
    expect(consents.length).toBeGreaterThan(0);
    for (const consent of consents) expect(consent.mobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const [audit] = await server.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE user_id = $1 AND action = 'account.cancelled'",
      [member.userId],
    );
    expect(audit).toBeDefined();
  });

  /** Uploads a one-pixel PNG as the member's avatar; answers the path it is served at. */
  async function uploadAvatar(member: MemberTestUser): Promise<string> {
    const boundary = '----pipl-test-boundary';
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await server.app.inject({
      method: 'POST',
      url: '/webchat/api/upload/avatar?brand=alpha&version=20',
      headers: { ...member.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    return new URL(answer.json().data.headimgurl).pathname;
  }

  it('removes the avatar file and signs the phone in again as a new account', {
    timeout: 60_000,
  }, async () => {
    const member = await newMember(server, 'alpha');
    const avatar = await uploadAvatar(member);
    expect((await server.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(200);
    const code = await sentCode(server, 'alpha', member.mobile, 'cancelAccount');
    expect(
      (await callAs(server, member, 'POST', '/webchat/api/userCenter/cancelAccount', { code })).code,
    ).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(404);

    server.clock.advance(13 * 60_000);
    const again = await signIn(server, 'alpha', member.mobile, { completeProfile: false });
    expect(again.userId).not.toBe(member.userId);
    const center = await callApi(server.app, 'GET', '/webchat/api/checkPerfectInfo', {
      headers: again.headers,
    });
    expect(center.data).toMatchObject({ isPerfect: false, realUserName: '', companyName: '' });
    const [old] = await server.db.query<{ cancelledAt: Date | null }>(
      'SELECT cancelled_at AS "cancelledAt" FROM user_account WHERE id = $1',
      [member.userId],
    );
    expect(old?.cancelledAt).not.toBeNull();
  });

  it('refuses an enterprise main account that still has sub-accounts, and changes nothing', {
    timeout: 60_000,
  }, async () => {
    const primary = await newMember(server, 'alpha');
    await createEnterprise(
      server.db,
      { brandId: 'alpha', primaryUserId: primary.userId },
      server.clock.now(),
    );
    const sub = await newSubAccount(server, primary);
    const code = await sentCode(server, 'alpha', primary.mobile, 'cancelAccount');
    const refused = await callAs(server, primary, 'POST', '/webchat/api/userCenter/cancelAccount', { code });
    expect(refused.code).toBe(403);
    expect(refused.message).toContain('请先在企业管理中移除全部子账号');
    expect((await callAs(server, primary, 'GET', '/webchat/api/userCenter')).data.mobile).toBe(
      primary.mobile,
    );

    // Once the sub-account is removed, the main account may go.
    const removed = await callAs(server, primary, 'GET', '/webchat/api/enterprise/account/remove', {
      userId: sub.userId,
    });
    expect(removed.code, removed.message).toBe(200);
    const again = await sentCode(server, 'alpha', primary.mobile, 'cancelAccount');
    const cancelled = await callAs(server, primary, 'POST', '/webchat/api/userCenter/cancelAccount', {
      code: again,
    });
    expect(cancelled.code, cancelled.message).toBe(200);
    // The sub-account, now on its own, is untouched.
    expect((await callAs(server, sub, 'GET', '/webchat/api/userCenter')).data.mobile).toBe(sub.mobile);
  });
});
