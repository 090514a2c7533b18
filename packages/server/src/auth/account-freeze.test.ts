import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { consentVersionOf, newMobile, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';

const MINUTE = 60_000;

describe.each(testDatabaseTargets())('freezing and unfreezing an account on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server.close();
  });

  /** A fresh code for `purpose`, read from the dev outbox; 13 minutes apart, within the send limits. */
  async function code(mobile: string, purpose: string): Promise<string> {
    server.clock.advance(13 * MINUTE);
    const sent = await callApi(server.app, 'POST', '/webchat/api/login/sendMessageCode', {
      params: { mobile, purpose, consentVersion: '2026-11-01' },
    });
    expect(sent.code).toBe(200);
    const outbox = await server.app.inject({
      method: 'GET',
      url: `/webchat/dev/sms-outbox?mobile=${mobile}&brand=alpha`,
    });
    return outbox.json().data.code;
  }

  const login = async (mobile: string) =>
    callApi(server.app, 'POST', '/webchat/api/login/messageLogin', {
      params: { mobile, code: await code(mobile, 'login') },
    });

  it('freezes on a code sent to the own phone, ends every session, and refuses sign-in until awakened', async () => {
    const mobile = newMobile();
    const { headers, userId } = await signIn(server, 'alpha', mobile);
    const freeze = (smsCode: string) =>
      callApi(server.app, 'POST', '/webchat/api/login/frozenAccount', { headers, params: { code: smsCode } });

    // A code for another purpose does not freeze.
    expect((await freeze(await code(mobile, 'login'))).code).toBe(400);
    expect((await callApi(server.app, 'GET', '/webchat/api/userCenter', { headers })).code).toBe(200);

    expect(await freeze(await code(mobile, 'frozen'))).toEqual({ code: 200, data: null, message: '成功' });
    expect((await callApi(server.app, 'GET', '/webchat/api/userCenter', { headers })).code).toBe(401);

    const refused = await login(mobile);
    expect(refused.code).toBe(423);
    expect(refused.message).toContain('账号已冻结');
    expect(refused.message).toContain('解冻');

    const awakened = await callApi(server.app, 'POST', '/webchat/api/login/awaken', {
      params: { mobile, code: await code(mobile, 'awaken') },
    });
    expect(awakened.code).toBe(200);
    expect(awakened.data.user.userId).toBe(userId);
    const thawed = { authorization: `Bearer ${awakened.data.token}` };
    expect((await callApi(server.app, 'GET', '/webchat/api/userCenter', { headers: thawed })).code).toBe(200);
    expect((await login(mobile)).code).toBe(200);
  });

  it('refuses to awaken an account that is not frozen, or a phone without an account', async () => {
    const mobile = newMobile();
    await signIn(server, 'alpha', mobile);
    for (const phone of [mobile, newMobile()]) {
      const answer = await callApi(server.app, 'POST', '/webchat/api/login/awaken', {
        params: { mobile: phone, code: await code(phone, 'awaken') },
      });
      expect(answer).toMatchObject({ code: 400, message: '该账号未被冻结，请直接登录' });
    }
  });

  it('refuses a frozen account on the QR confirm page too', async () => {
    const mobile = newMobile();
    const { headers } = await signIn(server, 'alpha', mobile);
    await callApi(server.app, 'POST', '/webchat/api/login/frozenAccount', {
      headers,
      params: { code: await code(mobile, 'frozen') },
    });
    const qrCode = await code(mobile, 'qr');
    const qr = await callApi(server.app, 'POST', '/webchat/api/maQrcodeLogin/getQrcode', {
      params: { consentVersion: consentVersionOf('alpha') },
    });
    const confirm = await server.app.inject({
      method: 'POST',
      url: '/webchat/ma-login/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ id: qr.data.signInId, mobile, code: qrCode }).toString(),
    });
    expect(confirm.body).toContain('该账号已冻结');
    const status = await callApi(server.app, 'POST', '/webchat/api/maQrcodeLogin/checkQrcode', {
      params: { signInId: qr.data.signInId, claimSecret: qr.data.claimSecret },
    });
    expect(status.data.status).not.toBe('CONFIRMED');
  });
});
