import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { consentVersionOf, newMobile, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';

const MINUTE = 60_000;
const POLICY = consentVersionOf('alpha');

describe.each(testDatabaseTargets())('QR sign-in (sandbox confirm page) on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server.close();
  });

  interface SignIn {
    /** The id the QR code carries (the phone's forms send it as `id`). */
    id: string;
    /** What only the browser holds: it claims the session. */
    claimSecret: string;
    qrUrl: string;
  }

  async function newSignIn(brand = 'alpha', remoteAddress = '127.0.0.1'): Promise<SignIn> {
    const answer = await callApi(server.app, 'POST', '/webchat/api/maQrcodeLogin/getQrcode', {
      brand,
      params: { consentVersion: consentVersionOf(brand) },
      remoteAddress,
    });
    expect(answer.code).toBe(200);
    expect(answer.data.mode).toBe('sandbox');
    return { id: answer.data.signInId, claimSecret: answer.data.claimSecret, qrUrl: answer.data.qrUrl };
  }

  /** The browser's poll, with the sign-in id and the claim secret. */
  const check = (signIn: SignIn, brand = 'alpha') =>
    callApi(server.app, 'POST', '/webchat/api/maQrcodeLogin/checkQrcode', {
      brand,
      params: { signInId: signIn.id, claimSecret: signIn.claimSecret },
    });

  /** What the phone's browser does: open the page from the QR code, post the forms. */
  const openPage = (id: string) =>
    server.app.inject({ method: 'GET', url: `/webchat/ma-login/confirm?id=${encodeURIComponent(id)}` });

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

  /** The phone confirms with an SMS code. */
  async function confirmOnPhone(id: string, mobile: string) {
    await postForm('/webchat/ma-login/send-code', { id, mobile });
    return postForm('/webchat/ma-login/confirm', { id, mobile, code: await outboxCode(mobile) });
  }

  it('goes WAITING → SCANNED → CONFIRMED through the confirm page, and answers the token once', async () => {
    const signIn = await newSignIn();
    const { id, qrUrl } = signIn;
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(qrUrl).toBe(`http://localhost:80/webchat/ma-login/confirm?id=${id}`);
    expect(signIn.claimSecret.length).toBeGreaterThanOrEqual(43);
    expect((await check(signIn)).data).toEqual({ status: 'WAITING' });

    const page = await openPage(id);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page.body).toContain('阿尔法招标网');
    expect(page.body).toContain('name="mobile"');
    expect(page.body).toContain('name="code"');
    // No script and nothing fetched from elsewhere.
    expect(page.body).not.toMatch(/<script|<link|src=|https?:\/\//);
    expect((await check(signIn)).data).toEqual({ status: 'SCANNED' });

    const mobile = newMobile();
    const sent = await postForm('/webchat/ma-login/send-code', { id, mobile });
    expect(sent.body).toContain(`验证码已发送至 ${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    expect(sent.body).toContain(`value="${mobile}"`);
    const code = await outboxCode(mobile);

    // Without the code, or with a wrong one, nothing is confirmed.
    expect((await postForm('/webchat/ma-login/confirm', { id, mobile, code: '' })).body).toContain(
      '请输入 6 位数字验证码',
    );
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await postForm('/webchat/ma-login/confirm', { id, mobile, code: wrong })).body).toContain(
      '验证码错误，还可尝试 4 次',
    );
    expect((await check(signIn)).data).toEqual({ status: 'SCANNED' });

    const confirmed = await postForm('/webchat/ma-login/confirm', { id, mobile, code });
    expect(confirmed.body).toContain('登录已确认，请回到电脑上继续使用');

    const signedIn = await check(signIn);
    expect(signedIn.data).toMatchObject({ status: 'CONFIRMED', user: { mobile, isPerfect: false } });
    const headers = { authorization: `Bearer ${signedIn.data.token}` };
    expect((await callApi(server.app, 'GET', '/webchat/api/checkPerfectInfo', { headers })).code).toBe(200);

    // Once only: the next poll, and the phone's page, find it used.
    expect((await check(signIn)).data).toEqual({ status: 'EXPIRED' });
    expect((await openPage(id)).body).toContain('二维码已失效');
  });

  it('confirms a sign-in once: a second phone cannot take it over', async () => {
    const signIn = await newSignIn();
    await openPage(signIn.id);
    const first = newMobile();
    await confirmOnPhone(signIn.id, first);

    const second = newMobile();
    const refused = await postForm('/webchat/ma-login/send-code', { id: signIn.id, mobile: second });
    expect(refused.body).toContain('登录已确认');
    expect(refused.body).not.toContain('name="code"');
    expect((await check(signIn)).data).toMatchObject({ status: 'CONFIRMED', user: { mobile: first } });
  });

  it('gives the session only to the holder of the claim secret: the id seen in the QR code is not enough', async () => {
    const signIn = await newSignIn();
    const mobile = newMobile();
    await confirmOnPhone(signIn.id, mobile);

    const idAlone = await callApi(server.app, 'POST', '/webchat/api/maQrcodeLogin/checkQrcode', {
      params: { signInId: signIn.id },
    });
    expect(idAlone).toMatchObject({ code: 400, data: null });
    expect(idAlone.message).toContain('claimSecret');
    const wrongSecret = await check({ ...signIn, claimSecret: `${signIn.claimSecret.slice(0, -2)}xx` });
    expect(wrongSecret.data).toEqual({ status: 'EXPIRED' });
    // Another sign-in's secret does not open this one either.
    const other = await newSignIn();
    expect((await check({ ...signIn, claimSecret: other.claimSecret })).data).toEqual({ status: 'EXPIRED' });

    // The failed claims left the sign-in to its browser, which gets the session once.
    expect((await check(signIn)).data).toMatchObject({ status: 'CONFIRMED', user: { mobile } });
    expect((await check(signIn)).data).toEqual({ status: 'EXPIRED' });
  });

  it('keeps only the hash of the claim secret, and records the consent when the phone is bound', async () => {
    const signIn = await newSignIn('alpha', '127.4.4.4');
    const [row] = await server.db.query<Record<string, string>>(
      'SELECT * FROM qr_login_ticket WHERE sign_in_id = $1',
      [signIn.id],
    );
    expect(JSON.stringify(row)).not.toContain(signIn.claimSecret);
    expect(row).toMatchObject({ consent_version: POLICY, ip: '127.4.4.4', provider: 'sandbox' });

    const mobile = newMobile();
    await confirmOnPhone(signIn.id, mobile);
    const signedIn = await check(signIn);
    const consents = await server.db.query(
      `SELECT brand_id AS "brandId", policy_version AS "policyVersion", channel, ip, user_id AS "userId"
       FROM personal_information_consent WHERE mobile = $1`,
      [mobile],
    );
    expect(consents).toEqual([
      {
        brandId: 'alpha',
        policyVersion: POLICY,
        channel: 'qr',
        ip: '127.4.4.4',
        userId: signedIn.data.user.userId,
      },
    ]);
  });

  it('refuses a sign-in without consentVersion, naming the field', async () => {
    const answer = await callApi(server.app, 'POST', '/webchat/api/maQrcodeLogin/getQrcode', {
      params: { consentVersion: '  ' },
    });
    expect(answer.code).toBe(400);
    // As the SMS send answers it: the member reads Chinese, the wire name is in the data.
    expect(answer.message).toContain('请先阅读并同意《隐私政策》');
    expect(answer.data).toMatchObject({ field: 'consentVersion' });
  });

  it('expires a sign-in after 300 seconds, confirmed or not', async () => {
    const waiting = await newSignIn();
    const confirmedLate = await newSignIn();
    await confirmOnPhone(confirmedLate.id, newMobile());
    server.clock.advance(299_000);
    expect((await check(waiting)).data).toEqual({ status: 'WAITING' });
    server.clock.advance(1_000);
    expect((await check(waiting)).data).toEqual({ status: 'EXPIRED' });
    expect((await check(confirmedLate)).data).toEqual({ status: 'EXPIRED' });

    const page = await openPage(waiting.id);
    expect(page.body).toContain('二维码已失效，请在电脑上刷新二维码后重新扫码');
    expect(page.body).not.toContain('name="mobile"');
  });

  it('deletes sign-ins expired over an hour ago as new ones are created', async () => {
    const old = await newSignIn();
    const count = async (id: string) =>
      (await server.db.query('SELECT 1 FROM qr_login_ticket WHERE sign_in_id = $1', [id])).length;
    server.clock.advance(300_000 + 3_600_000 - 1000);
    await newSignIn();
    expect(await count(old.id)).toBe(1);
    server.clock.advance(2000);
    const fresh = await newSignIn();
    expect(await count(old.id)).toBe(0);
    expect(await count(fresh.id)).toBe(1);
  });

  it('builds the QR target from the host the client reached, and keeps sign-ins within their brand', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/webchat/api/maQrcodeLogin/getQrcode',
      headers: { host: 'zb.alpha.example:8443' },
      payload: { brand: 'alpha', version: 20, consentVersion: POLICY },
    });
    const { signInId, claimSecret, qrUrl, expiresIn } = answer.json().data;
    expect(qrUrl).toBe(`http://zb.alpha.example:8443/webchat/ma-login/confirm?id=${signInId}`);
    expect(expiresIn).toBe(300);
    const signIn = { id: signInId, claimSecret, qrUrl };
    expect((await check(signIn, 'beta')).data).toEqual({ status: 'EXPIRED' });
    expect((await check(signIn, 'alpha')).data).toEqual({ status: 'WAITING' });
    expect((await check({ ...signIn, id: 'no-such-sign-in' })).data).toEqual({ status: 'EXPIRED' });
  });

  it('signs the account in on the newest device: a QR sign-in supersedes the older session', async () => {
    const mobile = newMobile();
    const older = await signIn(server, 'alpha', mobile);
    server.clock.advance(MINUTE + 1000);
    const qr = await newSignIn();
    await confirmOnPhone(qr.id, mobile);
    const answer = await check(qr);
    expect(answer.data.user.userId).toBe(older.userId);
    expect(
      (await callApi(server.app, 'GET', '/webchat/api/userCenter', { headers: older.headers })).code,
    ).toBe(4011);
  });

  it('answers a page, never JSON, for a missing or garbled sign-in', async () => {
    const missing = await server.app.inject({ method: 'GET', url: '/webchat/ma-login/confirm' });
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toContain('二维码已失效');
    const garbled = await postForm('/webchat/ma-login/confirm', { mobile: '13800000000' });
    expect(garbled.body).toContain('二维码已失效');
  });

  it('tells the login page which QR sign-in it offers', async () => {
    expect((await callApi(server.app, 'GET', '/webchat/api/maQrcodeLogin/mode')).data).toEqual({
      mode: 'sandbox',
    });
  });
});

