import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { newMobile, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';

const MINUTE = 60_000;

describe.each(testDatabaseTargets())('QR sign-in on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server.close();
  });

  async function newTicket(brand = 'alpha'): Promise<{ ticket: string; qrUrl: string }> {
    const answer = await callApi(server.app, 'POST', '/webchat/api/maQrcodeLogin/getQrcode', { brand });
    expect(answer.code).toBe(200);
    return answer.data;
  }

  const check = (ticket: string, brand = 'alpha') =>
    callApi(server.app, 'POST', '/webchat/api/maQrcodeLogin/checkQrcode', { brand, params: { ticket } });

  /** What the phone's browser does: open the page from the QR code, post the forms. */
  const openPage = (ticket: string) =>
    server.app.inject({
      method: 'GET',
      url: `/webchat/ma-login/confirm?ticket=${encodeURIComponent(ticket)}`,
    });

  const postForm = (path: string, fields: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: '127.9.0.1',
    });

  async function outboxCode(mobile: string): Promise<string> {
    const response = await server.app.inject({
      method: 'GET',
      url: `/webchat/dev/sms-outbox?mobile=${mobile}&brand=alpha`,
    });
    return response.json().data.code;
  }

  it('goes WAITING → SCANNED → CONFIRMED through the confirm page, and answers the token once', async () => {
    const { ticket, qrUrl } = await newTicket();
    expect(qrUrl).toBe(`http://localhost:80/webchat/ma-login/confirm?ticket=${ticket}`);
    expect((await check(ticket)).data).toEqual({ status: 'WAITING' });

    const page = await openPage(ticket);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page.body).toContain('阿尔法招标网');
    expect(page.body).toContain('name="mobile"');
    expect(page.body).toContain('name="code"');
    // No script and nothing fetched from elsewhere.
    expect(page.body).not.toMatch(/<script|<link|src=|https?:\/\//);
    expect((await check(ticket)).data).toEqual({ status: 'SCANNED' });

    const mobile = newMobile();
    const sent = await postForm('/webchat/ma-login/send-code', { ticket, mobile });
    expect(sent.body).toContain(`验证码已发送至 ${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    expect(sent.body).toContain(`value="${mobile}"`);
    const code = await outboxCode(mobile);

    // Without the code, or with a wrong one, nothing is confirmed.
    expect((await postForm('/webchat/ma-login/confirm', { ticket, mobile, code: '' })).body).toContain(
      '请输入 6 位数字验证码',
    );
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await postForm('/webchat/ma-login/confirm', { ticket, mobile, code: wrong })).body).toContain(
      '验证码错误，还可尝试 4 次',
    );
    expect((await check(ticket)).data).toEqual({ status: 'SCANNED' });

    const confirmed = await postForm('/webchat/ma-login/confirm', { ticket, mobile, code });
    expect(confirmed.body).toContain('登录已确认，请回到电脑上继续使用');

    const signedIn = await check(ticket);
    expect(signedIn.data).toMatchObject({ status: 'CONFIRMED', user: { mobile, isPerfect: false } });
    const headers = { authorization: `Bearer ${signedIn.data.token}` };
    expect((await callApi(server.app, 'GET', '/webchat/api/checkPerfectInfo', { headers })).code).toBe(200);

    // Once only: the next poll, and anyone else holding the ticket, find it used.
    expect((await check(ticket)).data).toEqual({ status: 'EXPIRED' });
    expect((await openPage(ticket)).body).toContain('二维码已失效');
  });

  it('confirms a ticket once: a second phone cannot take it over', async () => {
    const { ticket } = await newTicket();
    await openPage(ticket);
    const first = newMobile();
    await postForm('/webchat/ma-login/send-code', { ticket, mobile: first });
    await postForm('/webchat/ma-login/confirm', { ticket, mobile: first, code: await outboxCode(first) });

    const second = newMobile();
    const refused = await postForm('/webchat/ma-login/send-code', { ticket, mobile: second });
    expect(refused.body).toContain('登录已确认');
    expect(refused.body).not.toContain('name="code"');
    expect((await check(ticket)).data).toMatchObject({ status: 'CONFIRMED', user: { mobile: first } });
  });

  it('expires a ticket after 300 seconds, confirmed or not', async () => {
    const waiting = await newTicket();
    const confirmedLate = await newTicket();
    const mobile = newMobile();
    await postForm('/webchat/ma-login/send-code', { ticket: confirmedLate.ticket, mobile });
    await postForm('/webchat/ma-login/confirm', {
      ticket: confirmedLate.ticket,
      mobile,
      code: await outboxCode(mobile),
    });
    server.clock.advance(299_000);
    expect((await check(waiting.ticket)).data).toEqual({ status: 'WAITING' });
    server.clock.advance(1_000);
    expect((await check(waiting.ticket)).data).toEqual({ status: 'EXPIRED' });
    expect((await check(confirmedLate.ticket)).data).toEqual({ status: 'EXPIRED' });

    const page = await openPage(waiting.ticket);
    expect(page.body).toContain('二维码已失效，请在电脑上刷新二维码后重新扫码');
    expect(page.body).not.toContain('name="mobile"');
  });

  it('builds the QR target from the host the client reached, and keeps tickets within their brand', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/webchat/api/maQrcodeLogin/getQrcode',
      headers: { host: 'zb.alpha.example:8443' },
      payload: { brand: 'alpha', version: 20 },
    });
    const { ticket, qrUrl, expiresIn } = answer.json().data;
    expect(qrUrl).toBe(`http://zb.alpha.example:8443/webchat/ma-login/confirm?ticket=${ticket}`);
    expect(expiresIn).toBe(300);
    expect((await check(ticket, 'beta')).data).toEqual({ status: 'EXPIRED' });
    expect((await check(ticket, 'alpha')).data).toEqual({ status: 'WAITING' });
    expect((await check('no-such-ticket')).data).toEqual({ status: 'EXPIRED' });
  });

  it('signs the account in on the newest device: a QR sign-in supersedes the older session', async () => {
    const mobile = newMobile();
    const older = await signIn(server, 'alpha', mobile);
    server.clock.advance(MINUTE + 1000);
    const { ticket } = await newTicket();
    await postForm('/webchat/ma-login/send-code', { ticket, mobile });
    await postForm('/webchat/ma-login/confirm', { ticket, mobile, code: await outboxCode(mobile) });
    const answer = await check(ticket);
    expect(answer.data.user.userId).toBe(older.userId);
    expect(
      (await callApi(server.app, 'GET', '/webchat/api/userCenter', { headers: older.headers })).code,
    ).toBe(4011);
  });

  it('answers a page, never JSON, for a missing or garbled ticket', async () => {
    const missing = await server.app.inject({ method: 'GET', url: '/webchat/ma-login/confirm' });
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toContain('二维码已失效');
    const garbled = await postForm('/webchat/ma-login/confirm', { mobile: '13800000000' });
    expect(garbled.body).toContain('二维码已失效');
  });
});