describe.each(testDatabaseTargets())('QR sign-in limits and modes on $name', (target) => {
  it('limits getQrcode per IP (RATE_LIMITS qr-ip)', async () => {
    const server = await startTestServer(target, [], {
      rateLimits: { 'qr-ip': { max: 2, windowSeconds: 60 } },
    });
    try {
      const ask = (remoteAddress: string) =>
        callApi(server.app, 'POST', '/webchat/api/maQrcodeLogin/getQrcode', {
          params: { consentVersion: POLICY },
          remoteAddress,
        });
      expect((await ask('127.5.0.1')).code).toBe(200);
      expect((await ask('127.5.0.1')).code).toBe(200);
      const refused = await ask('127.5.0.1');
      expect(refused.code).toBe(429);
      expect(refused.data.retryAfter).toBeGreaterThan(0);
      expect((await ask('127.5.0.2')).code).toBe(200);
      expect(
        (await server.db.query('SELECT 1 FROM qr_login_ticket WHERE ip = $1', ['127.5.0.1'])).length,
      ).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('offers no QR sign-in with WECHAT_PROVIDER=off: no code, no confirm page', async () => {
    const server = await startTestServer(target, [], { wechatSignIn: { provider: 'off' } });
    try {
      expect((await callApi(server.app, 'GET', '/webchat/api/maQrcodeLogin/mode')).data).toEqual({
        mode: 'off',
      });
      const answer = await callApi(server.app, 'POST', '/webchat/api/maQrcodeLogin/getQrcode', {
        params: { consentVersion: POLICY },
      });
      expect(answer).toMatchObject({ code: 404, message: '扫码登录未开启，请使用短信验证码登录' });
      const page = await server.app.inject({ method: 'GET', url: '/webchat/ma-login/confirm?id=x' });
      expect(page.json().code).toBe(404);
    } finally {
      await server.close();
    }
  });
});
